// A write by another process: caches kept for a database generation must see it on their next
// read, as they would see another CLI's or serve's commit.
import { spawnSync } from 'node:child_process';

/** Runs SQL against the state's database from a separate process, as another CLI would. */
export function sqlInOtherProcess(dbFile: string, sql: string): void {
  const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1]); db.pragma('busy_timeout = 15000'); db.exec(process.argv[2]); db.close();`;
  const res = spawnSync(process.execPath, ['-e', script, dbFile, sql], { cwd: process.cwd(), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
}
