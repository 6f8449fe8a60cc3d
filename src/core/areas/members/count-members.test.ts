// The count of a members/all list (one per user among the sources' unexpired memberships, up to
// a cap) against the distinct users the rows give, on a real state: expired memberships in every
// source, users in several sources, filters, and caps that stop the count in each source. A
// query's members are read from its candidate users when they are few, from the rows
// otherwise: both ways are checked, counts and pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initState } from '../../init.js';
import type { Core } from '../../app.js';
import type { ProjectRow } from '../../db/rows.js';
import { isoDate } from '../../clock.js';
import { countMembers, memberSources, pageMembers, queryCandidates, type MemberFilter, type SourceKey } from './queries.js';

describe('members/all counts', () => {
  let dir: string;
  let core: Core;
  let keys: SourceKey[];
  const today = () => isoDate(core.clock.now());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-member-counts-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    const post = async (path: string, body: unknown) =>
      JSON.parse(String((await core.handle({ method: 'POST', path, headers: { 'private-token': init.rootToken, 'content-type': 'application/json' }, body: JSON.stringify(body) })).body)) as { id: number };
    const group = await post('/groups', { name: 'top', path: 'top' });
    const sub = await post('/groups', { name: 'sub', path: 'sub', parent_id: group.id });
    const project = await post('/projects', { path: 'p', namespace_id: sub.id });
    const at = core.nowIso();
    const past = '2000-01-01';
    const user = core.db.prepare('INSERT INTO users (username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const member = core.db.prepare('INSERT INTO members (source_type, source_id, user_id, access_level, expires_at, created_at, updated_at) VALUES (?, ?, ?, 20, ?, ?, ?)');
    core.tx(() => {
      for (let i = 0; i < 40; i++) {
        const id = Number(user.run(`user${i}`, `user${i}`, `u${i}@x`, `u${i}@x`, `User ${i}`, at, at).lastInsertRowid);
        // The top group: users 0–29, every fifth expired. The subgroup: 20–35, every third
        // expired. The project: every other user from 10, every fourth of those expired (some
        // also unexpired in a group, some nowhere else).
        if (i < 30) member.run('namespace', group.id, id, i % 5 === 0 ? past : null, at, at);
        if (i >= 20 && i < 36) member.run('namespace', sub.id, id, i % 3 === 0 ? past : null, at, at);
        if (i >= 10 && i % 2 === 0) member.run('project', project.id, id, i % 8 === 0 ? past : null, at, at);
      }
      // Users of no source whose names hold "user": so many candidates for `user` that its
      // members are read from the rows.
      for (let i = 0; i < 100; i++) user.run(`outsider${i}`, `outsider${i}`, `o${i}@x`, `o${i}@x`, `Other user ${i}`, at, at);
    });
    const row = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(project.id) as ProjectRow;
    keys = memberSources(core, { type: 'project', project: row }, true, null);
    expect(keys.length).toBe(3);
  });
  afterAll(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The ids of the distinct users of `sources`' unexpired memberships that match the filter (username or name holding the query, case aside), from the rows. */
  const matching = (filter: MemberFilter, sources = keys): number[] => {
    const rows = core.db
      .prepare(
        `SELECT DISTINCT m.user_id AS id, u.username, u.name FROM members m JOIN users u ON u.id = m.user_id
         WHERE (m.expires_at IS NULL OR m.expires_at >= ?) AND (${sources.map(() => '(m.source_type = ? AND m.source_id = ?)').join(' OR ')}) ORDER BY m.user_id`,
      )
      .all(today(), ...sources.flatMap((k) => [k.type, k.id])) as { id: number; username: string; name: string }[];
    const q = filter.query?.toLowerCase();
    return rows
      .filter((r) => (!q || r.username.toLowerCase().includes(q) || r.name.toLowerCase().includes(q)) && (!filter.userIds || filter.userIds.includes(r.id)) && !filter.skipUsers?.includes(r.id))
      .map((r) => r.id);
  };
  const expected = (filter: MemberFilter): number => matching(filter).length;

  it('counts each user once among the unexpired memberships, for every cap and filter', () => {
    const ids = (core.db.prepare("SELECT id FROM users WHERE username LIKE 'user%' ORDER BY id").all() as { id: number }[]).map((r) => r.id);
    const filters: MemberFilter[] = [{}, { query: 'user1' }, { query: 'user2' }, { skipUsers: ids.slice(20, 26) }, { userIds: ids.filter((_, i) => i % 3 === 0) }];
    for (const filter of filters) {
      const all = expected(filter);
      expect(all).toBeGreaterThan(0);
      for (const cap of [1, 3, 10, 20, 25, all - 1, all, all + 1, 10_001]) {
        if (cap < 1) continue;
        expect(countMembers(core, keys, filter, cap), `${JSON.stringify(filter)} cap ${cap}`).toBe(Math.min(all, cap));
      }
    }
  });

  it('reads a query from its candidates or from the rows alike, counts and pages, direct and inherited', () => {
    // From the candidates: few users hold the term (in any case). From the rows: `user` is held
    // by more users than the sources have members. One term each, which every search rule reads
    // as a substring of the username or the name.
    const queries = ['user1', 'SER2', 'ser3', 'user'];
    expect(queries.map((query) => queryCandidates(core, keys, { query }) !== undefined)).toEqual([true, true, true, false]);
    for (const query of queries) {
      for (const sources of [keys, [keys[0] as SourceKey]]) {
        const inherited = sources.length > 1;
        const want = matching({ query }, sources);
        expect(want.length, query).toBeGreaterThan(0);
        expect(countMembers(core, sources, { query }, 10_001), query).toBe(want.length);
        const paged: number[] = [];
        for (let offset = 0; offset <= want.length; offset += 3) paged.push(...pageMembers(core, sources, inherited, { query }, 3, offset).map((m) => m.user_id));
        // members/all pages in user order; a direct list in membership order, here the users' order too.
        expect(paged, `${query} ${inherited ? 'all' : 'direct'}`).toEqual(want);
      }
    }
  });
});
