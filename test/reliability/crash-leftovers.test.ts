// What a crash leaves in the storages: a repository a killed process was writing before its row
// existed (a snippet's, in `@staging/`) is swept when the state is next opened, never one a live
// process is still filling; doctor reports those and the repositories no row names, and
// `doctor --fix` removes them, never a repository a row names, nor the copies of a storage move
// under way, nor anything while another process holds the write lock.
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { openCore } from '../../src/core/app.js';
import { runDoctor } from '../../src/core/doctor/run-doctor.js';
import { orphanRepositories, removeOrphanRepositories } from '../../src/core/doctor/orphan-repositories.js';
import { currentProcess } from '../../src/core/jobs/owner.js';
import { RepositoryStore } from '../../src/core/git/store.js';
import { STAGING_SAFE_AGE_MS } from '../../src/core/repositories/staging-leftovers.js';
import type { CheckResult } from '../../src/shared/health-check.js';

/** A pid that belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '0']);
  const pid = child.pid as number;
  await child;
  return pid;
}

/** A directory shaped as a staging repository is while it is written. */
function plantRepository(path: string): void {
  mkdirSync(join(path, 'objects'), { recursive: true });
  writeFileSync(join(path, 'HEAD'), 'ref: refs/heads/main\n');
}

const time36 = (ms: number): string => ms.toString(36);
const byId = (results: CheckResult[]): Record<string, CheckResult> => Object.fromEntries(results.map((r) => [r.id, r]));

describe('a repository left half-written by a killed process', () => {
  let inst: Instance;
  let state: string;
  let staging: string;
  beforeAll(async () => {
    inst = await startInstance('local');
    state = join(inst.stateDir, 'state');
    staging = join(inst.core.repos.storagePath('default'), '@staging');
  });
  afterAll(() => inst.close());

  it('is swept when the state is next opened; one a live process is filling stays', async () => {
    const dead = await deadPid();
    const me = currentProcess();
    const now = Date.now();
    const names = {
      deadOwner: `${dead}--${time36(now)}-0-dead.tmp`,
      deadWithStart: `${dead}-123-${time36(now)}-0-dead.tmp`,
      live: `${me.pid}-${me.start}-${time36(now)}-0-live.tmp`,
      // git's empty repository written aside inside a staging directory: the same owner.
      liveInit: `${me.pid}-${me.start}-${time36(now)}-0-live.tmp.init-${me.pid}-${time36(now)}-0-x`,
      // Not a name hostctl gives: never touched.
      foreign: 'kept-by-someone',
    };
    for (const name of Object.values(names)) plantRepository(join(staging, name));
    const expected = [names.live, names.liveInit, names.foreign];
    if (me.start !== '') {
      // This pid, recorded with another start time: a process that had this pid before, gone.
      const reused = `${me.pid}-${String(Number(me.start) + 1)}-${time36(now)}-0-reused.tmp`;
      plantRepository(join(staging, reused));
    }
    // No start time to compare: a live pid keeps it until it is older than any write takes.
    const youngUnknown = `${me.pid}--${time36(now)}-0-young.tmp`;
    const oldUnknown = `${me.pid}--${time36(now - STAGING_SAFE_AGE_MS - 60_000)}-0-old.tmp`;
    plantRepository(join(staging, youngUnknown));
    plantRepository(join(staging, oldUnknown));
    expected.push(youngUnknown);

    openCore({ stateDir: state, log: () => undefined }).close();
    expect(readdirSync(staging).sort()).toEqual(expected.sort());
  });

  it('a snippet written through the core leaves nothing in the staging directory', async () => {
    const before = readdirSync(staging).sort();
    const s = await inst.admin.post<{ id: number }>('/snippets', { title: 'whole', files: [{ file_path: 'a.txt', content: 'A' }] });
    expect(readdirSync(staging).sort()).toEqual(before);
    expect(existsSync(join(inst.core.repos.storagePath('default'), RepositoryStore.snippetRelativePath(s.data.id), 'HEAD'))).toBe(true);
  });
});

