// Revert, cherry-pick, signatures, comments and statuses of commits: the endpoints real clients
// call beside the commits list, with their permission and bad-input answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { commitFiles, createBranch, git, repositoryDir, withClone, type CommitJson } from '../factories/repository.js';

describe.each(TRANSPORTS)('commit actions (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  const base = () => `/projects/${pid}/repository/commits`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
  });
  afterAll(() => inst.close());

  it('reverts a commit on a branch as a new commit that undoes it', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'revert-me.txt': 'r\n' }, { message: 'Add revert-me' });
    // The default branch is protected: Maintainers push to it.
    await expectApiError(f.developer.client.post(`${base()}/${c.id}/revert`, { branch: 'main' }), 403);
    const res = await f.maintainer.client.post<CommitJson>(`${base()}/${c.id}/revert`, { branch: 'main' });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      title: 'Revert "Add revert-me"',
      message: `Revert "Add revert-me"\n\nThis reverts commit ${c.id}`,
      parent_ids: [c.id],
      author_name: f.maintainer.user.name,
    });
    withClone(inst, pid, (dir) => expect(existsSync(join(dir, 'revert-me.txt'))).toBe(false));
    // Reverting again changes nothing: the platform's structured refusal.
    await expectApiError(inst.admin.post(`${base()}/${c.id}/revert`, { branch: 'main' }), 400, {
      message: 'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.',
      error_code: 'empty',
    });
  });

  it('cherry-picks a commit onto another branch, keeping its author; dry runs write nothing', async () => {
    await createBranch(inst.admin, pid, 'pick-target', 'main');
    await createBranch(inst.admin, pid, 'pick-source', 'main');
    const c = await commitFiles(inst.admin, pid, 'pick-source', { 'picked.txt': 'p\n' }, { message: 'Pick me' });
    const dry = await f.developer.client.post(`${base()}/${c.id}/cherry_pick`, { branch: 'pick-target', dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.data).toEqual({ dry_run: 'success' });
    const before = (await inst.admin.get<{ commit: { id: string } }>(`/projects/${pid}/repository/branches/pick-target`)).data.commit.id;
    expect(before).not.toBe(c.id);
    const res = await f.developer.client.post<CommitJson>(`${base()}/${c.id}/cherry_pick`, { branch: 'pick-target' });
    expect(res.status).toBe(201);
    expect(res.data.message).toBe(`Pick me\n\n(cherry picked from commit ${c.id})`);
    expect(res.data.parent_ids).toEqual([before]);
    expect(res.data.author_name).toBe('Administrator');
    expect(res.data.committer_name).toBe(f.developer.user.name);
    const custom = await commitFiles(inst.admin, pid, 'pick-source', { 'second.txt': 's\n' }, { message: 'Second' });
    const named = await inst.admin.post<CommitJson>(`${base()}/${custom.id}/cherry_pick`, { branch: 'pick-target', message: 'Custom message' });
    expect(named.data.message).toBe('Custom message');
    withClone(inst, pid, (dir) => {
      git(['checkout', '--quiet', 'pick-target'], dir);
      expect(readFileSync(join(dir, 'picked.txt'), 'utf8')).toBe('p\n');
    });
    const again = await expectApiError(inst.admin.post(`${base()}/${c.id}/cherry_pick`, { branch: 'pick-target', dry_run: true }), 400);
    expect(again.body).toMatchObject({ error_code: 'empty', dry_run: 'error' });
  });

  it('refuses a conflicting cherry-pick with error_code conflict and leaves the branch', async () => {
    await createBranch(inst.admin, pid, 'conflict-a', 'main');
    await createBranch(inst.admin, pid, 'conflict-b', 'main');
    await commitFiles(inst.admin, pid, 'conflict-a', { 'clash.txt': 'a\n' });
    const b = await commitFiles(inst.admin, pid, 'conflict-b', { 'clash.txt': 'b\n' });
    const tip = (await inst.admin.get<{ commit: { id: string } }>(`/projects/${pid}/repository/branches/conflict-a`)).data.commit.id;
    const err = await expectApiError(inst.admin.post(`${base()}/${b.id}/cherry_pick`, { branch: 'conflict-a' }), 400);
    expect(err.body).toMatchObject({ error_code: 'conflict' });
    expect((await inst.admin.get<{ commit: { id: string } }>(`/projects/${pid}/repository/branches/conflict-a`)).data.commit.id).toBe(tip);
  });

  it('answers revert and cherry-pick permissions and bad input as the platform', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'perm.txt': 'x\n' });
    await expectApiError(f.reporter.client.post(`${base()}/${c.id}/revert`, { branch: 'main' }), 403, { message: '403 Forbidden - You are not allowed to push into this branch' });
    await expectApiError(f.nonMember.client.post(`${base()}/${c.id}/revert`, { branch: 'main' }), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.admin.post(`${base()}/${'0'.repeat(40)}/revert`, { branch: 'main' }), 404, { message: '404 Commit Not Found' });
    await expectApiError(inst.admin.post(`${base()}/${c.id}/cherry_pick`, { branch: 'nowhere' }), 404, { message: '404 Branch Not Found' });
    await expectApiError(inst.admin.post(`${base()}/${c.id}/revert`, {}), 400, { error: 'branch is missing' });
  });

  it('answers 404 Signature Not Found for an unsigned commit and the signature type of a signed one', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'sig.txt': 's\n' });
    await expectApiError(inst.admin.get(`${base()}/${c.id}/signature`), 404, { message: '404 Signature Not Found' });
    // A commit with a gpgsig header, written straight into the repository.
    const dir = repositoryDir(inst, pid);
    const tree = git(['--git-dir', dir, 'rev-parse', `${c.id}^{tree}`]).trim();
    const raw = `tree ${tree}\nparent ${c.id}\nauthor A <a@example.com> 1768471200 +0000\ncommitter A <a@example.com> 1768471200 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nSigned\n`;
    const id = writeRaw(dir, raw);
    const res = await inst.admin.get<Record<string, unknown>>(`${base()}/${id}/signature`);
    expect(res.data).toMatchObject({ signature_type: 'PGP', verification_status: 'unknown_key', commit_source: 'gitaly' });
    await expectApiError(f.nonMember.client.get(`${base()}/${c.id}/signature`), 404, { message: '404 Project Not Found' });
  });

  it('keeps comments on commits, general and on a changed line', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'noted.txt': 'one\ntwo\n' });
    // A Guest does not read a private project's code, so neither its commits' comments.
    await expectApiError(f.guest.client.post(`${base()}/${c.id}/comments`, { note: 'x' }), 403);
    const general = await f.reporter.client.post(`${base()}/${c.id}/comments`, { note: 'Looks good' });
    expect(general.status).toBe(201);
    expect(general.data).toMatchObject({ note: 'Looks good', path: null, line: null, line_type: null, author: { username: f.reporter.user.username }, created_at: '2026-01-15T10:00:00.000Z' });
    const onLine = await inst.admin.post(`${base()}/${c.id}/comments`, { note: 'This line', path: 'noted.txt', line: 2, line_type: 'new' });
    expect(onLine.data).toMatchObject({ path: 'noted.txt', line: 2, line_type: 'new' });
    const list = await f.reporter.client.get<{ note: string }[]>(`${base()}/${c.id}/comments`);
    expect(list.data.map((n) => n.note)).toEqual(['Looks good', 'This line']);
    expect(list.headers['x-total']).toBe('2');
    await expectApiError(inst.admin.post(`${base()}/${c.id}/comments`, { note: 'x', path: 'noted.txt' }), 400, { error: 'line is missing, line_type is missing' });
    await expectApiError(inst.admin.post(`${base()}/${c.id}/comments`, {}), 400, { error: 'note is missing' });
    await expectApiError(inst.admin.post(`${base()}/${c.id}/comments`, { note: '  ' }), 400);
    await expectApiError(inst.admin.get(`${base()}/${'f'.repeat(40)}/comments`), 404, { message: '404 Commit Not Found' });
    await expectApiError(f.nonMember.client.post(`${base()}/${c.id}/comments`, { note: 'x' }), 404, { message: '404 Project Not Found' });
  });

  it('records commit statuses on an external pipeline and lists the latest of each name', async () => {
    const c = await commitFiles(inst.admin, pid, 'main', { 'status.txt': 's\n' });
    const first = await f.developer.client.post<Record<string, unknown>>(`/projects/${pid}/statuses/${c.id}`, { state: 'pending', name: 'ci/build', target_url: 'https://ci.example.com/1', coverage: '81.5' });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ sha: c.id, ref: 'main', status: 'pending', name: 'ci/build', target_url: 'https://ci.example.com/1', coverage: 81.5, allow_failure: false, author: { username: f.developer.user.username } });
    expect(typeof first.data.pipeline_id).toBe('number');
    const running = await f.developer.client.post<Record<string, unknown>>(`/projects/${pid}/statuses/${c.id}`, { state: 'running', context: 'ci/build' });
    expect(running.data.id).toBe(first.data.id);
    await expectApiError(f.developer.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'running', name: 'ci/build' }), 400, {
      message: 'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")',
    });
    await f.developer.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'success', name: 'ci/build' });
    await f.developer.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'failed', name: 'ci/build' });
    await f.developer.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'success' });
    const latest = await f.reporter.client.get<{ name: string; status: string }[]>(`${base()}/${c.id}/statuses`);
    expect(latest.data.map((s) => [s.name, s.status])).toEqual([
      ['ci/build', 'failed'],
      ['default', 'success'],
    ]);
    const all = await f.reporter.client.get<unknown[]>(`${base()}/${c.id}/statuses`, { all: true });
    expect(all.data).toHaveLength(3);
    const named = await f.reporter.client.get<unknown[]>(`${base()}/${c.id}/statuses`, { name: 'default' });
    expect(named.data).toHaveLength(1);
    await expectApiError(f.reporter.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'success' }), 403);
    await expectApiError(f.nonMember.client.post(`/projects/${pid}/statuses/${c.id}`, { state: 'success' }), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.admin.post(`/projects/${pid}/statuses/${c.id}`, { state: 'done' }), 400, { error: 'state does not have a valid value' });
    await expectApiError(inst.admin.post(`/projects/${pid}/statuses/${c.id}`, {}), 400, { error: 'state is missing' });
    await expectApiError(inst.admin.post(`/projects/${pid}/statuses/${'a'.repeat(40)}`, { state: 'success' }), 404, { message: '404 Commit Not Found' });
    await expectApiError(inst.admin.get(`${base()}/${c.id}/statuses`, { sort: 'up' }), 400, { error: 'sort does not have a valid value' });
  });
});

/** Writes a raw commit object (with a header git's commit-tree would not write) and returns its id. */
function writeRaw(dir: string, raw: string): string {
  return execGit(dir, ['hash-object', '-t', 'commit', '-w', '--stdin'], raw);
}

function execGit(dir: string, args: string[], input: string): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { input, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } }).trim();
}
