import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { COMMIT_KEYS } from '../helpers/shapes.js';
import { createProject, createProjectWithRoles, type ProjectJson, type RoleFixture } from '../factories/projects.js';
import { branchPath, commitFiles, createBranch, createTag, createRepoProject, repositoryDir, type BranchJson } from '../factories/repository.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const READ_ONLY = { message: 'The repository is temporarily read-only. Please try again later.' };
const names = (list: { name: string }[]) => list.map((b) => b.name);

describe.each(TRANSPORTS)('branches (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  let mainSha: string;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    const c = await commitFiles(inst.admin, pid, 'main', { 'src/app.txt': 'app\n' });
    mainSha = c.id;
    for (const name of ['feature/login', 'release/1.2.3', 'fix/ünïcode-✓', 'docs.update', 'Zeta']) await createBranch(inst.admin, pid, name, 'main');
  });
  afterAll(() => inst.close());

  it('lists branches sorted by name with every field', async () => {
    const res = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`);
    expect(res.status).toBe(200);
    expect(names(res.data)).toEqual(['Zeta', 'docs.update', 'feature/login', 'fix/ünïcode-✓', 'main', 'release/1.2.3']);
    expect(res.headers['x-total']).toBe('6');
    const main = res.data.find((b) => b.name === 'main') as BranchJson;
    expect(main).toEqual({
      name: 'main',
      commit: expect.objectContaining({ id: mainSha, short_id: mainSha.slice(0, 8), parent_ids: [expect.any(String)], title: 'Change src/app.txt' }),
      merged: false,
      protected: true,
      developers_can_push: false,
      developers_can_merge: false,
      can_push: true,
      default: true,
      web_url: `${f.project.web_url}/-/tree/main`,
    });
    expect(Object.keys(main.commit)).toEqual([...COMMIT_KEYS, 'trailers', 'extended_trailers', 'web_url']);
    expect(main.commit.web_url).toBe(`${f.project.web_url}/-/commit/${mainSha}`);
    const uni = res.data.find((b) => b.name === 'fix/ünïcode-✓') as BranchJson;
    expect(uni.web_url).toBe(`${f.project.web_url}/-/tree/fix/%C3%BCn%C3%AFcode-%E2%9C%93`);
  });

  it('pages the list with the platform headers', async () => {
    const res = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { per_page: 2, page: 2 });
    expect(names(res.data)).toEqual(['feature/login', 'fix/ünïcode-✓']);
    expect(res.headers['x-page']).toBe('2');
    expect(res.headers['x-next-page']).toBe('3');
    expect(res.headers['x-prev-page']).toBe('1');
    expect(res.headers['x-total-pages']).toBe('3');
    const keyset = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { pagination: 'keyset', per_page: 4, page_token: 'docs.update' });
    expect(names(keyset.data)).toEqual(['feature/login', 'fix/ünïcode-✓', 'main', 'release/1.2.3']);
    // The platform's repository pager links next whenever the page is full; the page after the
    // last branch is empty and has no Link.
    expect(keyset.headers.link).toContain('page_token=release%2F1.2.3');
    const past = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { pagination: 'keyset', per_page: 4, page_token: 'release/1.2.3' });
    expect(past.data).toEqual([]);
    expect(past.headers.link).toBeUndefined();
    const partial = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { pagination: 'keyset', per_page: 4, page_token: 'main' });
    expect(partial.data).toHaveLength(1);
    expect(partial.headers.link).toBeUndefined();
    const first = await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { pagination: 'keyset', per_page: 2 });
    expect(first.headers.link).toContain('page_token=docs.update');
  });

  it('searches with ^prefix, suffix$, * wildcards and substrings (exact match first)', async () => {
    const search = async (term: string) => names((await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { search: term })).data);
    expect(await search('^fe')).toEqual(['feature/login']);
    expect(await search('.3$')).toEqual(['release/1.2.3']);
    expect(await search('f*in')).toEqual(['feature/login']);
    expect(await search('ZETA')).toEqual(['Zeta']);
    expect(await search('a')).toEqual(['Zeta', 'docs.update', 'feature/login', 'main', 'release/1.2.3']);
    await createBranch(inst.admin, pid, 'a', 'main');
    expect((await search('A'))[0]).toBe('a');
    await inst.admin.delete(branchPath(pid, 'a'));
  });

  it('filters with an RE2 expression and refuses invalid ones', async () => {
    const regex = async (re: string) => names((await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { regex: re })).data);
    expect(await regex('^(feature|release)/')).toEqual(['feature/login', 'release/1.2.3']);
    expect(await regex('\\d+\\.\\d+')).toEqual(['release/1.2.3']);
    // \pL is a Unicode letter class in RE2.
    expect(await regex('^\\pL+$')).toEqual(['Zeta', 'main']);
    expect(await inst.admin.get<BranchJson[]>(`/projects/${pid}/repository/branches`, { search: 'e', regex: 'n$' }).then((r) => names(r.data))).toEqual([
      'feature/login',
    ]);
    await expectApiError(inst.admin.get(`/projects/${pid}/repository/branches`, { regex: '(' }), 400, { error: 'regex is invalid' });
    // Look-ahead is not RE2.
    await expectApiError(inst.admin.get(`/projects/${pid}/repository/branches`, { regex: 'a(?=b)' }), 400, { error: 'regex is invalid' });
    await expectApiError(inst.admin.get(`/projects/${pid}/repository/branches`, { sort: 'size' }), 400, { error: 'sort does not have a valid value' });
  });

  it('gets a branch by URL-encoded name (slashes, unicode, dots)', async () => {
    for (const name of ['feature/login', 'fix/ünïcode-✓', 'docs.update', 'release/1.2.3']) {
      const res = await inst.admin.get<BranchJson>(branchPath(pid, name));
      expect(res.data.name).toBe(name);
      expect(res.data.commit.id).toBe(mainSha);
    }
    await expectApiError(inst.admin.get(branchPath(pid, 'nope')), 404, { message: '404 Branch Not Found' });
    await expectApiError(inst.admin.get(`/projects/${pid}/repository/branches/feature/login`), 404, { error: '404 Not Found' });
    for (const bad of ['a..b', 'refs/heads/main', '-rf', 'x@{1}', 'with space', 'trailing.lock'])
      await expectApiError(inst.admin.get(branchPath(pid, bad)), 400, { message: 'The branch refname is invalid' });
  });

  it('answers HEAD on a branch with 204 when it exists and 404 when not, without a body', async () => {
    const head = (path: string, token: string | null = inst.rootToken) =>
      inst.raw('HEAD', path, { headers: token ? { 'private-token': token } : {} });
    for (const name of ['main', 'feature/login', 'fix/ünïcode-✓', 'docs.update']) {
      const res = await head(branchPath(pid, name));
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
    }
    for (const missing of ['nope', 'a..b', '-rf', 'refs/heads/main', 'HEAD', '../main']) {
      const res = await head(branchPath(pid, missing));
      expect(res.status).toBe(404);
      expect(res.body).toBe('');
    }
    // The project checks still apply: hidden projects are 404, guests 403.
    expect((await head(branchPath(pid, 'main'), null)).status).toBe(404);
    expect((await head(branchPath(pid, 'main'), f.guest.token)).status).toBe(403);
    expect((await head(branchPath(pid, 'main'), f.reporter.token)).status).toBe(204);
    expect((await head(branchPath(999999, 'main'))).status).toBe(404);
    // GET on the same path still answers the branch.
    expect((await inst.admin.get<BranchJson>(branchPath(pid, 'main'))).data.name).toBe('main');
  });

  it('creates branches from a branch, a tag and a commit SHA', async () => {
    await createTag(inst.admin, pid, 'v-create', 'main');
    const fromBranch = await inst.admin.post<BranchJson>(`/projects/${pid}/repository/branches`, { branch: 'from/branch', ref: 'feature/login' });
    expect(fromBranch.status).toBe(201);
    expect(fromBranch.data).toMatchObject({ name: 'from/branch', merged: false, protected: false, default: false, can_push: true });
    expect(fromBranch.data.commit.id).toBe(mainSha);
    expect((await createBranch(inst.admin, pid, 'from/tag', 'v-create')).commit.id).toBe(mainSha);
    const first = (await inst.admin.get<{ parent_ids: string[] }>(`/projects/${pid}/repository/commits/${mainSha}`)).data.parent_ids[0] as string;
    expect((await createBranch(inst.admin, pid, 'from/sha', first)).commit.id).toBe(first);
    expect((await createBranch(inst.admin, pid, 'from/short-sha', first.slice(0, 10))).commit.id).toBe(first);
  });

  it('refuses invalid, existing and conflicting names and unknown refs with the platform messages', async () => {
    const post = (branch: string, ref: string) => inst.admin.post(`/projects/${pid}/repository/branches`, { branch, ref });
    for (const bad of ['new design', '../x', 'refs/heads/x', '-rf', 'a..b', 'x@{1}', 'feature.lock', 'HEAD', '.hidden', 'end/', 'a//b', 'q?', 'c:d'])
      await expectApiError(post(bad, 'main'), 400, { message: 'Branch name is invalid' });
    await expectApiError(post('0123456789abcdef0123456789abcdef01234567', 'main'), 400, {
      message: 'You cannot create a branch with a 40-character hexadecimal branch name.',
    });
    await expectApiError(post('feature/login', 'main'), 400, { message: 'Branch already exists' });
    await expectApiError(post('new-one', 'nope'), 400, { message: "Failed to create branch 'new-one': invalid reference name 'nope'" });
    await expectApiError(post('new-one', '--upload-pack=touch'), 400, { message: "Failed to create branch 'new-one': invalid reference name '--upload-pack=touch'" });
    await expectApiError(post('feature', 'main'), 400, { message: "Failed to create branch 'feature': Branch name conflicts with existing branch hierarchy." });
    await expectApiError(post('feature/login/deeper', 'main'), 400, {
      message: "Failed to create branch 'feature/login/deeper': Branch name conflicts with existing branch hierarchy.",
    });
    // A name git cannot store on disk is refused without showing where the repository lives.
    const long = await expectApiError(post('x'.repeat(300), 'main'), 400);
    const message = (long.body as { message: string }).message;
    expect(message).toMatch(/^Failed to create branch 'x{300}': \S/);
    expect(message).not.toContain('/');
    expect(message).not.toContain(inst.stateDir);
    await expectApiError(inst.admin.post(`/projects/${pid}/repository/branches`, { ref: 'main' }), 400, { error: 'branch is missing' });
    await expectApiError(inst.admin.post(`/projects/${pid}/repository/branches`, { branch: 'x', ref: '' }), 400, { error: 'ref is empty' });
    // Nothing escaped the repository.
    const storage = dirname(repositoryDir(inst, pid));
    expect(existsSync(join(storage, 'x'))).toBe(false);
    expect(existsSync(join(repositoryDir(inst, pid), 'refs', 'heads', 'refs'))).toBe(false);
  });

  it('checks permissions: developers create, reporters and guests may not, anonymous is 401', async () => {
    expect((await createBranch(f.developer.client, pid, 'dev/branch', 'main')).can_push).toBe(true);
    await expectApiError(f.reporter.client.post(`/projects/${pid}/repository/branches`, { branch: 'r', ref: 'main' }), 403, { message: '403 Forbidden' });
    await expectApiError(f.guest.client.post(`/projects/${pid}/repository/branches`, { branch: 'g', ref: 'main' }), 403);
    await expectApiError(f.nonMember.client.post(`/projects/${pid}/repository/branches`, { branch: 'n', ref: 'main' }), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().post(`/projects/${pid}/repository/branches`, { branch: 'a', ref: 'main' }), 401, { message: '401 Unauthorized' });
    await expectApiError(f.guest.client.get(`/projects/${pid}/repository/branches`), 403);
    const asReporter = await f.reporter.client.get<BranchJson[]>(`/projects/${pid}/repository/branches`);
    expect(asReporter.data.every((b) => b.can_push === false)).toBe(true);
    const asDeveloper = await f.developer.client.get<BranchJson[]>(`/projects/${pid}/repository/branches`);
    expect(asDeveloper.data.find((b) => b.name === 'main')?.can_push).toBe(false);
    expect(asDeveloper.data.find((b) => b.name === 'feature/login')?.can_push).toBe(true);
  });

  it('deletes branches (204) and refuses the default branch and, for developers, protected ones', async () => {
    await createBranch(inst.admin, pid, 'to-delete', 'main');
    const res = await f.developer.client.delete(branchPath(pid, 'to-delete'));
    expect(res.status).toBe(204);
    await expectApiError(inst.admin.get(branchPath(pid, 'to-delete')), 404);
    await expectApiError(inst.admin.delete(branchPath(pid, 'to-delete')), 404, { message: '404 Branch Not Found' });
    await expectApiError(inst.admin.delete(branchPath(pid, 'main')), 400, { message: 'The default branch of a project cannot be deleted.' });
    await expectApiError(inst.admin.delete(branchPath(pid, '../main')), 400, { message: 'The branch refname is invalid' });

    await createBranch(inst.admin, pid, 'stable/1', 'main');
    await inst.admin.post(`/projects/${pid}/protected_branches`, { name: 'stable/*' });
    await expectApiError(f.developer.client.delete(branchPath(pid, 'stable/1')), 400, {
      message: 'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
    });
    await expectApiError(f.reporter.client.delete(branchPath(pid, 'stable/1')), 403);
    expect((await f.maintainer.client.delete(branchPath(pid, 'stable/1'))).status).toBe(204);
    await inst.admin.delete(`/projects/${pid}/protected_branches/${encodeURIComponent('stable/*')}`);
  });

  it('protects and unprotects one branch with the older PUT calls (Maintainers)', async () => {
    await createBranch(inst.admin, pid, 'legacy/one', 'main');
    const protect = (name: string, body: Record<string, unknown> = {}, client = f.maintainer.client) => client.put<BranchJson>(`${branchPath(pid, name)}/protect`, body);
    const unprotect = (name: string, client = f.maintainer.client) => client.put<BranchJson>(`${branchPath(pid, name)}/unprotect`);
    const rule = async (name: string) =>
      (await inst.admin.get<{ push_access_levels: { access_level: number }[]; merge_access_levels: { access_level: number }[] }>(
        `/projects/${pid}/protected_branches/${encodeURIComponent(name)}`,
      )).data;

    const first = await protect('legacy/one');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ name: 'legacy/one', protected: true, developers_can_push: false, developers_can_merge: false });
    expect(await rule('legacy/one')).toMatchObject({ push_access_levels: [{ access_level: 40 }], merge_access_levels: [{ access_level: 40 }] });
    // A given flag replaces that kind's levels; an absent one keeps them.
    const again = await protect('legacy/one', { developers_can_push: true });
    expect(again.data).toMatchObject({ protected: true, developers_can_push: true, developers_can_merge: false });
    expect(await rule('legacy/one')).toMatchObject({ push_access_levels: [{ access_level: 30 }], merge_access_levels: [{ access_level: 40 }] });
    expect((await protect('legacy/one', { developers_can_merge: true, developers_can_push: false })).data).toMatchObject({ developers_can_push: false, developers_can_merge: true });

    await expectApiError(protect('legacy/one', {}, f.developer.client), 403, { message: '403 Forbidden' });
    await expectApiError(unprotect('legacy/one', f.developer.client), 403, { message: '403 Forbidden' });
    await expectApiError(protect('missing'), 404, { message: '404 Branch Not Found' });
    await expectApiError(unprotect('missing'), 404, { message: '404 Branch Not Found' });
    await expectApiError(protect('a..b'), 400, { message: 'The branch refname is invalid' });
    await expectApiError(protect('legacy/one', { developers_can_push: 'maybe' }), 400, { error: 'developers_can_push is invalid' });
    await expectApiError(inst.client().put(`${branchPath(pid, 'legacy/one')}/protect`), 401);

    const off = await unprotect('legacy/one');
    expect(off.status).toBe(200);
    expect(off.data).toMatchObject({ name: 'legacy/one', protected: false, developers_can_push: false });
    await expectApiError(inst.admin.get(`/projects/${pid}/protected_branches/${encodeURIComponent('legacy/one')}`), 404, { message: '404 Not found' });
    // Unprotecting an unprotected branch is no error.
    expect((await unprotect('legacy/one')).data.protected).toBe(false);
  });

  it('honours If-Unmodified-Since on delete', async () => {
    await createBranch(inst.admin, pid, 'precondition', 'main');
    await expectApiError(inst.admin.request('DELETE', branchPath(pid, 'precondition'), { headers: { 'if-unmodified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' } }), 412, {
      message: '412 Precondition Failed',
    });
    expect((await inst.admin.request('DELETE', branchPath(pid, 'precondition'), { headers: { 'if-unmodified-since': 'Fri, 16 Jan 2026 00:00:00 GMT' } })).status).toBe(204);
  });

  it('reports merged and developers_can_push/merge flags', async () => {
    const p = await createRepoProject(inst);
    const base = (await inst.admin.get<BranchJson>(branchPath(p.id, 'main'))).data.commit.id;
    await createBranch(inst.admin, p.id, 'old', 'main');
    await commitFiles(inst.admin, p.id, 'main', { 'next.txt': 'x' });
    await createBranch(inst.admin, p.id, 'same-as-main', 'main');
    await commitFiles(inst.admin, p.id, 'topic', { 'topic.txt': 't' }, { startBranch: 'main' });
    await inst.admin.post(`/projects/${p.id}/protected_branches`, { name: 'old', push_access_level: 30, merge_access_level: 30 });
    const list = (await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data;
    const by = (n: string) => list.find((b) => b.name === n) as BranchJson;
    expect(by('old')).toMatchObject({ merged: true, protected: true, developers_can_push: true, developers_can_merge: true });
    expect(by('old').commit.id).toBe(base);
    expect(by('same-as-main').merged).toBe(false);
    expect(by('topic').merged).toBe(false);
    expect(by('main')).toMatchObject({ merged: false, default: true, protected: true, developers_can_push: false });
    expect((await inst.admin.get<BranchJson>(branchPath(p.id, 'old'))).data.merged).toBe(true);
  });

  it('deletes merged branches in a job, keeping protected, default and unmerged branches', async () => {
    const p = await createRepoProject(inst, inst.admin, { namespace_id: f.group.id });
    await createBranch(inst.admin, p.id, 'merged-a', 'main');
    await createBranch(inst.admin, p.id, 'merged/b', 'main');
    await createBranch(inst.admin, p.id, 'merged-protected', 'main');
    await commitFiles(inst.admin, p.id, 'main', { 'x.txt': 'x' });
    await createBranch(inst.admin, p.id, 'at-head', 'main');
    await commitFiles(inst.admin, p.id, 'unmerged', { 'u.txt': 'u' }, { startBranch: 'main' });
    await inst.admin.post(`/projects/${p.id}/protected_branches`, { name: 'merged-protected' });
    await expectApiError(f.reporter.client.delete(`/projects/${p.id}/repository/merged_branches`), 404);
    const res = await inst.admin.delete(`/projects/${p.id}/repository/merged_branches`);
    expect(res.status).toBe(202);
    expect(res.data).toEqual({ message: '202 Accepted' });
    await inst.settleJobs();
    const left = names((await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data);
    expect(left).toEqual(['at-head', 'main', 'merged-protected', 'unmerged']);
  });

  it('refuses merged-branch deletion below Developer', async () => {
    await expectApiError(f.reporter.client.delete(`/projects/${pid}/repository/merged_branches`), 403, { message: '403 Forbidden' });
    await expectApiError(f.guest.client.delete(`/projects/${pid}/repository/merged_branches`), 403);
  });

  it('answers public repositories anonymously and hides private and internal ones', async () => {
    const pub = await createRepoProject(inst, inst.admin, { visibility: 'public' });
    const anon = inst.client();
    const list = await anon.get<BranchJson[]>(`/projects/${pub.id}/repository/branches`);
    expect(names(list.data)).toEqual(['main']);
    expect(list.data[0]?.can_push).toBe(false);
    expect((await anon.get<BranchJson>(branchPath(pub.id, 'main'))).data.name).toBe('main');
    expect((await anon.get<BranchJson>(`/projects/${encodeURIComponent(pub.path_with_namespace)}/repository/branches/main`)).data.default).toBe(true);
    await expectApiError(anon.get(`/projects/${pid}/repository/branches`), 404, { message: '404 Project Not Found' });
    await expectApiError(anon.get(branchPath(pid, 'main')), 404, { message: '404 Project Not Found' });
    const internal = await createRepoProject(inst, inst.admin, { visibility: 'internal' });
    await expectApiError(anon.get(`/projects/${internal.id}/repository/branches`), 404, { message: '404 Project Not Found' });
    expect((await f.nonMember.client.get<BranchJson[]>(`/projects/${internal.id}/repository/branches`)).status).toBe(200);
    await expectApiError(anon.delete(branchPath(pub.id, 'main')), 401);
  });

  it('lists an empty repository as no branches; creating a branch there starts the default branch', async () => {
    const empty: ProjectJson = await createProject(inst);
    expect((await inst.admin.get<BranchJson[]>(`/projects/${empty.id}/repository/branches`)).data).toEqual([]);
    const created = await createBranch(inst.admin, empty.id, 'first', 'main');
    expect(created.commit.title).toBe('Add README.md');
    const list = (await inst.admin.get<BranchJson[]>(`/projects/${empty.id}/repository/branches`)).data;
    expect(names(list)).toEqual(['first', 'main']);
    expect(list.find((b) => b.name === 'main')?.protected).toBe(true);
  });

  it('refuses every write while the repository is read-only', async () => {
    const p = await createRepoProject(inst);
    await createBranch(inst.admin, p.id, 'keep', 'main');
    inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(p.id);
    try {
      await expectApiError(inst.admin.post(`/projects/${p.id}/repository/branches`, { branch: 'x', ref: 'main' }), 400, READ_ONLY);
      await expectApiError(inst.admin.delete(branchPath(p.id, 'keep')), 400, READ_ONLY);
      await expectApiError(inst.admin.delete(`/projects/${p.id}/repository/merged_branches`), 400, READ_ONLY);
      expect(names((await inst.admin.get<BranchJson[]>(`/projects/${p.id}/repository/branches`)).data)).toEqual(['keep', 'main']);
    } finally {
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(p.id);
    }
    expect((await inst.admin.delete(branchPath(p.id, 'keep'))).status).toBe(204);
  });
});
