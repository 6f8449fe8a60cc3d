import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { FAKE_NOW, startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { branchPath, commitFiles, createBranch, createRepoProject, createTag, withClone, type BranchJson, type CommitJson } from '../factories/repository.js';

describe.each(TRANSPORTS)('commits (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  const commits = (id: number) => `/projects/${id}/repository/commits`;
  const post = (body: Record<string, unknown>, id = pid, client = inst.admin) => client.post<CommitJson>(commits(id), body);

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
  });
  afterAll(() => inst.close());

  it('takes concurrent commits to different files of one branch, every one; concurrent edits of one file conflict', async () => {
    const project = await createRepoProject(inst);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inst.admin.request<CommitJson>('POST', commits(project.id), { body: { branch: 'main', commit_message: `c${i}`, actions: [{ action: 'create', file_path: `par/f${i}.txt`, content: `${i}` }] }, allowError: true }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const tree = await inst.admin.get<{ path: string }[]>(`/projects/${project.id}/repository/tree`, { path: 'par', per_page: 100 });
    expect(tree.data.map((e) => e.path).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `par/f${i}.txt`));

    const edits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inst.admin.request<CommitJson>('POST', commits(project.id), { body: { branch: 'main', commit_message: `e${i}`, actions: [{ action: 'update', file_path: 'par/f0.txt', content: `edit ${i}` }] }, allowError: true }),
      ),
    );
    for (const r of edits.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.data).toEqual({ message: 'Could not update refs/heads/main. Please refresh and try again.' });
    }
    expect(edits.some((r) => r.status === 201)).toBe(true);
  });

  it('commits every kind of action as one commit, in the platform shape', async () => {
    const first = await post({
      branch: 'main',
      commit_message: 'Lay out the project',
      actions: [
        { action: 'create', file_path: 'docs/guide.md', content: '# Guide\n' },
        { action: 'create', file_path: '/bin/run.sh', content: '#!/bin/sh\necho hi\n' },
        { action: 'create', file_path: 'data/blob.bin', content: Buffer.from([0, 1, 2, 255]).toString('base64'), encoding: 'base64' },
        { action: 'create', file_path: 'old/name.txt', content: 'moving\n' },
        { action: 'create', file_path: 'gone.txt', content: 'bye\n' },
      ],
    });
    expect(first.status).toBe(201);
    const c1 = first.data;
    const second = await post({
      branch: 'main',
      commit_message: 'Rework',
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      actions: [
        { action: 'update', file_path: 'docs/guide.md', content: '# Guide\n\nMore.\n' },
        { action: 'move', file_path: 'new/name.txt', previous_path: 'old/name.txt' },
        { action: 'delete', file_path: 'gone.txt' },
        { action: 'chmod', file_path: 'bin/run.sh', execute_filemode: true },
      ],
    });
    const c2 = second.data;
    expect(c2).toMatchObject({
      title: 'Rework',
      message: 'Rework',
      parent_ids: [c1.id],
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      committer_name: 'Administrator',
      committer_email: 'admin@example.com',
      authored_date: '2026-01-15T10:00:00.000+00:00',
      committed_date: '2026-01-15T10:00:00.000+00:00',
      created_at: '2026-01-15T10:00:00.000+00:00',
      short_id: c2.id.slice(0, 8),
      trailers: {},
      extended_trailers: {},
      stats: { additions: 3, deletions: 2, total: 5 },
      status: null,
      project_id: pid,
      last_pipeline: null,
      web_url: `${f.project.web_url}/-/commit/${c2.id}`,
    });
    withClone(inst, pid, (dir) => {
      expect(readFileSync(join(dir, 'docs/guide.md'), 'utf8')).toBe('# Guide\n\nMore.\n');
      expect(readFileSync(join(dir, 'new/name.txt'), 'utf8')).toBe('moving\n');
      expect(existsSync(join(dir, 'old/name.txt'))).toBe(false);
      expect(existsSync(join(dir, 'gone.txt'))).toBe(false);
      expect([...readFileSync(join(dir, 'data/blob.bin'))]).toEqual([0, 1, 2, 255]);
      expect(statSync(join(dir, 'bin/run.sh')).mode & 0o111).not.toBe(0);
    });
  });

  it('takes commit times from the clock and parses trailers', async () => {
    inst.clock.set('2026-02-01T12:30:00Z');
    try {
      const { data } = await post({
        branch: 'main',
        commit_message: 'Fix the thing\n\nLong text.\n\nSigned-off-by: Ada <ada@example.com>\nSigned-off-by: Bob <bob@example.com>\nChangelog: fixed\n',
        actions: [{ action: 'create', file_path: 'clock.txt', content: 'tick' }],
      });
      expect(data.committed_date).toBe('2026-02-01T12:30:00.000+00:00');
      expect(data.title).toBe('Fix the thing');
      expect(data.trailers).toEqual({ 'Signed-off-by': 'Bob <bob@example.com>', Changelog: 'fixed' });
      expect(data.extended_trailers).toEqual({ 'Signed-off-by': ['Ada <ada@example.com>', 'Bob <bob@example.com>'], Changelog: ['fixed'] });
    } finally {
      inst.clock.set(FAKE_NOW);
    }
  });

  it('starts new branches from start_branch or start_sha, and force-overwrites', async () => {
    const main = (await inst.admin.get<BranchJson>(branchPath(pid, 'main'))).data.commit.id;
    const fromBranch = await post({ branch: 'topic/one', start_branch: 'main', commit_message: 'one', actions: [{ action: 'create', file_path: 'one.txt', content: '1' }] });
    expect(fromBranch.data.parent_ids).toEqual([main]);
    const fromSha = await post({ branch: 'topic/two', start_sha: main, commit_message: 'two', actions: [{ action: 'create', file_path: 'two.txt', content: '2' }] });
    expect(fromSha.data.parent_ids).toEqual([main]);
    await expectApiError(post({ branch: 'topic/one', start_branch: 'main', commit_message: 'x', actions: [] }), 400, {
      message: "A branch called 'topic/one' already exists. Switch to that branch in order to make changes",
    });
    const forced = await post({ branch: 'topic/one', start_branch: 'main', force: true, commit_message: 'again', actions: [{ action: 'create', file_path: 'again.txt', content: 'a' }] });
    expect(forced.data.parent_ids).toEqual([main]);
    expect((await inst.admin.get<BranchJson>(branchPath(pid, 'topic/one'))).data.commit.id).toBe(forced.data.id);
    await expectApiError(post({ branch: 'x', start_branch: 'main', start_sha: main, commit_message: 'x', actions: [] }), 400, {
      error: 'start_branch, start_sha are mutually exclusive',
    });
    await expectApiError(post({ branch: 'x', start_sha: 'abc', commit_message: 'x', actions: [] }), 400, { message: "Invalid start_sha 'abc'" });
    await expectApiError(post({ branch: 'x', start_sha: '0'.repeat(40), commit_message: 'x', actions: [] }), 400, {
      message: `Cannot find start_sha '${'0'.repeat(40)}'`,
    });
    await expectApiError(post({ branch: 'nowhere', commit_message: 'x', actions: [{ action: 'create', file_path: 'n.txt', content: 'n' }] }), 400, {
      message: 'You can only create or edit files when you are on a branch',
    });
    await expectApiError(post({ branch: 'x', start_branch: 'missing', commit_message: 'x', actions: [] }), 400, {
      message: 'You can only create or edit files when you are on a branch',
    });
  });

  it('refuses file actions with the platform messages', async () => {
    const act = (action: Record<string, unknown>) => post({ branch: 'main', commit_message: 'x', actions: [action] });
    await expectApiError(act({ action: 'create', file_path: 'README.md', content: 'x' }), 400, { message: 'A file with this name already exists' });
    await expectApiError(act({ action: 'create', file_path: 'docs', content: 'x' }), 400, { message: 'A directory with this name already exists' });
    await expectApiError(act({ action: 'create', file_path: 'README.md/inner', content: 'x' }), 400, { message: 'A file with this name already exists' });
    await expectApiError(act({ action: 'update', file_path: 'missing.txt', content: 'x' }), 400, { message: "A file with this name doesn't exist" });
    await expectApiError(act({ action: 'delete', file_path: 'missing.txt' }), 400, { message: "A file with this name doesn't exist" });
    await expectApiError(act({ action: 'chmod', file_path: 'missing.txt', execute_filemode: false }), 400, { message: "A file with this name doesn't exist" });
    await expectApiError(act({ action: 'move', file_path: 'README.md', previous_path: 'docs/guide.md' }), 400, { message: 'A file with this name already exists' });
    await expectApiError(act({ action: 'move', file_path: 'x.md', previous_path: 'missing.md' }), 400, { message: "A file with this name doesn't exist" });
    for (const hostile of ['../x', 'a/../../x', '..'])
      await expectApiError(act({ action: 'create', file_path: hostile, content: 'x' }), 400, { message: 'Path cannot include directory traversal' });
    for (const hostile of ['.git/config', 'sub/.git/hooks/post-checkout', 'a//b', './x'])
      await expectApiError(act({ action: 'create', file_path: hostile, content: 'x' }), 400, { message: `invalid path: '${hostile}'` });
    await expectApiError(act({ action: 'create', file_path: '', content: 'x' }), 400, { message: 'You must provide a file path' });
    // A failed commit changes nothing.
    expect((await inst.admin.get<CommitJson[]>(commits(pid), { path: 'x' })).data).toEqual([]);
  });

  it('validates the nested action params with Grape wording', async () => {
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ file_path: 'a' }] }), 400, { error: 'actions[0][action] is missing' });
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'copy', file_path: 'a' }] }), 400, {
      error: 'actions[0][action] does not have a valid value',
    });
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'create', file_path: 'a' }, { action: 'update', file_path: 'b' }] }), 400, {
      error: 'actions[1][content] is missing',
    });
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'move', file_path: 'a' }] }), 400, { error: 'actions[0][previous_path] is missing' });
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'chmod', file_path: 'a' }] }), 400, {
      error: 'actions[0][execute_filemode] is missing',
    });
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'create', file_path: 'a', encoding: 'hex' }] }), 400, {
      error: 'actions[0][encoding] does not have a valid value',
    });
    await expectApiError(post({ commit_message: 'x', actions: [] }), 400, { error: 'branch is missing' });
    await expectApiError(post({ branch: 'main', actions: [] }), 400, { error: 'commit_message is missing' });
    await expectApiError(post({ branch: 'main', commit_message: 'x' }), 400, { error: 'actions is missing' });
  });

  it('refuses a commit message holding a NUL byte, changing nothing', async () => {
    const before = (await inst.admin.get<BranchJson>(branchPath(pid, 'main'))).data.commit.id;
    await expectApiError(post({ branch: 'main', commit_message: 'one\u0000two', actions: [{ action: 'create', file_path: 'nul.txt', content: 'x' }] }), 400, {
      message: 'Commit message must not contain NUL bytes',
    });
    expect((await inst.admin.get<BranchJson>(branchPath(pid, 'main'))).data.commit.id).toBe(before);
  });

  it('locks on last_commit_id', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'locked.txt': 'v1' });
    await commitFiles(inst.admin, pid, 'main', { 'other.txt': 'o' });
    const ok = await post({ branch: 'main', commit_message: 'v2', actions: [{ action: 'update', file_path: 'locked.txt', content: 'v2', last_commit_id: c.id }] });
    expect(ok.status).toBe(201);
    await expectApiError(post({ branch: 'main', commit_message: 'v3', actions: [{ action: 'update', file_path: 'locked.txt', content: 'v3', last_commit_id: c.id }] }), 400, {
      message: 'The file has changed since you started editing it: locked.txt',
    });
  });

  it('refuses hostile branch names', async () => {
    for (const bad of ['../x', 'refs/heads/main', '-rf', 'a b', 'a..b', 'x@{1}'])
      await expectApiError(post({ branch: bad, start_branch: 'main', commit_message: 'x', actions: [] }), 400, {
        message: `Something went wrong when we tried to create '${bad}' for you: Branch name is invalid`,
      });
  });

  it('checks push rights: protected default branch, developers, reporters, anonymous', async () => {
    const body = { branch: 'main', commit_message: 'dev', actions: [{ action: 'create', file_path: 'dev.txt', content: 'd' }] };
    await expectApiError(post(body, pid, f.developer.client), 403, { message: '403 Forbidden - You are not allowed to push into this branch' });
    const onTopic = await post({ ...body, branch: 'dev/topic', start_branch: 'main' }, pid, f.developer.client);
    expect(onTopic.data.committer_name).toBe(f.developer.user.name);
    expect(onTopic.data.author_email).toBe(f.developer.user.email);
    expect((await post({ ...body, file: 'm' }, pid, f.maintainer.client)).status).toBe(201);
    await expectApiError(post({ ...body, branch: 'r' }, pid, f.reporter.client), 403, { message: '403 Forbidden' });
    await expectApiError(post(body, pid, f.nonMember.client), 404, { message: '404 Project Not Found' });
    await expectApiError(post(body, pid, inst.client()), 401);
  });

  it('makes the first commit of an empty repository, which protects the default branch', async () => {
    const empty = await createProject(inst);
    expect((await inst.admin.get<CommitJson[]>(commits(empty.id))).data).toEqual([]);
    await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'update', file_path: 'a', content: 'x' }] }, empty.id), 400, {
      message: "A file with this name doesn't exist",
    });
    const first = await post({ branch: 'main', commit_message: 'First', actions: [{ action: 'create', file_path: 'a.txt', content: 'a' }] }, empty.id);
    expect(first.data.parent_ids).toEqual([]);
    expect((await inst.admin.get<BranchJson>(branchPath(empty.id, 'main'))).data).toMatchObject({ protected: true, default: true });
  });

  it('lists commits of a ref, newest first, filtered by path and dates, paged', async () => {
    const p = await createRepoProject(inst);
    const times = ['2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z', '2026-03-03T10:00:00Z'];
    const made: CommitJson[] = [];
    try {
      for (const [i, t] of times.entries()) {
        inst.clock.set(t);
        made.push(await commitFiles(inst.admin, p.id, 'main', { [i === 1 ? 'docs/a.md' : `f${i}.txt`]: String(i) }));
      }
    } finally {
      inst.clock.set(FAKE_NOW);
    }
    await commitFiles(inst.admin, p.id, 'side', { 'side.txt': 's' }, { startBranch: 'main' });
    const all = await inst.admin.get<CommitJson[]>(commits(p.id));
    expect(all.data.map((c) => c.id)).toEqual([made[2]?.id, made[1]?.id, made[0]?.id, expect.any(String)]);
    // The platform pages commits without totals (no X-Total, X-Total-Pages or rel="last").
    expect(all.headers['x-total']).toBeUndefined();
    expect(all.headers['x-total-pages']).toBeUndefined();
    expect(all.headers.link).not.toContain('rel="last"');
    expect(all.data[0]).not.toHaveProperty('stats');
    const paged = await inst.admin.get<CommitJson[]>(commits(p.id), { per_page: 2, page: 2 });
    expect(paged.data.map((c) => c.id)).toEqual([made[0]?.id, all.data[3]?.id]);
    expect(paged.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '2', 'x-next-page': '', 'x-prev-page': '1' });
    expect((await inst.admin.get<CommitJson[]>(commits(p.id), { per_page: 2 })).headers['x-next-page']).toBe('2');
    expect((await inst.admin.get<CommitJson[]>(commits(p.id), { ref_name: 'side' })).data).toHaveLength(5);
    expect((await inst.admin.get<CommitJson[]>(commits(p.id), { path: 'docs' })).data.map((c) => c.id)).toEqual([made[1]?.id]);
    const window = await inst.admin.get<CommitJson[]>(commits(p.id), { since: '2026-03-02T00:00:00Z', until: '2026-03-02T23:59:59Z' });
    expect(window.data.map((c) => c.id)).toEqual([made[1]?.id]);
    const stats = await inst.admin.get<CommitJson[]>(commits(p.id), { with_stats: true, per_page: 1 });
    expect(stats.data[0]?.stats).toEqual({ additions: 1, deletions: 0, total: 1 });
    expect((await inst.admin.get<CommitJson[]>(commits(p.id), { ref_name: 'nope' })).data).toEqual([]);
    const hostile = await inst.admin.get<CommitJson[]>(commits(p.id), { ref_name: '--all' });
    expect(hostile.data).toEqual([]);
    expect(hostile.headers['x-next-page']).toBe('');
    expect((await inst.admin.get<CommitJson[]>(commits(p.id), { ref_name: `${made[0]?.id}..main` })).data.map((c) => c.id)).toEqual([made[2]?.id, made[1]?.id]);
  });

  it('lists by author, across all refs, in topological order, with trailers on request', async () => {
    const p = await createRepoProject(inst);
    const { data: mine } = await inst.admin.post<CommitJson>(commits(p.id), {
      branch: 'main',
      commit_message: 'Add a\n\nSigned-off-by: Ada <ada@example.com>',
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      actions: [{ action: 'create', file_path: 'a.txt', content: 'a' }],
    });
    const side = await commitFiles(inst.admin, p.id, 'side', { 's.txt': 's' }, { startBranch: 'main' });
    const list = (query: Record<string, unknown>) => inst.admin.get<CommitJson[]>(commits(p.id), query).then((r) => r.data);
    expect((await list({ author: 'Ada' })).map((c) => c.id)).toEqual([mine.id]);
    expect((await list({ author: 'ada@example' })).map((c) => c.id)).toEqual([mine.id]);
    expect(await list({ author: 'nobody-here' })).toEqual([]);
    expect((await list({})).map((c) => c.id)).not.toContain(side.id);
    expect((await list({ all: true })).map((c) => c.id)).toContain(side.id);
    // python-gitlab sends booleans as True/False.
    expect((await list({ all: 'True' })).map((c) => c.id)).toContain(side.id);
    expect((await list({ order: 'topo' })).map((c) => c.id)).toEqual((await list({ order: 'default' })).map((c) => c.id));
    await expectApiError(inst.admin.get(commits(p.id), { order: 'random' }), 400, { error: 'order does not have a valid value' });
    // Trailers are parsed only when asked for, as the platform's list does.
    const [plain] = await list({ author: 'Ada' });
    expect(plain?.trailers).toEqual({});
    const [withTrailers] = await list({ author: 'Ada', trailers: true });
    expect(withTrailers?.trailers).toEqual({ 'Signed-off-by': 'Ada <ada@example.com>' });
  });

  it('gets one commit by SHA, short SHA, branch or tag, with stats', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'get-me.txt': 'one\ntwo\n' });
    await createTag(inst.admin, pid, 'get-tag', c.id);
    for (const ref of [c.id, c.short_id, 'main', 'get-tag']) {
      const res = await inst.admin.get<CommitJson>(`${commits(pid)}/${encodeURIComponent(ref)}`);
      expect(res.data.id).toBe(c.id);
      expect(res.data.stats).toEqual({ additions: 2, deletions: 0, total: 2 });
    }
    const noStats = await inst.admin.get<CommitJson>(`${commits(pid)}/${c.id}`, { stats: false });
    expect(noStats.data).not.toHaveProperty('stats');
    await expectApiError(inst.admin.get(`${commits(pid)}/${'f'.repeat(40)}`), 404, { message: '404 Commit Not Found' });
    await expectApiError(inst.admin.get(`${commits(pid)}/${encodeURIComponent('--output=/tmp/x')}`), 404, { message: '404 Commit Not Found' });
    await expectApiError(inst.admin.get(`${commits(pid)}/${encodeURIComponent('main:README.md')}`), 404, { message: '404 Commit Not Found' });
    await expectApiError(f.guest.client.get(`${commits(pid)}/${c.id}`), 403);
    expect((await f.reporter.client.get<CommitJson>(`${commits(pid)}/${c.id}`)).data.id).toBe(c.id);
  });

  it('reads public repositories anonymously', async () => {
    const pub = await createRepoProject(inst, inst.admin, { visibility: 'public' });
    const anon = inst.client();
    const list = await anon.get<CommitJson[]>(commits(pub.id));
    expect(list.data.map((c) => c.title)).toEqual(['Initial commit']);
    await expectApiError(anon.get(commits(pid)), 404, { message: '404 Project Not Found' });
  });

  it('refuses commits while the repository is read-only', async () => {
    const p = await createRepoProject(inst);
    inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(p.id);
    try {
      await expectApiError(post({ branch: 'main', commit_message: 'x', actions: [{ action: 'create', file_path: 'a', content: 'a' }] }, p.id), 400, {
        message: 'The repository is temporarily read-only. Please try again later.',
      });
      expect((await inst.admin.get<CommitJson[]>(commits(p.id))).data).toHaveLength(1);
    } finally {
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(p.id);
    }
  });

  it('lists repository trees (a directory, or recursively)', async () => {
    const p = await createRepoProject(inst);
    await commitFiles(inst.admin, p.id, 'main', { 'src/a.txt': 'a', 'src/lib/b.txt': 'b', 'top.txt': 't' });
    const tree = (path?: string, extra: Record<string, unknown> = {}) =>
      inst.admin.get<{ id: string; name: string; type: string; path: string; mode: string }[]>(`/projects/${p.id}/repository/tree`, { ...(path ? { path } : {}), ...extra });
    expect((await tree()).data.map((e) => [e.path, e.type, e.mode])).toEqual([
      ['README.md', 'blob', '100644'],
      ['src', 'tree', '040000'],
      ['top.txt', 'blob', '100644'],
    ]);
    expect((await tree('src')).data.map((e) => `${e.type}:${e.path}:${e.name}`)).toEqual(['blob:src/a.txt:a.txt', 'tree:src/lib:lib']);
    expect((await tree('src', { recursive: true })).data.map((e) => e.path)).toEqual(['src/a.txt', 'src/lib', 'src/lib/b.txt']);
    expect((await tree(undefined, { recursive: true, per_page: 2 })).headers['x-total']).toBe('6');
    await expectApiError(tree('missing'), 404, { message: '404 Tree Not Found' });
    await expectApiError(tree('top.txt'), 404, { message: '404 Tree Not Found' });
    await expectApiError(tree('../x'), 404, { message: '404 Tree Not Found' });
    await expectApiError(tree(undefined, { ref: 'nope' }), 404, { message: '404 Tree Not Found' });
  });

  it('commits onto a branch created through the branches API', async () => {
    await createBranch(inst.admin, pid, 'via-api', 'main');
    const c = await commitFiles(inst.admin, pid, 'via-api', { 'via.txt': 'v' });
    expect((await inst.admin.get<BranchJson>(branchPath(pid, 'via-api'))).data.commit.id).toBe(c.id);
  });
});
