// Milestone dates given as ISO date-times, and promoting a project milestone to its group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';

describe.each(TRANSPORTS)('milestone dates and promotion (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  });
  afterAll(() => inst.close());

  it('accepts ISO date-times for due_date and start_date and stores their dates', async () => {
    const res = await inst.admin.post<{ id: number; due_date: string; start_date: string }>(`/projects/${f.project.id}/milestones`, {
      title: 'Dated',
      start_date: '2026-02-01T09:30:00Z',
      due_date: '2026-03-01T23:00:00+02:00',
    });
    expect(res.data).toMatchObject({ start_date: '2026-02-01', due_date: '2026-03-01' });
    const upd = await inst.admin.put<{ due_date: string }>(`/projects/${f.project.id}/milestones/${res.data.id}`, { due_date: '2026-04-02T00:00:00.000Z' });
    expect(upd.data.due_date).toBe('2026-04-02');
    await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'Bad', due_date: '2026-02-30T10:00:00Z' }), 400, { error: 'due_date is invalid' });
    await expectApiError(inst.admin.post(`/projects/${f.project.id}/milestones`, { title: 'Bad', start_date: 'tomorrow' }), 400, { error: 'start_date is invalid' });
  });

  it('promotes a project milestone to the group, merging same-titled milestones of the group’s projects', async () => {
    const other = await createProject(inst, inst.admin, { namespace_id: f.group.id });
    const m = await inst.admin.post<{ id: number }>(`/projects/${f.project.id}/milestones`, { title: 'v2.0', due_date: '2026-06-01' });
    await inst.admin.post(`/projects/${other.id}/milestones`, { title: 'v2.0' });
    await expectApiError(f.developer.client.post(`/projects/${f.project.id}/milestones/${m.data.id}/promote`), 403);
    const res = await f.owner.client.post<{ id: number; group_id: number; title: string; due_date: string }>(`/projects/${f.project.id}/milestones/${m.data.id}/promote`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ group_id: f.group.id, title: 'v2.0', due_date: '2026-06-01' });
    const group = await inst.admin.get<{ title: string }[]>(`/groups/${f.group.id}/milestones`);
    expect(group.data.map((x) => x.title)).toContain('v2.0');
    // Both project milestones are gone.
    for (const pid of [f.project.id, other.id]) {
      expect((await inst.admin.get<{ title: string }[]>(`/projects/${pid}/milestones`)).data.map((x) => x.title)).not.toContain('v2.0');
    }
    await expectApiError(f.owner.client.post(`/projects/${f.project.id}/milestones/${m.data.id}/promote`), 404, { message: '404 Not found' });
  });

  it('refuses to promote in a project without a group, and hides private projects', async () => {
    const personal = await createProject(inst);
    const m = await inst.admin.post<{ id: number }>(`/projects/${personal.id}/milestones`, { title: 'solo' });
    await expectApiError(inst.admin.post(`/projects/${personal.id}/milestones/${m.data.id}/promote`), 403);
    await expectApiError(f.nonMember.client.post(`/projects/${f.project.id}/milestones/1/promote`), 404, { message: '404 Project Not Found' });
  });
});
