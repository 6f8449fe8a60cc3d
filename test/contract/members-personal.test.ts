// The holder of a personal namespace in the member lists (platform: Projects::CreateService and
// Projects::TransferService give the holder an Owner ProjectMember; ProjectMemberPolicy forbids
// changing or removing it; Gitlab::ProjectAuthorizations gives the holder Owner of personal
// projects). The lists (direct, /all, /all/:user_id) show the holder at the Owner level the
// access check gives them, however the project came into the namespace, and on every date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, FAKE_NOW, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createGroup } from '../factories/groups.js';
import { addMember, createProject, type MemberJson, type ProjectJson } from '../factories/projects.js';
import { eventsSince, lastEventId } from '../helpers/audit.js';

interface ProjectWithPermissions extends ProjectJson {
  permissions: { project_access: { access_level: number } | null };
}

describe.each(TRANSPORTS)('the holder of a personal namespace in member lists (%s)', (kind) => {
  let inst: Instance;

  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  /** The holder's level in each list and in the access check, and the list's X-Total, as the holder sees them. */
  async function holderView(holder: TestUser, projectId: number) {
    const direct = await holder.client.get<MemberJson[]>(`/projects/${projectId}/members`, { per_page: 100 });
    const all = await holder.client.get<MemberJson[]>(`/projects/${projectId}/members/all`, { per_page: 100 });
    const one = await holder.client.get<MemberJson>(`/projects/${projectId}/members/all/${holder.user.id}`);
    const project = await holder.client.get<ProjectWithPermissions>(`/projects/${projectId}`);
    const levelIn = (rows: MemberJson[]) => rows.find((m) => m.id === holder.user.id)?.access_level ?? null;
    return {
      direct: levelIn(direct.data),
      all: levelIn(all.data),
      allTotal: Number(all.headers['x-total']),
      allRows: all.data.length,
      one: [one.data.access_level, one.data.expires_at],
      access: project.data.permissions.project_access?.access_level ?? null,
    };
  }

  it('lists the holder of a project made in their namespace at Owner, as the access check gives', async () => {
    const alice = await createUser(inst);
    const p = await createProject(inst, alice.client);
    expect(await holderView(alice, p.id)).toEqual({ direct: 50, all: 50, allTotal: 1, allRows: 1, one: [50, null], access: 50 });
  });

  it('makes the holder an Owner member of a project moved into their namespace', async () => {
    const [alice, dev] = await Promise.all([createUser(inst), createUser(inst)]);
    const group = await createGroup(inst, inst.admin);
    await addMember(inst, 'groups', group.id, alice.user.id, 50);
    const p = await createProject(inst, inst.admin, { namespace_id: group.id });
    await addMember(inst, 'projects', p.id, dev.user.id, 30);
    const since = await lastEventId(inst);
    const moved = await alice.client.put<ProjectJson>(`/projects/${p.id}/transfer`, { namespace: alice.user.username });
    expect(moved.data.namespace).toMatchObject({ kind: 'user', full_path: alice.user.username });
    // The transfer records its own event and the membership it made, both by alice.
    const events = await eventsSince(inst, since);
    expect(events.map((e) => [e.event_name, e.entity_type, e.entity_id, e.details.target_id, e.author_id])).toEqual([
      ['member_created', 'Project', p.id, alice.user.id, alice.user.id],
      ['project_namespace_updated', 'Project', p.id, p.id, alice.user.id],
    ]);
    // Alice's Owner came from the group, which the project has left; she is now its holder.
    expect(await holderView(alice, p.id)).toEqual({ direct: 50, all: 50, allTotal: 2, allRows: 2, one: [50, null], access: 50 });
    // The other direct member stays as they were.
    const devRow = await alice.client.get<MemberJson>(`/projects/${p.id}/members/${dev.user.id}`);
    expect(devRow.data.access_level).toBe(30);
    // The new membership is the holder's: it cannot be lowered or removed.
    await expectApiError(alice.client.put(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 40 }), 403);
    await expectApiError(inst.admin.delete(`/projects/${p.id}/members/${alice.user.id}`), 403);
  });

  it('raises a lower or expiring membership of the holder to Owner when the project moves in', async () => {
    const alice = await createUser(inst);
    const group = await createGroup(inst, inst.admin);
    const p = await createProject(inst, inst.admin, { namespace_id: group.id });
    await addMember(inst, 'projects', p.id, alice.user.id, 30, inst.admin, { expires_at: '2026-02-01' });
    // An administrator moves it (into any namespace).
    const since = await lastEventId(inst);
    expect((await inst.admin.put(`/projects/${p.id}/transfer`, { namespace: alice.user.username })).status).toBe(200);
    // The raised membership is recorded, from Developer to Owner.
    const events = await eventsSince(inst, since);
    expect(events.map((e) => [e.event_name, e.details.target_id])).toEqual([
      ['member_updated', alice.user.id],
      ['project_namespace_updated', p.id],
    ]);
    expect(events[0]?.details).toMatchObject({ change: 'access level', from: 'Developer', to: 'Owner' });
    // Root's Owner came from the group the project has left: alice is its only member.
    expect(await holderView(alice, p.id)).toEqual({ direct: 50, all: 50, allTotal: 1, allRows: 1, one: [50, null], access: 50 });
    // Past the old date the holder is still listed.
    inst.clock.set('2026-02-02T00:00:00Z');
    try {
      expect((await holderView(alice, p.id)).all).toBe(50);
    } finally {
      inst.clock.set(FAKE_NOW);
    }
  });

  it("refuses any change of the holder's membership, an expiry date included, to the holder and to administrators", async () => {
    const alice = await createUser(inst);
    const p = await createProject(inst, alice.client);
    await expectApiError(alice.client.put(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 50, expires_at: '2026-02-01' }), 403, { message: '403 Forbidden' });
    await expectApiError(inst.admin.put(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 50, expires_at: '2026-02-01' }), 403, { message: '403 Forbidden' });
    await expectApiError(inst.admin.put(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 50 }), 403, { message: '403 Forbidden' });
    // The bulk form reports the refusal for that user and changes nothing.
    const bulk = await alice.client.post(`/projects/${p.id}/members`, { user_id: `${alice.user.id},999999`, access_level: 50, expires_at: '2026-02-01' });
    expect(bulk.data).toEqual({ status: 'error', message: { [alice.user.username]: '403 Forbidden', '999999': 'User not found' } });
    inst.clock.set('2026-02-02T00:00:00Z');
    try {
      expect(await holderView(alice, p.id)).toEqual({ direct: 50, all: 50, allTotal: 1, allRows: 1, one: [50, null], access: 50 });
    } finally {
      inst.clock.set(FAKE_NOW);
    }
  });

  it('keeps the former holder as an Owner member, no longer protected, of a project moved out', async () => {
    const [alice, bob] = await Promise.all([createUser(inst), createUser(inst)]);
    const group = await createGroup(inst, inst.admin);
    const p = await createProject(inst, alice.client);
    await addMember(inst, 'groups', group.id, bob.user.id, 50);
    expect((await inst.admin.put(`/projects/${p.id}/transfer`, { namespace: group.id })).status).toBe(200);
    const all = await bob.client.get<MemberJson[]>(`/projects/${p.id}/members/all`, { per_page: 100 });
    expect(Object.fromEntries(all.data.map((m) => [m.id, m.access_level]))).toMatchObject({ [alice.user.id]: 50, [bob.user.id]: 50 });
    // In a group, project Owners manage project Owners: the former holder can be changed now.
    const res = await bob.client.put<MemberJson>(`/projects/${p.id}/members/${alice.user.id}`, { access_level: 40 });
    expect(res.data.access_level).toBe(40);
  });
});
