import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroupWithRoles, type GroupRoles } from '../factories/governance.js';
import { createGroup } from '../factories/groups.js';
import { addMember, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';

interface RuleJson {
  id: number;
  access_level: number | null;
  access_level_description: string | null;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type: number;
  required_approvals?: number;
}

interface EnvJson {
  name: string;
  deploy_access_levels: RuleJson[];
  approval_rules: RuleJson[];
  required_approval_count: number;
}

const DEPRECATED = "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662";

describe.each(TRANSPORTS)('group-level protected environments (%s)', (kind) => {
  let inst: Instance;
  let g: GroupRoles;
  let sub: { id: number; name: string };
  let outsider: TestUser;
  const base = () => `/groups/${g.group.id}/protected_environments`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    g = await createGroupWithRoles(inst);
    sub = await createGroup(inst, inst.admin, { parent_id: g.group.id, name: 'Release team' });
    outsider = await createUser(inst);
  });
  afterAll(() => inst.close());

  it('protects a tier (201) with roles, a maintainer user and a subgroup; lists sorted by name; gets one', async () => {
    const res = await g.owner.client.post<EnvJson>(base(), {
      name: 'staging',
      deploy_access_levels: [{ access_level: 40 }, { user_id: g.maintainer.user.id }, { group_id: sub.id, group_inheritance_type: 1 }],
      approval_rules: [{ access_level: 30, required_approvals: 2 }],
    });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      name: 'staging',
      deploy_access_levels: [
        { id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null, group_inheritance_type: 0 },
        { id: expect.any(Number), access_level: null, access_level_description: g.maintainer.user.name, user_id: g.maintainer.user.id, group_id: null, group_inheritance_type: 0 },
        { id: expect.any(Number), access_level: null, access_level_description: 'Release team', user_id: null, group_id: sub.id, group_inheritance_type: 1 },
      ],
      required_approval_count: 0,
      approval_rules: [
        { id: expect.any(Number), user_id: null, group_id: null, access_level: 30, access_level_description: 'Developers + Maintainers', required_approvals: 2, group_inheritance_type: 0 },
      ],
    });
    await g.owner.client.post(base(), { name: 'production', deploy_access_levels: [{ access_level: 60 }] });
    const list = await g.owner.client.get<EnvJson[]>(base());
    expect(list.data.map((e) => e.name)).toEqual(['production', 'staging']);
    expect(list.headers['x-total']).toBe('2');
    // The specification types access_level_description as a string for every level (the platform: null for 60).
    expect(list.data[0]?.deploy_access_levels[0]).toMatchObject({ access_level: 60, access_level_description: 'Admins' });
    const got = await inst.admin.get<EnvJson>(`${base()}/staging`);
    expect(got.data).toEqual(res.data);
    const page = await g.owner.client.get<EnvJson[]>(base(), { per_page: 1, page: 2 });
    expect(page.data.map((e) => e.name)).toEqual(['staging']);
  });

  it('drops unassignable users and groups; 422 when no deploy access level remains', async () => {
    const other = await createGroup(inst);
    const res = await g.owner.client.post<EnvJson>(base(), {
      name: 'testing',
      deploy_access_levels: [{ access_level: 30 }, { user_id: g.developer.user.id }, { user_id: outsider.user.id }, { group_id: other.id }],
    });
    expect(res.data.deploy_access_levels.map((d) => d.access_level)).toEqual([30]);
    await expectApiError(g.owner.client.post(base(), { name: 'development', deploy_access_levels: [{ user_id: outsider.user.id }] }), 422, {
      message: ['Deploy access levels is too short (minimum is 1 character)'],
    });
    await expectApiError(g.owner.client.get(`${base()}/development`), 404, { message: '404 Not found' });
  });

  it('refuses duplicates (409), non-tier names (422), deprecated counts (422) and bad input (400)', async () => {
    await expectApiError(g.owner.client.post(base(), { name: 'staging', deploy_access_levels: [{ access_level: 40 }] }), 409, { message: "Protected environment 'staging' already exists" });
    await expectApiError(g.owner.client.post(base(), { name: 'qa', deploy_access_levels: [{ access_level: 40 }] }), 422, { message: ['Name is not included in the list'] });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40 }], required_approval_count: 2 }), 422, { message: DEPRECATED });
    await expectApiError(g.owner.client.post(base(), { name: 'other' }), 400, { error: 'deploy_access_levels is missing' });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 50 }] }), 400, { error: 'deploy_access_levels[0][access_level] does not have a valid value' });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40, group_inheritance_type: 2 }] }), 400, {
      error: 'deploy_access_levels[0][group_inheritance_type] does not have a valid value',
    });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40 }], approval_rules: [{ required_approvals: 1 }] }), 400, {
      error: 'approval_rules[0][access_level], approval_rules[0][user_id], approval_rules[0][group_id] are missing, at least one parameter must be provided',
    });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: null }] }), 422);
  });

  it('updates: id changes an entry, id + _destroy removes one, no id adds one; answers the side that changed', async () => {
    const before = (await g.owner.client.get<EnvJson>(`${base()}/staging`)).data;
    const [roleLevel, userLevel, groupLevel] = before.deploy_access_levels as [RuleJson, RuleJson, RuleJson];
    const res = await g.owner.client.put<Record<string, unknown>>(`${base()}/staging`, {
      deploy_access_levels: [{ id: roleLevel.id, access_level: 30 }, { id: userLevel.id, _destroy: true }, { user_id: g.owner.user.id }, { id: groupLevel.id, group_id: 999999 }],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(['deploy_access_levels', 'name', 'required_approval_count']);
    const levels = res.data.deploy_access_levels as RuleJson[];
    expect(levels.map((l) => [l.id, l.access_level, l.user_id, l.group_id])).toEqual([
      [roleLevel.id, 30, null, null],
      [groupLevel.id, null, null, sub.id],
      [expect.any(Number), null, g.owner.user.id, null],
    ]);
    const rule = before.approval_rules[0] as RuleJson;
    const rules = await g.owner.client.put<Record<string, unknown>>(`${base()}/staging`, { approval_rules: [{ id: rule.id, access_level: 30, required_approvals: 3 }, { user_id: g.maintainer.user.id }] });
    expect(Object.keys(rules.data).sort()).toEqual(['approval_rules', 'name']);
    expect((rules.data.approval_rules as RuleJson[]).map((r) => [r.access_level, r.user_id, r.required_approvals])).toEqual([
      [30, null, 3],
      [null, g.maintainer.user.id, 1],
    ]);
    const both = await g.owner.client.put<EnvJson>(`${base()}/staging`, { deploy_access_levels: [], approval_rules: [] });
    expect(Object.keys(both.data).sort()).toEqual(['approval_rules', 'deploy_access_levels', 'name', 'required_approval_count']);
    const ids = (await g.owner.client.get<EnvJson>(`${base()}/staging`)).data.deploy_access_levels.map((l) => ({ id: l.id, _destroy: true }));
    await expectApiError(g.owner.client.put(`${base()}/staging`, { deploy_access_levels: ids }), 422, { message: ['Deploy access levels is too short (minimum is 1 character)'] });
    expect((await g.owner.client.get<EnvJson>(`${base()}/staging`)).data.deploy_access_levels).toHaveLength(3);
    await expectApiError(g.owner.client.put(`${base()}/nope`, {}), 404, { message: '404 Not found' });
  });

  it('update accepts required_approval_count (the specification lists it), keeps it when omitted, refuses values outside 0..5', async () => {
    const res = await g.maintainer.client.put<EnvJson>(`${base()}/staging`, { required_approval_count: 2 });
    expect(res.status).toBe(200);
    expect(res.data.required_approval_count).toBe(2);
    expect((await g.owner.client.get<EnvJson>(`${base()}/staging`)).data.required_approval_count).toBe(2);
    await g.owner.client.put(`${base()}/staging`, { approval_rules: [{ access_level: 40 }] });
    expect((await g.owner.client.get<EnvJson>(`${base()}/staging`)).data.required_approval_count).toBe(2);
    await expectApiError(g.owner.client.put(`${base()}/staging`, { required_approval_count: 6 }), 422, { message: ['Required approval count must be less than or equal to 5'] });
    await expectApiError(g.owner.client.put(`${base()}/staging`, { required_approval_count: -1 }), 422, { message: ['Required approval count must be greater than or equal to 0'] });
    expect((await g.owner.client.put<EnvJson>(`${base()}/staging`, { required_approval_count: 0 })).data.required_approval_count).toBe(0);
  });

  it('retargets an entry changed by id with a new user_id or group_id; refuses a hash naming more than one target', async () => {
    const env = (await g.owner.client.post<EnvJson>(base(), { name: 'development', deploy_access_levels: [{ user_id: g.maintainer.user.id }, { access_level: 40 }] })).data;
    const [userLevel, roleLevel] = env.deploy_access_levels as [RuleJson, RuleJson];
    const res = await g.owner.client.put<EnvJson>(`${base()}/development`, { deploy_access_levels: [{ id: userLevel.id, user_id: g.owner.user.id }, { id: roleLevel.id, group_id: sub.id }] });
    expect(res.data.deploy_access_levels.map((l) => [l.id, l.access_level, l.user_id, l.group_id, l.access_level_description])).toEqual([
      [userLevel.id, null, g.owner.user.id, null, g.owner.user.name],
      [roleLevel.id, null, null, sub.id, 'Release team'],
    ]);
    const back = await g.owner.client.put<EnvJson>(`${base()}/development`, { deploy_access_levels: [{ id: userLevel.id, access_level: 30 }] });
    expect(back.data.deploy_access_levels[0]).toMatchObject({ id: userLevel.id, access_level: 30, user_id: null, group_id: null, access_level_description: 'Developers + Maintainers' });
    await expectApiError(g.owner.client.put(`${base()}/development`, { deploy_access_levels: [{ id: userLevel.id, user_id: g.owner.user.id, group_id: sub.id }] }), 400, {
      error: 'deploy_access_levels[0][user_id], deploy_access_levels[0][group_id] are mutually exclusive',
    });
    await expectApiError(g.owner.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40, user_id: g.owner.user.id }] }), 400, {
      error: 'deploy_access_levels[0][user_id], deploy_access_levels[0][access_level] are mutually exclusive',
    });
    await expectApiError(g.owner.client.put(`${base()}/development`, { approval_rules: [{ group_id: sub.id, access_level: 30 }] }), 400, {
      error: 'approval_rules[0][group_id], approval_rules[0][access_level] are mutually exclusive',
    });
    // Nothing changed by the refused requests.
    expect((await g.owner.client.get<EnvJson>(`${base()}/development`)).data.deploy_access_levels.map((l) => [l.access_level, l.user_id, l.group_id])).toEqual([
      [30, null, null],
      [null, null, sub.id],
    ]);
    await g.owner.client.delete(`${base()}/development`);
  });

  it('unprotects with 200 and the environment; then 404', async () => {
    const res = await g.owner.client.delete<EnvJson>(`${base()}/testing`);
    expect(res.status).toBe(200);
    expect(res.data.name).toBe('testing');
    await expectApiError(g.owner.client.delete(`${base()}/testing`), 404, { message: '404 Not found' });
  });

  it('belongs to the group’s Maintainers ("a group maintained by the caller"): Developer 403, non-member 404 (private), anonymous 401, admin allowed', async () => {
    expect((await g.maintainer.client.get(base())).status).toBe(200);
    expect((await g.maintainer.client.get(`${base()}/staging`)).status).toBe(200);
    expect((await g.maintainer.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40 }] })).status).toBe(201);
    expect((await g.maintainer.client.put(`${base()}/other`, { deploy_access_levels: [{ access_level: 30 }] })).status).toBe(200);
    expect((await g.maintainer.client.delete(`${base()}/other`)).status).toBe(200);
    for (const who of [g.developer]) {
      await expectApiError(who.client.get(base()), 403, { message: '403 Forbidden' });
      await expectApiError(who.client.post(base(), { name: 'other', deploy_access_levels: [{ access_level: 40 }] }), 403);
      await expectApiError(who.client.put(`${base()}/staging`, {}), 403);
      await expectApiError(who.client.delete(`${base()}/staging`), 403);
    }
    await expectApiError(g.nonMember.client.get(base()), 404, { message: '404 Group Not Found' });
    await expectApiError(inst.client().get(base()), 401, { message: '401 Unauthorized' });
    expect((await inst.admin.get(base())).status).toBe(200);
    const pub = await createGroupWithRoles(inst, { visibility: 'public' });
    await expectApiError(pub.nonMember.client.get(`/groups/${pub.group.id}/protected_environments`), 403);
  });
});

