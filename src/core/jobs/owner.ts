// Which process owns something (a running job, a write in a repository), as pid plus the
// process's start time: a pid alone is reused by the system, the pair is not.
import { readFileSync } from 'node:fs';

export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot (Linux), or '' where the system does not say. */
  start: string;
}

/**
 * The fields of /proc/<pid>/stat after the command name (which may contain spaces and
 * parentheses): the state (#3) first; undefined where the system does not say.
 */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** A process's start time (field 22 of /proc/<pid>/stat), or '' where the system does not say. */
export const startTimeOf = (pid: number): string => statFields(pid)?.[19] ?? '';

let self: ProcessIdentity | undefined;

export const currentProcess = (): ProcessIdentity => (self ??= { pid: process.pid, start: startTimeOf(process.pid) });

/** True while a process with this id runs (one of another user's counts: EPERM). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * True while the process that recorded this identity still runs: its pid exists, is not a
 * zombie (ended, not yet reaped: a killed worker re-parented to an init that does not reap stays
 * one, and its leftovers are a dead process's) and, where the identity and the system give a
 * start time, the start time is the same (else the pid has been handed to another process
 * since). An identity without one (a name or record of before start times were kept, or a
 * system without /proc) is alive while its pid is.
 */
export function isAlive(owner: ProcessIdentity): boolean {
  if (!pidAlive(owner.pid)) return false;
  const fields = statFields(owner.pid);
  if (fields === undefined) return true;
  if (fields[0] === 'Z' || fields[0] === 'X') return false;
  const now = fields[19] ?? '';
  return owner.start === '' || now === '' || now === owner.start;
}

/** The one rule every sweep of leftovers of killed processes asks: the process that made it is gone. */
export const ownerGone = (owner: ProcessIdentity): boolean => !isAlive(owner);

/**
 * `<pid>-<start>-`: how the names of this process's leftovers (scratch, upload temporaries)
 * begin, so that a pid the system has handed to another process since does not keep a dead
 * process's leftover forever. Names of before 2026-11-29 carry the pid alone.
 */
export const ownerNamePart = (): string => `${currentProcess().pid}-${currentProcess().start}-`;

/**
 * Whether `rest` (`<pid>-<start>-<random>`, or `<pid>-<random>` of older names) names a process
 * that is gone; false for anything else.
 */
export function nameOwnerGone(rest: string): boolean {
  const parts = rest.split('-');
  const pid = Number(parts[0]);
  if (!Number.isInteger(pid) || pid <= 0 || parts.length < 2) return false;
  return ownerGone({ pid, start: parts.length >= 3 ? (parts[1] ?? '') : '' });
}
