/**
 * YAML as hostctl prints it: every command's `-o yaml`, `api -o yaml`, a plan, an export and an
 * apply's result go through here, so they quote alike.
 *
 * Scripts read this output with whatever parser their language has, and many of those still read
 * YAML 1.1 (PyYAML, Ruby's Psych): there an unquoted `yes`, `on`, `no`, `2026-01-01T00:00:00Z` or
 * `1:30` is a boolean, a date or a number, not the string the answer held. js-yaml's dumper quotes
 * every string that either version, 1.1 or 1.2, would read as something else, so a branch named
 * `on` or a `created_at` stays a string in both. It is also about three times faster than the
 * `yaml` library's stringify on large lists (which hostctl keeps for reading YAML, where it needs
 * line numbers).
 */
import type { DumpOptions } from 'js-yaml';

/** Answers are JSON: no shared objects to alias, no line folding, undefined keys left out. */
const OPTIONS: DumpOptions = { noRefs: true, lineWidth: -1, skipInvalid: true };

export async function toYaml(data: unknown): Promise<string> {
  // js-yaml ships CommonJS for Node; the bundle may expose it as a default export.
  const mod = (await import('js-yaml')) as typeof import('js-yaml') & { default?: typeof import('js-yaml') };
  return (mod.default ?? mod).dump(data, OPTIONS);
}
