// Where a running `hostctl serve` of a state can be reached. serve writes `serve.json` in the state
// directory once it listens and removes it when it stops; commands that open the state in-process
// read it so that the web URLs they print (web_url, download links, DSNs) point at an address
// that answers. A record left behind by a killed serve is ignored: its process must still be
// alive, and (where /proc shows it) be a hostctl serve.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SERVE_RECORD = 'serve.json';

export interface ServeRecord {
  pid: number;
  /** The base of the web URLs that serve answers with (its --external-url, else its address). */
  webUrl: string;
  /** Where its API listens, e.g. http://127.0.0.1:8080. */
  apiUrl: string;
}

export function writeServeRecord(stateDir: string, record: ServeRecord): void {
  const file = join(stateDir, SERVE_RECORD);
  const temp = `${file}.${record.pid}.tmp`;
  // Whole or not at all: a reader never sees half a record.
  writeFileSync(temp, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** Removes the record if it is still this process's (another serve may have started since). */
export function removeServeRecord(stateDir: string, pid: number = process.pid): void {
  if (readServeRecord(stateDir)?.pid === pid) rmSync(join(stateDir, SERVE_RECORD), { force: true });
}

function readServeRecord(stateDir: string): ServeRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(stateDir, SERVE_RECORD), 'utf8'));
  } catch {
    return undefined;
  }
  const r = parsed as Partial<ServeRecord> | null;
  if (!r || !Number.isSafeInteger(r.pid) || (r.pid as number) <= 0) return undefined;
  if (typeof r.webUrl !== 'string' || !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(r.webUrl)) return undefined;
  if (typeof r.apiUrl !== 'string' || !/^https?:\/\/[^/\s]+$/.test(r.apiUrl)) return undefined;
  return { pid: r.pid as number, webUrl: r.webUrl.replace(/\/+$/, ''), apiUrl: r.apiUrl };
}

/** Whether a process is alive and, where /proc tells, a hostctl serve (a pid may be reused). */
function serving(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  return cmdline.split('\0').includes('serve');
}

/** The record of a serve of this state that is running now, if any. */
export function liveServeRecord(stateDir: string): ServeRecord | undefined {
  const record = readServeRecord(stateDir);
  return record && serving(record.pid) ? record : undefined;
}
