import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser } from '../factories/users.js';

interface KeyJson {
  id: number;
  active: boolean;
  public_key: string;
  tracker_dsn: string;
}

describe.each(TRANSPORTS)('error tracking (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let settings: string;
  let keys: string;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
    settings = `/projects/${f.project.id}/error_tracking/settings`;
    keys = `/projects/${f.project.id}/error_tracking/client_keys`;
  });
  afterAll(() => inst.close());

  it('settings are 404 until configured; PATCH cannot create them', async () => {
    await expectApiError(f.maintainer.client.get(settings), 404, { message: '404 Error Tracking Setting Not Found' });
    await expectApiError(f.maintainer.client.patch(settings, { active: true }), 404, { message: '404 Error Tracking Setting Not Found' });
  });

  it('PUT creates the settings (200); PATCH toggles them; GET shows them', async () => {
    const put = await f.maintainer.client.put<Record<string, unknown>>(settings, { active: true, integrated: true });
    expect(put.status).toBe(200);
    expect(put.data).toEqual({ active: true, project_name: null, tracker_external_url: null, api_url: null, integrated: true });
    expect(Object.keys(put.data)).toEqual(['active', 'project_name', 'tracker_external_url', 'api_url', 'integrated']);
    const off = await f.owner.client.patch<Record<string, unknown>>(settings, { active: false });
    expect(off.data).toMatchObject({ active: false, integrated: true });
    const notIntegrated = await f.maintainer.client.patch<Record<string, unknown>>(settings, { active: true, integrated: false });
    expect(notIntegrated.data).toMatchObject({ active: true, integrated: false });
    expect((await f.maintainer.client.get(settings)).data).toEqual(notIntegrated.data);
    await f.maintainer.client.put(settings, { active: true, integrated: true });
  });

  it('PUT needs active and integrated; PATCH needs active', async () => {
    await expectApiError(f.maintainer.client.put(settings, { active: true }), 400, { error: 'integrated is missing' });
    await expectApiError(f.maintainer.client.put(settings, {}), 400, { error: 'active is missing, integrated is missing' });
    await expectApiError(f.maintainer.client.patch(settings, { integrated: true }), 400, { error: 'active is missing' });
    await expectApiError(f.maintainer.client.patch(settings, { active: 'yes please' }), 400, { error: 'active is invalid' });
  });

  it('creates keys (201) with a glet_ public key and a DSN built from the instance URL and project id', async () => {
    const res = await f.maintainer.client.post<KeyJson>(keys);
    expect(res.status).toBe(201);
    expect(Object.keys(res.data)).toEqual(['id', 'active', 'public_key', 'tracker_dsn']);
    expect(res.data.active).toBe(true);
    expect(res.data.public_key).toMatch(/^glet_[0-9a-f]{32}$/);
    // Built from the address the request reached (the init-time URL in-process, the served one over HTTP).
    const web = new URL(inst.webBase);
    expect(res.data.tracker_dsn).toBe(`${web.protocol}//${res.data.public_key}@${web.host}/api/v4/error_tracking/collector/${f.project.id}`);
    const second = (await f.maintainer.client.post<KeyJson>(keys)).data;
    expect(second.public_key).not.toBe(res.data.public_key);
    expect((await f.maintainer.client.get<KeyJson[]>(keys)).data.map((k) => k.id)).toEqual([res.data.id, second.id]);
  });

  it('the DSN keeps a non-default port and a path prefix of the external URL, and drops a default port', async () => {
    // As `serve --external-url` does: the configured URL wins over the address requests reach.
    const core = inst.core as { externalUrlExplicit?: boolean };
    const original = inst.core.settings.externalUrl;
    const wasExplicit = core.externalUrlExplicit;
    const set = (url: string) => {
      (inst.core.settings as { externalUrl: string }).externalUrl = url;
    };
    core.externalUrlExplicit = true;
    try {
      set('https://git.example.com:8443/gitlab');
      const a = (await f.maintainer.client.post<KeyJson>(keys)).data;
      expect(a.tracker_dsn).toBe(`https://${a.public_key}@git.example.com:8443/gitlab/api/v4/error_tracking/collector/${f.project.id}`);
      set('https://git.example.com:443');
      const b = (await f.maintainer.client.post<KeyJson>(keys)).data;
      expect(b.tracker_dsn).toBe(`https://${b.public_key}@git.example.com/api/v4/error_tracking/collector/${f.project.id}`);
    } finally {
      set(original);
      core.externalUrlExplicit = wasExplicit;
    }
  });

  it('lists keys with pagination headers', async () => {
    const res = await f.maintainer.client.get<KeyJson[]>(keys, { per_page: 1 });
    expect(res.data).toHaveLength(1);
    expect(Number(res.headers['x-total'])).toBeGreaterThanOrEqual(2);
    expect(res.headers['x-next-page']).toBe('2');
  });

  it('deletes a key answering 200 with the deleted key; unknown ids 404', async () => {
    const key = (await f.maintainer.client.post<KeyJson>(keys)).data;
    const res = await f.maintainer.client.delete<KeyJson>(`${keys}/${key.id}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual(key);
    expect((await f.maintainer.client.get<KeyJson[]>(keys, { per_page: 100 })).data.map((k) => k.id)).not.toContain(key.id);
    await expectApiError(f.maintainer.client.delete(`${keys}/${key.id}`), 404, { message: '404 Not found' });
    const other = await createProject(inst);
    const foreign = (await inst.admin.post<KeyJson>(`/projects/${other.id}/error_tracking/client_keys`)).data;
    await expectApiError(f.maintainer.client.delete(`${keys}/${foreign.id}`), 404, { message: '404 Not found' });
  });

  it('Maintainer and up only: Developer, Reporter, Guest 403; non-member 404; anonymous 401; administrators allowed', async () => {
    // Thunks: each request is sent when its answer is awaited.
    const calls = (c: typeof f.developer.client) => [
      () => c.get(settings),
      () => c.put(settings, { active: true, integrated: true }),
      () => c.patch(settings, { active: true }),
      () => c.get(keys),
      () => c.post(keys),
      () => c.delete(`${keys}/1`),
    ];
    for (const who of [f.developer, f.reporter, f.guest]) for (const call of calls(who.client)) await expectApiError(call(), 403, { message: '403 Forbidden' });
    for (const call of calls(f.nonMember.client)) await expectApiError(call(), 404, { message: '404 Project Not Found' });
    for (const call of calls(inst.client())) await expectApiError(call(), 401, { message: '401 Unauthorized' });
    const open = await createProject(inst, inst.admin, { visibility: 'public' });
    const outsider = await createUser(inst);
    await expectApiError(outsider.client.get(`/projects/${open.id}/error_tracking/client_keys`), 403, { message: '403 Forbidden' });
    expect((await inst.admin.post(`/projects/${open.id}/error_tracking/client_keys`)).status).toBe(201);
    expect((await f.owner.client.get(settings)).status).toBe(200);
  });
});
