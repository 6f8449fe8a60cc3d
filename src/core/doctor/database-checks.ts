// The database: SQLite's own integrity check, foreign keys, and the schema version.
import type { Database } from '../db/connection.js';
import { latestVersion } from '../db/migrate.js';
import { fail, listSome, ok, warn, type CheckResult } from '../../shared/health-check.js';

export function databaseChecks(db: Database, quick: boolean): CheckResult[] {
  const out: CheckResult[] = [];
  const rows = db.pragma(quick ? 'quick_check' : 'integrity_check') as { quick_check?: string; integrity_check?: string }[];
  const problems = rows.map((r) => r.quick_check ?? r.integrity_check ?? '').filter((m) => m !== 'ok');
  out.push(problems.length ? fail('database.integrity', `SQLite reports: ${listSome(problems, 2)}`, 'restore the latest backup (hostctl restore FILE --state NEWDIR)') : ok('database.integrity', quick ? 'quick check passed' : 'integrity check passed'));
  const broken = db.pragma('foreign_key_check') as { table: string; parent: string }[];
  out.push(broken.length ? fail('database.foreign-keys', `${broken.length} rows point at missing rows (${listSome([...new Set(broken.map((b) => `${b.table} → ${b.parent}`))])})`) : ok('database.foreign-keys', 'every reference resolves'));
  const version = db.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion();
  if (version > latest) out.push(fail('database.schema', `schema version ${version} is newer than this hostctl knows (${latest})`, 'use the hostctl version that wrote this state'));
  else if (version < latest) out.push(warn('database.schema', `schema version ${version}; this hostctl migrates it to ${latest} when it next opens the state`));
  else out.push(ok('database.schema', `schema version ${version}`));
  return out;
}
