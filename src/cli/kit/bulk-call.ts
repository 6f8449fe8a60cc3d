// One record of a --from-file run as the arguments and options of one run of the verb: each key
// names an argument or a flag of the command (`tag`, `start`, `expires_at`, `expiresAt` and
// `expires-at` alike), and each value goes through that flag's own parser, as if typed after it,
// so a record is refused for what the command line would refuse. What the command line gave
// applies to every record; a record's own value wins. Keys are looked up among the command's own
// names and never written into an object as they are, so no record reaches a prototype.
import type { Argument, Command, Option } from 'commander';
import { UsageError } from './errors.js';
import { flagModel, type FlagOfField } from './flag-fields.js';

export interface Call {
  args: string[];
  opts: Record<string, unknown>;
}

/** Options the run itself takes, never a record's key. */
const RUN_OPTIONS = new Set(['--from-file', '--fail-fast', '--parallel', '--page', '--per-page', '--all', '--limit']);

/** `expires_at`, `expiresAt`, `Expires-At` → `expires-at`. */
const keyName = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/_/g, '-').toLowerCase();

type Target = { kind: 'argument'; index: number; argument: Argument } | { kind: 'option'; option: Option; negated: boolean };

/** [alias, canonical] spellings of the command's flags (kit/verb.ts `aliasesOf`). */
export type Spellings = readonly (readonly [alias: string, canonical: string])[];

/**
 * What each key a record may hold stands for. Another spelling of a flag (`repo` for `project`)
 * is that flag, so a record's `repo` replaces the command line's `-R` as `project` would.
 */
function keysOf(cmd: Command, spellings: Spellings = []): Map<string, Target> {
  const keys = new Map<string, Target>();
  cmd.registeredArguments.forEach((argument, index) => keys.set(keyName(argument.name()), { kind: 'argument', index, argument }));
  for (const [alias, canonical] of spellings) {
    const option = cmd.options.find((o) => o.long === `--${canonical}`);
    if (option && !keys.has(alias)) keys.set(alias, { kind: 'option', option, negated: false });
  }
  for (const option of cmd.options) {
    const long = option.long;
    if (!long || RUN_OPTIONS.has(long) || long === '--help') continue;
    const name = long.slice(2);
    if (option.negate) {
      // `--no-wait`: the record says `wait: false` or `no-wait: true`.
      const positive = name.replace(/^no-/, '');
      if (!keys.has(positive)) keys.set(positive, { kind: 'option', option, negated: false });
      keys.set(name, { kind: 'option', option, negated: true });
    } else if (!keys.has(name)) keys.set(name, { kind: 'option', option, negated: false });
  }
  return keys;
}

/**
 * A command's keys and its field → flag model, made once per command: every record of a file is
 * looked up in them. (`spellings` are the command's own, the same on every call.)
 */
const lookups = new WeakMap<Command, { keys: Map<string, Target>; fieldFlag: FlagOfField }>();

function lookupOf(cmd: Command, spellings: Spellings): { keys: Map<string, Target>; fieldFlag: FlagOfField } {
  let found = lookups.get(cmd);
  if (!found) lookups.set(cmd, (found = { keys: keysOf(cmd, spellings), fieldFlag: flagModel(cmd, spellings) }));
  return found;
}

/** The names a record of `cmd` may use, for a message: the arguments, then the visible flags. */
export function keyList(cmd: Command, spellings: Spellings = []): string[] {
  const hidden = (o: Option) => (o as unknown as { hidden?: boolean }).hidden === true;
  return [...lookupOf(cmd, spellings).keys].filter(([k, t]) => t.kind === 'argument' || (!hidden(t.option) && (t.option.negate ? !t.negated : `--${k}` === t.option.long))).map(([k]) => k);
}

const scalarText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'boolean' ? String(value) : undefined;

type Parser = (value: string, previous: unknown) => unknown;

/** A flag given more than once collects its values (`--scope a --scope b`). */
const repeatable = new WeakMap<Option, boolean>();

const isRepeatable = (option: Option): boolean => {
  let known = repeatable.get(option);
  if (known === undefined) repeatable.set(option, (known = collects(option)));
  return known;
};

const collects = (option: Option): boolean => {
  if (option.variadic) return true;
  const parse = (option as Option & { parseArg?: Parser }).parseArg;
  if (!parse) return false;
  // A parser that collects keeps the values before (the kit's parsers are pure: a probe is safe;
  // one that refuses the probe's value is a checking parser, which never collects).
  const before = ['\u0000'];
  try {
    const out = parse('1', before);
    return Array.isArray(out) && out.includes('\u0000');
  } catch {
    return false;
  }
};

/**
 * The argument or flag a key stands for: its name in any case; the plural of a repeatable flag
 * (`scopes` for --scope); or the platform's field the flag sends (`user_id` for --user), so a
 * record of an API answer or a list's JSON reads as the flags it came from.
 */
function targetOf({ keys, fieldFlag }: { keys: Map<string, Target>; fieldFlag: FlagOfField }, key: string): Target | undefined {
  const name = keyName(key);
  const direct = keys.get(name);
  if (direct) return direct;
  const single = name.endsWith('s') ? keys.get(name.slice(0, -1)) : undefined;
  if (single?.kind === 'option' && isRepeatable(single.option)) return single;
  // The model names an option as --long and an argument as help spells it (BRANCH).
  const flag = fieldFlag(name.replace(/-/g, '_'))?.flag;
  return flag === undefined ? undefined : keys.get(flag.startsWith('--') ? flag.slice(2) : flag.toLowerCase());
}

