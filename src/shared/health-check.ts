// One line of a health checklist (hostctl doctor, local or remote). `fix` is the command or action
// `fixed` says what `doctor --fix` did about it.
export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  id: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
  fixed?: string;
}

export const ok = (id: string, detail: string): CheckResult => ({ id, status: 'ok', detail });
export const warn = (id: string, detail: string, fix?: string): CheckResult => ({ id, status: 'warn', detail, ...(fix ? { fix } : {}) });
export const fail = (id: string, detail: string, fix?: string): CheckResult => ({ id, status: 'fail', detail, ...(fix ? { fix } : {}) });

/** "3 items: a, b, c" with at most `max` named. */
export function listSome(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** "1 file", "3 files". */
export const count = (n: number, singular: string, plural = `${singular}s`): string => `${n} ${n === 1 ? singular : plural}`;
