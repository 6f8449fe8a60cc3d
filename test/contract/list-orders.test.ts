// order_by on the project and group lists, as the platform takes and applies it
// (lib/api/projects.rb, lib/api/groups.rb, Project.sorted_by_similarity_desc,
// Namespace.sorted_by_similarity_and_parent_id_desc): star_count with ties by id in the same
// direction; similarity, which ranks a search's matches by pg_trgm similarity of path, name
// (× 0.7) and, for projects, description (× 0.2), best first and ties by id descending, and
// which each list reads its own way without a search or a signed-in caller; the values each
// list refuses; keyset pages only where the platform offers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import type { ApiClient } from '../../src/client/client.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, type ProjectJson } from '../factories/projects.js';

type Row = { id: number; name: string; star_count?: number; parent_id?: number | null };
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const INVALID = { error: 'order_by does not have a valid value' };
const NO_KEYSET = { error: 'Keyset pagination is not yet available for this type of request' };

/** Every page of a list, `perPage` at a time, with the total the first page announced. */
async function allPages(client: ApiClient, path: string, query: Record<string, unknown>, perPage: number): Promise<{ rows: Row[]; total: number; pages: number }> {
  const rows: Row[] = [];
  let total = -1;
  let pages = 0;
  for (let page = 1; page < 50; page++) {
    const res = await client.get<Row[]>(path, { ...query, per_page: perPage, page });
    if (page === 1) total = Number(res.headers['x-total']);
    rows.push(...res.data);
    pages++;
    if (!res.headers['x-next-page']) break;
  }
  return { rows, total, pages };
}

