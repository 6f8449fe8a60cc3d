import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser } from '../factories/users.js';
import { addMember, createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createMilestone, createRelease, releasePath, type MilestoneJson, type ReleaseJson } from '../factories/releases.js';

const TITLE_TAKEN = 'Failed to create milestone {:title=>["already being used for another group or project milestone."]}';

describe.each(TRANSPORTS)('milestones (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
  });
  afterAll(() => inst.close());

  describe('project milestones', () => {
    it('creates with the platform entity, numbering iids per project', async () => {
      const res = await inst.admin.post<MilestoneJson>(`/projects/${f.project.id}/milestones`, {
        title: 'v1.0',
        description: 'First',
        start_date: '2026-01-10',
        due_date: '2026-02-01',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual([
        'id',
        'iid',
        'project_id',
        'title',
        'description',
        'state',
        'created_at',
        'updated_at',
        'due_date',
        'start_date',
        'expired',
        'web_url',
      ]);
      expect(res.data).toMatchObject({
        iid: 1,
        project_id: f.project.id,
        title: 'v1.0',
        description: 'First',
        state: 'active',
        created_at: '2026-01-15T10:00:00.000Z',
        due_date: '2026-02-01',
        start_date: '2026-01-10',
        expired: false,
        web_url: `${f.project.web_url}/-/milestones/1`,
      });
      const second = await createMilestone(inst, 'projects', f.project.id, { title: 'v1.1' });
      expect(second.iid).toBe(2);
      expect(second.description).toBeNull();
      const other = await createProject(inst);
      expect((await createMilestone(inst, 'projects', other.id, { title: 'v1.0' })).iid).toBe(1);
    });

    it('refuses a duplicate title, a missing title, malformed dates and a due date before the start', async () => {
      await createMilestone(inst, 'projects', f.project.id, { title: 'dup' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'dup' }), 400, { message: TITLE_TAKEN });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, {}), 400, { error: 'title is missing' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'x', due_date: '2026-13-01' }), 400, { error: 'due_date is invalid' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'x', start_date: 'soon' }), 400, { error: 'start_date is invalid' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'x', start_date: '2026-03-01', due_date: '2026-02-01' }), 400, {
        message: 'Failed to create milestone {:due_date=>["must be greater than start date"]}',
      });
    });

    it('lists with state, title, search and iids filters, due date first', async () => {
      const p = await createProject(inst);
      const a = await createMilestone(inst, 'projects', p.id, { title: 'Alpha', due_date: '2026-03-01' });
      const b = await createMilestone(inst, 'projects', p.id, { title: 'Beta', description: 'the second one', due_date: '2026-02-01' });
      const c = await createMilestone(inst, 'projects', p.id, { title: 'Gamma' });
      await inst.admin.put(`/projects/${p.id}/milestones/${c.id}`, { state_event: 'close' });
      const all = await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`);
      expect(all.data.map((m) => m.title)).toEqual(['Beta', 'Alpha', 'Gamma']);
      expect(all.headers['x-total']).toBe('3');
      const active = await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { state: 'active' });
      expect(active.data.map((m) => m.id)).toEqual([b.id, a.id]);
      const closed = await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { state: 'closed' });
      expect(closed.data.map((m) => m.id)).toEqual([c.id]);
      expect((await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { title: 'Alpha' })).data.map((m) => m.id)).toEqual([a.id]);
      expect((await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { search: 'SECOND' })).data.map((m) => m.id)).toEqual([b.id]);
      expect((await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { iids: [a.iid, c.iid] })).data.map((m) => m.id)).toEqual([a.id, c.id]);
      const paged = await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { per_page: 2, page: 2 });
      expect(paged.data.map((m) => m.id)).toEqual([c.id]);
      expect(paged.headers['x-prev-page']).toBe('1');
      await expectApiError(inst.admin.get(`/projects/${p.id}/milestones`, { state: 'open' }), 400, { error: 'state does not have a valid value' });
    });

    it('gets by the global id; another project\'s milestone is not found', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id);
      const got = await inst.admin.get<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`);
      expect(got.data).toEqual(m);
      const other = await createProject(inst);
      await expectApiError(inst.admin.get(`/projects/${other.id}/milestones/${m.id}`), 404, { message: '404 Not found' });
      await expectApiError(inst.admin.get(`/projects/${f.project.id}/milestones/999999`), 404, { message: '404 Not found' });
      await expectApiError(inst.admin.get(`/projects/${f.project.id}/milestones/abc`), 400, { error: 'milestone_id is invalid' });
    });

    it('updates fields, closes and reopens', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id, { title: 'to-update' });
      inst.clock.advance(60_000);
      const res = await inst.admin.put<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`, {
        title: 'updated',
        description: 'now described',
        due_date: '2026-01-10',
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ title: 'updated', description: 'now described', due_date: '2026-01-10', expired: true, updated_at: '2026-01-15T10:01:00.000Z' });
      const closed = await inst.admin.put<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`, { state_event: 'close' });
      expect(closed.data.state).toBe('closed');
      const reopened = await inst.admin.put<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`, { state_event: 'activate' });
      expect(reopened.data.state).toBe('active');
      await expectApiError(inst.admin.put(`/projects/${f.project.id}/milestones/${m.id}`, {}), 400, {
        error: 'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
      });
      await expectApiError(inst.admin.put(`/projects/${f.project.id}/milestones/${m.id}`, { state_event: 'reopen' }), 400, {
        error: 'state_event does not have a valid value',
      });
      await createMilestone(inst, 'projects', f.project.id, { title: 'taken' });
      await expectApiError(inst.admin.put(`/projects/${f.project.id}/milestones/${m.id}`, { title: 'taken' }), 400, {
        message: 'Failed to update milestone {:title=>["already being used for another group or project milestone."]}',
      });
      await expectApiError(inst.admin.put(`/projects/${f.project.id}/milestones/999999`, { title: 'x' }), 404, { message: '404 Not found' });
    });

    it('deletes (204), then the milestone is gone', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id);
      const res = await inst.admin.delete(`/projects/${f.project.id}/milestones/${m.id}`);
      expect(res.status).toBe(204);
      await expectApiError(inst.admin.get(`/projects/${f.project.id}/milestones/${m.id}`), 404);
      await expectApiError(inst.admin.delete(`/projects/${f.project.id}/milestones/${m.id}`), 404, { message: '404 Not found' });
    });

    it('applies roles: guests read, reporters manage; outsiders see nothing of private projects', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id);
      expect((await f.guest.client.get(`/projects/${f.project.id}/milestones/${m.id}`)).status).toBe(200);
      await expectApiError(f.guest.client.post(`/projects/${f.project.id}/milestones`, { title: 'guest' }), 403, { message: '403 Forbidden' });
      await expectApiError(f.guest.client.put(`/projects/${f.project.id}/milestones/${m.id}`, { title: 'guest' }), 403);
      await expectApiError(f.guest.client.delete(`/projects/${f.project.id}/milestones/${m.id}`), 403);
      expect((await f.reporter.client.post(`/projects/${f.project.id}/milestones`, { title: 'by reporter' })).status).toBe(201);
      expect((await f.developer.client.put(`/projects/${f.project.id}/milestones/${m.id}`, { description: 'dev' })).status).toBe(200);
      expect((await f.owner.client.post(`/projects/${f.project.id}/milestones`, { title: 'by owner' })).status).toBe(201);
      await expectApiError(f.nonMember.client.get(`/projects/${f.project.id}/milestones`), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(`/projects/${f.project.id}/milestones`), 401, { message: '401 Unauthorized' });
    });

    it('public projects: any signed-in user reads, only members write', async () => {
      const pub = await createProject(inst, inst.admin, { visibility: 'public' });
      const m = await createMilestone(inst, 'projects', pub.id);
      const outsider = await createUser(inst);
      expect((await outsider.client.get<MilestoneJson[]>(`/projects/${pub.id}/milestones`)).data.map((x) => x.id)).toEqual([m.id]);
      await expectApiError(outsider.client.post(`/projects/${pub.id}/milestones`, { title: 'nope' }), 403);
    });
  });

  describe('roles and releases', () => {
    it('maintainers and owners manage, signed-out callers get 401 even on public projects and groups', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id);
      expect((await f.maintainer.client.put<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`, { state_event: 'close' })).data.state).toBe('closed');
      expect((await f.owner.client.put<MilestoneJson>(`/projects/${f.project.id}/milestones/${m.id}`, { state_event: 'activate' })).data.state).toBe('active');
      expect((await f.maintainer.client.delete(`/projects/${f.project.id}/milestones/${m.id}`)).status).toBe(204);
      await expectApiError(f.reporter.client.get(`/projects/${f.project.id}/milestones/${m.id}`), 404, { message: '404 Not found' });
      await expectApiError(f.nonMember.client.post(`/projects/${f.project.id}/milestones`, { title: 'x' }), 404, { message: '404 Project Not Found' });
      const pub = await createProject(inst, inst.admin, { visibility: 'public' });
      await expectApiError(inst.client().get(`/projects/${pub.id}/milestones`), 401, { message: '401 Unauthorized' });
      const g = await createGroup(inst, inst.admin, { visibility: 'public' });
      const gm = await createMilestone(inst, 'groups', g.id);
      const outsider = await createUser(inst);
      expect((await outsider.client.get<MilestoneJson>(`/groups/${g.id}/milestones/${gm.id}`)).data.id).toBe(gm.id);
      await expectApiError(outsider.client.put(`/groups/${g.id}/milestones/${gm.id}`, { title: 'x' }), 403, { message: '403 Forbidden' });
      await expectApiError(inst.client().get(`/groups/${g.id}/milestones`), 401, { message: '401 Unauthorized' });
    });

    it('a deleted milestone leaves the releases that carried it', async () => {
      const p = await createProject(inst, inst.admin, { initialize_with_readme: true });
      const m = await createMilestone(inst, 'projects', p.id, { title: 'short-lived' });
      const r = await createRelease(inst, p.id, { milestones: ['short-lived'] });
      expect(r.milestones?.map((x) => x.id)).toEqual([m.id]);
      await inst.admin.delete(`/projects/${p.id}/milestones/${m.id}`);
      const after = await inst.admin.get<ReleaseJson>(releasePath(p.id, r.tag_name));
      expect(after.data.milestones).toBeUndefined();
    });
  });

  describe('group milestones', () => {
    it('creates, gets, updates and deletes group milestones', async () => {
      const g = await createGroup(inst);
      const res = await inst.admin.post<MilestoneJson>(`/groups/${g.id}/milestones`, { title: 'Q1' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual(['id', 'iid', 'group_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'due_date', 'start_date', 'expired', 'web_url']);
      expect(res.data).toMatchObject({ iid: 1, group_id: g.id, web_url: `${g.web_url}/-/milestones/1` });
      expect((await inst.admin.get<MilestoneJson>(`/groups/${encodeURIComponent(g.full_path)}/milestones/${res.data.id}`)).data.title).toBe('Q1');
      expect((await inst.admin.put<MilestoneJson>(`/groups/${g.id}/milestones/${res.data.id}`, { state_event: 'close' })).data.state).toBe('closed');
      expect((await inst.admin.delete(`/groups/${g.id}/milestones/${res.data.id}`)).status).toBe(204);
      await expectApiError(inst.admin.get(`/groups/${g.id}/milestones/${res.data.id}`), 404, { message: '404 Not found' });
    });

    it('keeps titles unique across a group, its subgroups and their projects', async () => {
      const g = await createGroup(inst);
      const sub = await createGroup(inst, inst.admin, { parent_id: g.id });
      const p = await createProject(inst, inst.admin, { namespace_id: sub.id });
      await createMilestone(inst, 'groups', g.id, { title: 'Shared' });
      await expectApiError(inst.admin.post(`/projects/${p.id}/milestones`, { title: 'Shared' }), 400, { message: TITLE_TAKEN });
      await expectApiError(inst.admin.post(`/groups/${sub.id}/milestones`, { title: 'Shared' }), 400, { message: TITLE_TAKEN });
      await createMilestone(inst, 'projects', p.id, { title: 'Project only' });
      await expectApiError(inst.admin.post(`/groups/${g.id}/milestones`, { title: 'Project only' }), 400, { message: TITLE_TAKEN });
      const unrelated = await createGroup(inst);
      expect((await inst.admin.post(`/groups/${unrelated.id}/milestones`, { title: 'Shared' })).status).toBe(201);
    });

    it('lists with parents on request', async () => {
      const g = await createGroup(inst);
      const sub = await createGroup(inst, inst.admin, { parent_id: g.id });
      const p = await createProject(inst, inst.admin, { namespace_id: sub.id });
      const top = await createMilestone(inst, 'groups', g.id, { title: 'top' });
      const own = await createMilestone(inst, 'groups', sub.id, { title: 'own' });
      const proj = await createMilestone(inst, 'projects', p.id, { title: 'proj' });
      expect((await inst.admin.get<MilestoneJson[]>(`/groups/${sub.id}/milestones`)).data.map((m) => m.id)).toEqual([own.id]);
      const withParents = await inst.admin.get<MilestoneJson[]>(`/groups/${sub.id}/milestones`, { include_parent_milestones: true });
      expect(withParents.data.map((m) => m.id).sort()).toEqual([top.id, own.id].sort());
      const projectWithParents = await inst.admin.get<MilestoneJson[]>(`/projects/${p.id}/milestones`, { include_parent_milestones: true });
      expect(projectWithParents.data.map((m) => m.id).sort()).toEqual([top.id, own.id, proj.id].sort());
    });

    it('applies group roles; private groups are invisible to outsiders', async () => {
      const g = await createGroup(inst);
      const m = await createMilestone(inst, 'groups', g.id);
      const [guest, reporter, outsider] = await Promise.all([createUser(inst), createUser(inst), createUser(inst)]);
      await addMember(inst, 'groups', g.id, guest.user.id, 10);
      await addMember(inst, 'groups', g.id, reporter.user.id, 20);
      expect((await guest.client.get<MilestoneJson[]>(`/groups/${g.id}/milestones`)).data.map((x) => x.id)).toEqual([m.id]);
      await expectApiError(guest.client.post(`/groups/${g.id}/milestones`, { title: 'g' }), 403, { message: '403 Forbidden' });
      expect((await reporter.client.post(`/groups/${g.id}/milestones`, { title: 'r' })).status).toBe(201);
      await expectApiError(outsider.client.get(`/groups/${g.id}/milestones`), 404, { message: '404 Group Not Found' });
      await expectApiError(inst.client().get(`/groups/${g.id}/milestones`), 401);
    });
  });
});
