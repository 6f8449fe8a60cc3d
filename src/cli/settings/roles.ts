// Roles in a settings file: by name (`maintainer`) or number (40), always written back by name.
import { ACCESS } from '../../shared/access-levels.js';
import { SettingsFileError, type Locator } from './section.js';

export type RoleName = keyof typeof ACCESS;

const BY_NUMBER = new Map<number, RoleName>(Object.entries(ACCESS).map(([name, n]) => [n, name as RoleName]));

/** The role's name for a number (`40` → `maintainer`); unknown numbers stay numbers. */
export const roleName = (level: number): RoleName | number => BY_NUMBER.get(level) ?? level;

/** The number of a role given by name or number, checked against `allowed`. */
export function parseRole(value: unknown, at: Locator, allowed: readonly number[]): number {
  const names = allowed.map((n) => BY_NUMBER.get(n) ?? String(n));
  let level: number | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) level = value;
  else if (typeof value === 'string' && /^\d+$/.test(value)) level = Number(value);
  else if (typeof value === 'string') level = (ACCESS as Record<string, number>)[value.toLowerCase().replace(/[\s-]+/g, '_')];
  if (level === undefined || !allowed.includes(level)) {
    throw new SettingsFileError(at, `${JSON.stringify(value)} is not a role here; use one of ${names.join(', ')} (or ${allowed.join(', ')})`);
  }
  return level;
}

/** JSON Schema of a role: a name or its number. */
export const roleSchema = (allowed: readonly number[]): Record<string, unknown> => ({
  oneOf: [{ enum: allowed.map((n) => BY_NUMBER.get(n) ?? String(n)) }, { enum: [...allowed] }],
});
