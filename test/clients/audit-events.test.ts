// Audit events read by real clients against `hostctl serve`: python-gitlab 3.12 (AuditEventManager,
// group and project audit_events managers; keyset pages through its `iterator=True` generator,
// which follows the Link header) and @gitbeaker/rest (AuditEvents with no scope, groupId or
// projectId). Each test makes its own changes and finds their events with the author, entity and
// event name the change should record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, runPython, startServed, type ServedInstance } from './harness.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser } from '../factories/users.js';

let inst: ServedInstance;
let f: RoleFixture;
let rootId: number;

beforeAll(async () => {
  inst = await startServed();
  f = await createProjectWithRoles(inst);
  rootId = (await inst.admin.get<{ id: number }>('/user')).data.id;
});
afterAll(async () => {
  await inst.close();
});

interface Event {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  event_name: string;
  details: Record<string, unknown>;
}

describe('python-gitlab', () => {
  it.runIf(hasPythonGitlab())('reads the events of a project, member and token it created through its audit event managers', async () => {
    const expires = new Date(inst.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
project = gl.projects.create({"name": "audited-py", "namespace_id": ${f.group.id}})
project.members.create({"user_id": ${f.developer.user.id}, "access_level": 30})
token = project.access_tokens.create({"name": "py-bot", "scopes": ["read_api"], "expires_at": "${expires}"})
mine = [e.attributes for e in gl.audit_events.list(entity_type="Project", entity_id=project.id, get_all=True)]
one = gl.audit_events.get(mine[0]["id"]).attributes
in_project = [e.event_name for e in project.audit_events.list(get_all=True)]
group = gl.groups.get(${f.group.id})
in_group = [e.entity_id for e in group.audit_events.list(get_all=True)]
keyset = [e.id for e in gl.audit_events.list(iterator=True, pagination="keyset", order_by="id", sort="desc", per_page=2)]
offset = [e.id for e in gl.audit_events.list(get_all=True, per_page=100)]
print(json.dumps({"project": project.id, "token": token.id, "secret": token.token, "mine": mine, "one": one, "in_project": in_project,
  "in_group": in_group, "keyset": keyset, "offset": offset}))
`,
    );
    const mine = out.mine as Event[];
    const byName = (name: string) => mine.find((e) => e.event_name === name);
    // The token's bot user joins the project as a member too: its own member_created.
    expect(mine.map((e) => e.event_name)).toEqual(['project_access_token_created', 'member_created', 'member_created', 'project_created']);
    for (const e of mine) expect(e).toMatchObject({ author_id: rootId, entity_type: 'Project', entity_id: out.project });
    expect(mine[2]?.details).toMatchObject({ target_id: f.developer.user.id, target_details: f.developer.user.username, to: 'Developer' });
    expect(byName('project_access_token_created')?.details).toMatchObject({ target_id: out.token, target_type: 'ProjectAccessToken', target_details: 'py-bot' });
    expect(JSON.stringify(mine)).not.toContain(out.secret as string);
    expect(out.one).toEqual(mine[0]);
    expect(out.in_project).toEqual(mine.map((e) => e.event_name));
    expect(out.in_group).toContain(out.project);
    // The keyset generator walks every page (per_page 2) and sees the same events, newest first.
    const offset = out.offset as number[];
    expect(offset.length).toBeGreaterThan(2);
    expect(out.keyset).toEqual(offset);
  });

  it.runIf(hasPythonGitlab())('lets a group Owner and a project Maintainer read their scope, and refuses them the instance list', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      f.owner.token,
      `
group = gl.groups.get(${f.group.id}, lazy=True)
events = [e.attributes for e in group.audit_events.list(get_all=True)]
try:
    gl.audit_events.list()
    refused = None
except gitlab.exceptions.GitlabListError as e:
    refused = e.response_code
print(json.dumps({"events": events, "refused": refused}))
`,
    );
    const events = out.events as Event[];
    expect(out.refused).toBe(403);
    // The fixture made the owner an Owner of the group: that membership is the group's event.
    expect(events).toContainEqual(
      expect.objectContaining({ entity_type: 'Group', entity_id: f.group.id, event_name: 'member_created', author_id: rootId, details: expect.objectContaining({ target_id: f.owner.user.id, to: 'Owner' }) }),
    );
    const maint = await runPython<Record<string, unknown>>(
      inst,
      f.maintainer.token,
      `
project = gl.projects.get(${f.project.id}, lazy=True)
events = [e.attributes for e in project.audit_events.list(get_all=True)]
print(json.dumps({"events": events, "one": project.audit_events.get(events[-1]["id"]).event_name}))
`,
    );
    const projectEvents = maint.events as Event[];
    expect(projectEvents.every((e) => e.entity_type === 'Project' && e.entity_id === f.project.id)).toBe(true);
    expect(projectEvents.map((e) => e.event_name).at(-1)).toBe('project_created');
    expect(maint.one).toBe('project_created');
  });
});

describe('@gitbeaker/rest', () => {
  it('reads instance, group and project events of the changes it made', async () => {
    const member = await createUser(inst);
    const api = await gitbeaker(inst, inst.rootToken);
    const project = await api.Projects.create({ name: 'audited-gb', namespaceId: f.group.id });
    await api.ProjectMembers.add(project.id, 40, { userId: member.user.id });

    const instance = (await api.AuditEvents.all({ entityType: 'Project', entityId: project.id } as never)) as unknown as Event[];
    expect(instance.map((e) => e.event_name)).toEqual(['member_created', 'project_created']);
    for (const e of instance) expect(e).toMatchObject({ author_id: rootId, entity_type: 'Project', entity_id: project.id });
    expect(instance[0]?.details).toMatchObject({ target_id: member.user.id, to: 'Maintainer' });
    expect(await api.AuditEvents.show(instance[1]!.id)).toEqual(instance[1]);

    const inProject = (await api.AuditEvents.all({ projectId: project.id })) as unknown as Event[];
    expect(inProject).toEqual(instance);
    expect(await api.AuditEvents.show(instance[0]!.id, { projectId: project.id })).toEqual(instance[0]);

    const owner = await gitbeaker(inst, f.owner.token);
    const inGroup = (await owner.AuditEvents.all({ groupId: f.group.id })) as unknown as Event[];
    expect(inGroup.map((e) => e.id)).toEqual(expect.arrayContaining(instance.map((e) => e.id)));
    await expect(owner.AuditEvents.all()).rejects.toMatchObject({ cause: { response: { status: 403 } } });

    // The new Maintainer reads the project's events, and keyset pages come back in the same order.
    const maint = await gitbeaker(inst, member.token);
    const keyset = (await maint.AuditEvents.all({ projectId: project.id, pagination: 'keyset', orderBy: 'id', sort: 'desc', perPage: 1 } as never)) as unknown as Event[];
    expect(keyset.map((e) => e.id)).toEqual(instance.map((e) => e.id));
  });
});