describe('doctor and the repositories no row names', () => {
  let inst: Instance;
  let state: string;
  let base: string;
  let second: string;
  let project: number;
  let moving: number;
  let snippet: number;
  /** Every repository directory a row names, with the storage it is on. */
  const named = (): string[] => {
    const db = new Database(join(state, 'state.db'), { readonly: true });
    try {
      const rows = db.prepare("SELECT 'p' AS k, id, repository_storage AS s FROM projects UNION ALL SELECT 's', id, repository_storage FROM snippets").all() as { k: string; id: number; s: string }[];
      return rows.map((r) => join(r.s === 'second' ? second : base, r.k === 'p' ? RepositoryStore.projectRelativePath(r.id) : RepositoryStore.snippetRelativePath(r.id)));
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    inst = await startInstance('local');
    state = join(inst.stateDir, 'state');
    base = inst.core.repos.storagePath('default');
    second = join(state, 'storages', 'second');
    mkdirSync(second, { recursive: true });
    // A second storage, and a third name for the first one's directory (a symbolic link).
    symlinkSync(base, join(state, 'storages', 'alias'));
    inst.core.settings.storages = { default: 'storages/default', second: 'storages/second', alias: join(state, 'storages', 'alias') };
    project = (await inst.admin.post<{ id: number }>('/projects', { name: 'kept', initialize_with_readme: true })).data.id;
    moving = (await inst.admin.post<{ id: number }>('/projects', { name: 'moving', initialize_with_readme: true })).data.id;
    snippet = (await inst.admin.post<{ id: number }>('/snippets', { title: 's', files: [{ file_path: 'a.txt', content: 'A' }] })).data.id;
    const db = new Database(join(state, 'state.db'));
    // The snippet's row names the alias: its repository (under the first name's directory) is named.
    db.prepare("UPDATE snippets SET repository_storage = 'alias' WHERE id = ?").run(snippet);
    // A move of `moving` to the second storage that has copied it and not yet switched its row.
    db.prepare("INSERT INTO repository_storage_moves (container_type, container_id, state, source_storage_name, destination_storage_name, created_at, updated_at) VALUES ('project', ?, 3, 'default', 'second', '2026-01-15T10:00:00Z', '2026-01-15T10:00:00Z')").run(moving);
    db.close();
    const projectRepo = join(base, RepositoryStore.projectRelativePath(project));
    // Orphans: a copy of `project` left on the second storage, a repository whose row never
    // committed, a snippet repository with no row; the move's copy; a name hostctl never gives.
    cpSync(projectRepo, join(second, RepositoryStore.projectRelativePath(project)), { recursive: true });
    cpSync(projectRepo, join(base, RepositoryStore.projectRelativePath(9999)), { recursive: true });
    cpSync(projectRepo, join(base, RepositoryStore.snippetRelativePath(8888)), { recursive: true });
    cpSync(join(base, RepositoryStore.projectRelativePath(moving)), join(second, RepositoryStore.projectRelativePath(moving)), { recursive: true });
    plantRepository(join(base, '@projects', 'by-hand.git'));
  });
  afterAll(() => inst.close());

  it('reports the orphans and the leftovers of killed writers as warnings with a fix', async () => {
    const dead = await deadPid();
    const now = Date.now();
    plantRepository(join(base, '@staging', `${dead}--${time36(now)}-0-x.tmp`));
    // Names of before the staging directory: a staging repository, and git's temporary.
    plantRepository(join(base, '@snippets', `new-${dead}-${time36(now)}-0-y.tmp`));
    plantRepository(join(base, '@projects', `77.git.init-${dead}-${time36(now)}-0-z`));
    // A removal a crash cut short (RepositoryBase.remove renames aside first).
    plantRepository(join(base, '@projects', `78.git.deleting-${time36(now)}-0-w`));
    const checks = byId(await runDoctor({ stateDir: state, quick: true }));
    expect(checks['repositories.staging']).toMatchObject({ status: 'warn', fix: 'hostctl doctor --fix' });
    expect(checks['repositories.staging']?.detail).toContain('4 repositories left half-written or half-removed by killed processes');
    const orphans = checks['repositories.orphans'];
    expect(orphans).toMatchObject({ status: 'warn', fix: 'hostctl doctor --fix (moves them into @lost+found/ of their storage; nothing is deleted)' });
    expect(orphans?.detail).toContain('5 repositories no row owns');
    // Found once each, under one name per directory: the alias's snippet is named.
    const db = new Database(join(state, 'state.db'), { readonly: true });
    try {
      expect(orphanRepositories(db, state).map((o) => o.label).sort()).toEqual(
        ['default:@projects/9999.git', 'default:@projects/by-hand.git', 'default:@snippets/8888.git', `second:@projects/${project}.git`, `second:@projects/${moving}.git`].sort(),
      );
    } finally {
      db.close();
    }
  });

  it('leaves every orphan while another process holds the write lock (a row may be on its way)', () => {
    const db = new Database(join(state, 'state.db'));
    try {
      db.prepare('BEGIN IMMEDIATE').run();
      const candidates = orphanRepositories(db, state);
      const result = removeOrphanRepositories(state, candidates, 50);
      expect(result.busy).toBeDefined();
      expect(result.moved).toEqual([]);
      for (const c of candidates) expect(existsSync(c.path)).toBe(true);
    } finally {
      db.prepare('ROLLBACK').run();
      db.close();
    }
  });

  it('--fix removes the leftovers and moves the orphans into @lost+found/, never a repository a row names or a move’s copy', async () => {
    const rowsBefore = named();
    for (const path of rowsBefore) expect(existsSync(join(path, 'HEAD')), path).toBe(true);
    const checks = byId(await runDoctor({ stateDir: state, quick: true, fix: true }));
    expect(checks['repositories.staging']).toMatchObject({ status: 'ok' });
    expect(checks['repositories.staging']?.fixed).toBe('removed 4 staging directories');
    const orphans = checks['repositories.orphans'];
    expect(orphans?.status).toBe('warn');
    expect(orphans?.detail).toContain('moved 3 into @lost+found/ of their storages');
    expect(orphans?.detail).toContain('2 repositories no row owns kept');
    expect(orphans?.detail).toContain(`second:@projects/${moving}.git (a storage move of project ${moving} is under way)`);
    expect(orphans?.detail).toContain('default:@projects/by-hand.git (not a name hostctl gives');

    expect(existsSync(join(base, RepositoryStore.projectRelativePath(9999)))).toBe(false);
    expect(existsSync(join(base, RepositoryStore.snippetRelativePath(8888)))).toBe(false);
    expect(existsSync(join(second, RepositoryStore.projectRelativePath(project)))).toBe(false);
    // Nothing is deleted: each orphan is whole in its own storage's @lost+found/, named for where it was.
    const found = (dir: string) => readdirSync(join(dir, '@lost+found')).sort();
    expect(found(base).map((n) => n.replace(/-\d{4}-.*$/, ''))).toEqual(['@projects-9999.git', '@snippets-8888.git']);
    expect(found(second).map((n) => n.replace(/-\d{4}-.*$/, ''))).toEqual([`@projects-${project}.git`]);
    for (const name of found(base)) expect(existsSync(join(base, '@lost+found', name, 'HEAD')), name).toBe(true);
    // A moved orphan is not an orphan again on the next run.
    expect(existsSync(join(second, RepositoryStore.projectRelativePath(moving), 'HEAD'))).toBe(true);
    expect(readdirSync(join(base, '@staging'))).toEqual([]);
    expect(readdirSync(join(base, '@projects')).filter((n) => !n.endsWith('.git'))).toEqual([]);
    expect(readdirSync(join(base, '@snippets')).filter((n) => !n.endsWith('.git'))).toEqual([]);
    // Every repository a row names is where it was, whole, and still answers.
    expect(named()).toEqual(rowsBefore);
    for (const path of rowsBefore) expect(existsSync(join(path, 'HEAD')), path).toBe(true);
    const tree = await inst.admin.get<{ path: string }[]>(`/projects/${project}/repository/tree`);
    expect(tree.data.map((e) => e.path)).toContain('README.md');
    const raw = await inst.raw('GET', `/snippets/${snippet}/raw`, { headers: { 'private-token': inst.rootToken } });
    expect(raw.status).toBe(200);
    expect(Buffer.from(raw.body as Uint8Array).toString('utf8')).toBe('A');

    // Once the move has ended (here: failed, its copies discarded by hand), its copy is an orphan too.
    const db = new Database(join(state, 'state.db'));
    db.prepare("UPDATE repository_storage_moves SET state = 5 WHERE container_id = ? AND container_type = 'project'").run(moving);
    db.close();
    const again = byId(await runDoctor({ stateDir: state, quick: true, fix: true }));
    expect(again['repositories.orphans']?.detail).toContain('moved 1 into @lost+found/ of its storage');
    expect(again['repositories.orphans']?.detail).toContain('1 repository no row owns kept: default:@projects/by-hand.git');
    expect(existsSync(join(second, RepositoryStore.projectRelativePath(moving)))).toBe(false);
    expect(existsSync(join(base, RepositoryStore.projectRelativePath(moving), 'HEAD'))).toBe(true);
  });
});
