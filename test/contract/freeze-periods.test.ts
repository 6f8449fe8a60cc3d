import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';

interface FreezeJson {
  id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
  created_at: string;
  updated_at: string;
}

describe.each(TRANSPORTS)('deploy freeze periods (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  const base = () => `/projects/${pid}/freeze_periods`;
  const one = (id: number) => `${base()}/${id}`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
    pid = f.project.id;
  });
  afterAll(() => inst.close());

  it('creates (201) with UTC by default, trims the cron fields, and reads it back', async () => {
    const res = await f.maintainer.client.post<FreezeJson>(base(), { freeze_start: ' 0 23 * * fri ', freeze_end: '0 7 * * mon' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      id: expect.any(Number),
      freeze_start: '0 23 * * fri',
      freeze_end: '0 7 * * mon',
      cron_timezone: 'UTC',
      created_at: '2026-01-15T10:00:00.000Z',
      updated_at: '2026-01-15T10:00:00.000Z',
    });
    expect(Object.keys(res.data)).toEqual(['id', 'freeze_start', 'freeze_end', 'cron_timezone', 'created_at', 'updated_at']);
    expect((await f.reporter.client.get<FreezeJson>(one(res.data.id))).data).toEqual(res.data);
  });

  it('lists oldest first and pages with the headers', async () => {
    const project = await createProject(inst);
    const path = `/projects/${project.id}/freeze_periods`;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await inst.admin.post<FreezeJson>(path, { freeze_start: `0 ${i} * * *`, freeze_end: `30 ${i} * * *`, cron_timezone: 'Europe/Berlin' })).data.id);
      inst.clock.advance(60_000);
    }
    expect((await inst.admin.get<FreezeJson[]>(path)).data.map((p) => p.id)).toEqual(ids);
    const page = await inst.admin.get<FreezeJson[]>(path, { per_page: 2, page: 2 });
    expect(page.data.map((p) => p.id)).toEqual([ids[2]]);
    expect(page.headers['x-total']).toBe('3');
    expect(page.headers['x-total-pages']).toBe('2');
    expect(page.headers['x-prev-page']).toBe('1');
  });

  it('accepts names, ranges, steps, lists, six fields and named schedules', async () => {
    for (const cron of ['5 4 * * sun', '0 0 1 jan *', '*/15 0-6 * * 1-5', '0 9,17 * * mon-fri', '0 0 L * *', '0 0 0 * * *', '@daily']) {
      const res = await f.maintainer.client.post<FreezeJson>(base(), { freeze_start: cron, freeze_end: '0 0 * * *' });
      expect(res.status, cron).toBe(201);
      await f.maintainer.client.delete(one(res.data.id));
    }
  });

  it('refuses invalid cron and time zones with the model error shape (400)', async () => {
    await expectApiError(f.maintainer.client.post(base(), { freeze_start: '0 23 * * fri', freeze_end: '0 0 0 * *' }), 400, { message: { freeze_end: ['syntax is invalid'] } });
    await expectApiError(f.maintainer.client.post(base(), { freeze_start: 'not cron', freeze_end: '0 7 * * mon', cron_timezone: 'Mars/Olympus' }), 400, {
      message: { freeze_start: ['syntax is invalid'], cron_timezone: ['syntax is invalid'] },
    });
    for (const bad of ['* * *', 'H 0 * * *', '0 0 ? * *', '60 * * * *', '0 0 * * * * 2026', '0 0 * 13 *']) {
      await expectApiError(f.maintainer.client.post(base(), { freeze_start: bad, freeze_end: '0 7 * * mon' }), 400, { message: { freeze_start: ['syntax is invalid'] } });
    }
    for (const zone of ['+01:00', 'europe/berlin', 'CEST', '']) {
      await expectApiError(f.maintainer.client.post(base(), { freeze_start: '0 23 * * fri', freeze_end: '0 7 * * mon', cron_timezone: zone }), 400, {
        message: { cron_timezone: ['syntax is invalid'] },
      });
    }
    await expectApiError(f.maintainer.client.post(base(), { freeze_start: '0 23 * * fri' }), 400, { error: 'freeze_end is missing' });
    await expectApiError(f.maintainer.client.post(base(), {}), 400, { error: 'freeze_start is missing, freeze_end is missing' });
  });

  it('updates any subset (200) and validates the result', async () => {
    const created = (await f.maintainer.client.post<FreezeJson>(base(), { freeze_start: '0 22 * * *', freeze_end: '0 6 * * *' })).data;
    inst.clock.advance(5_000);
    const res = await f.maintainer.client.put<FreezeJson>(one(created.id), { cron_timezone: 'America/Los_Angeles' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: created.id, freeze_start: '0 22 * * *', freeze_end: '0 6 * * *', cron_timezone: 'America/Los_Angeles' });
    expect(res.data.updated_at).not.toBe(created.updated_at);
    await expectApiError(f.maintainer.client.put(one(created.id), { freeze_start: '0 25 * * *' }), 400, { message: { freeze_start: ['syntax is invalid'] } });
    expect((await f.maintainer.client.get<FreezeJson>(one(created.id))).data.freeze_start).toBe('0 22 * * *');
    await expectApiError(f.maintainer.client.put(one(999_999), { freeze_start: '0 1 * * *' }), 404, { message: '404 Not found' });
  });

  it('deletes (204 empty); If-Unmodified-Since before the last change answers 412', async () => {
    const created = (await f.maintainer.client.post<FreezeJson>(base(), { freeze_start: '0 1 * * *', freeze_end: '0 2 * * *' })).data;
    inst.clock.advance(10_000);
    await f.maintainer.client.put(one(created.id), { freeze_end: '0 3 * * *' });
    const stale = new Date(Date.parse(created.updated_at)).toUTCString();
    const refused = await inst.raw('DELETE', one(created.id), { headers: { 'private-token': f.maintainer.token, 'if-unmodified-since': stale } });
    expect(refused.status).toBe(412);
    expect(refused.json).toEqual({ message: '412 Precondition Failed' });
    const fresh = new Date(inst.clock.now().getTime()).toUTCString();
    const res = await inst.raw('DELETE', one(created.id), { headers: { 'private-token': f.maintainer.token, 'if-unmodified-since': fresh } });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    await expectApiError(f.maintainer.client.get(one(created.id)), 404, { message: '404 Not found' });
    await expectApiError(f.maintainer.client.delete(one(created.id)), 404, { message: '404 Not found' });
  });

  it('a period of another project is not found through this one', async () => {
    const other = await createProject(inst);
    const foreign = (await inst.admin.post<FreezeJson>(`/projects/${other.id}/freeze_periods`, { freeze_start: '0 1 * * *', freeze_end: '0 2 * * *' })).data;
    await expectApiError(f.maintainer.client.get(one(foreign.id)), 404, { message: '404 Not found' });
  });

  describe('permissions', () => {
    let periodId: number;
    let outsider: TestUser;
    let publicPid: number;
    beforeAll(async () => {
      periodId = (await inst.admin.post<FreezeJson>(base(), { freeze_start: '0 4 * * *', freeze_end: '0 5 * * *' })).data.id;
      outsider = await createUser(inst);
      publicPid = (await createProject(inst, inst.admin, { visibility: 'public' })).id;
    });

    const body = { freeze_start: '0 6 * * *', freeze_end: '0 7 * * *' };

    it('Reporter and up read; Guest 403; non-member of a private project 404; anonymous 401', async () => {
      for (const who of [f.owner, f.maintainer, f.developer, f.reporter]) {
        expect((await who.client.get(base())).status).toBe(200);
        expect((await who.client.get(one(periodId))).status).toBe(200);
      }
      await expectApiError(f.guest.client.get(base()), 403, { message: '403 Forbidden' });
      await expectApiError(f.guest.client.get(one(periodId)), 403, { message: '403 Forbidden' });
      await expectApiError(f.nonMember.client.get(base()), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(base()), 401, { message: '401 Unauthorized' });
      await expectApiError(inst.client().get(`/projects/${publicPid}/freeze_periods`), 401, { message: '401 Unauthorized' });
      await expectApiError(outsider.client.get(`/projects/${publicPid}/freeze_periods`), 403, { message: '403 Forbidden' });
      // The permission is checked before the period is looked up.
      await expectApiError(outsider.client.get(`/projects/${publicPid}/freeze_periods/0`), 403, { message: '403 Forbidden' });
      await expectApiError(f.maintainer.client.get(`${base()}/abc`), 400, { error: 'freeze_period_id is invalid' });
    });

    it('Maintainer, Owner and administrators change; Developer, Reporter, Guest 403; non-member 404; anonymous 401', async () => {
      for (const who of [f.developer, f.reporter, f.guest]) {
        await expectApiError(who.client.post(base(), body), 403, { message: '403 Forbidden' });
        await expectApiError(who.client.put(one(periodId), { freeze_end: '0 9 * * *' }), 403, { message: '403 Forbidden' });
        await expectApiError(who.client.delete(one(periodId)), 403, { message: '403 Forbidden' });
      }
      await expectApiError(f.nonMember.client.post(base(), body), 404, { message: '404 Project Not Found' });
      await expectApiError(f.nonMember.client.delete(one(periodId)), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().post(base(), body), 401);
      await expectApiError(inst.client().delete(one(periodId)), 401);
      for (const who of [f.owner, f.maintainer]) {
        const created = await who.client.post<FreezeJson>(base(), body);
        expect(created.status).toBe(201);
        expect((await who.client.put(one(created.data.id), { freeze_end: '0 8 * * *' })).status).toBe(200);
        expect((await who.client.delete(one(created.data.id))).status).toBe(204);
      }
      const byAdmin = await inst.admin.post<FreezeJson>(`/projects/${publicPid}/freeze_periods`, body);
      expect(byAdmin.status).toBe(201);
    });
  });
});
