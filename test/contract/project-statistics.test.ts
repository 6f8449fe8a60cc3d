// Project statistics (statistics=true) read from the repository, the package files and the
// snippets' repositories, order_by storage_size, repository_size, wiki_size and packages_size
// for administrators (with the same statistics as each project's own GET), group
// statistics summed over a group's projects (administrators only), and empty_repo/readme_url of
// one project from its repository; on both transports.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { commitFiles, createRepoProject } from '../factories/repository.js';
import { createProject, type ProjectJson } from '../factories/projects.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createSnippet } from '../factories/content.js';
import { uploadGeneric, type PackageJson } from '../factories/packages.js';

/** The fields the platform adds up into storage_size, and a group's statistics carry. */
const PARTS = ['repository_size', 'wiki_size', 'lfs_objects_size', 'job_artifacts_size', 'pipeline_artifacts_size', 'packages_size', 'snippets_size', 'uploads_size'] as const;
type Sizes = Record<'storage_size' | (typeof PARTS)[number], number>;
type Stats = Sizes & { commit_count: number; container_registry_size: number };
type WithStats = ProjectJson & { statistics?: Stats; empty_repo: boolean; readme_url?: string | null };
type GroupWithStats = GroupJson & { statistics?: Sizes };

const partsSum = (s: Sizes): number => PARTS.reduce((n, k) => n + s[k], 0);

