import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser } from '../factories/users.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createRelease, releasePath, type LinkJson, type ReleaseJson } from '../factories/releases.js';

describe.each(TRANSPORTS)('release asset links (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let release: ReleaseJson;
  const links = () => releasePath(f.project.id, release.tag_name, '/assets/links');

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    release = await createRelease(inst, f.project.id, { tag_name: 'v1/links' });
  });
  afterAll(() => inst.close());

  it('creates links (201) with direct_asset_url, the filepath alias and link types', async () => {
    const res = await f.developer.client.post<LinkJson>(links(), {
      name: 'awesome-app.dmg',
      url: 'https://example.com/download/awesome-app.dmg',
      direct_asset_path: '/binaries/awesome-app.dmg',
      link_type: 'package',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.data)).toEqual(['id', 'name', 'url', 'direct_asset_url', 'link_type']);
    expect(res.data).toMatchObject({
      name: 'awesome-app.dmg',
      url: 'https://example.com/download/awesome-app.dmg',
      direct_asset_url: `${f.project.web_url}/-/releases/v1%2Flinks/downloads/binaries/awesome-app.dmg`,
      link_type: 'package',
    });
    const alias = await inst.admin.post<LinkJson>(links(), { name: 'runbook', url: 'ftp://example.com/runbook', filepath: '/docs/runbook' });
    expect(alias.data.direct_asset_url).toBe(`${f.project.web_url}/-/releases/v1%2Flinks/downloads/docs/runbook`);
    expect(alias.data.link_type).toBe('other');
    const plain = await inst.admin.post<LinkJson>(links(), { name: 'plain', url: 'http://example.com/plain' });
    expect(plain.data.direct_asset_url).toBe('http://example.com/plain');
  });

  it('lists newest first with pagination, and gets one link', async () => {
    const r = await createRelease(inst, f.project.id);
    const path = releasePath(f.project.id, r.tag_name, '/assets/links');
    const first = await inst.admin.post<LinkJson>(path, { name: 'one', url: 'https://example.com/1' });
    inst.clock.advance(1000);
    const second = await inst.admin.post<LinkJson>(path, { name: 'two', url: 'https://example.com/2' });
    const list = await inst.admin.get<LinkJson[]>(path);
    expect(list.data.map((l) => l.id)).toEqual([second.data.id, first.data.id]);
    expect(list.headers['x-total']).toBe('2');
    expect((await inst.admin.get<LinkJson[]>(path, { per_page: 1, page: 2 })).data.map((l) => l.id)).toEqual([first.data.id]);
    expect((await f.guest.client.get<LinkJson>(`${path}/${first.data.id}`)).data).toEqual(first.data);
    const shown = await inst.admin.get<ReleaseJson>(releasePath(f.project.id, r.tag_name));
    expect(shown.data.assets.links.map((l) => l.name)).toEqual(['two', 'one']);
    expect(shown.data.assets.count).toBe(6);
  });

  it('refuses duplicate names and URLs, invalid asset paths, bad URLs and link types', async () => {
    const r = await createRelease(inst, f.project.id);
    const path = releasePath(f.project.id, r.tag_name, '/assets/links');
    await inst.admin.post(path, { name: 'taken', url: 'https://example.com/taken', direct_asset_path: '/taken' });
    await expectApiError(inst.admin.post(path, { name: 'taken', url: 'https://example.com/other' }), 400, { message: ['Name has already been taken'] });
    await expectApiError(inst.admin.post(path, { name: 'other', url: 'https://example.com/taken' }), 400, { message: ['Url has already been taken'] });
    await expectApiError(inst.admin.post(path, { name: 'x', url: 'https://example.com/x', direct_asset_path: '/taken' }), 400, { message: ['Filepath has already been taken'] });
    await expectApiError(inst.admin.post(path, { name: 'x', url: 'https://example.com/x', direct_asset_path: 'relative/path' }), 400, { message: ['Filepath is invalid'] });
    await expectApiError(inst.admin.post(path, { name: 'x', url: 'https://example.com/x', direct_asset_path: `/${'a'.repeat(130)}` }), 400, {
      message: ['Filepath is too long (maximum is 128 characters)'],
    });
    await expectApiError(inst.admin.post(path, { name: 'x', url: 'file:///etc/passwd' }), 400, { message: ['Url is blocked: Only allowed schemes are http, https, ftp'] });
    await expectApiError(inst.admin.post(path, { name: 'x', url: 'https://example.com/x', link_type: 'binary' }), 400, { error: 'link_type does not have a valid value' });
    await expectApiError(inst.admin.post(path, { url: 'https://example.com/x' }), 400, { error: 'name is missing' });
  });

  it('updates a link (200); at least one of name and url', async () => {
    const r = await createRelease(inst, f.project.id);
    const path = releasePath(f.project.id, r.tag_name, '/assets/links');
    const link = (await inst.admin.post<LinkJson>(path, { name: 'old', url: 'https://example.com/old', link_type: 'image' })).data;
    const res = await f.developer.client.put<LinkJson>(`${path}/${link.id}`, { name: 'new', direct_asset_path: '/img/new.png' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: link.id, name: 'new', url: 'https://example.com/old', direct_asset_url: `${f.project.web_url}/-/releases/${r.tag_name}/downloads/img/new.png` });
    await expectApiError(inst.admin.put(`${path}/${link.id}`, { link_type: 'runbook' }), 400, { error: 'name, url are missing, at least one parameter must be provided' });
    await inst.admin.post(path, { name: 'other', url: 'https://example.com/other' });
    await expectApiError(inst.admin.put(`${path}/${link.id}`, { name: 'other' }), 400, { message: ['Name has already been taken'] });
    await expectApiError(inst.admin.put(`${path}/999999`, { name: 'x' }), 404, { message: '404 Not found' });
  });

  it('update refusals and edge cases: duplicate URL or path, invalid path, clearing the path, link_type', async () => {
    const r = await createRelease(inst, f.project.id);
    const path = releasePath(f.project.id, r.tag_name, '/assets/links');
    await inst.admin.post(path, { name: 'first', url: 'https://example.com/first', direct_asset_path: '/bin/first' });
    const link = (await inst.admin.post<LinkJson>(path, { name: 'second', url: 'https://example.com/second', direct_asset_path: '/bin/second', link_type: 'image' })).data;
    const put = (body: Record<string, unknown>) => inst.admin.put<LinkJson>(`${path}/${link.id}`, body);
    await expectApiError(put({ url: 'https://example.com/first' }), 400, { message: ['Url has already been taken'] });
    await expectApiError(put({ name: 'x', direct_asset_path: '/bin/first' }), 400, { message: ['Filepath has already been taken'] });
    await expectApiError(put({ name: 'x', direct_asset_path: '/bin/' }), 400, { message: ['Filepath is invalid'] });
    await expectApiError(put({ name: 'x', filepath: `/${'b'.repeat(128)}` }), 400, { message: ['Filepath is too long (maximum is 128 characters)'] });
    await expectApiError(put({ url: 'ssh://example.com/x' }), 400, { message: ['Url is blocked: Only allowed schemes are http, https, ftp'] });
    await expectApiError(put({ name: '' }), 400, { message: ["Name can't be blank"] });
    // Nothing changed by the refusals.
    expect((await inst.admin.get<LinkJson>(`${path}/${link.id}`)).data).toEqual(link);
    // link_type is declared with the default `other`, so a change that leaves it out resets it.
    const renamed = await put({ name: 'renamed' });
    expect(renamed.data).toMatchObject({ name: 'renamed', link_type: 'other', direct_asset_url: `${f.project.web_url}/-/releases/${r.tag_name}/downloads/bin/second` });
    const cleared = await put({ name: 'renamed', direct_asset_path: '', link_type: 'runbook' });
    expect(cleared.data).toMatchObject({ link_type: 'runbook', direct_asset_url: 'https://example.com/second' });
    await expectApiError(inst.admin.put(`${path}/abc`, { name: 'x' }), 400, { error: 'link_id is invalid' });
  });

  it('deletes a link with 200 and the deleted link', async () => {
    const r = await createRelease(inst, f.project.id);
    const path = releasePath(f.project.id, r.tag_name, '/assets/links');
    const link = (await inst.admin.post<LinkJson>(path, { name: 'gone', url: 'https://example.com/gone' })).data;
    await expectApiError(f.reporter.client.delete(`${path}/${link.id}`), 403, { message: '403 Forbidden' });
    const res = await f.developer.client.delete<LinkJson>(`${path}/${link.id}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual(link);
    await expectApiError(inst.admin.get(`${path}/${link.id}`), 404, { message: '404 Not found' });
  });

  it('answers 404 for an unknown release or link', async () => {
    await expectApiError(inst.admin.get(releasePath(f.project.id, 'no-such-tag', '/assets/links')), 404, { message: '404 Not found' });
    await expectApiError(inst.admin.post(releasePath(f.project.id, 'no-such-tag', '/assets/links'), { name: 'a', url: 'https://example.com/a' }), 404, {
      message: '404 Not found',
    });
    await expectApiError(inst.admin.get(`${links()}/999999`), 404, { message: '404 Not found' });
  });

  it('applies roles: reporters read only; outsiders 404 on private, 403 writing on public', async () => {
    await expectApiError(f.reporter.client.post(links(), { name: 'r', url: 'https://example.com/r' }), 403, { message: '403 Forbidden' });
    expect((await f.reporter.client.get(links())).status).toBe(200);
    await expectApiError(f.nonMember.client.get(links()), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().get(links()), 404, { message: '404 Project Not Found' });
    const pub = await createProject(inst, inst.admin, { visibility: 'public', initialize_with_readme: true });
    const r = await createRelease(inst, pub.id);
    const path = releasePath(pub.id, r.tag_name, '/assets/links');
    const outsider = await createUser(inst);
    expect((await inst.client().get(path)).status).toBe(200);
    await expectApiError(outsider.client.post(path, { name: 'o', url: 'https://example.com/o' }), 403, { message: '403 Forbidden' });
    await expectApiError(inst.client().post(path, { name: 'o', url: 'https://example.com/o' }), 401);
  });
});
