// Governance routes driven by real clients against `hostctl serve`: python-gitlab 3.12 (SAML
// group links, project protected environments and user identities have object APIs there;
// group protected environments, SAML/SCIM identities and enterprise users do not, so those go
// through its generic http_* helpers), the Ruby gem 4.17 (no API for any of these: its generic
// get/post/put/delete), and @gitbeaker/rest (GroupProtectedEnvironments,
// ProjectProtectedEnvironments, GroupSAMLLinks, GroupSAMLIdentities, GroupSCIMIdentities,
// GroupMemberRoles; its requester for what it lacks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';
import { createGroupWithRoles, enableSaml, scim, scimUserBody, setOffering, type GroupRoles } from '../factories/governance.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';

let inst: ServedInstance;
let g: GroupRoles;
let p: RoleFixture;
let plain: TestUser;
let enterpriseIds: number[];

beforeAll(async () => {
  inst = await startServed();
  g = await createGroupWithRoles(inst);
  p = await createProjectWithRoles(inst);
  plain = await createUser(inst);
  const token = await enableSaml(inst, g.group.id);
  for (const uid of ['py-1', 'rb-1', 'gb-1']) await scim(inst, 'POST', `/groups/${g.group.path}/Users`, token, scimUserBody({ externalId: uid }));
  const { data } = await inst.admin.get<{ id: number }[]>(`/groups/${g.group.id}/enterprise_users`);
  enterpriseIds = data.map((u) => u.id);
  await inst.admin.put(`/hostctl/users/${String(enterpriseIds[0])}/two_factor`, { enabled: true });
  await inst.admin.put(`/hostctl/users/${String(enterpriseIds[1])}/two_factor`, { enabled: true });
  setOffering(inst, 'hosted');
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab', () => {
  it.runIf(hasPythonGitlab())('drives SAML group links, protected environments, identities and enterprise users', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      g.owner.token,
      `
group = gl.groups.get(${g.group.id})
link = group.saml_group_links.create({"saml_group_name": "py-devs", "access_level": 30})
names = [l.name for l in group.saml_group_links.list()]
got = group.saml_group_links.get("py-devs")
got.delete()
# No group protected environment manager in 3.12: its generic helpers.
env = gl.http_post("/groups/${g.group.id}/protected_environments", post_data={"name": "production", "deploy_access_levels": [{"access_level": 40}], "approval_rules": [{"access_level": 30, "required_approvals": 2}]})
envs = gl.http_list("/groups/${g.group.id}/protected_environments")
upd = gl.http_put("/groups/${g.group.id}/protected_environments/production", post_data={"deploy_access_levels": [{"access_level": 30}]})
gl.http_delete("/groups/${g.group.id}/protected_environments/production")
ids = gl.http_list("/groups/${g.group.id}/saml/identities")
scim_ids = gl.http_list("/groups/${g.group.id}/scim/identities")
ent = gl.http_list("/groups/${g.group.id}/enterprise_users", two_factor="enabled")
gl.http_request("patch", "/groups/${g.group.id}/enterprise_users/${String(enterpriseIds[0])}/disable_two_factor")
try:
    gl.http_request("patch", "/groups/${g.group.id}/enterprise_users/${String(enterpriseIds[0])}/disable_two_factor")
    again = None
except gitlab.exceptions.GitlabHttpError as e:
    again = e.response_code
print(json.dumps({"link": link.attributes, "names": names, "got": got.access_level, "env": env["name"], "count": len(envs), "upd": sorted(upd.keys()),
  "ids": [i["extern_uid"] for i in ids], "scim": [i["active"] for i in scim_ids], "ent": len(ent), "again": again}))
`,
    );
    expect(out).toEqual({
      link: expect.objectContaining({ name: 'py-devs', access_level: 30, provider: null }),
      names: ['py-devs'],
      got: 30,
      env: 'production',
      count: 1,
      upd: ['deploy_access_levels', 'name', 'required_approval_count'],
      ids: ['py-1', 'rb-1', 'gb-1'],
      scim: [true, true, true],
      ent: 2,
      again: 400,
    });
  });

  it.runIf(hasPythonGitlab())('protects project environments and manages user identities with its object APIs', async () => {
    const projectOut = await runPython<Record<string, unknown>>(
      inst,
      p.maintainer.token,
      `
project = gl.projects.get(${p.project.id})
env = project.protected_environments.create({"name": "review-py", "deploy_access_levels": [{"access_level": 40}]})
listed = [e.name for e in project.protected_environments.list()]
one = project.protected_environments.get("review-py")
project.protected_environments.delete("review-py")
print(json.dumps({"created": env.name, "listed": listed, "levels": [d["access_level"] for d in one.deploy_access_levels], "after": len(project.protected_environments.list())}))
`,
    );
    expect(projectOut).toEqual({ created: 'review-py', listed: ['review-py'], levels: [40], after: 0 });
    const userOut = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
user = gl.users.get(${plain.user.id})
user.provider = "ldapmain"
user.extern_uid = "uid=py,ou=people"
user.save()
found = gl.users.list(extern_uid="uid=py,ou=people", provider="ldapmain")
user.identityproviders.delete("ldapmain")
print(json.dumps({"identities": gl.users.get(${plain.user.id}).identities, "found": [u.id for u in found]}))
`,
    );
    expect(userOut).toEqual({ identities: [], found: [plain.user.id] });
  });
});

describe('the Ruby gem', () => {
  it.runIf(hasRubyGitlab())('drives the governance routes through its generic requests', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      g.owner.token,
      `
gid = ${g.group.id}
env = gl.post("/groups/#{gid}/protected_environments", body: { name: "staging", deploy_access_levels: [{ access_level: 40 }] })
list = gl.get("/groups/#{gid}/protected_environments")
gl.delete("/groups/#{gid}/protected_environments/staging")
link = gl.post("/groups/#{gid}/saml_group_links", body: { saml_group_name: "rb-devs", access_level: 20, provider: "okta" })
links = gl.get("/groups/#{gid}/saml_group_links")
gl.delete("/groups/#{gid}/saml_group_links/rb-devs", query: { provider: "okta" })
# The gem has no generic PATCH helper; it reads the identity instead.
ident = gl.get("/groups/#{gid}/saml/rb-1")
ent = gl.get("/groups/#{gid}/enterprise_users", query: { search: "sso" })
puts JSON.generate({ env: env.name, count: list.size, link: link.provider, links: links.map(&:name), ident: ident.extern_uid, ent: ent.size })
`,
    );
    expect(out).toEqual({ env: 'staging', count: 1, link: 'okta', links: ['rb-devs'], ident: 'rb-1', ent: 3 });
  });
});

describe('@gitbeaker/rest', () => {
  it('uses its group and project protected environment, SAML, SCIM and member role resources', async () => {
    const api = await gitbeaker(inst, g.owner.token);
    const env = await api.GroupProtectedEnvironments.create(g.group.id, 'development', [{ accessLevel: 40 }], { approvalRules: [{ access_level: 30, required_approvals: 1 }] as never });
    expect(env).toMatchObject({ name: 'development', deploy_access_levels: [expect.objectContaining({ access_level: 40 })] });
    expect((await api.GroupProtectedEnvironments.all(g.group.id)).map((e) => e.name)).toEqual(['development']);
    expect((await api.GroupProtectedEnvironments.show(g.group.id, 'development')).name).toBe('development');
    const edited = (await api.GroupProtectedEnvironments.edit(g.group.id, 'development', { approvalRules: [{ access_level: 40 }] as never })) as Record<string, unknown>;
    expect(Object.keys(edited).sort()).toEqual(['approval_rules', 'name']);
    await api.GroupProtectedEnvironments.remove(g.group.id, 'development');
    await expect(api.GroupProtectedEnvironments.show(g.group.id, 'development')).rejects.toMatchObject({ cause: { response: { status: 404 } } });

    const maint = await gitbeaker(inst, p.maintainer.token);
    await maint.ProjectProtectedEnvironments.create(p.project.id, 'review-gb', [{ accessLevel: 30 }]);
    expect((await maint.ProjectProtectedEnvironments.all(p.project.id)).map((e) => e.name)).toEqual(['review-gb']);
    await maint.ProjectProtectedEnvironments.remove(p.project.id, 'review-gb');

    const link = await api.GroupSAMLLinks.create(g.group.id, 'gb-devs', 30 as never);
    expect(link).toMatchObject({ name: 'gb-devs', access_level: 30 });
    expect((await api.GroupSAMLLinks.show(g.group.id, 'gb-devs', {})).name).toBe('gb-devs');
    expect((await api.GroupSAMLLinks.all(g.group.id, {})).map((l) => l.name)).toContain('gb-devs');
    await api.GroupSAMLLinks.remove(g.group.id, 'gb-devs');

    expect((await api.GroupSAMLIdentities.all(g.group.id, {})).map((i) => i.extern_uid)).toContain('gb-1');
    await api.GroupSAMLIdentities.edit(g.group.id, 'gb-1', { externUid: 'gb-2' } as never);
    expect((await api.GroupSCIMIdentities.all(g.group.id, {})).map((i) => i.extern_uid)).toContain('gb-1');
    await api.GroupSCIMIdentities.edit(g.group.id, 'gb-1', { externUid: 'gb-3' } as never);
    expect((await api.GroupSCIMIdentities.all(g.group.id, {})).map((i) => i.extern_uid)).toContain('gb-3');

    // GroupMemberRoles.add posts to the members path; creation goes through the requester.
    await api.requester.post(`groups/${g.group.id}/member_roles`, { body: { name: 'Gb role', base_access_level: 20, read_code: true } } as never);
    const roles = await api.GroupMemberRoles.all(g.group.id, {});
    expect(roles.map((r) => r.base_access_level)).toContain(20);
    await api.GroupMemberRoles.remove(g.group.id, roles[0]?.id as number);

    // "A group maintained by the caller": a Maintainer administers links and identities; a
    // Developer meets the platform's 401 on links.
    const maintainer = await gitbeaker(inst, g.maintainer.token);
    expect((await maintainer.GroupSAMLLinks.all(g.group.id, {})).map((l) => l.name)).toEqual([]);
    expect((await maintainer.GroupSAMLIdentities.all(g.group.id, {})).map((i) => i.extern_uid)).toContain('gb-2');
    // gitbeaker has no identity removal; its requester reads the documented `message` object.
    expect(await maintainer.requester.delete(`groups/${g.group.id}/saml/gb-2`)).toMatchObject({ body: { message: '204 No Content' }, status: 200 });
    const developer = await gitbeaker(inst, g.developer.token);
    await expect(developer.GroupSAMLLinks.all(g.group.id, {})).rejects.toMatchObject({ cause: { response: { status: 401 } } });
  });
});
