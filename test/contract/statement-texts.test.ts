// The text of every SQL statement the core prepares depends on the request's shape, never on its
// values: the connection keeps each compiled statement by its text (up to 2,000, about 20 KB
// each), so a text made per page, per group or per count would fill that cache in a long-running
// serve. Lists of ids are bound (`namedList`, `json_each`), as is what is left of a count's cap.
// Observed on the in-process core: every text prepared while projects and groups are listed by a
// member and an administrator, page after page and group after group, with projects and groups
// made in between (which changes the counts a list reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createGroup } from '../factories/groups.js';
import { addMember, createProject } from '../factories/projects.js';

describe('prepared statement texts', () => {
  let inst: Instance;
  let alice: TestUser;
  const texts = new Set<string>();

  beforeAll(async () => {
    inst = await startInstance('local');
    alice = await createUser(inst);
    const db = inst.core.db;
    const prepare = db.prepare;
    db.prepare = ((sql: string) => {
      texts.add(sql);
      return prepare.call(db, sql);
    }) as typeof prepare;
  });
  afterAll(() => inst.close());

  it('do not change with the ids, pages and counts of the lists asked for', async () => {
    const groups: number[] = [];
    for (let g = 0; g < 4; g++) {
      const group = await createGroup(inst, inst.admin, { visibility: 'public' });
      groups.push(group.id);
      for (let p = 0; p < 3; p++) {
        const project = await createProject(inst, inst.admin, { namespace_id: group.id, visibility: p === 0 ? 'public' : p === 1 ? 'internal' : 'private' });
        if (p === 2) await addMember(inst, 'projects', project.id, alice.user.id, 30);
      }
      if (g % 2) await addMember(inst, 'groups', group.id, alice.user.id, 10);
      // Each group's projects, as the member and as the administrator, after each new group.
      for (const id of groups) {
        for (const client of [alice.client, inst.admin]) {
          expect((await client.get(`/groups/${id}/projects`, { per_page: 2 })).status).toBe(200);
          expect((await client.get('/projects', { per_page: 2, page: 1 + (id % 3) })).status).toBe(200);
          expect((await client.get('/groups', { all_available: true, per_page: 2, skip_groups: groups.filter((s) => s !== id) })).status).toBe(200);
        }
      }
    }
    const byShape = new Map<string, Set<string>>();
    for (const text of texts) {
      const shape = text.replace(/\d+/g, 'N');
      byShape.set(shape, (byShape.get(shape) ?? new Set()).add(text));
    }
    const varying = [...byShape.values()].filter((set) => set.size > 1).map((set) => [...set].slice(0, 2).map((t) => t.replace(/\s+/g, ' ').slice(0, 300)));
    expect(varying).toEqual([]);
    expect(texts.size).toBeGreaterThan(20);
  });
});