describe.each(TRANSPORTS)('project statistics (%s)', (kind) => {
  let inst: Instance;
  let small: ProjectJson;
  let big: ProjectJson;
  let empty: ProjectJson;
  let outsider: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    outsider = await createUser(inst);
    // Initialised with a README.md.
    small = await createRepoProject(inst, inst.admin, { visibility: 'public' });
    // Two commits of bigger files, no README.
    big = (await inst.admin.post<ProjectJson>('/projects', { name: 'Big One', visibility: 'public' })).data;
    await commitFiles(inst.admin, big.id, 'main', { 'a.bin': 'x'.repeat(20_000) });
    await commitFiles(inst.admin, big.id, 'main', { 'b.bin': 'y'.repeat(20_000) });
    empty = (await inst.admin.post<ProjectJson>('/projects', { name: 'Empty One', visibility: 'public' })).data;
  });
  afterAll(() => inst.close());

  it('GET /projects/:id?statistics=true counts commits and sizes from the repository', async () => {
    const res = await inst.admin.get<WithStats>(`/projects/${big.id}`, { statistics: true });
    const s = res.data.statistics as Stats;
    expect(s.commit_count).toBeGreaterThanOrEqual(2);
    expect(s.repository_size).toBeGreaterThan(0);
    expect(s.storage_size).toBe(s.repository_size + s.wiki_size);
    expect(s.storage_size).toBe(partsSum(s));
    expect((await inst.admin.get<WithStats>(`/projects/${big.id}`)).data.statistics).toBeUndefined();
    const none = (await inst.admin.get<WithStats>(`/projects/${empty.id}`, { statistics: true })).data.statistics as Stats;
    expect(none.commit_count).toBe(0);
  });

  it('statistics are for administrators and members who read the code, not outsiders', async () => {
    const res = await outsider.client.get<WithStats>(`/projects/${big.id}`, { statistics: true });
    expect(res.status).toBe(200);
    expect(res.data.statistics).toBeUndefined();
  });

  it('order_by storage_size sorts by size for administrators; lists carry statistics when asked', async () => {
    const desc = await inst.admin.get<WithStats[]>('/projects', { order_by: 'storage_size', sort: 'desc', per_page: 100, statistics: true });
    const order = desc.data.map((p) => p.id);
    expect(order.indexOf(big.id)).toBeLessThan(order.indexOf(small.id));
    expect(order.indexOf(small.id)).toBeLessThan(order.indexOf(empty.id));
    const sizes = desc.data.map((p) => (p.statistics as Stats).storage_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const asc = await inst.admin.get<WithStats[]>('/projects', { order_by: 'repository_size', sort: 'asc', per_page: 1 });
    expect(asc.data).toHaveLength(1);
    expect(asc.headers['x-next-page']).toBe('2');
    // Sorted by size but not asked for statistics: the rows carry none, as on the platform.
    expect(asc.data[0]?.statistics).toBeUndefined();
    const listed = await inst.admin.get<WithStats[]>('/projects', { statistics: true, per_page: 100 });
    expect(listed.data.find((p) => p.id === big.id)?.statistics?.commit_count).toBeGreaterThanOrEqual(2);
    // Non-administrators fall back to the default order, as on the platform.
    const theirs = await outsider.client.get<WithStats[]>('/projects', { order_by: 'storage_size', per_page: 100 });
    expect(theirs.status).toBe(200);
    expect(theirs.data.every((p) => p.statistics === undefined)).toBe(true);
  });

  const statsOf = async (projectId: number): Promise<Stats> => (await inst.admin.get<WithStats>(`/projects/${projectId}`, { statistics: true })).data.statistics as Stats;

  it("packages_size is the sum of the project's package file sizes, in storage_size until the package is destroyed", async () => {
    const p = await createProject(inst);
    expect((await statsOf(p.id)).packages_size).toBe(0);
    // One file small enough for the database, one streamed to disk, and the small one's bytes
    // again in another package: each file counts at its own size, shared bytes or not.
    const small = randomBytes(1_000);
    expect((await uploadGeneric(inst.admin, p.id, 'stats', '1.0.0', 'small.bin', small)).status).toBe(201);
    expect((await uploadGeneric(inst.admin, p.id, 'stats', '1.0.0', 'large.bin', randomBytes(100_000))).status).toBe(201);
    expect((await uploadGeneric(inst.admin, p.id, 'other', '1.0.0', 'small.bin', small)).status).toBe(201);
    const s = await statsOf(p.id);
    expect(s.packages_size).toBe(102_000);
    expect(s.storage_size).toBe(partsSum(s));
    expect(s.storage_size).toBeGreaterThanOrEqual(s.repository_size + 102_000);

    const [pkg] = (await inst.admin.get<PackageJson[]>(`/projects/${p.id}/packages`, { package_name: 'stats' })).data;
    expect((await inst.admin.delete(`/projects/${p.id}/packages/${pkg?.id}`)).status).toBe(204);
    await inst.settleJobs();
    const after = await statsOf(p.id);
    expect(after.packages_size).toBe(1_000);
    expect(after.storage_size).toBe(s.storage_size - 101_000);
  });

  it("snippets_size is the size of the project snippets' repositories, in storage_size", async () => {
    const p = await createProject(inst);
    const before = await statsOf(p.id);
    expect(before.snippets_size).toBe(0);
    // Random text does not compress much: its repository holds at least about 3/4 of it.
    await createSnippet(inst.admin, { 'big.txt': randomBytes(30_000).toString('base64') }, { visibility: 'private' }, `/projects/${p.id}/snippets`);
    const s = await statsOf(p.id);
    expect(s.snippets_size).toBeGreaterThan(30_000);
    expect(s.storage_size).toBe(partsSum(s));
    expect(s.storage_size - before.storage_size).toBe(s.snippets_size);
    // A personal snippet belongs to no project.
    await createSnippet(inst.admin, { 'mine.txt': randomBytes(30_000).toString('base64') });
    expect((await statsOf(p.id)).snippets_size).toBe(s.snippets_size);
  });

  it('order_by wiki_size and packages_size sort by that field for administrators, and fall back to created_at for others', async () => {
    // A user's projects: a group's project list takes no size orders (lib/api/groups.rb).
    const owner = await createUser(inst);
    const make = () => createProject(inst, owner.client, { visibility: 'public', initialize_with_readme: true });
    // wiki: a page of 20,000 random characters, one of 100, none; packages: 1,000 bytes, 9,000, none.
    const [a, b, c] = [await make(), await make(), await make()];
    const wiki = async (p: ProjectJson, n: number) => expect((await owner.client.post(`/projects/${p.id}/wikis`, { title: 'home', content: randomBytes(n).toString('base64') })).status).toBe(201);
    await wiki(a, 15_000);
    await wiki(b, 75);
    await uploadGeneric(owner.client, b.id, 'w', '1.0.0', 'w.bin', randomBytes(1_000));
    await uploadGeneric(owner.client, c.id, 'w', '1.0.0', 'w.bin', randomBytes(9_000));
    const list = `/users/${owner.user.id}/projects`;
    const ids = async (client: typeof inst.admin, query: Record<string, unknown>) => (await client.get<WithStats[]>(list, { per_page: 100, ...query })).data.map((p) => p.id);

    expect(await ids(inst.admin, { order_by: 'wiki_size', sort: 'desc' })).toEqual([a.id, b.id, c.id]);
    expect(await ids(inst.admin, { order_by: 'wiki_size', sort: 'asc' })).toEqual([c.id, b.id, a.id]);
    expect(await ids(inst.admin, { order_by: 'packages_size', sort: 'desc' })).toEqual([c.id, b.id, a.id]);
    // Equal sizes (no packages) are ordered by id, in the order's direction.
    expect(await ids(inst.admin, { order_by: 'packages_size', sort: 'asc' })).toEqual([a.id, b.id, c.id]);
    const sorted = (await inst.admin.get<WithStats[]>(list, { order_by: 'wiki_size', statistics: true })).data;
    expect(sorted.map((p) => (p.statistics as Stats).wiki_size)).toEqual([...sorted.map((p) => (p.statistics as Stats).wiki_size)].sort((x, y) => y - x));
    expect((sorted[0]?.statistics as Stats).wiki_size).toBeGreaterThan(15_000);

    // The owner is no administrator: the platform orders their list by created_at (newest first).
    for (const order_by of ['wiki_size', 'packages_size', 'repository_size', 'storage_size']) {
      const theirs = await owner.client.get<WithStats[]>(list, { order_by, sort: 'asc', per_page: 100 });
      expect(theirs.status).toBe(200);
      expect(theirs.data.map((p) => p.id)).toEqual(await ids(owner.client, { order_by: 'created_at', sort: 'asc' }));
    }
  });

  it("a page ordered by any size field carries each project's full statistics, as its own GET has them", async () => {
    const all = (await inst.admin.get<WithStats[]>('/projects', { per_page: 100 })).data;
    expect(all.length).toBeGreaterThan(3);
    for (const order_by of ['repository_size', 'wiki_size', 'packages_size', 'storage_size']) {
      for (const sort of ['desc', 'asc']) {
        const page = (await inst.admin.get<WithStats[]>('/projects', { order_by, sort, statistics: true, per_page: 3, page: 2 })).data;
        expect(page).toHaveLength(3);
        for (const p of page) expect(p.statistics, `${order_by} ${sort} ${p.path_with_namespace}`).toEqual(await statsOf(p.id));
      }
    }
  });

  it("group lists carry, for administrators, statistics summed over each group's own projects", async () => {
    const owner = await createUser(inst);
    const group = await createGroup(inst, owner.client, { visibility: 'public' });
    const sub = await createGroup(inst, owner.client, { parent_id: group.id });
    const withPackage = await createProject(inst, owner.client, { namespace_id: group.id, initialize_with_readme: true });
    const withSnippet = await createProject(inst, owner.client, { namespace_id: group.id });
    const inSub = await createProject(inst, owner.client, { namespace_id: sub.id, initialize_with_readme: true });
    await uploadGeneric(owner.client, withPackage.id, 'g', '1.0.0', 'g.bin', randomBytes(5_000));
    await uploadGeneric(owner.client, inSub.id, 'g', '1.0.0', 'g.bin', randomBytes(7_000));
    await createSnippet(owner.client, { 's.txt': randomBytes(3_000).toString('base64') }, { visibility: 'private' }, `/projects/${withSnippet.id}/snippets`);
    await inst.settleJobs();

    const expected = (stats: Stats[]): Sizes => {
      const sum = Object.fromEntries(PARTS.map((k) => [k, stats.reduce((n, s) => n + s[k], 0)])) as Sizes;
      return { ...sum, storage_size: partsSum(sum) };
    };
    const own = expected([await statsOf(withPackage.id), await statsOf(withSnippet.id)]);
    expect(own.packages_size).toBe(5_000);
    expect(own.snippets_size).toBeGreaterThan(0);

    const listed = (await inst.admin.get<GroupWithStats[]>('/groups', { statistics: true, search: group.path })).data.find((g) => g.id === group.id);
    expect(listed?.statistics).toEqual(own);
    const subs = (await inst.admin.get<GroupWithStats[]>(`/groups/${group.id}/subgroups`, { statistics: true })).data;
    expect(subs.map((g) => g.statistics)).toEqual([expected([await statsOf(inSub.id)])]);
    expect(subs[0]?.statistics?.packages_size).toBe(7_000);
    const empty = (await inst.admin.get<GroupWithStats[]>(`/groups/${sub.id}/subgroups`, { statistics: true })).data;
    expect(empty).toEqual([]);

    // The platform's single-group entity has no statistics, asked or not.
    const one = await inst.admin.get<GroupWithStats>(`/groups/${group.id}`, { statistics: true });
    expect(one.status).toBe(200);
    expect('statistics' in one.data).toBe(false);
    // Not without asking, and never for a non-administrator, not even the group's owner.
    expect((await inst.admin.get<GroupWithStats[]>('/groups', { search: group.path })).data.every((g) => !('statistics' in g))).toBe(true);
    const theirs = await owner.client.get<GroupWithStats[]>('/groups', { statistics: true });
    expect(theirs.status).toBe(200);
    expect(theirs.data.map((g) => g.id)).toContain(group.id);
    expect(theirs.data.every((g) => !('statistics' in g))).toBe(true);
    expect((await inst.client().get<GroupWithStats[]>('/groups', { statistics: true })).data.every((g) => !('statistics' in g))).toBe(true);
  });

  it('empty_repo and readme_url reflect the repository of one project', async () => {
    const withReadme = (await inst.admin.get<WithStats>(`/projects/${small.id}`)).data;
    expect(withReadme.empty_repo).toBe(false);
    expect(withReadme.readme_url).toBe(`${withReadme.web_url}/-/blob/main/README.md`);
    const noReadme = (await inst.admin.get<WithStats>(`/projects/${big.id}`)).data;
    expect(noReadme.empty_repo).toBe(false);
    expect(noReadme.readme_url).toBeNull();
    expect((await inst.admin.get<WithStats>(`/projects/${empty.id}`)).data.empty_repo).toBe(true);
  });
});
