import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_NOW, startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { commitFiles, createRepoProject, createTag, git, withClone, type CommitJson, type TagJson } from '../factories/repository.js';
import { expandPath } from '../../src/shared/path.js';

describe.each(TRANSPORTS)('tags (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  let first: CommitJson;
  let second: CommitJson;
  const tags = (id = pid) => `/projects/${id}/repository/tags`;
  const tagPath = (name: string, id = pid) => expandPath('/projects/:id/repository/tags/:tag', { id, tag: name });

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    inst.clock.set('2026-01-10T00:00:00Z');
    first = await commitFiles(inst.admin, pid, 'main', { 'a.txt': 'a' });
    inst.clock.set('2026-01-12T00:00:00Z');
    second = await commitFiles(inst.admin, pid, 'main', { 'b.txt': 'b' });
    inst.clock.set(FAKE_NOW);
  });
  afterAll(() => inst.close());

  it('creates a lightweight tag', async () => {
    const res = await inst.admin.post<TagJson>(tags(), { tag_name: 'v1.0.0', ref: first.id });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      name: 'v1.0.0',
      message: null,
      target: first.id,
      commit: expect.objectContaining({ id: first.id, title: first.title }),
      release: null,
      protected: false,
      created_at: null,
    });
  });

  it('creates an annotated tag when a message is given', async () => {
    inst.clock.set('2026-01-20T08:00:00Z');
    try {
      const res = await f.developer.client.post<TagJson>(tags(), { tag_name: 'release/2.0', ref: 'main', message: '  Release 2.0\n\nNotes.  ' });
      expect(res.status).toBe(201);
      expect(res.data.message).toBe('Release 2.0\n\nNotes.');
      expect(res.data.target).not.toBe(second.id);
      expect(res.data.commit.id).toBe(second.id);
      expect(res.data.created_at).toBe('2026-01-20T08:00:00.000+00:00');
    } finally {
      inst.clock.set(FAKE_NOW);
    }
    withClone(inst, pid, (dir) => {
      expect(git(['cat-file', '-t', 'release/2.0'], dir).trim()).toBe('tag');
      expect(git(['for-each-ref', '--format=%(taggername) %(taggeremail)', 'refs/tags/release/2.0'], dir).trim()).toBe(`${f.developer.user.name} <${f.developer.user.email}>`);
    });
  });

  it('refuses duplicate tags, invalid names and bad targets, all with 400', async () => {
    // The platform sends every tag-create failure as 400 (spec/requests/api/tags_spec.rb).
    await expectApiError(inst.admin.post(tags(), { tag_name: 'v1.0.0', ref: 'main' }), 400, { message: 'Tag v1.0.0 already exists' });
    for (const bad of ['../x', 'refs/tags/x', '-rf', 'a b', 'a..b', 'x@{1}', 'v1.lock', 'HEAD', 'a~1', 'x:y'])
      await expectApiError(inst.admin.post(tags(), { tag_name: bad, ref: 'main' }), 400, { message: 'Tag name invalid' });
    await expectApiError(inst.admin.post(tags(), { tag_name: 'v9', ref: 'nope' }), 400, { message: 'Target nope is invalid' });
    await expectApiError(inst.admin.post(tags(), { tag_name: 'v9', ref: 'main', message: 'one\u0000two' }), 400, { message: 'Tag message must not contain NUL bytes' });
    await expectApiError(inst.admin.get(expandPath('/projects/:id/repository/tags/:tag', { id: pid, tag: 'v9' })), 404);
    await expectApiError(inst.admin.post(tags(), { tag_name: 'v9', ref: '--all' }), 400, { message: 'Target --all is invalid' });
    await expectApiError(inst.admin.post(tags(), { ref: 'main' }), 400, { error: 'tag_name is missing' });
    await expectApiError(inst.admin.post(tags(), { tag_name: 'v9' }), 400, { error: 'ref is missing' });
    await expectApiError(f.reporter.client.post(tags(), { tag_name: 'v9', ref: 'main' }), 403, { message: '403 Forbidden' });
    await expectApiError(inst.client().post(tags(), { tag_name: 'v9', ref: 'main' }), 401);
  });

  it('gets a tag by URL-encoded name', async () => {
    const res = await inst.admin.get<TagJson>(tagPath('release/2.0'));
    expect(res.data.name).toBe('release/2.0');
    await expectApiError(inst.admin.get(tagPath('missing')), 404, { message: '404 Tag Not Found' });
    await expectApiError(inst.admin.get(tagPath('../../HEAD')), 404, { message: '404 Tag Not Found' });
    await expectApiError(f.guest.client.get(tagPath('v1.0.0')), 403);
    expect((await f.reporter.client.get<TagJson>(tagPath('v1.0.0'))).data.target).toBe(first.id);
  });

  it('lists tags by update time (newest first), name or version, with search', async () => {
    await createTag(inst.admin, pid, 'v1.10.0', second.id);
    await createTag(inst.admin, pid, 'v1.9.0', first.id);
    const list = async (query: Record<string, unknown>) => (await inst.admin.get<TagJson[]>(tags(), query)).data.map((t) => t.name);
    expect(await list({})).toEqual(['release/2.0', 'v1.10.0', 'v1.9.0', 'v1.0.0']);
    expect(await list({ sort: 'asc' })).toEqual(['v1.0.0', 'v1.9.0', 'v1.10.0', 'release/2.0']);
    expect(await list({ order_by: 'name', sort: 'asc' })).toEqual(['release/2.0', 'v1.0.0', 'v1.10.0', 'v1.9.0']);
    expect(await list({ order_by: 'version', sort: 'desc' })).toEqual(['v1.10.0', 'v1.9.0', 'v1.0.0', 'release/2.0']);
    expect(await list({ search: '^v1', order_by: 'name', sort: 'asc' })).toEqual(['v1.0.0', 'v1.10.0', 'v1.9.0']);
    expect(await list({ search: '.0$', order_by: 'name', sort: 'asc' })).toEqual(['release/2.0', 'v1.0.0', 'v1.10.0', 'v1.9.0']);
    expect(await list({ search: '10', order_by: 'name' })).toEqual(['v1.10.0']);
    const paged = await inst.admin.get<TagJson[]>(tags(), { per_page: 3 });
    expect(paged.headers['x-total']).toBe('4');
    expect(paged.headers['x-next-page']).toBe('2');
    await expectApiError(inst.admin.get(tags(), { order_by: 'size' }), 400, { error: 'order_by does not have a valid value' });
    // Keyset pages (spec/requests/api/tags_spec.rb): Link while pages are full, 422 for an unknown token.
    const k1 = await inst.admin.get<TagJson[]>(tags(), { pagination: 'keyset', per_page: 3, order_by: 'name', sort: 'asc' });
    expect(k1.data.map((t) => t.name)).toEqual(['release/2.0', 'v1.0.0', 'v1.10.0']);
    expect(k1.headers.link).toContain('page_token=v1.10.0');
    const k2 = await inst.admin.get<TagJson[]>(tags(), { pagination: 'keyset', per_page: 3, order_by: 'name', sort: 'asc', page_token: 'v1.10.0' });
    expect(k2.data.map((t) => t.name)).toEqual(['v1.9.0']);
    expect(k2.headers.link).toBeUndefined();
    expect((await inst.admin.get(tags(), { pagination: 'keyset', per_page: 100 })).headers.link).toBeUndefined();
    await expectApiError(inst.admin.get(tags(), { pagination: 'keyset', page_token: 'unknown' }), 422, { message: 'Invalid page token: refs/tags/unknown' });
  });

  it('shows the release made from a tag', async () => {
    await inst.admin.post(`/projects/${pid}/releases`, { tag_name: 'v1.0.0', name: 'One', description: 'First release' });
    const res = await inst.admin.get<TagJson>(tagPath('v1.0.0'));
    expect(res.data.release).toEqual({ tag_name: 'v1.0.0', description: 'First release' });
  });

  it('deletes tags (204) with their release', async () => {
    await createTag(inst.admin, pid, 'doomed', 'main');
    await expectApiError(f.reporter.client.delete(tagPath('doomed')), 403);
    expect((await f.developer.client.delete(tagPath('doomed'))).status).toBe(204);
    await expectApiError(inst.admin.get(tagPath('doomed')), 404);
    await expectApiError(inst.admin.delete(tagPath('doomed')), 404, { message: '404 Tag Not Found' });
    expect((await inst.admin.delete(tagPath('v1.0.0'))).status).toBe(204);
    await expectApiError(inst.admin.get(`/projects/${pid}/releases/v1.0.0`), 404);
  });

  it('answers public repositories anonymously', async () => {
    const pub = await createRepoProject(inst, inst.admin, { visibility: 'public' });
    await createTag(inst.admin, pub.id, 'pub-1', 'main');
    const anon = inst.client();
    expect((await anon.get<TagJson[]>(tags(pub.id))).data.map((t) => t.name)).toEqual(['pub-1']);
    expect((await anon.get<TagJson>(tagPath('pub-1', pub.id))).data.name).toBe('pub-1');
    await expectApiError(anon.get(tags()), 404, { message: '404 Project Not Found' });
  });

  it('refuses tag writes while the repository is read-only', async () => {
    const p = await createRepoProject(inst);
    await createTag(inst.admin, p.id, 'kept', 'main');
    inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(p.id);
    const readOnly = { message: 'The repository is temporarily read-only. Please try again later.' };
    try {
      await expectApiError(inst.admin.post(tags(p.id), { tag_name: 'new', ref: 'main' }), 400, readOnly);
      await expectApiError(inst.admin.delete(tagPath('kept', p.id)), 400, readOnly);
      expect((await inst.admin.get<TagJson[]>(tags(p.id))).data.map((t) => t.name)).toEqual(['kept']);
    } finally {
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(p.id);
    }
  });
});
