// The batched reads behind settings plans: `GET /hostctl/settings_reads` answers one section of up
// to 100 targets, each entry exactly what the section's own route answers that caller (status and
// body), and `GET /hostctl/names` resolves names to ids a hundred at a time with the visibility
// of one-by-one lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroup } from '../factories/groups.js';
import { createProject } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';
import type { ApiClient } from '../../src/client/client.js';
import { SettingsReads } from '../../src/cli/settings/reads.js';
import { freezePeriodsSection } from '../../src/cli/settings/sections/project-freeze-periods.js';

type Answers = Record<string, { status: number; body: unknown; next_page?: number }>;

describe.each(TRANSPORTS)('batched settings reads (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let mine: { id: number; path_with_namespace: string };
  let hidden: { id: number; path_with_namespace: string };
  let hiddenGroup: { id: number; full_path: string };

  beforeAll(async () => {
    inst = await startInstance(kind, { tier: 'ultimate' });
    alice = await createUser(inst);
    const group = await createGroup(inst, inst.admin, { visibility: 'private' });
    hiddenGroup = group;
    mine = await createProject(inst, alice.client, { path: 'mine' });
    hidden = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'hidden', visibility: 'private' });
  });
  afterAll(() => inst.close());

  const direct = async (client: ApiClient, path: string, query: Record<string, unknown> = {}) => {
    const res = await client.request('GET', path, { allowError: true, query });
    return { status: res.status, body: res.data };
  };
  const batch = async (client: ApiClient, scope: string, path: string, ids: number[]) => (await client.get<Answers>('/hostctl/settings_reads', { scope, path, ids: ids.join(',') })).data;

  it('answers each target as its own route answers that caller: lists, records, refusals and hidden targets', async () => {
    await alice.client.post(`/projects/${mine.id}/freeze_periods`, { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1' });
    for (const path of ['freeze_periods', 'protected_branches', 'security_settings', 'error_tracking/settings', 'packages/protection/rules', 'members']) {
      const answers = await batch(alice.client, 'projects', path, [mine.id, hidden.id, 999999]);
      const query = ['freeze_periods', 'protected_branches', 'packages/protection/rules', 'members'].includes(path) ? { per_page: 100 } : {};
      expect(answers[mine.id], path).toEqual(await direct(alice.client, `/projects/${mine.id}/${path}`, query));
      // Hidden and missing projects are the platform's 404, as one by one.
      expect(answers[hidden.id], path).toEqual(await direct(alice.client, `/projects/${hidden.id}/${path}`, query));
      expect(answers[999999]?.status, path).toBe(404);
    }
    const periods = (await batch(alice.client, 'projects', 'freeze_periods', [mine.id]))[mine.id];
    expect(periods?.body).toMatchObject([{ freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1', cron_timezone: 'UTC' }]);
    // Error tracking never configured: the route's own 404 body, which a plan reads as "absent".
    expect((await batch(alice.client, 'projects', 'error_tracking/settings', [mine.id]))[mine.id]).toMatchObject({ status: 404, body: { message: expect.stringMatching(/Error Tracking Setting/) } });
    const groups = await batch(alice.client, 'groups', 'members', [hiddenGroup.id]);
    expect(groups[hiddenGroup.id]).toEqual(await direct(alice.client, `/groups/${hiddenGroup.id}/members`, { per_page: 100 }));
  });

  it('a list longer than one page says which page comes next', async () => {
    const many = await createProject(inst, inst.admin, { path: 'many-periods' });
    for (let i = 0; i < 101; i++) await inst.admin.post(`/projects/${many.id}/freeze_periods`, { freeze_start: `${i % 60} ${Math.floor(i / 60)} * * 5`, freeze_end: '0 7 * * 1' });
    const answer = (await batch(inst.admin, 'projects', 'freeze_periods', [many.id]))[many.id];
    expect(answer?.status).toBe(200);
    expect((answer?.body as unknown[]).length).toBe(100);
    expect(answer?.next_page).toBe(2);
    // A plan's reader takes the first page from the batch and the rest from the route itself.
    const reads = new SettingsReads(inst.admin, true);
    await reads.prefetch([{ target: { scope: 'project', path: 'many-periods', id: many.id }, section: freezePeriodsSection }]);
    expect((await reads.list(`/projects/${many.id}/freeze_periods`)).length).toBe(101);
  });

  it('refuses more than 100 targets, an unknown path and an unknown scope', async () => {
    await expectApiError(inst.admin.get('/hostctl/settings_reads', { scope: 'projects', path: 'members', ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }), 400, { error: expect.stringMatching(/ids has more than 100 ids/) });
    await expectApiError(inst.admin.get('/hostctl/settings_reads', { scope: 'projects', path: 'repository/files', ids: '1' }), 400, { error: expect.stringMatching(/path does not have a valid value/) });
    await expectApiError(inst.admin.get('/hostctl/settings_reads', { scope: 'users', path: 'members', ids: '1' }), 400, { error: expect.stringMatching(/scope/) });
  });

  it('GET /hostctl/names resolves names to ids, leaving out what the caller could not find one by one', async () => {
    const res = await alice.client.get<{ ids: Record<string, Record<string, number>>; users: Record<string, string>; projects: Record<string, string> }>('/hostctl/names', {
      usernames: `${alice.user.username.toUpperCase()},no-such-user`,
      project_paths: `${mine.path_with_namespace},${hidden.path_with_namespace}`,
      group_paths: hiddenGroup.full_path,
    });
    expect(res.data.ids).toEqual({ users: { [alice.user.username.toUpperCase()]: alice.user.id }, groups: {}, projects: { [mine.path_with_namespace]: mine.id } });
    // The names as stored join the id → name maps.
    expect(res.data.users[alice.user.id]).toBe(alice.user.username);
    expect(res.data.projects[mine.id]).toBe(mine.path_with_namespace);
    const admin = await inst.admin.get<{ ids: Record<string, Record<string, number>> }>('/hostctl/names', { group_paths: hiddenGroup.full_path, project_paths: hidden.path_with_namespace });
    expect(admin.data.ids).toEqual({ users: {}, groups: { [hiddenGroup.full_path]: hiddenGroup.id }, projects: { [hidden.path_with_namespace]: hidden.id } });
  });
});
