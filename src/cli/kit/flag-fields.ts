// Which flag of a command stands for an API field, so that the error mapper (kit/errors.ts) can
// say `--expires-at must be in the future` instead of `expires_at …`. Nothing here is written per
// noun: the answer is derived from the command's own option definitions, its hidden spellings
// (kit/verb.ts) and what the user typed.
import type { Command, Option } from 'commander';

/** The flag to name for an API field (`expires_at`, `identities.extern_uid`), and whether the user typed it; or undefined. */
export type FlagOfField = (field: string, request?: unknown) => { flag: string; typed: boolean } | undefined;

/** Suffixes the platform adds to a field that a flag leaves off (`expires_at` ↔ `--expires`, `user_id` ↔ `--user`). */
const FIELD_SUFFIX = /_(at|on|id|ids|iid)$/;

const words = (name: string) => name.replace(/^--/, '').replace(/-/g, '_').toLowerCase();
/** `identities.extern_uid` → `extern_uid`; `Url` → `url`; `scopes[]` → `scopes`. */
const fieldName = (field: string) => (field.split('.').pop() as string).replace(/\[\]$/, '').replace(/ /g, '_').toLowerCase();

/** The values of an option or a request field as comparable text (`--scope a,b` and `["a","b"]` alike). */
function comparable(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.split(/\s*,\s*/).join(',');
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.length ? value.map(String).join(',') : undefined;
  return undefined;
}

/** The request's value for a field: by its full path, else its last segment at the top level. */
function sentValue(request: unknown, field: string): unknown {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return undefined;
  const r = request as Record<string, unknown>;
  return Object.prototype.hasOwnProperty.call(r, field) ? r[field] : Object.prototype.hasOwnProperty.call(r, fieldName(field)) ? r[fieldName(field)] : undefined;
}

/**
 * The platform's fields a verb's flags send under names no rule below finds (VerbSpec.apiFields:
 * `tag_name` ↔ `--tag` and `description` ↔ `--notes` for a release, where the last-words rule
 * would take `tag_name` for `--name`). Declared fields win over every rule.
 */
const declared = new WeakMap<Command, Readonly<Record<string, string>>>();

export function declareApiFields(cmd: Command, fields: Readonly<Record<string, string>>): void {
  declared.set(cmd, fields);
}

/**
 * The flag model of `cmd`. `spellings` are the [alias, canonical] pairs of option names the kit
 * accepts for it (`repo`/`project`, `repository-storage`/`storage`, a verb's own older names).
 *
 * A field names the option whose name is the field's (`expires_at` ↔ `--expires-at`), or the
 * field without the platform's `_at`/`_on`/`_id` suffix (`--expires`, `--user`), or any spelling of
 * such an option (`repository_storage` ↔ `--repository-storage`, hidden, ↔ `--storage`), or the
 * one option named as the field's last words (`certificate_fingerprint` ↔ `--fingerprint`); of the
 * spellings, the one the user typed wins. Failing a name, an option the user typed whose value is
 * what the request sent for the field (`url` ↔ `--link-url`). Hidden options never typed, and
 * fields no option stands for (`base`), name no flag.
 */
export function flagModel(cmd: Command, spellings: readonly (readonly [alias: string, canonical: string])[]): FlagOfField {
  const options = cmd.options.filter((o) => o.long && !o.negate);
  const typed = (o: Option) => cmd.getOptionValueSource(o.attributeName()) === 'cli';
  const byLong = new Map(options.map((o) => [o.long as string, o]));
  /** Every spelling of an option, the canonical one first. */
  const groupOf = (o: Option): Option[] => {
    const name = (o.long as string).slice(2);
    const canonical = spellings.find(([alias]) => alias === name)?.[1] ?? name;
    const names = [canonical, ...spellings.filter(([, c]) => c === canonical).map(([a]) => a)];
    return names.flatMap((n) => byLong.get(`--${n}`) ?? []);
  };
  const isHidden = (o: Option) => (o as unknown as { hidden?: boolean }).hidden === true;
  return (field, request) => {
    const name = fieldName(field);
    const stem = name.replace(FIELD_SUFFIX, '');
    // A field a positional argument stands for (`file_name` ↔ `<file-name>`) names that argument
    // as help spells it, never an option named after the field's last word (`--name`).
    const own = declared.get(cmd);
    const as = own && Object.prototype.hasOwnProperty.call(own, name) ? words(own[name] as string) : undefined;
    const argument = cmd.registeredArguments.find((a) => words(a.name()) === (as ?? name));
    if (argument) return { flag: argument.name().toUpperCase(), typed: true };
    let named = options.filter((o) => {
      const w = words(o.long as string);
      return as !== undefined ? w === as : w === name || w === stem || w.replace(FIELD_SUFFIX, '') === name;
    });
    // Failing that, the one option named as the field's last words (`certificate_fingerprint` ↔
    // `--fingerprint`); two such options would be a guess.
    if (named.length === 0 && as === undefined) {
      const tail = options.filter((o) => stem.endsWith(`_${words(o.long as string)}`));
      if (tail.length === 1) named = tail;
    }
    const groups = named.map(groupOf);
    for (const g of groups) {
      const hit = g.find(typed);
      if (hit) return { flag: hit.long as string, typed: true };
    }
    const sent = comparable(sentValue(request, field));
    if (sent !== undefined) {
      const same = options.filter((o) => typed(o) && comparable(cmd.getOptionValue(o.attributeName())) === sent);
      if (same.length === 1) return { flag: (same[0] as Option).long as string, typed: true };
    }
    for (const g of groups) {
      const shown = g.find((o) => !isHidden(o));
      if (shown) return { flag: shown.long as string, typed: false };
    }
    return undefined;
  };
}
