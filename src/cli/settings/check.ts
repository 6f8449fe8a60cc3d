// Small validators sections use on file values; each throws a SettingsFileError at the value.
import { child, SettingsFileError, type Locator } from './section.js';
import { unknownKey } from './suggest.js';

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a map' : typeof v === 'string' ? 'a string' : typeof v);

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function expectMap(value: unknown, at: Locator, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new SettingsFileError(at, `${what} must be a map, got ${kindOf(value)}`);
  return value;
}

export function expectList(value: unknown, at: Locator, what: string): unknown[] {
  if (!Array.isArray(value)) throw new SettingsFileError(at, `${what} must be a list, got ${kindOf(value)}`);
  return value;
}

export function expectBoolean(value: unknown, at: Locator, what: string): boolean {
  if (typeof value !== 'boolean') throw new SettingsFileError(at, `${what} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

export function expectString(value: unknown, at: Locator, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new SettingsFileError(at, `${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

export function expectEnum<T extends string>(value: unknown, at: Locator, what: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new SettingsFileError(at, typeof value === 'string' ? `${what}: ${unknownKey('value', value, allowed)}` : `${what} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Refuses keys outside `known` (with "did you mean"), at the key itself. */
export function onlyKeys(map: Record<string, unknown>, at: Locator, known: readonly string[], kind = 'key'): void {
  for (const key of Object.keys(map)) {
    if (!known.includes(key)) throw new SettingsFileError(child(at, key), unknownKey(kind, key, known), true);
  }
}
