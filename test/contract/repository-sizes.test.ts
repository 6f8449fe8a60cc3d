// Repository sizes kept in the database (repository_sizes): after each kind of write (commits,
// wiki pages, snippet content, a project's deletion, a storage move) the statistics equal a
// fresh walk of the repositories' directories; a second read walks nothing; a write made by
// another process's core (its own connection and store) is seen by the next read here; and an
// order by repository_size is the order the directory walks give. On both transports: the core
// (and the walk counter, `sizeWalks`) is this process's either way.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { commitFiles, createRepoProject } from '../factories/repository.js';
import type { ProjectJson } from '../factories/projects.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { openCore } from '../../src/core/app.js';
import { directorySize, repositorySizes, sizeWalks } from '../../src/core/repositories/repository-sizes.js';
import { RepositoryStore } from '../../src/core/git/store.js';

const STORAGES = { second: 'storages/second' };

interface Stats {
  repository_size: number;
  wiki_size: number;
  snippets_size: number;
  storage_size: number;
  packages_size: number;
}
type WithStats = ProjectJson & { statistics: Stats; repository_storage: string };

describe.each(TRANSPORTS)('repository sizes kept in the database (%s)', (kind) => {
  let inst: Instance;
  let group: GroupJson;
  let project: ProjectJson;

  const storageOf = (id: number): string => (inst.core.db.prepare('SELECT repository_storage FROM projects WHERE id = ?').get(id) as { repository_storage: string }).repository_storage;
  const dir = (storage: string, relative: string): string => join(inst.core.repos.storagePath(storage), relative);
  /** What a fresh walk of the project's repositories on disk gives, as the statistics count it. */
  const walked = (id: number): { repository_size: number; wiki_size: number; snippets_size: number } => {
    const storage = storageOf(id);
    const snippets = inst.core.db.prepare('SELECT id, repository_storage FROM snippets WHERE project_id = ?').all(id) as { id: number; repository_storage: string }[];
    return {
      repository_size: directorySize(dir(storage, RepositoryStore.projectRelativePath(id))),
      wiki_size: directorySize(dir(storage, RepositoryStore.projectWikiRelativePath(id))),
      snippets_size: snippets.reduce((n, s) => n + directorySize(dir(s.repository_storage, RepositoryStore.snippetRelativePath(s.id))), 0),
    };
  };
  const stats = async (id: number): Promise<Stats> => (await inst.admin.get<WithStats>(`/projects/${id}`, { statistics: true })).data.statistics;
  /** Statistics read twice: both equal a fresh walk, and the second walks no directory. */
  const expectKept = async (id: number): Promise<Stats> => {
    const first = await stats(id);
    expect(first).toMatchObject(walked(id));
    const before = sizeWalks.count;
    const second = await stats(id);
    expect(sizeWalks.count).toBe(before);
    expect(second).toEqual(first);
    return first;
  };

  beforeAll(async () => {
    inst = await startInstance(kind, { storages: STORAGES });
    group = await createGroup(inst, inst.admin);
    project = await createRepoProject(inst, inst.admin, { namespace_id: group.id });
  });
  afterAll(() => inst.close());

  it('a commit changes the size at the next read, which equals a fresh walk; the read after walks nothing', async () => {
    const before = await expectKept(project.id);
    await commitFiles(inst.admin, project.id, 'main', { 'big.bin': 'x'.repeat(30_000) });
    const after = await expectKept(project.id);
    expect(after.repository_size).toBeGreaterThan(before.repository_size);
    await commitFiles(inst.admin, project.id, 'main', { 'other.txt': 'y\n' });
    await inst.admin.post(`/projects/${project.id}/repository/branches`, { branch: 'side', ref: 'main' });
    await inst.admin.post(`/projects/${project.id}/repository/tags`, { tag_name: 'v1', ref: 'main', message: 'annotated' });
    expect((await expectKept(project.id)).repository_size).toBeGreaterThan(after.repository_size);
  });

  it('wiki pages and snippet contents are counted as written', async () => {
    const before = await expectKept(project.id);
    expect((await inst.admin.post(`/projects/${project.id}/wikis`, { title: 'Home', content: 'w'.repeat(5_000) })).status).toBe(201);
    const wiki = await expectKept(project.id);
    expect(wiki.wiki_size).toBeGreaterThan(before.wiki_size);
    await inst.admin.put(`/projects/${project.id}/wikis/home`, { content: 'v'.repeat(9_000) });
    expect((await expectKept(project.id)).wiki_size).toBeGreaterThan(wiki.wiki_size);
    const snippet = await inst.admin.post<{ id: number }>(`/projects/${project.id}/snippets`, { title: 's', visibility: 'private', files: [{ file_path: 'a.txt', content: 'a\n' }] });
    expect(snippet.status).toBe(201);
    const made = await expectKept(project.id);
    expect(made.snippets_size).toBeGreaterThan(0);
    await inst.admin.put(`/projects/${project.id}/snippets/${snippet.data.id}`, { files: [{ action: 'update', file_path: 'a.txt', content: 'b'.repeat(20_000) }] });
    expect((await expectKept(project.id)).snippets_size).toBeGreaterThan(made.snippets_size);
    // The group's statistics sum the same kept sizes.
    const groupStats = (await inst.admin.get<(GroupJson & { statistics: Stats })[]>('/groups', { statistics: true, per_page: 100 })).data.find((g) => g.id === group.id)?.statistics;
    expect(groupStats?.repository_size).toBe(walked(project.id).repository_size);
  });

  it('a write by another process (its own connection and store) is seen by the next read here', async () => {
    const before = await expectKept(project.id);
    const other = openCore({ stateDir: inst.core.stateDir, clock: inst.clock });
    try {
      const repo = other.repos.project({ id: project.id, repository_storage: storageOf(project.id) });
      const [blob] = await repo.writeBlobs([Buffer.from('z'.repeat(12_000))]);
      const tip = (await repo.branch('main'))?.target as string;
      const base = await repo.commit(tip);
      const tree = await repo.writeTree(base?.tree ?? null, [{ path: 'z.bin', mode: '100644', sha: blob as string }]);
      const who = { name: 'a', email: 'a@example.com', time: new Date(0) };
      const commit = await repo.commitTree(tree, [tip], 'from elsewhere\n', who, who);
      await repo.updateRef('refs/heads/main', commit, tip);
    } finally {
      other.close();
    }
    expect((await expectKept(project.id)).repository_size).toBeGreaterThan(before.repository_size);
  });

  // Local only: with this process serving the state, the CLI would send its request here.
  it.runIf(kind === 'local')('a commit by a CLI process on the same state is seen by the next read of this one', async () => {
    const before = await expectKept(project.id);
    const body = JSON.stringify({ branch: 'main', commit_message: 'from the CLI', actions: [{ action: 'create', file_path: 'cli.bin', content: 'c'.repeat(25_000) }] });
    const cli = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../bin/hostctl.js'), 'api', '--state', inst.core.stateDir, '-X', 'POST', `projects/${project.id}/repository/commits`, '--input', '-'], {
      input: body,
      env: { ...process.env, HOSTCTL_TOKEN: inst.rootToken, HOSTCTL_CONFIG_DIR: join(inst.stateDir, 'cli-config'), HOSTCTL_NO_PROMPT: '1' },
      encoding: 'utf8',
    });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect((await expectKept(project.id)).repository_size).toBeGreaterThan(before.repository_size + 100);
  });

  it('a write that ends while a reader measures: what the reader measured is not stored', async () => {
    await commitFiles(inst.admin, project.id, 'main', { 'race.txt': 'r\n' });
    const other = openCore({ stateDir: inst.core.stateDir, clock: inst.clock });
    try {
      const repo = other.repos.project({ id: project.id, repository_storage: storageOf(project.id) });
      const tip = (await repo.branch('main'))?.target as string;
      // Another process writes a ref after this reader walked the directory, before it stores.
      sizeWalks.walked = () => {
        sizeWalks.walked = undefined;
        repo.updateRefSync('refs/heads/raced', tip, '0'.repeat(40));
      };
      const during = await stats(project.id);
      expect(sizeWalks.walked).toBeUndefined();
      expect(during.repository_size).toBeLessThan(walked(project.id).repository_size);
      // The next read measures again and sees the ref.
      await expectKept(project.id);
    } finally {
      sizeWalks.walked = undefined;
      other.close();
    }
  });

  it('a storage move: the sizes are those of the copy, and the source is measured as gone', async () => {
    const before = await expectKept(project.id);
    expect((await inst.admin.post(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'second' })).status).toBe(201);
    await inst.settleJobs();
    expect(storageOf(project.id)).toBe('second');
    const moved = await expectKept(project.id);
    expect(moved.repository_size).toBeGreaterThan(0);
    expect(moved.wiki_size).toBeGreaterThan(0);
    // The source's row (kept from before the move) now says what its directory holds: nothing.
    const sourcePath = dir('default', RepositoryStore.projectRelativePath(project.id));
    expect(repositorySizes(inst.core, [{ kind: 'project', id: project.id, storage: 'default', path: sourcePath }])).toEqual([directorySize(sourcePath)]);
    expect(directorySize(sourcePath)).toBe(0);
    // Measured, not kept: a reader of a container that left a storage puts no row back there.
    expect(inst.core.db.prepare("SELECT kind FROM repository_sizes WHERE container_id = ? AND storage = 'default' AND kind LIKE 'project%'").all(project.id)).toEqual([]);
    // Moved back: the rows of the first storage were forgotten, not reused from before.
    await inst.admin.post(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'default' });
    await inst.settleJobs();
    expect(storageOf(project.id)).toBe('default');
    await commitFiles(inst.admin, project.id, 'main', { 'after-move.txt': 'm'.repeat(3_000) });
    expect((await expectKept(project.id)).repository_size).toBeGreaterThan(before.repository_size);
  });

  it('a deleted project: its repository is measured as gone', async () => {
    const doomed = await createRepoProject(inst, inst.admin, { namespace_id: group.id });
    await commitFiles(inst.admin, doomed.id, 'main', { 'd.txt': 'd'.repeat(4_000) });
    expect((await expectKept(doomed.id)).repository_size).toBeGreaterThan(0);
    const path = dir('default', RepositoryStore.projectRelativePath(doomed.id));
    expect((await inst.admin.delete(`/projects/${doomed.id}`)).status).toBeLessThan(300);
    await inst.settleJobs();
    expect(directorySize(path)).toBe(0);
    expect(repositorySizes(inst.core, [{ kind: 'project', id: doomed.id, storage: 'default', path }])).toEqual([0]);
    expect(inst.core.db.prepare("SELECT kind FROM repository_sizes WHERE container_id = ? AND kind LIKE 'project%'").all(doomed.id)).toEqual([]);
  });

  it('order_by repository_size, wiki_size and storage_size give the order of the directory walks, and walk nothing once stored', async () => {
    for (let i = 0; i < 4; i++) {
      const p = await createRepoProject(inst, inst.admin, { namespace_id: group.id });
      await commitFiles(inst.admin, p.id, 'main', { 'f.bin': 'q'.repeat(1_000 * (i + 1) * (i % 2 ? 7 : 3)) });
    }
    const all = (await inst.admin.get<WithStats[]>('/projects', { per_page: 100 })).data;
    for (const [order, field] of [
      ['repository_size', 'repository_size'],
      ['wiki_size', 'wiki_size'],
      ['storage_size', 'storage_size'],
    ] as const) {
      for (const sort of ['asc', 'desc'] as const) {
        const bytes = new Map(
          all.map((p) => {
            const w = walked(p.id);
            return [p.id, field === 'storage_size' ? w.repository_size + w.wiki_size + w.snippets_size : w[field]];
          }),
        );
        const expected = [...all.map((p) => p.id)].sort((a, b) => ((bytes.get(a) as number) - (bytes.get(b) as number) || a - b) * (sort === 'asc' ? 1 : -1));
        const first = await inst.admin.get<WithStats[]>('/projects', { order_by: order, sort, per_page: 100, statistics: true });
        expect(first.data.map((p) => p.id)).toEqual(expected);
        expect(first.data.map((p) => p.statistics[field])).toEqual(expected.map((id) => bytes.get(id)));
        const walks = sizeWalks.count;
        const paged = await inst.admin.get<WithStats[]>('/projects', { order_by: order, sort, per_page: 2, page: 2 });
        expect(paged.data.map((p) => p.id)).toEqual(expected.slice(2, 4));
        expect(paged.headers['x-total']).toBe(String(expected.length));
        expect(sizeWalks.count).toBe(walks);
        // A condition on the projects with the order: the matching ones in the same order.
        const after = (all.map((p) => p.id).sort((a, b) => a - b)[1]) as number;
        const filtered = await inst.admin.get<WithStats[]>('/projects', { order_by: order, sort, per_page: 100, id_after: after });
        expect(filtered.data.map((p) => p.id)).toEqual(expected.filter((id) => id > after));
      }
    }
  });

  it('a storage name removed and added again at another directory reads nothing kept under it', async () => {
    const oldPath = dir('second', RepositoryStore.projectRelativePath(project.id));
    // Kept under "second": the project's repository there, gone since it moved back.
    expect(repositorySizes(inst.core, [{ kind: 'project', id: project.id, storage: 'second', path: oldPath }])).toEqual([0]);
    const kept = () => inst.core.db.prepare("SELECT COUNT(*) AS n FROM repository_sizes WHERE storage = 'second' AND bytes IS NOT NULL").get() as { n: number };
    // Measured, not kept: no container is on "second" now, and what left it took its rows along.
    expect(kept().n).toBe(0);
    // The new directory already holds a copy of the repository (as a disk copied by hand would).
    const newPath = join(inst.core.stateDir, 'storages', 'elsewhere', RepositoryStore.projectRelativePath(project.id));
    cpSync(dir('default', RepositoryStore.projectRelativePath(project.id)), newPath, { recursive: true });
    expect((await inst.admin.delete('/hostctl/storages/second')).status).toBe(204);
    expect((await inst.admin.post('/hostctl/storages', { name: 'second', path: 'storages/elsewhere' })).status).toBe(201);
    expect(inst.core.repos.storagePath('second')).toBe(join(inst.core.stateDir, 'storages', 'elsewhere'));
    expect(kept().n).toBe(0);
    const size = repositorySizes(inst.core, [{ kind: 'project', id: project.id, storage: 'second', path: newPath }]);
    expect(size).toEqual([directorySize(newPath)]);
    expect(size[0]).toBeGreaterThan(0);
  });

  it('after deletes and moves the table holds exactly one row per live repository, on its current storage', async () => {
    await inst.admin.post('/hostctl/storages', { name: 'third', path: 'storages/third' });
    const a = await createRepoProject(inst, inst.admin, { namespace_id: group.id });
    const b = await createRepoProject(inst, inst.admin, { namespace_id: group.id });
    const g = await createGroup(inst, inst.admin);
    for (const p of [a, b]) {
      await commitFiles(inst.admin, p.id, 'main', { 'x.txt': 'x'.repeat(2_000) });
      expect((await inst.admin.post(`/projects/${p.id}/wikis`, { title: 'home', content: 'w' })).status).toBe(201);
    }
    expect((await inst.admin.post(`/groups/${g.id}/wikis`, { title: 'home', content: 'g' })).status).toBe(201);
    const snip = async (projectId: number) => (await inst.admin.post<{ id: number }>(`/projects/${projectId}/snippets`, { title: 's', visibility: 'private', files: [{ file_path: 'a.txt', content: 'a\n' }] })).data.id;
    const [sa, kept] = [await snip(a.id), await snip(a.id)];
    await snip(b.id);
    const groupWiki = () => {
      const storage = (inst.core.db.prepare('SELECT repository_storage AS s FROM namespaces WHERE id = ?').get(g.id) as { s: string }).s;
      return repositorySizes(inst.core, [{ kind: 'group_wiki', id: g.id, storage, path: dir(storage, RepositoryStore.groupWikiRelativePath(g.id)) }]);
    };
    // Everything measured (rows kept with sizes), then moved, measured again, then deleted.
    for (const p of [a, b]) await expectKept(p.id);
    expect(groupWiki()[0]).toBeGreaterThan(0);
    for (const path of [`/projects/${a.id}`, `/snippets/${kept}`, `/groups/${g.id}`]) {
      expect((await inst.admin.post(`${path}/repository_storage_moves`, { destination_storage_name: 'third' })).status).toBe(201);
    }
    await inst.settleJobs();
    await expectKept(a.id);
    groupWiki();
    expect((await inst.admin.delete(`/projects/${a.id}/snippets/${sa}`)).status).toBe(204);
    expect((await inst.admin.delete(`/projects/${b.id}`)).status).toBeLessThan(300);
    await inst.settleJobs();
    const live = (
      inst.core.db
        .prepare(
          `SELECT 'project' AS kind, id, repository_storage AS storage FROM projects UNION ALL SELECT 'project_wiki', id, repository_storage FROM projects
           UNION ALL SELECT 'snippet', id, repository_storage FROM snippets UNION ALL SELECT 'group_wiki', id, repository_storage FROM namespaces WHERE kind = 'group'`,
        )
        .all() as { kind: string; id: number; storage: string }[]
    ).map((r) => `${r.kind}:${r.id}:${r.storage}`);
    const rows = (inst.core.db.prepare('SELECT kind, container_id AS id, storage FROM repository_sizes').all() as { kind: string; id: number; storage: string }[]).map((r) => `${r.kind}:${r.id}:${r.storage}`);
    // Every row is a live repository's on its current storage (so one per repository)...
    expect(rows.filter((r) => !live.includes(r))).toEqual([]);
    // ...every project has both of its rows, and what was measured here kept its row where it is now.
    expect(live.filter((r) => (r.startsWith('project') && !rows.includes(r)))).toEqual([]);
    for (const r of [`snippet:${kept}:third`, `group_wiki:${g.id}:third`, `project:${a.id}:third`]) expect(rows).toContain(r);
    expect(rows.filter((r) => r.includes(`:${b.id}:`) && r.startsWith('project'))).toEqual([]);
    expect(rows.filter((r) => r.startsWith(`snippet:${sa}:`))).toEqual([]);
  });
});
