// Versioned migrations: PRAGMA user_version holds the last applied version. Each migration
// runs in its own immediate transaction, and the version is re-read inside it, so several
// processes opening one state directory at once apply each migration exactly once.
import type { Database } from './connection.js';
import { setBusyTimeout, WRITE_BUSY_MS, writeTx } from './connection.js';
import { migrations } from './migrations/index.js';

export interface Migration {
  version: number;
  name: string;
  /**
   * SQL made by code (a helper writing triggers, a list of indexes mapped to statements) is given
   * by a getter, so that it is made only when the migration runs: every command loads the
   * migrations to compare versions, and making all their SQL cost a local read about 100 KB of
   * young-generation memory (the scavenges are a visible part of a short command's time).
   */
  up: string | ((db: Database) => void);
  /**
   * Runs with foreign-key enforcement off (it is a no-op inside a transaction, so it is switched
   * around it): needed to rebuild a table others refer to without cascading its rows away.
   * The keys are checked before the migration commits.
   */
  foreignKeysOff?: boolean;
}

export const latestVersion = (): number => Math.max(0, ...migrations.map((m) => m.version));

/** Two migrations with one version would let the second be skipped silently; refuse that. */
function checkVersions(): void {
  const seen = new Set<number>();
  for (const m of migrations) {
    if (seen.has(m.version)) throw new Error(`two migrations claim version ${m.version}`);
    seen.add(m.version);
  }
}

/**
 * Applies the migrations the database lacks, in order. `until`: only those up to that version
 * (tests build a state as an earlier version left it, to run a later migration on its rows).
 */
export function migrate(db: Database, until = latestVersion()): void {
  checkVersions();
  const current = () => db.pragma('user_version', { simple: true }) as number;
  if (current() >= until) return;
  const ordered = [...migrations].filter((m) => m.version <= until).sort((a, b) => a.version - b.version);
  // Opening is not serving yet: here waiting for another process's migration is right.
  setBusyTimeout(db, 15_000);
  try {
    migrateAll(db, ordered, current);
  } finally {
    setBusyTimeout(db, WRITE_BUSY_MS);
  }
}

function migrateAll(db: Database, ordered: Migration[], current: () => number): void {
  for (const m of ordered) {
    if (current() >= m.version) continue;
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      writeTx(db, () => {
        if (current() >= m.version) return;
        if (typeof m.up === 'string') db.exec(m.up);
        else m.up(db);
        if (m.foreignKeysOff && (db.pragma('foreign_key_check') as unknown[]).length > 0) throw new Error(`migration ${m.version} left broken foreign keys`);
        db.pragma(`user_version = ${m.version}`);
      });
    } finally {
      if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
    }
  }
}
