// Project statistics (statistics=true) read from the repository, order_by storage_size and
// repository_size for administrators, and empty_repo/readme_url of one project from its
// repository; on both transports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { commitFiles, createRepoProject } from '../factories/repository.js';
import type { ProjectJson } from '../factories/projects.js';

interface Stats {
  commit_count: number;
  storage_size: number;
  repository_size: number;
  wiki_size: number;
}
type WithStats = ProjectJson & { statistics?: Stats; empty_repo: boolean; readme_url?: string | null };

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
    const desc = await inst.admin.get<WithStats[]>('/projects', { order_by: 'storage_size', sort: 'desc', per_page: 100 });
    const order = desc.data.map((p) => p.id);
    expect(order.indexOf(big.id)).toBeLessThan(order.indexOf(small.id));
    expect(order.indexOf(small.id)).toBeLessThan(order.indexOf(empty.id));
    const sizes = desc.data.map((p) => (p.statistics as Stats).storage_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const asc = await inst.admin.get<WithStats[]>('/projects', { order_by: 'repository_size', sort: 'asc', per_page: 1 });
    expect(asc.data).toHaveLength(1);
    expect(asc.headers['x-next-page']).toBe('2');
    const listed = await inst.admin.get<WithStats[]>('/projects', { statistics: true, per_page: 100 });
    expect(listed.data.find((p) => p.id === big.id)?.statistics?.commit_count).toBeGreaterThanOrEqual(2);
    // Non-administrators fall back to the default order, as on the platform.
    const theirs = await outsider.client.get<WithStats[]>('/projects', { order_by: 'storage_size', per_page: 100 });
    expect(theirs.status).toBe(200);
    expect(theirs.data.every((p) => p.statistics === undefined)).toBe(true);
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
