// The count of a members/all list (one per user among the sources' unexpired memberships, up to
// a cap) against the distinct users the rows give, on a real state: expired memberships in every
// source, users in several sources, filters, and caps that stop the count in each source.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initState } from '../../init.js';
import type { Core } from '../../app.js';
import type { ProjectRow } from '../../db/rows.js';
import { isoDate } from '../../clock.js';
import { countMembers, memberSources, type MemberFilter, type SourceKey } from './queries.js';

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
    });
    const row = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(project.id) as ProjectRow;
    keys = memberSources(core, { type: 'project', project: row }, true, null);
    expect(keys.length).toBe(3);
  });
  afterAll(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The distinct users of the sources' unexpired memberships that match the filter, from the rows. */
  const expected = (filter: MemberFilter): number => {
    const rows = core.db
      .prepare(
        `SELECT DISTINCT m.user_id AS id, u.username FROM members m JOIN users u ON u.id = m.user_id
         WHERE (m.expires_at IS NULL OR m.expires_at >= ?) AND (${keys.map(() => '(m.source_type = ? AND m.source_id = ?)').join(' OR ')})`,
      )
      .all(today(), ...keys.flatMap((k) => [k.type, k.id])) as { id: number; username: string }[];
    return rows.filter((r) => (!filter.query || r.username.includes(filter.query)) && (!filter.userIds || filter.userIds.includes(r.id)) && !filter.skipUsers?.includes(r.id)).length;
  };

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
});
