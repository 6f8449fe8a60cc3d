// The state directory holds token digests and password hashes: it is for its owner alone.
// `init` creates it 0700 with the database 0600; `serve` warns when it finds wider modes.
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_DB } from '../shared/state-layout.js';

const DB_FILES = [STATE_DB, `${STATE_DB}-wal`, `${STATE_DB}-shm`];

/** Restricts the directory to 0700 and the database files to 0600. */
export function restrictStateModes(dir: string): void {
  chmodSync(dir, 0o700);
  for (const name of DB_FILES) if (existsSync(join(dir, name))) chmodSync(join(dir, name), 0o600);
}

/** One line per path that other local users can read or enter. */
export function stateModeWarnings(dir: string): string[] {
  const out: string[] = [];
  const check = (path: string, wanted: number): void => {
    try {
      const mode = statSync(path).mode & 0o777;
      if (mode & 0o077) out.push(`warning: ${path} has mode ${mode.toString(8).padStart(4, '0')}; other local users can reach it (chmod ${wanted.toString(8)} ${path})`);
    } catch {
      // A missing -wal or -shm file is fine.
    }
  };
  check(dir, 0o700);
  check(join(dir, STATE_DB), 0o600);
  return out;
}