describe.each(TRANSPORTS)('list orders (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;
  let starrers: TestUser[];

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    bob = await createUser(inst);
    starrers = [await createUser(inst), await createUser(inst), await createUser(inst)];
  });
  afterAll(() => inst.close());

  const star = async (project: ProjectJson, n: number) => {
    for (const u of starrers.slice(0, n)) expect((await u.client.post(`/projects/${project.id}/star`)).status).toBe(201);
  };

  describe('projects by star_count', () => {
    let g: GroupJson;
    let made: ProjectJson[];
    const stars = [2, 0, 3, 2, 0, 1, 2];

    beforeAll(async () => {
      g = await createGroup(inst, inst.admin, { visibility: 'public' });
      made = [];
      for (const [i, n] of stars.entries()) {
        const p = await createProject(inst, inst.admin, { path: `starred-${i}`, namespace_id: g.id, visibility: 'public' });
        await star(p, n);
        made.push(p);
      }
    });

    /** The made projects by stars in `dir`, ties by id in the same direction. */
    const expected = (dir: 'asc' | 'desc') =>
      made
        .map((p, i) => ({ id: p.id, stars: stars[i] as number }))
        .sort((a, b) => (a.stars - b.stars || a.id - b.id) * (dir === 'asc' ? 1 : -1))
        .map((p) => p.id);

    it("orders a group's projects both ways, ties by id in the same direction, across pages", async () => {
      for (const dir of ['desc', 'asc'] as const) {
        const { rows, total, pages } = await allPages(inst.admin, `/groups/${g.id}/projects`, { order_by: 'star_count', sort: dir }, 2);
        expect(ids(rows)).toEqual(expected(dir));
        expect(rows.map((r) => r.star_count)).toEqual(expected(dir).map((id) => stars[made.findIndex((p) => p.id === id)]));
        expect([total, pages]).toEqual([7, 4]);
      }
      // The default direction is desc.
      expect(ids((await bob.client.get<Row[]>(`/groups/${g.id}/projects`, { order_by: 'star_count' })).data)).toEqual(expected('desc'));
    });

    it('orders GET /projects and a user\'s projects the same way, for every caller', async () => {
      const search = { search: 'starred-' };
      for (const client of [inst.admin, bob.client, inst.client()]) {
        for (const dir of ['desc', 'asc'] as const) {
          const { rows } = await allPages(client, '/projects', { ...search, order_by: 'star_count', sort: dir }, 3);
          expect(ids(rows)).toEqual(expected(dir));
        }
      }
      const own = [await createProject(inst, alice.client, { path: 'mine-a', visibility: 'public' }), await createProject(inst, alice.client, { path: 'mine-b', visibility: 'public' })];
      await star(own[0] as ProjectJson, 1);
      const asBob = await bob.client.get<Row[]>(`/users/${alice.user.id}/projects`, { order_by: 'star_count', sort: 'desc' });
      expect(ids(asBob.data)).toEqual([own[0]?.id, own[1]?.id]);
      const ascending = await inst.client().get<Row[]>(`/users/${alice.user.id}/projects`, { order_by: 'star_count', sort: 'asc' });
      expect(ids(ascending.data)).toEqual([own[1]?.id, own[0]?.id]);
    });

    it('follows a star as it comes and goes', async () => {
      const last = made[1] as ProjectJson; // no stars yet
      await star(last, 3);
      // Three stars, as made[2] has: the higher id first.
      expect(ids((await inst.admin.get<Row[]>(`/groups/${g.id}/projects`, { order_by: 'star_count', per_page: 2 })).data)).toEqual([made[2]?.id, last.id]);
      for (const u of starrers) expect((await u.client.post(`/projects/${last.id}/unstar`)).status).toBe(201);
      expect(ids((await inst.admin.get<Row[]>(`/groups/${g.id}/projects`, { order_by: 'star_count', sort: 'desc' })).data)).toEqual(expected('desc'));
    });

    it('pages by keyset only by id', async () => {
      await expectApiError(inst.admin.get('/projects', { pagination: 'keyset', order_by: 'star_count', sort: 'desc' }), 405, NO_KEYSET);
      await expectApiError(inst.admin.get(`/groups/${g.id}/projects`, { pagination: 'keyset', order_by: 'star_count', sort: 'desc' }), 405, NO_KEYSET);
    });
  });

  describe('projects by similarity', () => {
    let g: GroupJson;
    let sub: GroupJson;
    let p: Record<string, ProjectJson>;

    beforeAll(async () => {
      g = await createGroup(inst, inst.admin, { visibility: 'public' });
      sub = await createGroup(inst, inst.admin, { parent_id: g.id, visibility: 'public' });
      p = {};
      // The platform's own case (spec/requests/api/groups_spec.rb) and a few more: an exact
      // name and path, a longer word, a second word, the description only, no match at all.
      for (const [key, name, path, description] of [
        ['project', 'Project', 'project', ''],
        ['testProject', 'Test Project', 'test-project', ''],
        ['test', 'Test', 'test', ''],
        ['zebra', 'Zebra', 'zebra', ''],
        ['zebras', 'Zebras', 'zebras', ''],
        ['crossing', 'Zebra Crossing', 'zebra-crossing', ''],
        ['stripes', 'Stripes', 'stripes', 'a zebra'],
        ['horse', 'Horse', 'horse', ''],
      ] as const) {
        p[key] = await createProject(inst, inst.admin, { name, path, description, namespace_id: g.id, visibility: 'public' });
      }
      // The same name and path one level down: the same score, so the newer id comes first.
      p.subZebra = await createProject(inst, inst.admin, { name: 'Zebra', path: 'zebra', namespace_id: sub.id, visibility: 'public' });
      await addMember(inst, 'groups', sub.id, alice.user.id, 30);
    });

    it("ranks a group's search matches best first, for anyone, as the platform's spec expects", async () => {
      for (const client of [inst.admin, bob.client, inst.client()]) {
        const res = await client.get<Row[]>(`/groups/${g.id}/projects`, { order_by: 'similarity', search: 'test' });
        expect(names(res.data)).toEqual(['Test', 'Test Project']);
        expect(res.headers['x-total']).toBe('2');
      }
      // Exact (1.70), a longer word (1.06), a second word (0.68), the description (0.15); sort is ignored.
      const zebra = await inst.admin.get<Row[]>(`/groups/${g.id}/projects`, { order_by: 'similarity', search: 'zebra', sort: 'asc' });
      expect(ids(zebra.data)).toEqual([p.zebra, p.zebras, p.crossing, p.stripes].map((x) => x?.id));
      const deep = await allPages(inst.admin, `/groups/${g.id}/projects`, { order_by: 'similarity', search: 'ZEBRA', include_subgroups: true }, 2);
      expect(ids(deep.rows)).toEqual([p.subZebra, p.zebra, p.zebras, p.crossing, p.stripes].map((x) => x?.id));
      expect([deep.total, deep.pages]).toEqual([5, 3]);
      // With statistics the rows keep the ranking; past the offset limit the platform's 405.
      const withStats = await inst.admin.get<(Row & { statistics?: unknown })[]>(`/groups/${g.id}/projects`, { order_by: 'similarity', search: 'zebra', statistics: true });
      expect(ids(withStats.data)).toEqual(ids(zebra.data));
      expect(withStats.data.every((r) => typeof r.statistics === 'object')).toBe(true);
      await expectApiError(inst.admin.get(`/groups/${g.id}/projects`, { order_by: 'similarity', search: 'zebra', page: 501, per_page: 100 }), 405);
    });

    it("orders a group's list by name ascending without a search, ties by id in sort's direction", async () => {
      // A name is unique in its namespace: the twin lives in the subgroup.
      const twin = await createProject(inst, inst.admin, { name: 'Test', path: 'test-twin', namespace_id: sub.id, visibility: 'public' });
      const all = { order_by: 'similarity', include_subgroups: true };
      const desc = await inst.admin.get<Row[]>(`/groups/${g.id}/projects`, { ...all, per_page: 100 });
      const byName = [...desc.data].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : b.id - a.id));
      expect(ids(desc.data)).toEqual(ids(byName));
      expect(ids(desc.data.filter((r) => r.name === 'Test'))).toEqual([twin.id, p.test?.id]);
      const asc = await inst.admin.get<Row[]>(`/groups/${g.id}/projects`, { ...all, sort: 'asc', per_page: 100 });
      expect(ids(asc.data.filter((r) => r.name === 'Test'))).toEqual([p.test?.id, twin.id]);
      expect(names(asc.data).slice(0, 3)).toEqual(['Horse', 'Project', 'Stripes']);
      // Pages of the same order join up.
      const paged = await allPages(inst.admin, `/groups/${g.id}/projects`, all, 3);
      expect(ids(paged.rows)).toEqual(ids(desc.data));
      await inst.admin.delete(`/projects/${twin.id}`);
    });

    it("ranks GET /projects among the caller's own projects only", async () => {
      // alice is a member of the subgroup alone: its Zebra is hers, the group's public ones are not.
      const mine = await alice.client.get<Row[]>('/projects', { order_by: 'similarity', search: 'zebra' });
      expect(ids(mine.data)).toEqual([p.subZebra?.id]);
      const seen = await alice.client.get<Row[]>('/projects', { search: 'zebra', per_page: 100 });
      expect(seen.data.length).toBe(5);
      // An administrator too ranks only the projects they are a member of.
      const admin = await createUser(inst, { admin: true });
      expect((await admin.client.get<Row[]>('/projects', { order_by: 'similarity', search: 'zebra' })).data).toEqual([]);
      expect((await admin.client.get<Row[]>('/projects', { search: 'zebra' })).data.length).toBe(5);
      await addMember(inst, 'groups', g.id, bob.user.id, 10);
      const ranked = await allPages(bob.client, '/projects', { order_by: 'similarity', search: 'zebra' }, 2);
      expect(ids(ranked.rows)).toEqual([p.subZebra, p.zebra, p.zebras, p.crossing, p.stripes].map((x) => x?.id));
      expect([ranked.total, ranked.pages]).toEqual([5, 3]);
    });

    it('ranks the projects a caller reaches through shares, at the level min_access_level asks', async () => {
      const sorted = (rows: Row[]) => ids(rows).sort((a, b) => a - b);
      const ranked = async (u: TestUser, extra: Record<string, unknown> = {}) => (await u.client.get<Row[]>('/projects', { order_by: 'similarity', search: 'zebra', ...extra })).data;
      // bob is a Guest of the group: everything at any level, nothing from Reporter up.
      expect(ids(await ranked(bob, { membership: true }))).toEqual([p.subZebra, p.zebra, p.zebras, p.crossing, p.stripes].map((x) => x?.id));
      expect(await ranked(bob, { min_access_level: 20 })).toEqual([]);
      expect(ids(await ranked(alice, { min_access_level: 30 }))).toEqual([p.subZebra?.id]);
      expect(await ranked(alice, { min_access_level: 40 })).toEqual([]);
      // A project shared with carol's group, at Reporter; the group shared with dave's, at Developer.
      const [carol, dave] = [await createUser(inst), await createUser(inst)];
      const [team, crew] = [await createGroup(inst, inst.admin), await createGroup(inst, inst.admin)];
      await addMember(inst, 'groups', team.id, carol.user.id, 40);
      await addMember(inst, 'groups', crew.id, dave.user.id, 30);
      expect((await inst.admin.post(`/projects/${p.crossing?.id}/share`, { group_id: team.id, group_access: 20 })).status).toBe(201);
      expect((await inst.admin.post(`/groups/${g.id}/share`, { group_id: crew.id, group_access: 30 })).status).toBe(201);
      expect(ids(await ranked(carol))).toEqual([p.crossing?.id]);
      expect(await ranked(carol, { min_access_level: 30 })).toEqual([]);
      expect(ids(await ranked(dave, { min_access_level: 30 }))).toEqual([p.subZebra, p.zebra, p.zebras, p.crossing, p.stripes].map((x) => x?.id));
      // The same projects as the unranked membership list finds.
      for (const u of [alice, bob, carol, dave]) {
        const members = (await u.client.get<Row[]>('/projects', { membership: true, search: 'zebra', per_page: 100 })).data;
        expect(sorted(await ranked(u))).toEqual(sorted(members));
      }
      await inst.admin.delete(`/groups/${g.id}/share/${crew.id}`);
    });

    it('ranks a broad search the same way (its matches tested as a set rather than one by one)', async () => {
      const h = await createGroup(inst, inst.admin);
      const made: ProjectJson[] = [];
      for (let i = 1; i <= 205; i++) made.push(await createProject(inst, inst.admin, { name: `Bulk ${i}`, path: `bulk-${i}`, namespace_id: h.id }));
      const carol = await createUser(inst);
      await addMember(inst, 'groups', h.id, carol.user.id, 20);
      const { rows, total } = await allPages(carol.client, '/projects', { order_by: 'similarity', search: 'bulk' }, 100);
      // One digit shares more of the search's trigrams than two, two more than three; ties newest first.
      const digits = (p: ProjectJson) => String(made.indexOf(p) + 1).length;
      const expected = [...made].sort((a, b) => digits(a) - digits(b) || b.id - a.id).map((p) => p.id);
      expect([ids(rows), total]).toEqual([expected, 205]);
      expect((await bob.client.get<Row[]>('/projects', { order_by: 'similarity', search: 'bulk' })).data).toEqual([]);
      expect((await carol.client.get<Row[]>('/projects', { order_by: 'similarity', search: 'bulk', min_access_level: 30 })).data).toEqual([]);
      await inst.admin.delete(`/groups/${h.id}`);
    });

    it('orders GET /projects by created_at without a search or a signed-in caller', async () => {
      // Anonymous: every public match, created_at in sort's direction (ids follow creation here).
      const anon = await inst.client().get<Row[]>('/projects', { order_by: 'similarity', search: 'zebra', sort: 'asc' });
      const created = await inst.client().get<Row[]>('/projects', { order_by: 'created_at', search: 'zebra', sort: 'asc' });
      expect(ids(anon.data)).toEqual(ids(created.data));
      expect(ids(anon.data)).toEqual([p.zebra, p.zebras, p.crossing, p.stripes, p.subZebra].map((x) => x?.id));
      const plain = await alice.client.get<Row[]>('/projects', { order_by: 'similarity', per_page: 100 });
      expect(ids(plain.data)).toEqual(ids((await alice.client.get<Row[]>('/projects', { per_page: 100 })).data));
      expect(plain.data.length).toBeGreaterThan(1);
    });

    it("ranks a user's projects for a signed-in caller without the membership limit", async () => {
      const made = [];
      for (const [name, path] of [['Kiwi Tree', 'kiwi-tree'], ['Kiwi', 'kiwi'], ['Kiwis', 'kiwis'], ['Apple', 'apple']] as const) {
        made.push(await createProject(inst, alice.client, { name, path, visibility: 'public' }));
      }
      const [tree, kiwi, kiwis] = made;
      const byBob = await bob.client.get<Row[]>(`/users/${alice.user.id}/projects`, { order_by: 'similarity', search: 'kiwi' });
      expect(ids(byBob.data)).toEqual([kiwi, kiwis, tree].map((x) => x?.id));
      // Anonymous: created_at (newest first by default).
      const anon = await inst.client().get<Row[]>(`/users/${alice.user.id}/projects`, { order_by: 'similarity', search: 'kiwi' });
      expect(ids(anon.data)).toEqual([kiwis, kiwi, tree].map((x) => x?.id));
    });

    it("ranks a project's forks as the platform does: newest id first with a search", async () => {
      const source = p.zebra as ProjectJson;
      const forks = [];
      for (const path of ['zebra-fork-b', 'zebra-fork-a']) {
        const res = await alice.client.post<ProjectJson>(`/projects/${source.id}/fork`, { path, name: path });
        expect(res.status).toBe(201);
        forks.push(res.data);
      }
      const res = await alice.client.get<Row[]>(`/projects/${source.id}/forks`, { order_by: 'similarity', search: 'zebra-fork', sort: 'asc' });
      expect(ids(res.data)).toEqual(ids(forks).reverse());
    });

    it('pages by keyset only by id', async () => {
      await expectApiError(bob.client.get('/projects', { pagination: 'keyset', order_by: 'similarity', search: 'zebra', sort: 'desc' }), 405, NO_KEYSET);
      await expectApiError(inst.client().get('/projects', { pagination: 'keyset', order_by: 'similarity', sort: 'asc' }), 405, NO_KEYSET);
    });
  });

  describe('groups by similarity', () => {
    let owner: TestUser;

    beforeAll(async () => {
      owner = await createUser(inst);
    });

    it("ranks a search's matches as the platform's spec expects (groups_spec.rb)", async () => {
      // group4 and group5 of the spec share the name; group5's path is its name, group4's not.
      const group4 = await createGroup(inst, inst.admin, { name: 'same-name', path: 'ysome_path' });
      const group5 = await createGroup(inst, inst.admin, { name: 'same-name', path: 'same-name' });
      const group6 = await createGroup(inst, inst.admin, { name: 'same-name subgroup', path: 'same-name_subgroup', parent_id: group4.id });
      const group7 = await createGroup(inst, inst.admin, { name: 'same-name parent', path: 'same-name_parent' });
      for (const g of [group4, group5, group6, group7]) await addMember(inst, 'groups', g.id, owner.user.id, 50);
      const res = await owner.client.get<Row[]>('/groups', { order_by: 'similarity', search: 'same-name' });
      expect(names(res.data)).toEqual(['same-name', 'same-name parent', 'same-name subgroup', 'same-name']);
      expect(ids(res.data)).toEqual([group5.id, group7.id, group6.id, group4.id]);
      // Without a search: by name in sort's direction, ties by id ascending either way.
      const byName = await owner.client.get<Row[]>('/groups', { order_by: 'similarity', sort: 'desc' });
      expect(ids(byName.data)).toEqual([group6.id, group7.id, group4.id, group5.id]);
      expect(ids((await owner.client.get<Row[]>('/groups', { order_by: 'similarity' })).data)).toEqual([group4.id, group5.id, group7.id, group6.id]);
    });

    it('breaks ties by parent_id descending with top-level groups last, then by id descending', async () => {
      const top = await createGroup(inst, inst.admin, { name: 'Kite', path: 'kite', visibility: 'public' });
      const p1 = await createGroup(inst, inst.admin, { name: 'Alpha', path: 'alpha-k', visibility: 'public' });
      const p2 = await createGroup(inst, inst.admin, { name: 'Beta', path: 'beta-k', visibility: 'public' });
      const in2 = await createGroup(inst, inst.admin, { name: 'Kite', path: 'kite', parent_id: p2.id, visibility: 'public' });
      const in1 = await createGroup(inst, inst.admin, { name: 'Kite', path: 'kite', parent_id: p1.id, visibility: 'public' });
      const k1 = await createGroup(inst, inst.admin, { name: 'Kite 1', path: 'kite-1', parent_id: p1.id, visibility: 'public' });
      const k2 = await createGroup(inst, inst.admin, { name: 'Kite 2', path: 'kite-2', parent_id: p1.id, visibility: 'public' });
      for (const client of [inst.admin, bob.client, inst.client()]) {
        const { rows, total, pages } = await allPages(client, '/groups', { order_by: 'similarity', search: 'kite', all_available: true }, 2);
        expect(ids(rows)).toEqual([in2.id, in1.id, top.id, k2.id, k1.id]);
        expect([total, pages]).toEqual([5, 3]);
      }
      const subgroups = await bob.client.get<Row[]>(`/groups/${p1.id}/subgroups`, { order_by: 'similarity', search: 'kite' });
      expect(ids(subgroups.data)).toEqual([in1.id, k2.id, k1.id]);
      const descendants = await inst.client().get<Row[]>(`/groups/${p1.id}/descendant_groups`, { order_by: 'similarity', search: 'KITE' });
      expect(ids(descendants.data)).toEqual([in1.id, k2.id, k1.id]);
      // Without a search, subgroups go by name, ties by id ascending.
      expect(ids((await bob.client.get<Row[]>(`/groups/${p1.id}/subgroups`, { order_by: 'similarity', sort: 'desc' })).data)).toEqual([k2.id, k1.id, in1.id]);
    });

    it('pages anonymous callers by keyset only by name ascending', async () => {
      await expectApiError(inst.client().get('/groups', { pagination: 'keyset', order_by: 'similarity', search: 'kite', sort: 'asc' }), 405, NO_KEYSET);
      await expectApiError(inst.client().get('/groups', { pagination: 'keyset', order_by: 'similarity', sort: 'asc' }), 405, NO_KEYSET);
      expect((await inst.client().get<Row[]>('/groups', { pagination: 'keyset', order_by: 'name', sort: 'asc' })).status).toBe(200);
    });
  });

  describe('refused values', () => {
    it('answers 400 for an order a list does not take', async () => {
      const g = await createGroup(inst, inst.admin, { visibility: 'public' });
      const paths = ['/projects', `/users/${alice.user.id}/projects`, `/groups/${g.id}/projects`, '/groups', `/groups/${g.id}/subgroups`, `/groups/${g.id}/descendant_groups`];
      for (const path of paths) {
        for (const value of ['stars', 'Similarity', 'relevance']) await expectApiError(inst.admin.get(path, { order_by: value }), 400, INVALID);
      }
      // Groups take no project orders; a group's projects no size orders.
      for (const path of paths.slice(3)) await expectApiError(inst.admin.get(path, { order_by: 'star_count' }), 400, INVALID);
      await expectApiError(inst.admin.get(`/groups/${g.id}/projects`, { order_by: 'storage_size' }), 400, INVALID);
      expect((await inst.admin.get('/projects', { order_by: 'storage_size' })).status).toBe(200);
      expect((await inst.admin.get(`/users/${alice.user.id}/projects`, { order_by: 'repository_size' })).status).toBe(200);
      await expectApiError(inst.admin.get('/projects', { order_by: 'similarity', sort: 'up' }), 400, { error: 'sort does not have a valid value' });
    });

    it('refuses an updated_at filter on GET /projects unless ordered by updated_at', async () => {
      const paired = { message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired' };
      const when = '2020-01-01T00:00:00Z';
      await expectApiError(inst.admin.get('/projects', { updated_after: when }), 400, paired);
      await expectApiError(bob.client.get('/projects', { updated_before: when, order_by: 'created_at' }), 400, paired);
      await expectApiError(inst.client().get('/projects', { updated_after: when, order_by: 'similarity', search: 'x' }), 400, paired);
      const ok = await inst.admin.get<Row[]>('/projects', { updated_after: when, order_by: 'updated_at', per_page: 100 });
      expect(ok.data.length).toBeGreaterThan(0);
      // Only GET /projects asks for the pair.
      expect((await inst.admin.get(`/users/${alice.user.id}/projects`, { updated_after: when })).status).toBe(200);
    });
  });
});