describe.each(TRANSPORTS)('project-level protected environments (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  const base = () => `/projects/${f.project.id}/protected_environments`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
  });
  afterAll(() => inst.close());

  it('lets a Maintainer protect any environment name, with developers of the project assignable', async () => {
    const res = await f.maintainer.client.post<EnvJson>(base(), { name: 'review/feature-x', deploy_access_levels: [{ user_id: f.developer.user.id }, { user_id: f.reporter.user.id }, { group_id: f.group.id }] });
    expect(res.status).toBe(201);
    expect(res.data.deploy_access_levels.map((l) => [l.user_id, l.group_id])).toEqual([
      [f.developer.user.id, null],
      [null, f.group.id],
    ]);
    await expectApiError(f.maintainer.client.post(base(), { name: 'review/feature-x', deploy_access_levels: [{ access_level: 40 }] }), 409, { message: "Environment 'review/feature-x' is already protected" });
    for (const who of [f.developer, f.reporter, f.guest]) await expectApiError(who.client.get(base()), 403, { message: '403 Forbidden' });
    await expectApiError(f.developer.client.post(base(), { name: 'x', deploy_access_levels: [{ access_level: 40 }] }), 403);
    await expectApiError(f.nonMember.client.get(base()), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.client().get(base()), 401);
    expect((await f.owner.client.get(base())).status).toBe(200);
    expect((await inst.admin.get(base())).status).toBe(200);
    const name = encodeURIComponent('review/feature-x');
    expect((await f.maintainer.client.get<EnvJson>(`${base()}/${name}`)).data.name).toBe('review/feature-x');
    const upd = await f.maintainer.client.put<EnvJson>(`${base()}/${name}`, { approval_rules: [{ access_level: 40 }] });
    expect(upd.data.approval_rules).toHaveLength(1);
    expect((await f.maintainer.client.delete(`${base()}/${name}`)).status).toBe(200);
    expect((await f.maintainer.client.get<EnvJson[]>(base())).data).toEqual([]);
  });

  it('totals follow protecting and unprotecting, each project its own', async () => {
    const total = async (path = base()) => (await inst.admin.get<EnvJson[]>(path, { per_page: 2 })).headers['x-total'];
    for (const env of ['canary', 'review/a', 'review/b']) await f.maintainer.client.post(base(), { name: env, deploy_access_levels: [{ access_level: 40 }] });
    expect(await total()).toBe('3');
    await f.maintainer.client.delete(`${base()}/canary`);
    expect(await total()).toBe('2');
    const other = await createProjectWithRoles(inst);
    const otherBase = `/projects/${other.project.id}/protected_environments`;
    await inst.admin.post(otherBase, { name: 'prod', deploy_access_levels: [{ access_level: 40 }] });
    expect(await total(otherBase)).toBe('1');
    expect(await total()).toBe('2');
  });
});

describe.each(TRANSPORTS)('protected environments tier gating (%s)', (kind) => {
  it('answers 404 on the free tier', async () => {
    const inst = await startInstance(kind, { tier: 'free' });
    try {
      const group = await createGroup(inst);
      await expectApiError(inst.admin.get(`/groups/${group.id}/protected_environments`), 404, { error: '404 Not Found' });
      await addMember(inst, 'groups', group.id, (await createUser(inst)).user.id, 50);
    } finally {
      await inst.close();
    }
  });
});
