// doctor's `repositories.sizes`: projects missing their size rows (left out of pages ordered by
// repository_size) and rows of repositories gone or moved away, counted on a real state whose
// rows were changed behind the triggers' back (as a row deleted by hand or an old restore would);
// --fix restores and removes them under the write lock, and leaves everything while another
// process holds that lock.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { runDoctor } from '../../src/core/doctor/run-doctor.js';
import { fixSizeRows } from '../../src/core/doctor/size-rows.js';
import type { CheckResult } from '../../src/shared/health-check.js';

const byId = (results: CheckResult[]): Record<string, CheckResult> => Object.fromEntries(results.map((r) => [r.id, r]));

describe('doctor and the size rows every project needs', () => {
  let inst: Instance;
  let state: string;
  const projects: number[] = [];
  let snippet: number;

  /** The rows as `kind:id:storage`, and the repositories live now, read from the state's file. */
  const tables = (): { rows: string[]; live: string[] } => {
    const db = new Database(join(state, 'state.db'), { readonly: true });
    try {
      const keys = (sql: string) => (db.prepare(sql).all() as { kind: string; id: number; storage: string }[]).map((r) => `${r.kind}:${r.id}:${r.storage}`).sort();
      return {
        rows: keys('SELECT kind, container_id AS id, storage FROM repository_sizes'),
        live: keys(`SELECT 'project' AS kind, id, repository_storage AS storage FROM projects UNION ALL SELECT 'project_wiki', id, repository_storage FROM projects
          UNION ALL SELECT 'snippet', id, repository_storage FROM snippets`),
      };
    } finally {
      db.close();
    }
  };
  const bySize = async (): Promise<number[]> => (await inst.admin.get<{ id: number }[]>('/projects', { order_by: 'repository_size', sort: 'asc', per_page: 100 })).data.map((p) => p.id);

  beforeAll(async () => {
    inst = await startInstance('local');
    state = join(inst.stateDir, 'state');
    for (const name of ['a', 'b', 'c']) projects.push((await inst.admin.post<{ id: number }>('/projects', { name, initialize_with_readme: true })).data.id);
    snippet = (await inst.admin.post<{ id: number }>('/snippets', { title: 's', files: [{ file_path: 'a.txt', content: 'A' }] })).data.id;
    // Sizes measured and kept for every project.
    expect((await bySize()).sort((x, y) => x - y)).toEqual(projects);
    const db = new Database(join(state, 'state.db'));
    try {
      // Behind the triggers' back: project a lost its repository's row, b its wiki's; rows of a
      // project that is gone, of c on a storage it is not on, and of the snippet on another storage.
      db.prepare("DELETE FROM repository_sizes WHERE kind = 'project' AND container_id = ?").run(projects[0]);
      db.prepare("DELETE FROM repository_sizes WHERE kind = 'project_wiki' AND container_id = ?").run(projects[1]);
      const put = db.prepare('INSERT INTO repository_sizes (kind, container_id, storage, bytes) VALUES (?, ?, ?, 5)');
      put.run('project', 9999, 'default');
      put.run('project_wiki', projects[2], 'elsewhere');
      put.run('snippet', snippet, 'elsewhere');
    } finally {
      db.close();
    }
  });
  afterAll(() => inst.close());

  it('a project without its row is left out of a page ordered by repository_size: what the check is for', async () => {
    expect(await bySize()).not.toContain(projects[0]);
  });

  it('reports the missing rows (--quick: only those) and the stale ones, as warnings with a fix', async () => {
    const quick = byId(await runDoctor({ stateDir: state, quick: true }))['repositories.sizes'];
    expect(quick).toMatchObject({ status: 'warn' });
    expect(quick?.detail).toBe('2 projects without their size rows (left out of pages ordered by repository_size or wiki_size)');
    expect(quick?.fix).toContain('hostctl doctor --fix');
    const full = byId(await runDoctor({ stateDir: state }))['repositories.sizes'];
    expect(full?.detail).toBe('2 projects without their size rows (left out of pages ordered by repository_size or wiki_size); 3 size rows of repositories gone or moved away');
  });

  it('--fix leaves everything while another process holds the write lock', () => {
    const before = tables();
    const db = new Database(join(state, 'state.db'));
    try {
      db.prepare('BEGIN IMMEDIATE').run();
      expect(fixSizeRows(state, 50)).toMatchObject({ restored: 0, removed: 0, busy: expect.stringContaining('another process holds its write lock') });
    } finally {
      db.prepare('ROLLBACK').run();
      db.close();
    }
    expect(tables()).toEqual(before);
  });

  it('--fix restores the missing rows empty and removes the stale ones: one row per live repository, and the size order has every project again', async () => {
    const check = byId(await runDoctor({ stateDir: state, quick: true, fix: true }))['repositories.sizes'];
    expect(check).toMatchObject({ status: 'ok', detail: 'restored 2 size rows (measured at the next read), removed 3 stale size rows' });
    expect(check?.fixed).toBeDefined();
    const { rows, live } = tables();
    // Every row is a live repository's; every project has both of its rows (the snippet's row is
    // there as it was measured: snippets get theirs when first measured).
    expect(rows.filter((r) => !live.includes(r))).toEqual([]);
    expect(live.filter((r) => r.startsWith('project') && !rows.includes(r))).toEqual([]);
    expect((await bySize()).sort((x, y) => x - y)).toEqual(projects);
    const again = byId(await runDoctor({ stateDir: state }))['repositories.sizes'];
    expect(again).toMatchObject({ status: 'ok', detail: 'every project has its size rows, and no row is of a repository gone or moved away' });
  });
});