/** The words that name a command (`saml links create`), the program's own left out. */
export function commandWords(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** An option's value from a record's value, through the option's parser (and choices). */
function optionValue(option: Option, negated: boolean, value: unknown, key: string): unknown {
  const flag = option.long as string;
  if (!option.required && !option.optional) {
    if (typeof value !== 'boolean') throw new UsageError(`"${key}" is the switch ${flag}: give true or false`);
    // `--no-x` stores false under x; `x: true` where only --no-x exists is its default.
    if (option.negate) return negated ? !value : value;
    return value ? true : undefined;
  }
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  const parse = (option as Option & { parseArg?: Parser }).parseArg;
  const repeatable = isRepeatable(option);
  if (values.length > 1 && !repeatable) throw new UsageError(`"${key}" (${flag}) takes one value, got a list of ${values.length}`);
  let out: unknown = undefined;
  for (const v of values) {
    const text = scalarText(v);
    if (text === undefined) throw new UsageError(`"${key}" (${flag}) takes ${repeatable ? 'text or a list of text' : 'text or a number'}, got ${v === null ? 'null' : Array.isArray(v) ? 'a nested list' : typeof v}`);
    try {
      out = parse ? parse(text, out) : option.variadic ? [...((out as string[] | undefined) ?? []), text] : text;
    } catch (error) {
      // commander's own parsers throw "Allowed choices are …" without the flag; the kit's name it.
      const message = (error as Error).message;
      throw new UsageError(message.includes(flag) ? message : `"${key}" (${flag}): ${message}`);
    }
  }
  return out;
}

/**
 * The call one record makes. `given`: what the command line gave (arguments by position, the
 * options as parsed). A record that is one value (a line of ids) is the first argument the
 * command line left out.
 */
export function recordCall(cmd: Command, value: unknown, given: Call, spellings: Spellings = []): Call {
  const args: (string | string[] | undefined)[] = cmd.registeredArguments.map((a, i) => (a.variadic ? given.args.slice(i) : given.args[i]));
  const opts: Record<string, unknown> = { ...given.opts };
  const setArgument = (argument: Argument, index: number, v: unknown, key: string) => {
    if (argument.variadic) {
      const list = Array.isArray(v) ? (v as unknown[]) : [v];
      args[index] = list.map((item) => scalarText(item) ?? badArgument(argument, key, item));
    } else args[index] = scalarText(v) ?? badArgument(argument, key, v);
  };
  if (Array.isArray(value) || value === null) throw new UsageError(`a record is an object of flags (${keyList(cmd, spellings).join(', ')}) or one value, got ${value === null ? 'null' : 'a list'}`);
  if (typeof value !== 'object') {
    const index = args.findIndex((a) => a === undefined || (Array.isArray(a) && a.length === 0));
    const argument = cmd.registeredArguments[index];
    if (!argument) throw new UsageError(`a record that is one value needs an argument to fill, and ${commandWords(cmd)} ${cmd.registeredArguments.length ? 'has its arguments from the command line' : 'takes none'}; give an object of flags (${keyList(cmd, spellings).join(', ')})`);
    setArgument(argument, index, value, argument.name());
  } else {
    const lookup = lookupOf(cmd, spellings);
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const target = targetOf(lookup, key);
      if (!target) throw new UsageError(`unknown key "${key}": ${commandWords(cmd)} takes ${keyList(cmd, spellings).join(', ')}`);
      if (v === null || v === undefined) throw new UsageError(`"${key}" is null; leave the key out instead`);
      if (target.kind === 'argument') setArgument(target.argument, target.index, v, key);
      else {
        const parsed = optionValue(target.option, target.negated, v, key);
        const name = target.option.attributeName();
        if (parsed === undefined) delete opts[name];
        else opts[name] = parsed;
      }
    }
  }
  for (const option of cmd.options) {
    if (option.mandatory && opts[option.attributeName()] === undefined) throw new UsageError(`missing ${option.long ?? option.flags} (give it on the command line for every record, or as "${(option.long ?? '').slice(2)}" in each)`);
  }
  cmd.registeredArguments.forEach((argument, i) => {
    const a = args[i];
    if (argument.required && (a === undefined || (Array.isArray(a) && a.length === 0))) throw new UsageError(`missing ${argument.name().toUpperCase()} (give it as "${argument.name()}" in each record)`);
  });
  // A value after a missing optional argument would take its place: refused, as the command line would.
  const hole = args.findIndex((a, i) => a === undefined && args.slice(i + 1).some((b) => b !== undefined && !(Array.isArray(b) && b.length === 0)));
  if (hole >= 0) throw new UsageError(`"${cmd.registeredArguments[hole]?.name() ?? ''}" is needed before the arguments after it`);
  return { args: args.flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? a : [a])), opts };
}

function badArgument(argument: Argument, key: string, value: unknown): never {
  throw new UsageError(`"${key}" (the argument ${argument.name().toUpperCase()}) takes text or a number, got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`);
}
