import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, FAKE_NOW, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, unique, type TestUser } from '../factories/users.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { git } from '../factories/repository.js';
import { createSnippet, snippetDir, type SnippetJson } from '../factories/content.js';

const text = (raw: string | Uint8Array): string => (typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
const READ_ONLY = 'The repository is temporarily read-only. Please try again later.';

describe.each(TRANSPORTS)('snippets (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;
  let ext: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    [alice, bob, ext] = await Promise.all([createUser(inst), createUser(inst), createUser(inst, { external: true })]);
  });
  afterAll(() => inst.close());

  // Web URLs hang from the address requests reach (the served one over HTTP).
  const base = () => inst.webBase;

  describe('create', () => {
    it('creates a multi-file snippet (201) with the full entity, URLs and a first commit', async () => {
      const res = await alice.client.request<SnippetJson>('POST', '/snippets', {
        body: { title: 'Two files', description: 'd', visibility: 'public', files: [{ file_path: 'b.py', content: 'print(1)\n' }, { file_path: 'dir/a.sh', content: 'echo hi\n' }] },
        headers: { 'user-agent': 'contract-agent/1.0' },
      });
      expect(res.status).toBe(201);
      const s = res.data;
      expect(Object.keys(s)).toEqual([
        'id', 'title', 'description', 'visibility', 'author', 'created_at', 'updated_at', 'project_id', 'web_url', 'raw_url',
        'ssh_url_to_repo', 'http_url_to_repo', 'file_name', 'files', 'imported', 'imported_from', 'expires_at',
      ]);
      const web = `${base()}/-/snippets/${s.id}`;
      expect(s).toMatchObject({
        title: 'Two files',
        description: 'd',
        visibility: 'public',
        author: { id: alice.user.id, username: alice.user.username },
        created_at: FAKE_NOW,
        project_id: null,
        web_url: web,
        raw_url: `${web}/raw`,
        http_url_to_repo: `${base()}/snippets/${s.id}.git`,
        ssh_url_to_repo: `git@${new URL(base()).hostname}:snippets/${s.id}.git`,
        file_name: 'b.py',
        files: [
          { path: 'b.py', raw_url: `${web}/raw/main/b.py` },
          { path: 'dir/a.sh', raw_url: `${web}/raw/main/dir/a.sh` },
        ],
        imported: false,
        imported_from: 'none',
        expires_at: null,
      });
      const log = git(['--git-dir', snippetDir(inst, s.id), 'log', '--format=%an <%ae>|%s', 'main']).trim();
      expect(log).toBe(`${alice.user.name} <${alice.user.email}>|Initial commit`);
      const detail = await inst.admin.get(`/snippets/${s.id}/user_agent_detail`);
      expect(detail.data).toEqual({ user_agent: 'contract-agent/1.0', ip_address: expect.any(String), spamcheck_submitted: false });
      expect((detail.data as { ip_address: string }).ip_address).not.toBe('');
    });

    it('accepts the deprecated file_name + content and defaults visibility to internal', async () => {
      const { data } = await alice.client.post<SnippetJson>('/snippets', { title: 'Old', file_name: 'x.rb', content: 'puts 1' });
      expect(data.visibility).toBe('internal');
      expect(data.files.map((f) => f.path)).toEqual(['x.rb']);
      const raw = await alice.client.get(`/snippets/${data.id}/raw`);
      expect(text(raw.raw)).toBe('puts 1');
    });

    it('names a UTF-8 file in the raw answer exactly (RFC 6266) and as plain ASCII for old clients', async () => {
      const { data } = await alice.client.post<SnippetJson>('/snippets', { title: 'Names', files: [{ file_path: 'dir/résumé.txt', content: 'r' }] });
      expect(data.files.map((f) => f.path)).toEqual(['dir/résumé.txt']);
      const raw = await inst.raw('GET', `/snippets/${data.id}/raw`, { headers: { 'private-token': alice.token } });
      expect(raw.headers['content-disposition']).toBe(`inline; filename="resume.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`);
      expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(raw.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses bad parameters with Grape wording and leaves no row or repository', async () => {
      const before = (inst.core.db.prepare('SELECT COUNT(*) AS n FROM snippets').get() as { n: number }).n;
      const post = (body: unknown) => alice.client.post('/snippets', body);
      await expectApiError(post({ title: 't' }), 400, { error: 'files, content are missing, exactly one parameter must be provided' });
      await expectApiError(post({ title: 't', content: 'x', file_name: 'a', files: [{ file_path: 'a', content: 'b' }] }), 400, { error: 'files, content are mutually exclusive' });
      await expectApiError(post({ title: 't', content: 'x' }), 400, { error: 'file_name is missing' });
      await expectApiError(post({ files: [{ file_path: 'a', content: 'b' }] }), 400, { error: 'title is missing' });
      await expectApiError(post({ title: 't', visibility: 'secret', files: [{ file_path: 'a', content: 'b' }] }), 400, { error: 'visibility does not have a valid value' });
      await expectApiError(post({ title: 't', files: [{ file_path: 'a', content: '' }] }), 400, { error: 'files[0][content] is empty' });
      await expectApiError(post({ title: 't', files: [{ content: 'x' }] }), 400, { error: 'files[0][file_path] is missing' });
      for (const bad of ['../etc/passwd', '/abs/path', '.git/config', 'a/../../b', 'nul\u0000byte', `${'x'.repeat(300)}.txt`, 'dir//x']) {
        await expectApiError(post({ title: 't', files: [{ file_path: 'ok.txt', content: 'x' }, { file_path: bad, content: 'y' }] }), 400, { error: 'files[1][file_path] should be a valid file path' });
      }
      await expectApiError(post({ title: 't', file_name: '../up.txt', content: 'x' }), 400, { error: 'file_name should be a valid file path' });
      await expectApiError(post({ title: '   ', files: [{ file_path: 'a', content: 'b' }] }), 400, { error: 'title is empty' });
      await expectApiError(post({ title: 't', file_name: 'a.txt', content: '' }), 400, { error: 'content is empty' });
      await expectApiError(post({ title: 't', files: [{ file_path: 'a', content: 'b' }, { file_path: 'a', content: 'c' }] }), 400, {
        message: { error: 'Repository Error creating the snippet' },
      });
      const after = (inst.core.db.prepare('SELECT COUNT(*) AS n FROM snippets').get() as { n: number }).n;
      expect(after).toBe(before);
      // The snippets' directory holds the repositories of the snippets that exist, and nothing else.
      const dir = join(inst.core.repos.storagePath('default'), '@snippets');
      const ids = inst.core.db.prepare('SELECT id FROM snippets').all() as { id: number }[];
      expect(existsSync(dir) ? readdirSync(dir).sort() : []).toEqual(ids.map((r) => `${r.id}.git`).sort());
      const staging = join(inst.core.repos.storagePath('default'), '@staging');
      expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
    });

    it('refuses external users (403) and anonymous callers (401)', async () => {
      await expectApiError(ext.client.post('/snippets', { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 403);
      await expectApiError(inst.client().post('/snippets', { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 401);
    });
  });

  describe('visibility', () => {
    let pub: SnippetJson;
    let internal: SnippetJson;
    let priv: SnippetJson;
    beforeAll(async () => {
      pub = await createSnippet(alice.client, { 'p.txt': 'public' }, { visibility: 'public' });
      internal = await createSnippet(alice.client, { 'i.txt': 'internal' }, { visibility: 'internal' });
      priv = await createSnippet(alice.client, { 's.txt': 'private' }, { visibility: 'private' });
    });

    it.each([
      ['author', 'public', 200], ['author', 'internal', 200], ['author', 'private', 200],
      ['admin', 'public', 200], ['admin', 'internal', 200], ['admin', 'private', 200],
      ['other', 'public', 200], ['other', 'internal', 200], ['other', 'private', 404],
      ['external', 'public', 200], ['external', 'internal', 404], ['external', 'private', 404],
      ['anonymous', 'public', 200], ['anonymous', 'internal', 404], ['anonymous', 'private', 404],
    ] as const)('%s reading a %s snippet answers %i (get, raw, file raw)', async (who, visibility, status) => {
      const client = { author: alice.client, admin: inst.admin, other: bob.client, external: ext.client, anonymous: inst.client() }[who];
      const s = { public: pub, internal, private: priv }[visibility];
      const file = s.files[0]!.path;
      const paths = [`/snippets/${s.id}`, `/snippets/${s.id}/raw`, `/snippets/${s.id}/files/main/${encodeURIComponent(file)}/raw`];
      for (const path of paths) {
        const res = await client.request('GET', path, { allowError: true });
        expect(res.status).toBe(status);
        if (status === 404) expect(res.data).toEqual({ message: '404 Snippet Not Found' });
      }
    });

    it('lists: own, public (personal only, signed-in), all (what the caller sees)', async () => {
      const own = await alice.client.get<SnippetJson[]>('/snippets', { per_page: 100 });
      expect(own.data.every((s) => s.author.id === alice.user.id)).toBe(true);
      expect(own.data.map((s) => s.id)).toEqual(expect.arrayContaining([pub.id, internal.id, priv.id]));
      expect(own.data.map((s) => s.id)).toEqual([...own.data.map((s) => s.id)].sort((a, b) => b - a));
      await expectApiError(inst.client().get('/snippets/public'), 401);
      await expectApiError(inst.client().get('/snippets'), 401);
      const publicList = await bob.client.get<SnippetJson[]>('/snippets/public', { per_page: 100 });
      expect(publicList.data.every((s) => s.visibility === 'public' && s.project_id === null)).toBe(true);
      expect(publicList.data.map((s) => s.id)).toContain(pub.id);
      const bobAll = (await bob.client.get<SnippetJson[]>('/snippets/all', { per_page: 100 })).data.map((s) => s.id);
      expect(bobAll).toEqual(expect.arrayContaining([pub.id, internal.id]));
      expect(bobAll).not.toContain(priv.id);
      const extAll = (await ext.client.get<SnippetJson[]>('/snippets/all', { per_page: 100 })).data.map((s) => s.id);
      expect(extAll).toContain(pub.id);
      expect(extAll).not.toContain(internal.id);
      const adminAll = await inst.admin.get<SnippetJson[]>('/snippets/all', { per_page: 100 });
      expect(adminAll.data.map((s) => s.id)).toEqual(expect.arrayContaining([pub.id, internal.id, priv.id]));
      expect(adminAll.data[0]).toHaveProperty('repository_storage', 'default');
      expect((await bob.client.get<SnippetJson[]>('/snippets/all')).data[0]).not.toHaveProperty('repository_storage');
      expect(adminAll.headers['x-total']).toBe(String(adminAll.data.length));
    });

    it('filters by creation time and storage (the storage filter is for administrators)', async () => {
      inst.clock.advance(3_600_000);
      const later = await createSnippet(alice.client, { 'later.txt': 'x' }, { visibility: 'public' });
      const after = await alice.client.get<SnippetJson[]>('/snippets', { created_after: '2026-01-15T10:30:00Z', per_page: 100 });
      expect(after.data.map((s) => s.id)).toEqual([later.id]);
      expect(after.headers['x-total']).toBe('1');
      // The filtered count is remembered only until the next write: a new snippet is counted.
      const again = await createSnippet(alice.client, { 'again.txt': 'y' }, { visibility: 'public' });
      const after2 = await alice.client.get<SnippetJson[]>('/snippets', { created_after: '2026-01-15T10:30:00Z', per_page: 100 });
      expect(after2.data.map((s) => s.id)).toEqual([again.id, later.id]);
      expect(after2.headers['x-total']).toBe('2');
      expect((await alice.client.delete(`/snippets/${again.id}`)).status).toBe(204);
      expect((await alice.client.get<SnippetJson[]>('/snippets', { created_after: '2026-01-15T10:30:00Z' })).headers['x-total']).toBe('1');
      const before = await alice.client.get<SnippetJson[]>('/snippets', { created_before: '2026-01-15T10:30:00Z', per_page: 100 });
      expect(before.data.map((s) => s.id)).not.toContain(later.id);
      expect(before.data.map((s) => s.id)).toContain(pub.id);
      const byStorage = await inst.admin.get<SnippetJson[]>('/snippets/all', { repository_storage: 'default', per_page: 100 });
      expect(byStorage.data.length).toBeGreaterThan(0);
      expect((await inst.admin.get<SnippetJson[]>('/snippets/all', { repository_storage: 'elsewhere' })).data).toEqual([]);
      await expectApiError(bob.client.get('/snippets/all', { repository_storage: 'default' }), 403);
      await expectApiError(alice.client.get('/snippets', { created_after: 'yesterday' }), 400, { error: 'created_after is invalid' });
    });

    it('the external attribute set through PUT /users takes internal snippets away, and gives them back', async () => {
      const carol = await createUser(inst);
      expect((await carol.client.get(`/snippets/${internal.id}`)).status).toBe(200);
      await inst.admin.put(`/users/${carol.user.id}`, { external: true });
      await expectApiError(carol.client.get(`/snippets/${internal.id}`), 404, { message: '404 Snippet Not Found' });
      await expectApiError(carol.client.post('/snippets', { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 403);
      await inst.admin.put(`/users/${carol.user.id}`, { external: false });
      expect((await carol.client.get(`/snippets/${internal.id}`)).status).toBe(200);
    });

    it('user agent detail is for administrators', async () => {
      await expectApiError(alice.client.get(`/snippets/${pub.id}/user_agent_detail`), 403);
      await expectApiError(inst.admin.get('/snippets/999999/user_agent_detail'), 404, { message: '404 Not found' });
      await expectApiError(inst.client().get(`/snippets/${pub.id}/user_agent_detail`), 401);
      inst.core.db.prepare('UPDATE snippets SET user_agent = NULL, ip_address = NULL WHERE id = ?').run(internal.id);
      await expectApiError(inst.admin.get(`/snippets/${internal.id}/user_agent_detail`), 404, { message: '404 UserAgentDetail Not Found' });
    });
  });

  describe('raw files', () => {
    it('serves any file at a branch, a tag or a commit; 404s name what is missing', async () => {
      const s = await createSnippet(alice.client, { 'one.txt': 'v1', 'two/three.txt': 'deep' }, { visibility: 'private' });
      const first = git(['--git-dir', snippetDir(inst, s.id), 'rev-parse', 'main']).trim();
      await alice.client.put(`/snippets/${s.id}`, { files: [{ action: 'update', file_path: 'one.txt', content: 'v2' }] });
      git(['--git-dir', snippetDir(inst, s.id), 'tag', 'old', first]);
      const get = (ref: string, path: string) => alice.client.request('GET', `/snippets/${s.id}/files/${ref}/${encodeURIComponent(path)}/raw`, { allowError: true });
      expect(text((await get('main', 'one.txt')).raw)).toBe('v2');
      expect(text((await get(first, 'one.txt')).raw)).toBe('v1');
      expect(text((await get('old', 'one.txt')).raw)).toBe('v1');
      const deep = await get('main', 'two/three.txt');
      expect(deep.status).toBe(200);
      expect(deep.headers['content-type']).toMatch(/^text\/plain/);
      expect(text(deep.raw)).toBe('deep');
      expect((await get('nope', 'one.txt')).data).toEqual({ message: '404 Reference Not Found' });
      expect((await get('main', 'missing.txt')).data).toEqual({ message: '404 File Not Found' });
      expect((await get('main', '../../etc/passwd')).data).toEqual({ error: 'file_path should be a valid file path' });
      // Absolute paths are refused like `../` (Grape's file_path validator), before any lookup.
      for (const bad of ['/etc/passwd', '/one.txt']) {
        const res = await get('main', bad);
        expect(res.status).toBe(400);
        expect(res.data).toEqual({ error: 'file_path should be a valid file path' });
      }
      // An unencoded `/` inside the file path or the ref matches no endpoint.
      const raw = (path: string) => alice.client.request('GET', `/snippets/${s.id}/files/${path}/raw`, { allowError: true });
      expect((await raw('main/two/three.txt')).status).toBe(404);
      expect((await raw('main/two/three.txt')).data).toEqual({ error: '404 Not Found' });
      git(['--git-dir', snippetDir(inst, s.id), 'branch', 'feature/x', first]);
      expect((await raw('feature/x/one.txt')).data).toEqual({ error: '404 Not Found' });
      expect(text((await get(encodeURIComponent('feature/x'), 'one.txt')).raw)).toBe('v1');
      expect(text((await alice.client.get(`/snippets/${s.id}/raw`)).raw)).toBe('v2');
    });
  });

  describe('update', () => {
    it('changes metadata without a commit, and files with one commit per request', async () => {
      const s = await createSnippet(alice.client, { 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C' });
      const dir = snippetDir(inst, s.id);
      const count = () => Number(git(['--git-dir', dir, 'rev-list', '--count', 'main']).trim());
      const meta = await alice.client.put<SnippetJson>(`/snippets/${s.id}`, { title: 'Renamed', description: 'new', visibility: 'private' });
      expect(meta.data).toMatchObject({ title: 'Renamed', description: 'new', visibility: 'private' });
      expect(count()).toBe(1);
      const res = await alice.client.put<SnippetJson>(`/snippets/${s.id}`, {
        files: [
          { action: 'create', file_path: 'd.txt', content: 'D' },
          { action: 'update', file_path: 'a.txt', content: 'A2' },
          { action: 'delete', file_path: 'b.txt' },
          { action: 'move', previous_path: 'c.txt', file_path: 'moved/c.txt' },
        ],
      });
      expect(res.data.files.map((f) => f.path)).toEqual(['a.txt', 'd.txt', 'moved/c.txt']);
      expect(count()).toBe(2);
      expect(git(['--git-dir', dir, 'show', 'main:moved/c.txt'])).toBe('C');
      expect(git(['--git-dir', dir, 'show', 'main:a.txt'])).toBe('A2');
      expect(git(['--git-dir', dir, 'log', '-1', '--format=%an', 'main']).trim()).toBe(alice.user.name);
      await alice.client.put(`/snippets/${s.id}`, { files: [{ action: 'create', content: 'generated' }] });
      expect((await alice.client.get<SnippetJson>(`/snippets/${s.id}`)).data.files.map((f) => f.path)).toContain('snippetfile1.txt');
    });

    it('uses the deprecated content/file_name on single-file snippets only', async () => {
      const single = await createSnippet(alice.client, { 'only.txt': 'one' });
      const renamed = await alice.client.put<SnippetJson>(`/snippets/${single.id}`, { file_name: 'renamed.txt', content: 'two' });
      expect(renamed.data.files.map((f) => f.path)).toEqual(['renamed.txt']);
      expect(text((await alice.client.get(`/snippets/${single.id}/raw`)).raw)).toBe('two');
      const multi = await createSnippet(alice.client, { 'a.txt': 'a', 'b.txt': 'b' });
      await expectApiError(alice.client.put(`/snippets/${multi.id}`, { content: 'x' }), 400, {
        message: { error: 'To update Snippets with multiple files, you must use the `files` parameter' },
      });
    });

    it('refuses bad input with the platform shapes and makes no commit', async () => {
      const s = await createSnippet(alice.client, { 'a.txt': 'A' });
      const dir = snippetDir(inst, s.id);
      const tip = () => git(['--git-dir', dir, 'rev-parse', 'main']).trim();
      const before = tip();
      const put = (body: unknown) => alice.client.put(`/snippets/${s.id}`, body);
      await expectApiError(put({}), 400, { error: 'content, description, files, file_name, title, visibility are missing, at least one parameter must be provided' });
      await expectApiError(put({ files: [{ action: 'create', file_path: 'x', content: 'y' }], content: 'z' }), 400, { error: 'files, content are mutually exclusive' });
      await expectApiError(put({ files: [{ action: 'rename', file_path: 'x' }] }), 400, { error: 'files[0][action] does not have a valid value' });
      await expectApiError(put({ files: [{ action: 'update', file_path: 'a.txt' }] }), 422, { message: { error: 'Snippet actions have invalid data' } });
      await expectApiError(put({ files: [{ action: 'move', previous_path: 'a.txt', file_path: 'a.txt' }] }), 422, { message: { error: 'Snippet actions have invalid data' } });
      await expectApiError(put({ files: [{ action: 'delete' }] }), 422, { message: { error: 'Snippet actions have invalid data' } });
      await expectApiError(put({ files: [{ action: 'create', file_path: '../x', content: 'y' }] }), 400, { error: 'files[0][file_path] should be a valid file path' });
      await expectApiError(put({ files: [{ action: 'update', file_path: 'missing.txt', content: 'y' }] }), 400, {
        message: { error: 'Repository Error updating the snippet' },
      });
      await expectApiError(put({ files: [{ action: 'create', file_path: 'a.txt', content: 'y' }] }), 400, {
        message: { error: 'Repository Error updating the snippet' },
      });
      expect(tip()).toBe(before);
    });

    it('lets only the author change or delete a personal snippet (admins too get 404 without Sudo)', async () => {
      const s = await createSnippet(alice.client, { 'a.txt': 'A' }, { visibility: 'public' });
      await expectApiError(bob.client.put(`/snippets/${s.id}`, { title: 'x' }), 404, { message: '404 Snippet Not Found' });
      await expectApiError(inst.admin.put(`/snippets/${s.id}`, { title: 'x' }), 404, { message: '404 Snippet Not Found' });
      await expectApiError(bob.client.delete(`/snippets/${s.id}`), 404, { message: '404 Snippet Not Found' });
      await expectApiError(inst.client().put(`/snippets/${s.id}`, { title: 'x' }), 401);
      const rootId = (await inst.admin.get<{ id: number }>('/user')).data.id;
      const sudoToken = (await inst.admin.post<{ token: string }>(`/users/${rootId}/personal_access_tokens`, { name: 'sudo', scopes: ['api', 'sudo'] })).data.token;
      const sudo = await inst.client(sudoToken, alice.user.username).put<SnippetJson>(`/snippets/${s.id}`, { title: 'via sudo' });
      expect(sudo.data.title).toBe('via sudo');
    });

    it('takes concurrent changes to different files of one snippet, every one', async () => {
      const s = await createSnippet(alice.client, { 'base.txt': 'x' });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          alice.client.request<SnippetJson>('PUT', `/snippets/${s.id}`, { body: { files: [{ action: 'create', file_path: `f${i}.txt`, content: String(i) }] }, allowError: true }),
        ),
      );
      const files = (await alice.client.get<SnippetJson>(`/snippets/${s.id}`)).data.files.map((f) => f.path);
      let ok = 0;
      results.forEach((r, i) => {
        if (r.status === 200) {
          ok++;
          expect(files).toContain(`f${i}.txt`);
        } else {
          expect(r.status).toBe(400);
          expect(files).not.toContain(`f${i}.txt`);
          expect(r.data).toEqual({ message: { error: 'Repository Error updating the snippet' } });
        }
      });
      expect(ok).toBe(6);
      expect(Number(git(['--git-dir', snippetDir(inst, s.id), 'rev-list', '--count', 'main']).trim())).toBe(1 + ok);
    });

    it('refuses writes while the snippet is read-only (a storage move), with the platform message', async () => {
      const s = await createSnippet(alice.client, { 'a.txt': 'A' });
      inst.core.db.prepare('UPDATE snippets SET repository_read_only = 1 WHERE id = ?').run(s.id);
      await expectApiError(alice.client.put(`/snippets/${s.id}`, { files: [{ action: 'update', file_path: 'a.txt', content: 'B' }] }), 400, { message: READ_ONLY });
      await expectApiError(alice.client.delete(`/snippets/${s.id}`), 400, { message: READ_ONLY });
      expect(text((await alice.client.get(`/snippets/${s.id}/raw`)).raw)).toBe('A');
      inst.core.db.prepare('UPDATE snippets SET repository_read_only = 0 WHERE id = ?').run(s.id);
    });
  });

  describe('delete', () => {
    it('honours If-Unmodified-Since (412 when the snippet changed later)', async () => {
      const s = await createSnippet(alice.client);
      const res = await alice.client.request('DELETE', `/snippets/${s.id}`, { headers: { 'if-unmodified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, allowError: true });
      expect(res.status).toBe(412);
      expect(res.data).toEqual({ message: '412 Precondition Failed' });
      expect((await alice.client.get(`/snippets/${s.id}`)).status).toBe(200);
      const later = await alice.client.request('DELETE', `/snippets/${s.id}`, { headers: { 'if-unmodified-since': 'Sat, 01 Jan 2028 00:00:00 GMT' } });
      expect(later.status).toBe(204);
    });

    it('answers 204, removes the row and the repository; then 404', async () => {
      const s = await createSnippet(alice.client);
      expect(existsSync(snippetDir(inst, s.id))).toBe(true);
      const res = await alice.client.delete(`/snippets/${s.id}`);
      expect(res.status).toBe(204);
      expect(res.raw).toBe('');
      expect(existsSync(snippetDir(inst, s.id))).toBe(false);
      await expectApiError(alice.client.get(`/snippets/${s.id}`), 404, { message: '404 Snippet Not Found' });
      await expectApiError(alice.client.delete(`/snippets/${s.id}`), 404, { message: '404 Snippet Not Found' });
    });
  });

  it('a plain git clone of the snippet repository shows exactly what the API reports', async () => {
    const s = await createSnippet(alice.client, { 'x/y.txt': 'why\n', 'z.md': '# zed\n' });
    await alice.client.put(`/snippets/${s.id}`, { files: [{ action: 'move', previous_path: 'z.md', file_path: 'docs/z.md', content: '# zed 2\n' }] });
    const api = (await alice.client.get<SnippetJson>(`/snippets/${s.id}`)).data;
    const root = mkdtempSync(join(tmpdir(), 'snippet-clone-'));
    try {
      git(['clone', '--quiet', '--no-local', snippetDir(inst, s.id), join(root, 'c')]);
      const files = git(['ls-files'], join(root, 'c')).trim().split('\n');
      expect(files).toEqual(api.files.map((f) => f.path));
      for (const f of files) {
        const raw = await alice.client.get(`/snippets/${s.id}/files/main/${encodeURIComponent(f)}/raw`);
        expect(readFileSync(join(root, 'c', f), 'utf8')).toBe(text(raw.raw));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  describe('project snippets', () => {
    let f: RoleFixture;
    let pubF: RoleFixture;
    beforeAll(async () => {
      f = await createProjectWithRoles(inst);
      pubF = await createProjectWithRoles(inst, { visibility: 'public' }, { visibility: 'public' });
    });
    const path = (f: RoleFixture, rest = '') => `/projects/${f.project.id}/snippets${rest}`;

    it('Reporters create (201, project URLs); Guests and non-members cannot', async () => {
      const res = await f.reporter.client.post<SnippetJson>(path(f), { title: 'proj', visibility: 'private', files: [{ file_path: 'p.txt', content: 'P' }] });
      expect(res.status).toBe(201);
      const web = `${f.project.web_url}/-/snippets/${res.data.id}`;
      expect(res.data).toMatchObject({ project_id: f.project.id, web_url: web, raw_url: `${web}/raw`, http_url_to_repo: `${f.project.web_url}/snippets/${res.data.id}.git` });
      expect(res.data).not.toHaveProperty('expires_at');
      await expectApiError(f.guest.client.post(path(f), { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 403);
      await expectApiError(f.nonMember.client.post(path(f), { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 404, { message: '404 Project Not Found' });
    });

    it.each([
      ['guest', 200], ['reporter', 200], ['developer', 200], ['maintainer', 200], ['nonMember', 404], ['admin', 200],
    ] as const)('%s reads a private project snippet: %i', async (who, status) => {
      const s = await createSnippet(f.reporter.client, { 'r.txt': 'R' }, { visibility: 'private' }, path(f));
      const client = who === 'admin' ? inst.admin : f[who].client;
      for (const p of [path(f, `/${s.id}`), path(f, `/${s.id}/raw`), path(f, `/${s.id}/files/main/r.txt/raw`)]) {
        expect((await client.request('GET', p, { allowError: true })).status).toBe(status);
      }
      const listed = await client.request<SnippetJson[]>('GET', path(f), { allowError: true });
      if (status === 200) expect(listed.data.map((x) => x.id)).toContain(s.id);
      if (status === 200) {
        const abs = await client.request('GET', path(f, `/${s.id}/files/main/${encodeURIComponent('/r.txt')}/raw`), { allowError: true });
        expect([abs.status, abs.data]).toEqual([400, { error: 'file_path should be a valid file path' }]);
        expect((await client.request('GET', path(f, `/${s.id}/files/main/dir/r.txt/raw`), { allowError: true })).data).toEqual({ error: '404 Not Found' });
      }
    });

    it.each([
      ['author (reporter)', 'reporter', 200], ['guest', 'guest', 403], ['developer', 'developer', 403], ['maintainer', 'maintainer', 200], ['owner', 'owner', 200],
    ] as const)('%s updating and deleting: %i', async (_label, who, status) => {
      const s = await createSnippet(f.reporter.client, { 'u.txt': 'U' }, {}, path(f));
      const client = f[who].client;
      const put = await client.request('PUT', path(f, `/${s.id}`), { body: { files: [{ action: 'update', file_path: 'u.txt', content: 'U2' }] }, allowError: true });
      expect(put.status).toBe(status);
      const del = await client.request('DELETE', path(f, `/${s.id}`), { allowError: true });
      expect(del.status).toBe(status === 200 ? 204 : status);
    });

    it('anonymous callers read public snippets of public projects only', async () => {
      const pub = await createSnippet(pubF.reporter.client, { 'pub.txt': 'open' }, { visibility: 'public' }, path(pubF));
      const internal = await createSnippet(pubF.reporter.client, { 'int.txt': 'in' }, { visibility: 'internal' }, path(pubF));
      const anon = inst.client();
      expect(text((await anon.get(path(pubF, `/${pub.id}/raw`))).raw)).toBe('open');
      await expectApiError(anon.get(path(pubF, `/${internal.id}`)), 404, { message: '404 Snippet Not Found' });
      expect((await anon.get<SnippetJson[]>(path(pubF))).data.map((s) => s.id)).toEqual([pub.id]);
      await expectApiError(anon.post(path(pubF), { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 401);
      await expectApiError(ext.client.get(path(pubF, `/${internal.id}`)), 404);
    });

    it('appear in the author\'s /snippets and the administrators\' /snippets/all; deleting the project removes their repositories', async () => {
      const s = await createSnippet(f.maintainer.client, { 'm.txt': 'M' }, {}, path(f));
      expect((await f.maintainer.client.get<SnippetJson[]>('/snippets')).data.map((x) => x.id)).toContain(s.id);
      expect((await inst.admin.get<SnippetJson[]>('/snippets/all', { per_page: 100 })).data.map((x) => x.id)).toContain(s.id);
      expect((await f.nonMember.client.get<SnippetJson[]>('/snippets/all', { per_page: 100 })).data.map((x) => x.id)).not.toContain(s.id);
      expect((await f.maintainer.client.get<SnippetJson>(`/snippets/${s.id}`)).data.project_id).toBe(f.project.id);
      const doomed = await createProjectWithRoles(inst);
      const gone = await createSnippet(doomed.reporter.client, { 'g.txt': 'G' }, {}, path(doomed));
      await inst.admin.delete(`/projects/${doomed.project.id}`);
      await inst.settleJobs();
      expect(existsSync(snippetDir(inst, gone.id))).toBe(false);
    });

    it('user agent detail of a project snippet is for administrators', async () => {
      const s = await createSnippet(f.reporter.client, { 'ua.txt': 'x' }, {}, path(f));
      const detail = await inst.admin.get<{ user_agent: string }>(path(f, `/${s.id}/user_agent_detail`));
      expect(detail.data).toEqual({ user_agent: 'hostctl', ip_address: expect.any(String), spamcheck_submitted: false });
      await expectApiError(f.maintainer.client.get(path(f, `/${s.id}/user_agent_detail`)), 403);
      await expectApiError(inst.admin.get(path(f, '/999999/user_agent_detail')), 404, { message: '404 Snippet Not Found' });
    });

    it('refuses changes in an archived project (403) but still reads', async () => {
      const s = await createSnippet(f.reporter.client, { 'arch.txt': 'x' }, {}, path(f));
      await inst.admin.post(`/projects/${f.project.id}/archive`);
      try {
        await expectApiError(f.maintainer.client.put(path(f, `/${s.id}`), { title: 'y' }), 403);
        await expectApiError(f.reporter.client.post(path(f), { title: 't', files: [{ file_path: 'a', content: 'b' }] }), 403);
        expect((await f.guest.client.get(path(f, `/${s.id}`))).status).toBe(200);
      } finally {
        await inst.admin.post(`/projects/${f.project.id}/unarchive`);
      }
    });

    it('refuses writes while the project is read-only', async () => {
      const s = await createSnippet(f.reporter.client, { 'ro.txt': 'x' }, {}, path(f));
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(f.project.id);
      try {
        await expectApiError(f.reporter.client.put(path(f, `/${s.id}`), { content: 'y' }), 400, { message: READ_ONLY });
      } finally {
        inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(f.project.id);
      }
    });
  });
});

describe.each(TRANSPORTS)('snippet and wiki repositories follow their rows to another storage (%s)', (kind) => {
  let inst: Instance;
  beforeAll(async () => {
    inst = await startInstance(kind, { storages: { second: 'storages/second' } });
  });
  afterAll(() => inst.close());

  /** What a storage move does: copy the repository, point the row at the new storage, drop the old copy. */
  const move = (from: string, to: string) => {
    mkdirSync(join(to, '..'), { recursive: true });
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  };

  it('reads and writes a moved snippet, project wiki and group wiki at the new place', async () => {
    const second = inst.core.repos.storagePath('second');
    const s = await createSnippet(inst.admin, { 'm.txt': 'before' });
    move(snippetDir(inst, s.id), join(second, '@snippets', `${s.id}.git`));
    inst.core.db.prepare("UPDATE snippets SET repository_storage = 'second' WHERE id = ?").run(s.id);
    expect(text((await inst.admin.get(`/snippets/${s.id}/raw`)).raw)).toBe('before');
    await inst.admin.put(`/snippets/${s.id}`, { files: [{ action: 'update', file_path: 'm.txt', content: 'after' }] });
    expect(git(['--git-dir', join(second, '@snippets', `${s.id}.git`), 'show', 'main:m.txt'])).toBe('after');
    expect(existsSync(snippetDir(inst, s.id))).toBe(false);
    const all = await inst.admin.get<SnippetJson[]>('/snippets/all', { repository_storage: 'second' });
    expect(all.data.map((x) => x.id)).toEqual([s.id]);

    const project = (await inst.admin.post<{ id: number }>('/projects', { path: 'moved-wiki' })).data;
    await inst.admin.post(`/projects/${project.id}/wikis`, { title: 'Page', content: 'one' });
    move(join(inst.core.repos.storagePath('default'), '@projects', `${project.id}.wiki.git`), join(second, '@projects', `${project.id}.wiki.git`));
    inst.core.db.prepare("UPDATE projects SET repository_storage = 'second' WHERE id = ?").run(project.id);
    expect((await inst.admin.get<{ content: string }>(`/projects/${project.id}/wikis/Page`)).data.content).toBe('one');
    await inst.admin.put(`/projects/${project.id}/wikis/Page`, { content: 'two' });
    expect(git(['--git-dir', join(second, '@projects', `${project.id}.wiki.git`), 'show', 'main:Page.md'])).toBe('two');

    const group = (await inst.admin.post<{ id: number }>('/groups', { name: 'Moved', path: 'moved-group' })).data;
    await inst.admin.post(`/groups/${group.id}/wikis`, { title: 'G', content: 'g1' });
    move(join(inst.core.repos.storagePath('default'), '@groups', `${group.id}.wiki.git`), join(second, '@groups', `${group.id}.wiki.git`));
    inst.core.db.prepare("UPDATE namespaces SET repository_storage = 'second' WHERE id = ?").run(group.id);
    await inst.admin.put(`/groups/${group.id}/wikis/G`, { content: 'g2' });
    expect(git(['--git-dir', join(second, '@groups', `${group.id}.wiki.git`), 'show', 'main:G.md'])).toBe('g2');
  });
});

describe.each(TRANSPORTS)('snippet file names that climb or start at the root (%s)', (kind) => {
  let inst: Instance;
  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  it('are refused with the platform\'s 400 (files[], file_name, and updates), backslashes included', async () => {
    for (const name of ['/abs', 'a\\..\\b', '..\\x', 'a/..\\..\\b']) {
      await expectApiError(inst.admin.post('/snippets', { title: 't', visibility: 'private', files: [{ file_path: name, content: 'x' }] }), 400, { error: 'files[0][file_path] should be a valid file path' });
      await expectApiError(inst.admin.post('/snippets', { title: 't', visibility: 'private', file_name: name, content: 'x' }), 400, { error: 'file_name should be a valid file path' });
      const made = await inst.admin.post<SnippetJson>('/snippets', { title: 't', visibility: 'private', file_name: 'ok.txt', content: 'x' });
      await expectApiError(inst.admin.put(`/snippets/${made.data.id}`, { file_name: name }), 400, { error: 'file_name should be a valid file path' });
      await expectApiError(inst.admin.put(`/snippets/${made.data.id}`, { files: [{ action: 'create', file_path: name, content: 'y' }] }), 400, { error: 'files[0][file_path] should be a valid file path' });
      expect((await inst.admin.get<SnippetJson>(`/snippets/${made.data.id}`)).data.file_name).toBe('ok.txt');
    }
  });
});

describe.each(TRANSPORTS)('a snippet change is all or nothing (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let f: RoleFixture;
  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    f = await createProjectWithRoles(inst);
  });
  afterAll(() => inst.close());

  const INTERNAL = { message: '500 Internal Server Error' };
  const snippetsDir = () => join(inst.core.repos.storagePath('default'), '@snippets');
  const rowsTitled = (title: string) => inst.core.db.prepare('SELECT id FROM snippets WHERE title = ?').all(title);
  const stagingDir = () => join(inst.core.repos.storagePath('default'), '@staging');
  /** What the snippets' and the staging directories hold: repositories and anything a failed write left there. */
  const entries = () => [
    ...(existsSync(snippetsDir()) && statSync(snippetsDir()).isDirectory() ? readdirSync(snippetsDir()).sort() : []),
    ...(existsSync(stagingDir()) ? readdirSync(stagingDir()).map((n) => `@staging/${n}`) : []),
  ];
  /** A real failure of the database, where the request's writes meet it (a trigger raising). */
  const refuse = (name: string, sql: string) => inst.core.db.exec(`CREATE TRIGGER ${name} ${sql} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
  const allow = (name: string) => inst.core.db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  const creates = [
    { what: 'personal', client: () => alice.client, path: () => '/snippets', list: () => alice.client.get<SnippetJson[]>('/snippets') },
    { what: 'project', client: () => f.reporter.client, path: () => `/projects/${f.project.id}/snippets`, list: () => f.reporter.client.get<SnippetJson[]>(`/projects/${f.project.id}/snippets`) },
  ];

  it.each(creates)('a $what snippet whose repository cannot be written is not created (500), and nothing is left', async ({ client, path, list }) => {
    const before = entries();
    const title = unique('unwritable');
    // A file where the snippets' directory must go: the repository cannot be made.
    const moved = `${snippetsDir()}.aside`;
    if (existsSync(snippetsDir())) renameSync(snippetsDir(), moved);
    writeFileSync(snippetsDir(), 'not a directory');
    try {
      await expectApiError(client().post(path(), { title, files: [{ file_path: 'a.txt', content: 'A' }] }), 500, INTERNAL);
      expect(rowsTitled(title)).toEqual([]);
    } finally {
      rmSync(snippetsDir(), { force: true });
      if (existsSync(moved)) renameSync(moved, snippetsDir());
    }
    expect((await list()).data.filter((s) => s.title === title)).toEqual([]);
    expect(entries()).toEqual(before);
  });

  it.each(creates)('a $what snippet whose row is refused after its repository was written leaves neither (500)', async ({ client, path, list }) => {
    const before = entries();
    const title = unique('refused');
    // The row's audit event is written last, after the repository is complete.
    refuse('refuse_snippet_event', "BEFORE INSERT ON audit_events WHEN NEW.event_name = 'snippet_created'");
    try {
      await expectApiError(client().post(path(), { title, files: [{ file_path: 'a.txt', content: 'A' }, { file_path: 'd/b.txt', content: 'B' }] }), 500, INTERNAL);
    } finally {
      allow('refuse_snippet_event');
    }
    expect(rowsTitled(title)).toEqual([]);
    expect((await list()).data.filter((s) => s.title === title)).toEqual([]);
    // No repository, under any name, is left behind; the next snippet is whole.
    expect(entries()).toEqual(before);
    const next = await createSnippet(client(), { 'n.txt': 'next' }, {}, path());
    expect(git(['--git-dir', snippetDir(inst, next.id), 'show', 'main:n.txt'])).toBe('next');
  });

  it('an update whose row change is refused leaves the files as they were (500)', async () => {
    const s = await createSnippet(alice.client, { 'u.txt': 'one' });
    const tip = git(['--git-dir', snippetDir(inst, s.id), 'rev-parse', 'main']).trim();
    refuse('refuse_snippet_update', 'BEFORE UPDATE ON snippets');
    try {
      await expectApiError(alice.client.put(`/snippets/${s.id}`, { title: 'changed', files: [{ action: 'update', file_path: 'u.txt', content: 'two' }] }), 500, INTERNAL);
    } finally {
      allow('refuse_snippet_update');
    }
    expect(git(['--git-dir', snippetDir(inst, s.id), 'rev-parse', 'main']).trim()).toBe(tip);
    expect(text((await alice.client.get(`/snippets/${s.id}/raw`)).raw)).toBe('one');
    expect((await alice.client.get<SnippetJson>(`/snippets/${s.id}`)).data.title).toBe(s.title);
    // A later update goes through as usual.
    await alice.client.put(`/snippets/${s.id}`, { files: [{ action: 'update', file_path: 'u.txt', content: 'three' }] });
    expect(text((await alice.client.get(`/snippets/${s.id}/raw`)).raw)).toBe('three');
  });
});
