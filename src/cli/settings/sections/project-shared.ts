// What the project sections (and protected environments at both levels) share: the API path of
// a target, reading a whole paginated list, and checking the plain values of a section where the
// file holds them (a mapping with known keys, a list, a flag, a name, a number in a range).
import { expandPath } from '../../../shared/path.js';
import { child, SettingsFileError, type Locator, type Target } from '../section.js';
import { closest } from '../suggest.js';

/** `/projects/<id or encoded path>` or `/groups/…` of a target. */
export const containerPath = (target: Target): string =>
  expandPath(target.scope === 'group' ? '/groups/:id' : '/projects/:id', { id: target.id ?? target.path });


export const fail = (at: Locator, problem: string, atKey = false): never => {
  throw new SettingsFileError(at, problem, atKey);
};

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A mapping, refusing any key outside `known` (with the closest known key as a suggestion). */
export function record(value: unknown, at: Locator, what: string, known?: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) return fail(at, `${what} must be a mapping`);
  if (known) {
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const near = closest(key, known);
      fail(child(at, key), `unknown key "${key}" in ${what}${near ? ` (did you mean "${near}"?)` : ''}; accepted: ${known.join(', ')}`, true);
    }
  }
  return value;
}

export function list(value: unknown, at: Locator, what: string): unknown[] {
  if (!Array.isArray(value)) return fail(at, `${what} must be a list`);
  return value;
}

export function bool(value: unknown, at: Locator, what: string): boolean {
  if (typeof value !== 'boolean') return fail(at, `${what} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

export function text(value: unknown, at: Locator, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fail(at, `${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value.trim();
}

export function integer(value: unknown, at: Locator, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return fail(at, `${what} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value;
}

/** A copy of a record without its undefined fields. */
export const definedOnly = (value: object): Record<string, unknown> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
