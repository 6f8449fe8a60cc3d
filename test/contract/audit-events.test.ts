import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser, type TestUser } from '../factories/users.js';
import { addMember, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import type { ApiClient } from '../../src/client/client.js';
import { eventsSince, lastEventId, one, type AuditEventJson } from '../helpers/audit.js';
import { AUDIT_SETTLE_BATCH } from '../../src/core/audit/record.js';

/** The ids of every event of a list, walked by keyset through its `rel="next"` links. */
async function keysetIds(client: ApiClient, path: string, first: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  let query: Record<string, unknown> = { ...first, pagination: 'keyset' };
  for (;;) {
    const res = await client.get<AuditEventJson[]>(path, query);
    ids.push(...res.data.map((e) => e.id));
    const next = res.headers.link && /<([^>]+)>; rel="next"/.exec(res.headers.link)?.[1];
    if (!next) return ids;
    query = Object.fromEntries(new URL(next).searchParams);
  }
}

describe.each(TRANSPORTS)('audit events (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let root: { id: number; name: string };

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
    root = (await inst.admin.get<{ id: number; name: string }>('/user')).data;
  });
  afterAll(() => inst.close());

  async function during(fn: () => Promise<unknown>): Promise<AuditEventJson[]> {
    const before = await lastEventId(inst);
    await fn();
    return eventsSince(inst, before);
  }

  it('records a personal access token created, rotated and revoked, with author, target and address, never the secret', async () => {
    const u = await createUser(inst);
    let secret = '';
    let tokenId = 0;
    const created = await during(async () => {
      const res = await inst.admin.post<{ id: number; token: string }>(`/users/${u.user.id}/personal_access_tokens`, { name: 'deploy', scopes: ['api'] });
      secret = res.data.token;
      tokenId = res.data.id;
    });
    const event = one(created, 'personal_access_token_created');
    expect(event).toEqual({
      id: expect.any(Number),
      author_id: root.id,
      entity_id: u.user.id,
      entity_type: 'User',
      event_name: 'personal_access_token_created',
      details: {
        custom_message: 'Created access token deploy',
        author_name: root.name,
        author_class: 'User',
        target_id: tokenId,
        target_type: 'PersonalAccessToken',
        target_details: 'deploy',
        ip_address: '127.0.0.1',
        entity_path: u.user.username,
      },
      created_at: expect.any(String),
    });
    expect(Object.keys(event)).toEqual(['id', 'author_id', 'entity_id', 'entity_type', 'event_name', 'details', 'created_at']);
    const rotated = await during(() => inst.client(secret).post('/personal_access_tokens/self/rotate'));
    const r = one(rotated, 'personal_access_token_rotated');
    expect(r.author_id).toBe(u.user.id);
    expect(r.details.target_id).toBe(tokenId);
    expect(JSON.stringify(rotated)).not.toContain(secret);
    const revoked = await during(() => inst.admin.delete(`/personal_access_tokens/${u.tokenId}`));
    expect(one(revoked, 'personal_access_token_revoked').details.target_id).toBe(u.tokenId);
  });

  it('revoking a token family on reuse records one event naming the caller as unauthenticated', async () => {
    const u = await createUser(inst);
    const first = await inst.client(u.token).post<{ token: string }>('/personal_access_tokens/self/rotate');
    const events = await during(() => inst.client(u.token).post('/personal_access_tokens/self/rotate').catch(() => undefined));
    const e = one(events, 'personal_access_token_family_revoked');
    expect(e.author_id).toBe(-1);
    expect(e.details.author_class).toBe('Gitlab::Audit::UnauthenticatedAuthor');
    expect(JSON.stringify(events)).not.toContain(first.data.token);
    expect(JSON.stringify(events)).not.toContain(u.token);
  });

  it('records user create, attribute updates (one event each), block, unblock and delete', async () => {
    let u!: TestUser;
    const createdEvents = await during(async () => {
      u = await createUser(inst);
    });
    expect(one(createdEvents, 'user_created').entity_id).toBe(u.user.id);
    const updated = await during(() => inst.admin.put(`/users/${u.user.id}`, { admin: true, external: true, password: 'another-horse-battery' }));
    expect(updated.map((e) => e.event_name).sort()).toEqual(['user_admin_status_updated', 'user_external_status_updated', 'user_password_updated']);
    expect(one(updated, 'user_admin_status_updated').details).toMatchObject({ change: 'admin', from: false, to: true });
    expect(one(updated, 'user_password_updated').details).not.toHaveProperty('to');
    expect(JSON.stringify(updated)).not.toContain('another-horse-battery');
    const blocked = await during(() => inst.admin.post(`/users/${u.user.id}/block`));
    expect(one(blocked, 'user_blocked').details).toMatchObject({ change: 'state', from: 'active', to: 'blocked' });
    expect(await during(() => inst.admin.post(`/users/${u.user.id}/block`))).toEqual([]);
    one(await during(() => inst.admin.post(`/users/${u.user.id}/unblock`)), 'unblock_user');
    const deleted = await during(() => inst.admin.delete(`/users/${u.user.id}`));
    expect(one(deleted, 'user_destroyed').details.entity_path).toBe(u.user.username);
  });

  it('a refused change leaves no event', async () => {
    const u = await createUser(inst);
    const events = await during(() => inst.client(u.token).post(`/users/${u.user.id}/personal_access_tokens`, { name: 'x', scopes: ['api'] }).catch(() => undefined));
    expect(events).toEqual([]);
  });

  it('the instance list is for administrators; one event is found by id, others are 404', async () => {
    await expectApiError(f.owner.client.get('/audit_events'), 403);
    const latest = (await inst.admin.get<AuditEventJson[]>('/audit_events', { per_page: 1 })).data[0] as AuditEventJson;
    expect((await inst.admin.get<AuditEventJson>(`/audit_events/${latest.id}`)).data).toEqual(latest);
    await expectApiError(inst.admin.get('/audit_events/999999'), 404, { message: '404 Audit Event Not Found' });
    await expectApiError(f.owner.client.get(`/audit_events/${latest.id}`), 403);
  });

  it('filters the instance list by entity and by time', async () => {
    const u = await createUser(inst);
    const mine = await inst.admin.get<AuditEventJson[]>('/audit_events', { entity_type: 'User', entity_id: u.user.id });
    expect(mine.data.map((e) => e.event_name)).toEqual(['personal_access_token_created', 'user_created']);
    expect(mine.headers['x-total']).toBe('2');
    inst.clock.advance(3_600_000);
    const later = await createUser(inst);
    const since = new Date(inst.clock.now().getTime() - 60_000).toISOString();
    const recent = await inst.admin.get<AuditEventJson[]>('/audit_events', { created_after: since });
    expect(recent.data.map((e) => e.entity_id)).toEqual([later.user.id, later.user.id]);
    const before = await inst.admin.get<AuditEventJson[]>('/audit_events', { created_before: since, entity_type: 'User', entity_id: later.user.id });
    expect(before.data).toEqual([]);
    await expectApiError(inst.admin.get('/audit_events', { entity_type: 'Pipeline' }), 400);
    await expectApiError(inst.admin.get('/audit_events', { created_after: 'yesterday' }), 400);
  });

  it('pages by offset and by keyset (id descending; empty page and no next link past the end)', async () => {
    const all = await inst.admin.get<AuditEventJson[]>('/audit_events', { per_page: 100 });
    const ids = all.data.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page2 = await inst.admin.get<AuditEventJson[]>('/audit_events', { per_page: 3, page: 2 });
    expect(page2.data.map((e) => e.id)).toEqual(ids.slice(3, 6));
    expect(page2.headers['x-total']).toBe(String((await eventsSince(inst, 0)).length));
    const seen: number[] = [];
    let query: Record<string, unknown> = { pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: 7 };
    let client: ApiClient = inst.admin;
    for (let i = 0; i < 100; i++) {
      const res = await client.get<AuditEventJson[]>('/audit_events', query);
      seen.push(...res.data.map((e) => e.id));
      const link = res.headers.link;
      if (!link) {
        expect(res.data.length).toBeGreaterThan(0);
        break;
      }
      const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] as string;
      expect(next).toContain('cursor=');
      query = Object.fromEntries(new URL(next).searchParams);
      client = inst.admin;
    }
    expect(seen).toEqual(ids);
    await expectApiError(inst.admin.get('/audit_events', { pagination: 'keyset', order_by: 'created_at', sort: 'desc' }), 405, {
      error: 'Keyset pagination is not yet available for this type of request',
    });
  });

  it('x-total is exact for every list and filter, alone and within a date range', async () => {
    // Events by two authors on the project and the group, at three times a minute apart, so
    // that a date range cuts every list in the middle; the project is starred in the first and
    // the last minute only (a filter with events on both sides of the range and none in it).
    const minute = async (star: boolean) => {
      const u = await createUser(inst);
      await addMember(inst, 'projects', f.project.id, u.user.id, 20);
      await addMember(inst, 'groups', f.group.id, u.user.id, 10, f.owner.client);
      if (star) {
        await inst.admin.post(`/projects/${f.project.id}/star`);
        await inst.admin.post(`/projects/${f.project.id}/unstar`);
      }
      inst.clock.advance(60_000);
      return u;
    };
    await minute(true);
    const from = inst.clock.now().toISOString();
    const middle = await minute(false);
    const to = new Date(inst.clock.now().getTime() - 1).toISOString();
    await minute(true);
    /** Every event of a list, walked by keyset, against the offset page's x-total. */
    const check = async (client: ApiClient, path: string, filter: Record<string, unknown>) => {
      const ids = await keysetIds(client, path, { ...filter, order_by: 'id', sort: 'desc', per_page: 100 });
      const page = await client.get<AuditEventJson[]>(path, { ...filter, per_page: 1 });
      expect(page.headers['x-total'], `${path} ${JSON.stringify(filter)}`).toBe(String(ids.length));
      return ids.length;
    };
    const lists: [ApiClient, string, Record<string, unknown>][] = [
      [inst.admin, '/audit_events', {}],
      [inst.admin, '/audit_events', { entity_type: 'Project' }],
      [inst.admin, '/audit_events', { entity_type: 'User', entity_id: middle.user.id }],
      [f.owner.client, `/groups/${f.group.id}/audit_events`, {}],
      [f.maintainer.client, `/projects/${f.project.id}/audit_events`, {}],
    ];
    const filters: Record<string, unknown>[] = [
      {},
      { author_id: root.id },
      { author_id: f.owner.user.id },
      { event_name: 'member_created' },
      { event_name: 'project_starred' },
      { author_id: root.id, event_name: 'member_created' },
    ];
    for (const [client, path, scope] of lists) {
      for (const filter of filters) {
        const whole = await check(client, path, { ...scope, ...filter });
        const ranged = await check(client, path, { ...scope, ...filter, created_after: from, created_before: to });
        expect(ranged).toBeLessThanOrEqual(whole);
        if (filter.event_name === 'project_starred' && path.includes('/projects/')) expect([whole, ranged]).toEqual([2, 0]);
      }
    }
    // The range holds the middle minute's events (the user, its token, two memberships) and nothing else.
    const ranged = await inst.admin.get<AuditEventJson[]>('/audit_events', { created_after: from, created_before: to, per_page: 100 });
    expect(ranged.headers['x-total']).toBe('4');
    expect(ranged.data.map((e) => e.event_name).sort()).toEqual(['member_created', 'member_created', 'personal_access_token_created', 'user_created']);
    expect((await inst.admin.get('/audit_events', { created_after: to, created_before: from })).headers['x-total']).toBe('0');
  });

  it('every list and filter shows the newest events, not yet in the lists\' indexes, with the older ones', async () => {
    /** A list's event ids, newest first, as the stream reads them (by id alone, no list index). */
    const streamed = async (client: ApiClient, query: Record<string, unknown>) => {
      const ids: number[] = [];
      for (let after = 0; ; ) {
        const res = await client.get<AuditEventJson[]>('/hostctl/audit_events/stream', { ...query, after, timeout: 0 });
        if (res.data.length === 0) return ids.reverse();
        ids.push(...res.data.map((e) => e.id));
        after = Number(res.headers['x-next-after']);
      }
    };
    const listed = async (client: ApiClient, path: string, filter: Record<string, unknown>) => {
      const ids = await keysetIds(client, path, { ...filter, per_page: 7 });
      const page = await client.get<AuditEventJson[]>(path, { ...filter, per_page: 5, page: 2 });
      return { ids, total: Number(page.headers['x-total']), page2: page.data.map((e) => e.id) };
    };
    const lists: [ApiClient, string, Record<string, unknown>, Record<string, unknown>][] = [
      [inst.admin, '/audit_events', {}, {}],
      [inst.admin, '/audit_events', { entity_type: 'Project' }, { entity_type: 'Project' }],
      [inst.admin, '/audit_events', { entity_type: 'User', entity_id: f.owner.user.id }, { entity_type: 'User', entity_id: f.owner.user.id }],
      [f.owner.client, `/groups/${f.group.id}/audit_events`, {}, { group_id: f.group.id }],
      [f.maintainer.client, `/projects/${f.project.id}/audit_events`, {}, { project_id: f.project.id }],
    ];
    const filters: Record<string, unknown>[] = [{}, { author_id: root.id }, { event_name: 'project_starred' }];
    // Rounds of a few events each, so that the checks see some events waiting and some just
    // settled, across more than one settling.
    for (let round = 0; round * 6 < AUDIT_SETTLE_BATCH + 12; round++) {
      for (let i = 0; i < 3; i++) {
        await inst.admin.post(`/projects/${f.project.id}/star`);
        await inst.admin.post(`/projects/${f.project.id}/unstar`);
      }
      for (const [client, path, scope, streamScope] of lists) {
        for (const filter of filters) {
          const want = await streamed(client, { ...streamScope, ...filter });
          const got = await listed(client, path, { ...scope, ...filter });
          const label = `${path} ${JSON.stringify({ ...scope, ...filter })} round ${round}`;
          expect(got.ids, label).toEqual(want);
          expect(got.total, label).toBe(want.length);
          expect(got.page2, label).toEqual(want.slice(5, 10));
        }
      }
    }
  });

  it('group Owners read the group and its projects; project Maintainers read the project; others are refused', async () => {
    const events = await during(() => inst.admin.post(`/users/${f.owner.user.id}/personal_access_tokens`, { name: 'noise', scopes: ['api'] }));
    expect(events).toHaveLength(1);
    const groupMaintainer = await createUser(inst);
    await addMember(inst, 'groups', f.group.id, groupMaintainer.user.id, 40);
    await expectApiError(groupMaintainer.client.get(`/groups/${f.group.id}/audit_events`), 403);
    await expectApiError(f.maintainer.client.get(`/groups/${f.group.id}/audit_events`), 404);
    await expectApiError(f.developer.client.get(`/projects/${f.project.id}/audit_events`), 403);
    await expectApiError(f.nonMember.client.get(`/projects/${f.project.id}/audit_events`), 404);
    const group = await f.owner.client.get<AuditEventJson[]>(`/groups/${f.group.id}/audit_events`);
    expect(group.data.every((e) => (e.entity_type === 'Group' && e.entity_id === f.group.id) || (e.entity_type === 'Project' && e.entity_id === f.project.id))).toBe(true);
    const project = await f.maintainer.client.get<AuditEventJson[]>(`/projects/${f.project.id}/audit_events`);
    expect(project.data.every((e) => e.entity_type === 'Project' && e.entity_id === f.project.id)).toBe(true);
    await expectApiError(f.owner.client.get(`/groups/${f.group.id}/audit_events/${events[0]!.id}`), 404, { message: '404 Audit Event Not Found' });
  });

  it('is hidden below Premium, and instance events on the hosted offering', async () => {
    inst.core.settings.tier = 'free';
    try {
      await expectApiError(inst.admin.get('/audit_events'), 404);
      await expectApiError(inst.admin.get(`/projects/${f.project.id}/audit_events`), 404);
    } finally {
      inst.core.settings.tier = 'ultimate';
    }
    inst.core.settings.offering = 'hosted';
    try {
      await expectApiError(inst.admin.get('/audit_events'), 404);
      expect((await inst.admin.get(`/groups/${f.group.id}/audit_events`)).status).toBe(200);
    } finally {
      inst.core.settings.offering = 'all';
    }
  });

  it('follows new events through the stream extension', async () => {
    const after = await lastEventId(inst);
    const waiting = inst.admin.get<AuditEventJson[]>('/hostctl/audit_events/stream', { after, timeout: 10 });
    await new Promise((r) => setTimeout(r, 50));
    const u = await createUser(inst);
    const got = (await waiting).data;
    expect(got[0]?.entity_id).toBe(u.user.id);
    expect(got.every((e) => e.id > after)).toBe(true);
    const empty = await inst.admin.get<AuditEventJson[]>('/hostctl/audit_events/stream', { after: 1e12, timeout: 0 });
    expect(empty.data).toEqual([]);
    await expectApiError(f.owner.client.get('/hostctl/audit_events/stream', { timeout: 0 }), 403);
  });
});
