// Versioned migrations: PRAGMA user_version holds the last applied version. Each migration
// runs in its own immediate transaction, and the version is re-read inside it, so several
// processes opening one state directory at once apply each migration exactly once.
import type { Database } from './connection.js';
import { writeTx } from './connection.js';
import { migrations } from './migrations/index.js';

export interface Migration {
  version: number;
  name: string;
  up: string | ((db: Database) => void);
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

export function migrate(db: Database): void {
  checkVersions();
  const current = () => db.pragma('user_version', { simple: true }) as number;
  if (current() >= latestVersion()) return;
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const m of ordered) {
    writeTx(db, () => {
      if (current() >= m.version) return;
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.pragma(`user_version = ${m.version}`);
    });
  }
}
