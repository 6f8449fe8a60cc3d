import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser } from '../factories/users.js';
import type { Tier } from '../../src/core/http/route.js';

const FIELDS = [
  'project_id',
  'created_at',
  'updated_at',
  'auto_fix_container_scanning',
  'auto_fix_dast',
  'auto_fix_dependency_scanning',
  'auto_fix_sast',
  'continuous_vulnerability_scans_enabled',
  'container_scanning_for_registry_enabled',
  'secret_push_protection_enabled',
];

describe.each(TRANSPORTS)('project security settings (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let path: string;
  const setTier = (tier: Tier) => {
    (inst.core.settings as { tier: Tier }).tier = tier;
  };

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
    path = `/projects/${f.project.id}/security_settings`;
  });
  afterAll(() => inst.close());

  it('creates the settings with their defaults on the first read: the raw record, every field', async () => {
    const res = await f.developer.client.get<Record<string, unknown>>(path);
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toEqual(FIELDS);
    expect(res.data).toEqual({
      project_id: f.project.id,
      created_at: '2026-01-15T10:00:00.000Z',
      updated_at: '2026-01-15T10:00:00.000Z',
      auto_fix_container_scanning: true,
      auto_fix_dast: true,
      auto_fix_dependency_scanning: true,
      auto_fix_sast: true,
      continuous_vulnerability_scans_enabled: false,
      container_scanning_for_registry_enabled: false,
      secret_push_protection_enabled: false,
    });
  });

  it('PUT turns secret push protection on and off (200), also through the older parameter name', async () => {
    inst.clock.advance(1_000);
    const on = await f.maintainer.client.put<Record<string, unknown>>(path, { secret_push_protection_enabled: true });
    expect(on.status).toBe(200);
    expect(on.data).toMatchObject({ project_id: f.project.id, secret_push_protection_enabled: true, auto_fix_sast: true });
    expect(on.data.updated_at).not.toBe(on.data.created_at);
    const off = await f.owner.client.put<Record<string, unknown>>(path, { pre_receive_secret_detection_enabled: false });
    expect(off.data.secret_push_protection_enabled).toBe(false);
    expect((await f.developer.client.get<Record<string, unknown>>(path)).data.secret_push_protection_enabled).toBe(false);
  });

  it('PUT needs at least one parameter and a boolean', async () => {
    await expectApiError(f.maintainer.client.put(path, {}), 400, {
      error: 'secret_push_protection_enabled, pre_receive_secret_detection_enabled are missing, at least one parameter must be provided',
    });
    await expectApiError(f.maintainer.client.put(path, { secret_push_protection_enabled: 'maybe' }), 400, { error: 'secret_push_protection_enabled is invalid' });
  });

  it('a signed-in role too low answers 403 (reads need Developer, changes Maintainer); non-member 404; anonymous 401', async () => {
    for (const who of [f.reporter, f.guest]) await expectApiError(who.client.get(path), 403, { message: '403 Forbidden' });
    for (const who of [f.developer, f.reporter, f.guest]) await expectApiError(who.client.put(path, { secret_push_protection_enabled: true }), 403, { message: '403 Forbidden' });
    await expectApiError(f.nonMember.client.get(path), 404, { message: '404 Project Not Found' });
    await expectApiError(f.nonMember.client.put(path, { secret_push_protection_enabled: true }), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().get(path), 401, { message: '401 Unauthorized' });
    await expectApiError(inst.client().put(path, { secret_push_protection_enabled: true }), 401, { message: '401 Unauthorized' });
    const publicProject = await createProject(inst, inst.admin, { visibility: 'public' });
    const outsider = await createUser(inst);
    await expectApiError(outsider.client.get(`/projects/${publicProject.id}/security_settings`), 403, { message: '403 Forbidden' });
    expect((await inst.admin.get(`/projects/${publicProject.id}/security_settings`)).status).toBe(200);
  });

  it('an archived project refuses changes (403) and still reads', async () => {
    const project = await createProject(inst);
    const p = `/projects/${project.id}/security_settings`;
    await inst.admin.post(`/projects/${project.id}/archive`);
    expect((await inst.admin.get(p)).status).toBe(200);
    await expectApiError(inst.admin.put(p, { secret_push_protection_enabled: true }), 403, { message: '403 Forbidden' });
  });

  it('below Ultimate the feature is unlicensed: 403 for everyone who can see the project', async () => {
    try {
      for (const tier of ['premium', 'free'] as const) {
        setTier(tier);
        await expectApiError(f.maintainer.client.get(path), 403, { message: '403 Forbidden' });
        await expectApiError(inst.admin.put(path, { secret_push_protection_enabled: true }), 403, { message: '403 Forbidden' });
        await expectApiError(f.nonMember.client.get(path), 404, { message: '404 Project Not Found' });
      }
    } finally {
      setTier('ultimate');
    }
  });
});
