// Every project's size rows (repository_sizes, migrations 47 and 49): a project list ordered by
// repository_size or wiki_size reads its page from those rows' index and finds the sizes to
// measure among the rows with NULL bytes, so a project without its rows would be left out of such
// a page. The triggers keep them; a row deleted by hand, or a database restored from a state
// that lost them, does not. Rows of containers gone or moved away are stale: they answer nobody
// and only grow the table. Both are counted in SQL (no directory is walked: whether a kept size
// is right is not checked; a write forgets it anyway); `--quick` counts only the missing rows,
// the part the size orders depend on. `--fix` gives the projects their rows back empty (measured
// at the next read) and removes the stale ones, under the database's write lock with both counted
// again under it, as the orphan fix writes (orphan-repositories.ts).
import type { Database } from '../db/connection.js';
import { onStorageNow } from '../repositories/repository-sizes.js';
import { FIX_LOCK_WAIT_MS, underWriteLock } from './write-lock.js';
import { count, ok, warn, type CheckResult } from '../../shared/health-check.js';

const ID = 'repositories.sizes';

/** The first schema version at which every project has its rows (migration 47). */
const ROWS_SINCE = 47;

const PROJECT_KINDS = ['project', 'project_wiki'] as const;

const missingSql = `SELECT COUNT(*) AS n FROM projects p WHERE ${PROJECT_KINDS.map(
  (k) => `NOT EXISTS (SELECT 1 FROM repository_sizes s WHERE s.kind = '${k}' AND s.container_id = p.id AND s.storage = p.repository_storage)`,
).join(' OR ')}`;

/** A row `s` whose container is on its storage now. */
const LIVE_ROW = onStorageNow('s.kind', 's.container_id', 's.storage');

const staleSql = `SELECT COUNT(*) AS n FROM repository_sizes s WHERE NOT (${LIVE_ROW})`;

const n = (db: Database, sql: string): number => (db.prepare(sql).get() as { n: number }).n;

export interface SizeRowCounts {
  /** Projects missing their repository's or wiki's row on their storage. */
  missing: number;
  /** Rows of containers gone or no longer on the row's storage; undefined when not counted (`--quick`). */
  stale?: number;
}

/** The counts, or null for a state from before every project had its rows (opening it migrates it). */
export function sizeRowCounts(db: Database, quick: boolean): SizeRowCounts | null {
  if ((db.pragma('user_version', { simple: true }) as number) < ROWS_SINCE) return null;
  return quick ? { missing: n(db, missingSql) } : { missing: n(db, missingSql), stale: n(db, staleSql) };
}

export interface SizeRowFix {
  restored: number;
  removed: number;
  /** Set when the database could not be written or its write lock had: nothing was changed. */
  busy?: string;
}

/** Restores the missing rows (empty) and removes the stale ones, under the write lock. */
export function fixSizeRows(stateDir: string, lockWaitMs = FIX_LOCK_WAIT_MS): SizeRowFix {
  const done = underWriteLock(
    stateDir,
    (db) => {
      let restored = 0;
      for (const kind of PROJECT_KINDS) {
        restored += db.prepare(`INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) SELECT '${kind}', id, repository_storage FROM projects`).run().changes;
      }
      const removed = db.prepare(`DELETE FROM repository_sizes AS s WHERE NOT (${LIVE_ROW})`).run().changes;
      return { restored, removed };
    },
    lockWaitMs,
  );
  return 'busy' in done ? { restored: 0, removed: 0, busy: done.busy } : done.value;
}

const describe = (c: SizeRowCounts): string =>
  [c.missing ? `${count(c.missing, 'project')} without ${c.missing === 1 ? 'its' : 'their'} size rows (left out of pages ordered by repository_size or wiki_size)` : '', c.stale ? `${count(c.stale, 'size row')} of repositories gone or moved away` : '']
    .filter(Boolean)
    .join('; ');

/** The `repositories.sizes` check; see the file's comment. */
export function sizeRowChecks(db: Database, stateDir: string, options: { quick: boolean; fix: boolean }): CheckResult[] {
  const found = sizeRowCounts(db, options.quick);
  if (!found) return [ok(ID, 'skipped: the state is from before every project had its size rows (the next open of the state adds them)')];
  if (found.missing === 0 && !found.stale) {
    return [ok(ID, found.stale === undefined ? 'every project has its size rows (stale rows not counted: --quick)' : 'every project has its size rows, and no row is of a repository gone or moved away')];
  }
  if (!options.fix) return [warn(ID, describe(found), 'hostctl doctor --fix (gives the projects empty rows, measured at the next read, and removes the stale ones)')];
  const fixed = fixSizeRows(stateDir);
  if (fixed.busy) return [warn(ID, `${describe(found)}; left: ${fixed.busy}`, 'hostctl doctor --fix again later')];
  const what = [fixed.restored ? `restored ${count(fixed.restored, 'size row')} (measured at the next read)` : '', fixed.removed ? `removed ${count(fixed.removed, 'stale size row')}` : ''].filter(Boolean).join(', ');
  return [{ ...ok(ID, what || 'nothing left to fix (another process fixed it meanwhile)'), fixed: what || 'nothing' }];
}
