// `hostctl doctor` on a local state: every check, in the order an admin would fix things.
import { join } from 'node:path';
import { openReadOnly } from '../db/connection.js';
import { STATE_DB } from '../../shared/state-layout.js';
import { databaseChecks } from './database-checks.js';
import { storageChecks } from './storage-checks.js';
import { sizeRowChecks } from './size-rows.js';
import { jobChecks, leftoverChecks, modeChecks, packageChecks, sweepFailureChecks, tokenChecks } from './data-checks.js';
import type { CheckResult } from '../../shared/health-check.js';

export interface DoctorOptions {
  stateDir: string;
  quick?: boolean;
  fix?: boolean;
  now?: Date;
}

async function fsck(repo: string): Promise<string | null> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', ['--git-dir', repo, 'fsck', '--connectivity-only', '--no-progress', '--no-dangling'], { timeout: 300_000, maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve(null);
      const first = String(stderr).split('\n').find((l) => l.trim()) ?? error.message;
      resolve(first.trim().slice(0, 200));
    });
  });
}

export async function runDoctor(options: DoctorOptions): Promise<CheckResult[]> {
  const { stateDir } = options;
  const quick = !!options.quick;
  const fix = !!options.fix;
  const now = options.now ?? new Date();
  const results: CheckResult[] = [...modeChecks(stateDir, fix)];
  // A state on read-only media is examined too (from a snapshot when its WAL cannot be shared).
  const db = openReadOnly(join(stateDir, STATE_DB));
  try {
    results.push(...databaseChecks(db, quick));
    results.push(...(await storageChecks(db, stateDir, { quick, fix, fsck })));
    results.push(...sizeRowChecks(db, stateDir, { quick, fix }));
    results.push(...packageChecks(db, stateDir, quick));
    results.push(...leftoverChecks(stateDir, fix));
    results.push(...sweepFailureChecks(stateDir, fix));
    results.push(...jobChecks(db, now));
    results.push(...tokenChecks(db, now));
  } finally {
    db.close();
  }
  return results;
}
