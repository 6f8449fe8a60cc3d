// One verb = one file that exports a VerbSpec (`defineVerb` infers its options' type). addVerb
// adds it to its noun's command with the shared list options and help examples, and runs it
// with a Cli: the resolved target, a lazily built API client, rendering, confirmation and
// prompts that follow the terminal rules.
import { Option, type Command } from 'commander';
import { CliOption } from './cli-command.js';
import { createRequire } from 'node:module';
import type { ApiClient, DryRunRequest } from '../../client/client.js';
import { detectTerminal, type TerminalInfo } from '../io/terminal.js';
import { getPath, parseFields } from '../render/fields.js';
import { displayWidth, wrapText } from '../render/cells.js';
import { FORMATS, listStream, renderItem, renderList, streams, type Column, type Format } from '../render/output.js';
import { readConfig, reportConfigWritesOnly } from '../config/store.js';
import { resolveTarget, type Target } from '../config/target.js';
import { createClient } from './client-factory.js';
import { CancelledError, UsageError, noteTarget } from './errors.js';
import { checkChoice, parseDate } from './refs.js';
import { parseIsoTime } from './project-option.js';
import { checkGlobals } from './globals.js';
import { completeWith, completionOf, type Completion } from './choices.js';
import { showsWebUrl } from './web-urls.js';
import { namesOf, type LookupKind } from './names.js';
import { isRegularFile, isTerminal, writeErr, writeOut } from '../io/output.js';
import { pagerCommand, showPaged, tallerThan, terminalRows } from '../io/pager.js';
import { parseDuration } from './duration.js';
import { nowFromEnv } from '../../shared/dates.js';
import { skipsVerb } from './verb-filter.js';
import { declareApiFields } from './flag-fields.js';

export interface GlobalOptions {
  output: Format;
  fields?: string;
  context?: string;
  state?: string;
  url?: string;
  sudo?: string;
  /** false with --no-input. */
  input: boolean;
  yes?: boolean;
  /** --color auto|always|never; false with --no-color. */
  color: boolean | string;
  debug?: boolean;
  /** --jq EXPR: filter the JSON form of the answer. */
  jq?: string;
  /** --dry-run: print requests that would change something instead of sending them. */
  dryRun?: boolean;
}

export interface ListOptions {
  page?: number;
  perPage?: number;
  all?: boolean;
  limit?: number;
}

export interface Cli {
  readonly globals: GlobalOptions;
  readonly term: TerminalInfo;
  readonly env: NodeJS.ProcessEnv;
  target(): Target;
  client(): Promise<ApiClient>;
  /** Writes data to stdout. */
  print(text: string): void;
  /** Writes a message to stderr (never data). */
  info(message: string): void;
  /**
   * A message about the output (on stderr), shown once after it: where the table ends, not
   * above it where a long one would scroll it away; the same message given twice is shown once.
   */
  note(message: string): void;
  /** Fetches a list honouring --page, --per-page, --all and --limit. */
  list<T = Record<string, unknown>>(path: string, query?: Record<string, unknown>): Promise<T[]>;
  showList(rows: Record<string, unknown>[], columns?: Column[], knownFields?: readonly string[]): Promise<void>;
  /**
   * `list`, then `showList`. When every page is asked for (--all, --limit) and the output is for a
   * program (not a terminal, no --jq: JSON, JSON lines, tab-separated rows, CSV), each page is
   * written as it arrives: the process holds one page, not the whole list (the same bytes in the
   * end). `keep` leaves rows out; `inspect` sees the rows (page by page when they are written so)
   * for its notes; `view` decides columns from every row (its tables then wait for every row).
   */
  showPages(path: string, query?: Record<string, unknown>, columns?: Column[], knownFields?: readonly string[], more?: PageHooks): Promise<void>;
  showItem(item: Record<string, unknown>, columns?: Column[]): Promise<void>;
  /**
   * After a change to the state of something that exists (block, archive, close, cancel, delete,
   * use…): says `done` on stderr (nothing when undefined), and shows the changed record only when
   * a format, --fields or --jq asked for it; the table form is the sentence alone. `item` may be
   * a function that reads the record, called only when it is shown.
   */
  showChanged(item: Record<string, unknown> | (() => Promise<Record<string, unknown>>), columns: Column[] | undefined, done: string | undefined): Promise<void>;
  /** Asks on a terminal; elsewhere requires --yes. Throws CancelledError when declined. */
  confirm(message: string): Promise<void>;
  /** Asks on a terminal (unless --yes); without one, goes ahead (the change is not destructive). */
  confirmOnTerminal(message: string): Promise<void>;
  /** The prompts library, when prompting is allowed; else a usage error naming `flag`. */
  prompts(flag: string): Promise<typeof import('@inquirer/prompts')>;
  close(): Promise<void>;
}

export interface VerbSpec<O = Record<string, unknown>> {
  name: string;
  summary: string;
  /** commander argument syntax, e.g. '<id>' or '[id]'. */
  args?: string;
  aliases?: string[];
  examples: string[];
  /** Adds the verb's own options. */
  options?: (cmd: Command) => void;
  /** Adds --page, --per-page, --all, --limit. */
  list?: boolean;
  /**
   * The verb destroys or takes away something, so it asks first (`cli.confirm`): on a terminal
   * unless --yes, elsewhere it refuses without --yes. `{ when }` for a verb that asks only in
   * some cases, in words (`hostctl commands` shows both; test/e2e/cli-rules.test.ts holds every
   * verb to it).
   */
  destructive?: true | { when: string };
  /**
   * The verb also runs once per record of a file: `--from-file FILE` (kit/bulk.ts), each record's
   * keys its arguments and flags, with one result per record and `--fail-fast`.
   */
  bulk?: true;
  /**
   * Older spellings of this verb's own options, accepted but hidden, as [alias, canonical]
   * (a verb that once took --name TEXT for a substring filter now documents --search).
   */
  optionAliases?: readonly (readonly [alias: string, canonical: string])[];
  /**
   * The platform's fields this verb's flags or arguments send where their names do not say so,
   * as field → flag or argument name (`{ tag_name: 'tag', description: 'notes' }`): errors about
   * the field name the flag, and a record of `--from-file` may use the field (kit/flag-fields.ts).
   */
  apiFields?: Readonly<Record<string, string>>;
  /**
   * How a prompt for a missing option's value offers choices: `allowNew` lets the answer be a value
   * the target does not have yet (a new tag), `exclude` leaves out values that cannot be the answer
   * (tags that already have a release).
   */
  promptValues?: Record<string, { allowNew?: boolean; exclude?: (api: ApiClient, opts: O) => Promise<string[]> }>;
  /**
   * What an argument (by name) or option (by --long) completes to, where the shared meaning of
   * its name (kit/choices.ts) does not fit: `{ file: 'file' }`, `{ '--to': 'storages' }`.
   */
  complete?: Readonly<Record<string, Completion>>;
  run(cli: Cli, args: string[], opts: O & ListOptions): Promise<void>;
}

const helpWidth = () => Number(process.env.COLUMNS) || (isTerminal(1) ? process.stdout.columns : 0) || 80;

/** A shell command line wrapped with ` \` continuations, so it still runs when pasted. */
function wrapCommand(line: string, width: number): string {
  if (line.length <= width) return line;
  // A trailing `# comment` that does not fit goes on its own line above the command.
  const comment = /^(.*?\S)\s+(# .*)$/.exec(line);
  if (comment) {
    const lead = /^ */.exec(line)?.[0] ?? '';
    const command = comment[1] as string;
    const joined = `${command}   ${comment[2] as string}`;
    return joined.length <= width ? joined : `${lead}${comment[2] as string}\n${wrapCommand(command, width)}`;
  }
  // A flag and its value stay on one line.
  const words = line
    .trimStart()
    .split(' ')
    .reduce<string[]>((acc, w) => {
      const last = acc[acc.length - 1];
      if (last !== undefined && /^-/.test(last) && !last.includes(' ') && !/^-/.test(w)) acc[acc.length - 1] = `${last} ${w}`;
      else acc.push(w);
      return acc;
    }, []);
  const out: string[] = [];
  let current = line.slice(0, line.length - line.trimStart().length);
  for (const word of words) {
    const start = current.trim() === '';
    if (!start && current.length + 1 + word.length + 2 > width) {
      out.push(`${current} \\`);
      current = `      ${word}`;
    } else current += start ? word : ` ${word}`;
  }
  out.push(current);
  return out.join('\n');
}

/** What each verb declares about itself, for the generated docs and `hostctl commands`. */
const verbSpecs = new WeakMap<Command, Pick<VerbSpec<never>, 'examples' | 'list' | 'destructive' | 'bulk'>>();

export const examplesOf = (cmd: Command): readonly string[] => verbSpecs.get(cmd)?.examples ?? [];

/** What `showPages` does besides showing the rows it fetches. */
export interface PageHooks {
  /** Rows not shown (a filter the API does not offer). */
  keep?: (row: Record<string, unknown>) => boolean;
  /** Sees the rows shown, for notes about them: all at once, or page by page. */
  inspect?: (rows: readonly Record<string, unknown>[]) => void | Promise<void>;
  /** The columns and fields to show, decided once `inspect` has seen every row. */
  view?: () => { columns: Column[]; fields: readonly string[] };
}

/** `showPages` for a list shown whole: every row fetched, kept and inspected, then `showList` with the view's columns. */
export async function showWhole(cli: Pick<Cli, 'list' | 'showList'>, path: string, query: Record<string, unknown> | undefined, columns: Column[] | undefined, knownFields: readonly string[] | undefined, more: PageHooks): Promise<void> {
  let rows = await cli.list<Record<string, unknown>>(path, query);
  if (more.keep) rows = rows.filter(more.keep);
  await more.inspect?.(rows);
  const view = more.view?.();
  await cli.showList(rows, view?.columns ?? columns, view?.fields ?? knownFields);
}

/** Whether a command takes the list options (--page, --per-page, --all, --limit). */
export const listsPages = (cmd: Command): boolean => verbSpecs.get(cmd)?.list === true;

/** Whether a command asks before it acts (always: true; in some cases: their words). */
export const destructiveOf = (cmd: Command): VerbSpec['destructive'] => verbSpecs.get(cmd)?.destructive;

/** Whether a command runs once per record of a file (--from-file). */
export const runsFromFile = (cmd: Command): boolean => verbSpecs.get(cmd)?.bulk === true;

const positiveInt = (flag: string, max?: number) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a positive whole number, got "${value}"`);
  if (max !== undefined && Number(value) > max) throw new UsageError(`${flag} is at most ${max}, got ${value}`);
  // Past 2^53 the number is not the one typed (it would be sent rounded, or the server refuses
  // it as an HTTP error); it is the user's input that is wrong, so it is a usage error here.
  if (!Number.isSafeInteger(Number(value))) throw new UsageError(`${flag} is too large: at most ${Number.MAX_SAFE_INTEGER}, got "${value}"`);
  return Number(value);
};

/** A verb of any options' type: what a noun's index.ts hands to addVerb, without a cast. */
export type AnyVerb = VerbSpec<never>;

/** Declares a verb; the options' type is checked against `run` and erased for addVerb. */
export const defineVerb = <O>(spec: VerbSpec<O>): VerbSpec<O> => spec;

export function addVerb(parent: Command, spec: AnyVerb, makeCommand: (name: string) => Command): Command | undefined {
  if (skipsVerb(parent, [spec.name, ...(spec.aliases ?? []), ...(VERB_ALIASES[spec.name] ?? [])])) return undefined;
  const cmd = makeCommand(spec.name);
  applyVerb(cmd, spec);
  // A name a sibling already answers to stays the sibling's: a verb's own name wins over another
  // verb's alias (a noun's `show` verb over get's `show`), and an alias never takes a name.
  const aliases = (c: Command) => (c as unknown as { _aliases: string[] })._aliases;
  for (const sibling of parent.commands) {
    const own = aliases(sibling);
    if (own.includes(spec.name)) own.splice(own.indexOf(spec.name), 1);
  }
  const taken = new Set(parent.commands.flatMap((c) => [c.name(), ...c.aliases()]));
  const mine = aliases(cmd);
  mine.splice(0, mine.length, ...mine.filter((a) => !taken.has(a)));
  parent.addCommand(cmd);
  return cmd;
}

/**
 * One canonical word per verb, the others people type as its aliases in every noun: `get`
 * answers to `view` (gh, glab) and `show`, `list` to `ls`, `update` to `edit`, `delete` to `rm`.
 */
export const VERB_ALIASES: Record<string, readonly string[]> = { get: ['view', 'show'], list: ['ls'], update: ['edit'], delete: ['rm'] };

/** Gives an existing command (a noun with no verbs, such as `init`) a verb's behaviour. */
export function applyVerb<O>(cmd: Command, spec: VerbSpec<O>): Command {
  cmd.description(spec.summary);
  if (spec.args) cmd.arguments(spec.args);
  for (const alias of new Set([...(spec.aliases ?? []), ...(VERB_ALIASES[spec.name] ?? [])])) cmd.alias(alias);
  spec.options?.(cmd);
  if (spec.complete) completeWith(cmd, spec.complete);
  // Nouns that are about one group take it as their first argument (`saml get acme`); elsewhere
  // it is -g/--group. `--group X` is accepted, hidden, where the argument is the rule, so a
  // script written either way runs.
  const groupFirst = cmd.registeredArguments[0]?.name() === 'group' && !hasLong(cmd, 'group');
  if (groupFirst) cmd.addOption(new CliOption('-g, --group <group>', 'same as the GROUP argument').hideHelp());
  if (spec.optionAliases) verbAliases.set(cmd, spec.optionAliases);
  if (spec.apiFields) declareApiFields(cmd, spec.apiFields);
  addHiddenAliases(cmd);
  if (spec.list) {
    cmd
      .option('--page <n>', 'page number to fetch', positiveInt('--page'))
      .option('--per-page <n>', 'items per page (the server caps it at 100)', positiveInt('--per-page'))
      .option('--all', 'fetch every page, following the Link header')
      .option('--limit <n>', 'stop after N items, across pages', positiveInt('--limit'));
  }
  if (spec.bulk) {
    cmd
      .option('--from-file <file>', 'run once per record of FILE (a JSON array, JSON lines, a YAML list, or one value per line; - for standard input): its keys are the arguments and flags, and what the command line gives applies to every record')
      .option('--fail-fast', 'with --from-file: stop at the first record that fails (the rest are reported as skipped)')
      .option('--parallel <n>', `with --from-file: run up to N records at once (1 to ${MAX_PARALLEL}; default 1, one after another)`, positiveInt('--parallel', MAX_PARALLEL));
  }
  // Required options and arguments are checked when the verb runs, not by commander, so that a
  // terminal asks for them (the same prompt as for a `missing --flag` usage error).
  const missingOptions: Option[] = [];
  const missingArgs: string[] = [];
  // (commander's own hooks for these two errors, called once per missing value while parsing)
  const hooks = cmd as unknown as { missingMandatoryOptionValue(option: Option): void; missingArgument(name: string): void };
  hooks.missingMandatoryOptionValue = (option) => void missingOptions.push(option);
  hooks.missingArgument = (name) => void missingArgs.push(name);
  verbSpecs.set(cmd, { examples: spec.examples, list: spec.list, destructive: spec.destructive, bulk: spec.bulk });
  cmd.addHelpText('after', () => `\nExamples:\n${spec.examples.map((e) => wrapCommand(`  $ ${e}`, helpWidth())).join('\n')}\n`);
  cmd.action(async (...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = received.slice(0, -2).flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? (a as string[]) : [String(a)]));
    const opts = command.optsWithGlobals() as O & ListOptions & GlobalOptions;
    // The program's own flags, not a verb's options of the same name (context add --url).
    let root: Command = command;
    while (root.parent) root = root.parent;
    checkGlobals(root.opts());
    statusNotState(cmd, root.opts().state as string | undefined);
    applyAliases(cmd, opts as Record<string, unknown>, process.env);
    checkValueShapes(cmd, opts as Record<string, unknown>);
    await checkFiles(cmd, opts as Record<string, unknown>, received.slice(0, -2));
    if (spec.list && opts.page !== undefined && opts.all) throw new UsageError('--page and --all exclude each other: --all fetches every page from the first');
    const givenGroup = (opts as Record<string, unknown>).group;
    if (groupFirst && typeof givenGroup === 'string') {
      const group = givenGroup;
      if (missingArgs.length) {
        args.unshift(group);
        missingArgs.pop();
      } else if (args[0] !== group) throw new UsageError(`--group ${group} and the GROUP argument ${String(args[0])} disagree; give the group once, as the first argument`);
    }
    const fromFile = spec.bulk ? (opts as { fromFile?: string }).fromFile : undefined;
    if (fromFile !== undefined) {
      // The records give what the command line left out.
      missingOptions.splice(0);
      missingArgs.splice(0);
      await runFromFile(cmd, spec, args, opts as Record<string, unknown>, fromFile);
      return;
    }
    if (spec.bulk && (opts as { failFast?: boolean }).failFast) throw new UsageError('--fail-fast goes with --from-file');
    if (spec.bulk && (opts as { parallel?: number }).parallel !== undefined) throw new UsageError('--parallel goes with --from-file');
    const cli = makeCli(opts);
    const prompting = cli.term.canPrompt && !opts.dryRun;
    try {
      for (const option of missingOptions.splice(0)) {
        if (!prompting) throw new UsageError(`required option '${option.flags}' not specified`);
        answer(opts as Record<string, unknown>, option, await askFor(cli, cmd, option, opts as Record<string, unknown>, spec.promptValues?.[option.long as string] as PromptValues | undefined));
      }
      for (const name of missingArgs.splice(0)) {
        if (!prompting) throw new UsageError(`missing required argument '${name}'`);
        args.push(await askForArgument(cli, cmd, name, opts as Record<string, unknown>));
      }
      for (let asked = 0; ; asked++) {
        try {
          await spec.run(cli, args, opts);
          break;
        } catch (error) {
          // A missing value on a terminal is asked for (with choices from the target), then the
          // verb runs again; verbs check their flags before they change anything.
          const option = asked < 4 && prompting ? missingOption(cmd, error) : undefined;
          if (!option) throw error;
          answer(opts as Record<string, unknown>, option, await askFor(cli, cmd, option, opts as Record<string, unknown>, spec.promptValues?.[option.long as string] as PromptValues | undefined));
        }
      }
    } finally {
      await cli.close();
    }
  });
  return cmd;
}


/** At most this many records of a --from-file run at once: enough to hide a remote round trip. */
const MAX_PARALLEL = 16;

/** A bulk verb's run over the records of `path` (kit/bulk.ts), with this command's checks for each. */
async function runFromFile<O>(cmd: Command, spec: VerbSpec<O>, args: string[], opts: Record<string, unknown>, path: string): Promise<void> {
  const [{ runBulk }, { commandWords }] = await Promise.all([import('./bulk.js'), import('./bulk-call.js')]);
  const dryRuns: { take?: (request: DryRunRequest, url: string) => void } = {};
  // (made first: a Cli sets whether config writes are only reported, and the real one must win)
  const preflight = makeCli({ ...(opts as unknown as GlobalOptions & ListOptions), dryRun: true }, process.env, { dryRun: () => undefined });
  const cli = makeCli(opts as unknown as GlobalOptions & ListOptions, process.env, {
    dryRun: (request) => (dryRuns.take ? dryRuns.take(request, dryRunUrl(request)) : undefined),
    // One target for both: a token command runs once.
    target: () => preflight.target(),
  });
  try {
    await runBulk({
      cmd,
      title: commandWords(cmd),
      destructive: spec.destructive !== undefined,
      // (the run's own flags are not a record's)
      given: { args, opts: Object.fromEntries(Object.entries(opts).filter(([k]) => k !== 'fromFile' && k !== 'failFast' && k !== 'parallel')) },
      spellings: aliasesOf(cmd),
      path,
      failFast: opts.failFast === true,
      parallel: typeof opts.parallel === 'number' ? opts.parallel : 1,
      cli,
      preflight,
      dryRuns,
      prepare: async (call) => {
        applyAliases(cmd, call.opts, process.env);
        checkValueShapes(cmd, call.opts);
        for (const o of cmd.options) {
          if (READ_FILE.test(o.flags) && call.opts[o.attributeName()] === '-') throw new UsageError(`${o.long ?? o.flags} -: standard input is not read once per record; name a file in each record`);
        }
        await checkFiles(cmd, call.opts, call.args, true);
      },
      run: (recordCli, call) => spec.run(recordCli, call.args, call.opts as O & ListOptions),
    });
  } finally {
    await Promise.all([preflight.close(), cli.close()]);
  }
}

/** The lookup columns with cell getters that show names (kit/names.ts); unknown or hidden ids stay ids. */
async function lookupNames(api: ApiClient, rows: Record<string, unknown>[], columns: Column[]): Promise<Column[]> {
  const value = (c: Column, row: Record<string, unknown>) => (c.get ? c.get(row) : getPath(row, c.key));
  const wanted = new Map<LookupKind, Set<number>>();
  for (const c of columns) {
    if (!c.lookup) continue;
    const ids = wanted.get(c.lookup) ?? new Set<number>();
    for (const row of rows) {
      const v = value(c, row);
      if (typeof v === 'number' && ids.size < 100) ids.add(v);
    }
    wanted.set(c.lookup, ids);
  }
  const names = await namesOf(api, wanted);
  return columns.map((c) => {
    if (!c.lookup) return c;
    const known = names.get(c.lookup as LookupKind);
    return {
      ...c,
      get: (row: Record<string, unknown>) => {
        const v = value(c, row);
        return typeof v === 'number' ? (known?.get(v) ?? v) : v;
      },
    };
  });
}

/**
 * `--state` is the program's state directory; a verb that filters by state spells it `--status`
 * (the column it filters), or has a flag per state (`milestones list --active`, `users list
 * --blocked`). A bare word given to --state that is no directory, on such a verb, was meant as the
 * filter: say so instead of looking for a state directory of that name.
 */
function statusNotState(cmd: Command, state: string | undefined): void {
  if (state === undefined || !/^[a-z][a-z _]*$/.test(state)) return;
  const flag = cmd.options.find((o) => o.long === `--${state}` && !o.required && !o.optional && !o.negate);
  if (!hasLong(cmd, 'status') && !flag) return;
  if ((createRequire(import.meta.url)('node:fs') as typeof import('node:fs')).existsSync(state)) return;
  const filter = hasLong(cmd, 'status') ? `--status ${/\s/.test(state) ? `'${state}'` : state}` : `--${state}`;
  throw new UsageError(`--state names the state directory (there is none at "${state}"); to filter by status use ${filter}`);
}

/** The option a `missing --flag` usage error names, when it takes a value. */
function missingOption(cmd: Command, error: unknown): Option | undefined {
  if (!(error instanceof UsageError)) return undefined;
  const flag = /^missing (--[a-z][a-z-]*)/.exec(error.message)?.[1];
  const option = flag ? cmd.options.find((o) => o.long === flag) : undefined;
  return option && (option.required || option.optional) && !option.negate ? option : undefined;
}

/**
 * Stores a prompt's answer as if it had been typed after the flag: through the option's own
 * parser (a repeatable `--scope` collects into a list, a number is parsed and checked).
 */
function answer(opts: Record<string, unknown>, option: Option, value: string): void {
  const key = option.attributeName();
  const parse = (option as Option & { parseArg?: (value: string, previous: unknown) => unknown }).parseArg;
  opts[key] = parse ? parse(value, opts[key] ?? option.defaultValue) : option.variadic ? [value] : value;
}

/**
 * A change that is already in effect (revoking a revoked token, blocking a blocked user): one
 * rule for every verb: nothing is asked or sent, exit 0, and stderr says so.
 */
export function alreadyInEffect(cli: Pick<Cli, 'info'>, subject: string, state: string): void {
  cli.info(alreadyText(subject, state));
}

/** The sentence of `alreadyInEffect`, for a verb that hands it to `cli.showChanged`. */
export const alreadyText = (subject: string, state: string): string => `${subject} is already ${state}; nothing to do`;

type PromptValues = { allowNew?: boolean; exclude?: (api: ApiClient, opts: Record<string, unknown>) => Promise<string[]> };

/**
 * A prompt reads as a question naming the flag, never as the flag's help: `Which project?
 * (--project)` when there are values to pick from, else `What is the full name? (--name)`: the
 * help's first words when they are short and name the value (`full name`, `the group to share
 * with`), else the flag's own words (`What is the link url?` for "where the asset is …").
 */
export function promptQuestion(option: Pick<Option, 'long' | 'flags' | 'description'>, hasChoices: boolean): string {
  const flag = option.long as string;
  const words = flag.replace(/^--/, '').split('-');
  // A flag named for a relation (`--from <storage>`) is asked by its value's name.
  const valueName = words.length === 1 && RELATIONS.has(words[0] as string) ? (/<([a-z][a-z-]*)>/.exec(option.flags)?.[1] ?? words[0]) : words.join(' ');
  const spoken = valueName.replace(/-/g, ' ');
  if (hasChoices) return `Which ${spoken}? (${flag})`;
  // Help that is a question already (`who may deploy: maintainer, developer, …`) is asked as it is.
  const asked = /^(who|which)\s+([^:;(]+?)(?::\s*([^;(]+?))?\s*(?:\(|;|$)/i.exec(option.description);
  if (asked) return `${asked[1]?.charAt(0).toUpperCase()}${asked[1]?.slice(1)} ${asked[2]}${asked[3] ? ` (${asked[3]})` : ''}? (${flag})`;
  const head = (option.description.split(/\s*[(:;,]|\s+(?:such as|e\.g\.|whose)\s/)[0] ?? '').trim().replace(/^(the|a|an)\s+/i, '');
  // The help names the value when the flag's last word is among its first two words.
  const last = new RegExp(`^(\\S+\\s+)?${words[words.length - 1]}(?![\\w'])`, 'i');
  const what = head && last.test(head) && head.split(/\s+/).length <= 5 ? head : spoken;
  return `What is the ${/^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what}? (${flag})`;
}

/** One-word flags named for a relation rather than for their value. */
const RELATIONS = new Set(['from', 'to', 'into', 'since', 'until', 'by', 'for']);

/**
 * Prompts for an option's value: a choice among the target's values when there are some (the
 * typed text itself offered first when the answer may be new), free text otherwise.
 */
async function askFor(cli: Cli, cmd: Command, option: Option, opts: Record<string, unknown>, how?: PromptValues): Promise<string> {
  const { KNOWN_VALUES } = await import('./refs.js');
  const flag = option.long as string;
  return ask(cli, opts, how, {
    key: flag,
    completion: completionOf(cmd, flag),
    // A fixed set of values (commander choices, or a value every noun shares such as --access-level).
    fixed: option.argChoices ?? KNOWN_VALUES[flag],
    label: (hasChoices) => promptQuestion(option, hasChoices),
  });
}

/** Prompts for a required argument's value, by the same rule as an option's: `Which tag? (TAG)` or `What is the environment? (ENVIRONMENT)`. */
async function askForArgument(cli: Cli, cmd: Command, name: string, opts: Record<string, unknown>): Promise<string> {
  const argument = cmd.registeredArguments.find((a) => a.name() === name);
  const key = name.toUpperCase();
  const words = name.replace(/[-_]/g, ' ');
  return ask(cli, opts, undefined, {
    key,
    completion: completionOf(cmd, name),
    fixed: argument?.argChoices,
    label: (hasChoices) => (hasChoices ? `Which ${words}? (${key})` : `What is the ${words}? (${key})`),
  });
}

interface Question {
  /** `--flag` or `ARGUMENT`, for the prompt and the messages. */
  key: string;
  completion: Completion | undefined;
  fixed: readonly string[] | undefined;
  label: (hasChoices: boolean) => string;
}

async function ask(cli: Cli, opts: Record<string, unknown>, how: PromptValues | undefined, q: Question): Promise<string> {
  const { targetValues } = await import('./choices.js');
  const resource = q.completion === 'file' || q.completion === 'directory' ? undefined : q.completion;
  const prompts = await cli.prompts(q.key.startsWith('--') ? q.key : `argument ${q.key}`);
  if (!resource && q.fixed?.length) return prompts.select({ message: q.label(true), choices: q.fixed.map((v) => ({ value: v })) }, { output: process.stderr });
  const scope = { ...(typeof opts.project === 'string' ? { project: opts.project } : {}), ...(typeof opts.group === 'string' ? { group: opts.group } : {}) };
  let values = resource ? await targetValues(await cli.client(), resource, scope) : [];
  if (how?.exclude && values.length) {
    const excluded = new Set(await how.exclude(await cli.client(), opts));
    values = values.filter((v) => !excluded.has(v));
  }
  const label = q.label(values.length > 0);
  if (values.length || (resource && how?.allowNew)) {
    const offered = (term: string | undefined) => {
      const matches = values.filter((v) => !term || v.toLowerCase().includes(term.toLowerCase())).map((v) => ({ value: v }));
      const typed = term?.trim();
      return how?.allowNew && typed && !values.includes(typed) ? [{ value: typed, name: `${typed} (new)` }, ...matches] : matches;
    };
    for (;;) {
      let typed: string | undefined;
      const chosen = await prompts.search<string>(
        {
          message: label,
          source: (term) => {
            typed = term;
            return offered(term);
          },
        },
        { output: process.stderr },
      );
      // Enter typed in the same burst as the text (a paste, a fast typist) reaches the prompt
      // before its list follows the text, and would pick the first row of the old list: an
      // answer that is not among what the text offers is asked again, never taken.
      const now = offered(typed);
      if (now.some((c) => c.value === chosen)) return chosen;
      cli.info(now.length ? `the list had not caught up with "${typed ?? ''}" (it offers ${now.length}); choose again` : `nothing matches "${typed ?? ''}"; choose again`);
    }
  }
  return prompts.input({ message: label, validate: (v) => (v.trim() ? true : `${q.key} cannot be empty`) }, { output: process.stderr });
}

/**
 * Values checked by the name of the option's value, so every noun's `<date>`, `<time>` and `<duration>` options
 * are refused before any request, naming the flag (an empty value, which clears, passes).
 */
function checkValueShapes(cmd: Command, opts: Record<string, unknown>): void {
  for (const o of cmd.options) {
    const raw = opts[o.attributeName()];
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      if (typeof v !== 'string' || v === '') continue;
      const flag = o.long ?? o.flags;
      if (/<date>/.test(o.flags)) parseDate(v, flag);
      else if (/<time>/.test(o.flags)) parseIsoTime(v, flag);
      else if (/<duration>/.test(o.flags)) parseDuration(v, flag);
    }
  }
}

/** `<file>`, `<file...>`, `[file]`, `<file[=repo/path]>`: the value is a local file the verb reads. */
const READ_FILE = /\s[<[]file(\.\.\.)?(\[=[^\]]*\])?[>\]]$/;
/** A flag whose help says it takes `-` reads standard input there. */
const TAKES_STDIN = /standard input|stdin/i;

/**
 * Files the verb will read, checked before it runs (kit/local-files.ts): an option whose value is
 * `<file>` and an argument named FILE. A missing, unreadable or directory path is a usage error
 * naming the flag and the path, with a hint, before any request. (A file a verb writes is
 * `<out-file>`; `-` for standard input is the verb's to read.)
 */
async function checkFiles(cmd: Command, opts: Record<string, unknown>, args: unknown[], fromRecord = false): Promise<void> {
  const values = (raw: unknown) => (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
  const checks: { path: string; what: string; stdin: boolean; pair: boolean }[] = [];
  for (const o of cmd.options) {
    // (`file` first: most options take no file, and the pattern's first use compiles it)
    if (!o.flags.includes('file') || !READ_FILE.test(o.flags)) continue;
    // (the command's own value: a global of the same name, --no-input, hides --input in `opts`)
    // (a record's values are all in `opts`)
    for (const path of values(fromRecord ? opts[o.attributeName()] : (cmd.getOptionValue(o.attributeName()) ?? opts[o.attributeName()]))) checks.push({ path, what: o.long ?? o.flags, stdin: TAKES_STDIN.test(o.description), pair: o.flags.includes('[=') });
  }
  cmd.registeredArguments.forEach((a, i) => {
    if (a.name() === 'file') for (const path of values(args[i])) if (path !== '-') checks.push({ path, what: 'FILE', stdin: false, pair: false });
  });
  if (!checks.length) return;
  const { checkReadableFile, localPart } = await import('./local-files.js');
  for (const c of checks) checkReadableFile(c.pair ? localPart(c.path) : c.path, c.what, c.stdin);
}

/**
 * One spelling per idea: where a verb takes the canonical option, the other spellings people
 * reach for work too, hidden from help (--repo for -R/--project, --query for --search,
 * --parent for --group, --repository-storage for --storage).
 */
const OPTION_ALIASES: readonly (readonly [alias: string, canonical: string])[] = [
  ['repo', 'project'],
  ['query', 'search'],
  ['parent', 'group'],
  // The platform's field is repository_storage; the CLI names a storage --storage everywhere.
  ['repository-storage', 'storage'],
];

/** A verb's own older spellings (VerbSpec.optionAliases), handled like the shared ones. */
const verbAliases = new WeakMap<Command, readonly (readonly [alias: string, canonical: string])[]>();
/** Every [alias, canonical] spelling pair that may apply to `cmd` (the shared ones and its own). */
export const aliasesOf = (cmd: Command): readonly (readonly [alias: string, canonical: string])[] => [...OPTION_ALIASES, ...(verbAliases.get(cmd) ?? [])];

const hasLong = (cmd: Command, long: string) => cmd.options.some((o) => o.long === `--${long}`);

function addHiddenAliases(cmd: Command): void {
  for (const [alias, canonical] of aliasesOf(cmd)) {
    if (!hasLong(cmd, canonical) || hasLong(cmd, alias)) continue;
    const of = cmd.options.find((o) => o.long === `--${canonical}`) as Option;
    cmd.addOption(new CliOption(`--${alias} <${/[<[]([^>\]]+)/.exec(of.flags)?.[1] ?? 'value'}>`, `same as --${canonical}`).hideHelp());
  }
}

/**
 * The name commander keeps an option's value under: --repository-storage → repositoryStorage (a
 * `-` before a lower-case letter goes, the letter is upper-cased), by a character walk: every verb
 * runs it, and a replacement with a pattern and a callback costs more on a command's first use.
 */
function camelCase(flag: string): string {
  let out = '';
  for (let i = 0; i < flag.length; i++) {
    const next = flag.charCodeAt(i + 1);
    if (flag[i] === '-' && next >= 97 && next <= 122) {
      out += flag[i + 1]?.toUpperCase();
      i++;
    } else out += flag[i];
  }
  return out;
}

/** Folds hidden aliases into their canonical option; HOSTCTL_PROJECT is the default project. */
export function applyAliases(cmd: Command, opts: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  for (const [alias, canonical] of aliasesOf(cmd)) {
    const a = camelCase(alias);
    if (opts[a] === undefined || !hasLong(cmd, canonical)) continue;
    const c = camelCase(canonical);
    if (opts[c] !== undefined && opts[c] !== opts[a]) throw new UsageError(`--${alias} is another spelling of --${canonical}; give only one`);
    opts[c] = opts[a];
  }
  if (hasLong(cmd, 'project') && opts.project === undefined && opts.group === undefined && env.HOSTCTL_PROJECT) opts.project = env.HOSTCTL_PROJECT;
}

type Prompts = typeof import('@inquirer/prompts');

/**
 * The prompts with Esc and Ctrl-D as "cancel" (exit 2, like declining); Ctrl-C stays an
 * interrupt (130). Each prompt gets an abort signal that those keys fire.
 */
function cancellable(mod: Prompts): Prompts {
  const wrap =
    <F extends (config: never, context?: Record<string, unknown>) => Promise<unknown>>(fn: F) =>
    (config: Parameters<F>[0], context: Record<string, unknown> = {}) => {
      const abort = new AbortController();
      const onKey = (_text: string, key?: { name?: string; ctrl?: boolean }) => {
        if (key?.name === 'escape' || (key?.ctrl && key.name === 'd')) abort.abort();
      };
      process.stdin.on('keypress', onKey);
      return fn(fitChoices(config) as never, { ...context, signal: abort.signal }).then(
        (value) => {
          process.stdin.off('keypress', onKey);
          return value;
        },
        (error: unknown) => {
          process.stdin.off('keypress', onKey);
          if (error instanceof Error && error.name === 'AbortPromptError') throw new CancelledError('cancelled');
          throw error;
        },
      );
    };
  const out: Record<string, unknown> = { ...mod };
  for (const name of ['confirm', 'input', 'select', 'checkbox', 'password', 'search', 'number', 'expand', 'rawlist', 'editor'] as const) {
    if (typeof mod[name] === 'function') out[name] = wrap(mod[name] as never);
  }
  return out as unknown as Prompts;
}

/**
 * Choices wrapped at the terminal width between words, their continuation lines indented under
 * the text (the prompt's own wrapping would start them at the margin, under the cursor).
 */
function fitChoices<C>(config: C): C {
  const width = Math.max(20, process.stderr.columns || 80);
  const fit = <T,>(choice: T): T => {
    if (typeof choice !== 'object' || choice === null || typeof (choice as { name?: unknown }).name !== 'string') return choice;
    const name = (choice as unknown as { name: string }).name;
    // The cursor (`❯ `) takes two columns before the text.
    return displayWidth(name) + 2 <= width ? choice : { ...choice, name: wrapText(name, width - 2, 2).replace(/\n/g, '\n  ') };
  };
  const c = config as { choices?: unknown; source?: (...args: never[]) => Promise<unknown> };
  if (Array.isArray(c.choices)) return { ...config, choices: c.choices.map(fit) };
  const { source } = c;
  if (typeof source === 'function') return { ...config, source: async (...args: never[]) => { const list = await source(...args); return Array.isArray(list) ? list.map(fit) : list; } };
  return config;
}

/** What stderr says when web URLs of a local state are printed and no serve of it runs. */
export function unservedNote(base: string): string {
  let port = '';
  try {
    const url = new URL(base);
    // Where the address is this machine's, serve on its port makes the URLs open as printed.
    if (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname) && url.pathname === '/') port = ` --port ${url.port || '80'}`;
  } catch {
    // a stored base that is no URL: the note still names it
  }
  return `note: nothing serves this state, so its web URLs (${base}/…) do not open; start it with: hostctl serve${port} (or set the address they use: hostctl init --external-url URL)`;
}

/** Where a dry run's request goes, as the user reads it: the local core's path, or the target's URL. */
export const dryRunUrl = (req: DryRunRequest): string => (req.target.startsWith('local:') ? `/api/v4${req.path}` : `${req.target}/api/v4${req.path}`);

/**
 * `hooks.dryRun`: where a dry run's requests go instead of standard output (a --from-file run
 * keeps them per record); `hooks.target`: the target of another Cli, shared (its token, once a
 * token command has given it, is not asked for twice).
 */
export function makeCli(globals: GlobalOptions & ListOptions, env: NodeJS.ProcessEnv = process.env, hooks: { dryRun?: (req: DryRunRequest) => void; target?: () => Target } = {}): Cli {
  checkChoice(String(globals.output), FORMATS, '--output');
  // `-o wide` is the table with every column: verbs that print tables their own way see 'table'.
  const wide = globals.output === 'wide';
  if (wide) globals.output = 'table';
  const term = detectTerminal({ noInput: globals.input === false, color: globals.color }, env);
  const fields = parseFields(globals.fields);
  let target: Target | undefined;
  let client: Promise<ApiClient> | undefined;
  /** The client once made, for what its transport says about the target. */
  let opened: ApiClient | undefined;
  // Messages fit the terminal they are read on; piped, they stay one line per message.
  const info = (message: string) => writeErr(`${term.stderrIsTTY ? wrapText(message, term.columns, 2) : message}\n`);
  // A dry run writes no configuration either: commands that save contexts say what they would do.
  // (set on every run: one process may run several commands, as the in-process tests do)
  reportConfigWritesOnly(globals.dryRun ? info : undefined);
  const renderOpts = (columns?: Column[], knownFields?: readonly string[]) => ({
    format: globals.output,
    term,
    ...(fields ? { fields } : {}),
    ...(columns ? { columns } : {}),
    ...(knownFields ? { knownFields } : {}),
    ...(globals.jq !== undefined ? { jq: globals.jq } : {}),
    now: nowFromEnv(env),
    ...(wide ? { wide } : {}),
    note: (message: string) => cli.note(message),
  });
  /** Messages about the output, shown after it. */
  const notes: string[] = [];
  let unservedNoted = false;
  // Web URLs of a local state that nothing serves lead nowhere: say so once, and how to fix it.
  const noteUnserved = (text: string | undefined, data: unknown) => {
    const web = opened?.transport.web;
    if (web && !web.served && !unservedNoted && showsWebUrl(text ?? '', data, web.base)) {
      unservedNoted = true;
      info(unservedNote(web.base));
    }
  };
  const printWithNotes = (text: string, data: unknown) => {
    const pager = pagerCommand(env, term.stdoutIsTTY);
    if (pager && tallerThan(text, terminalRows(env))) {
      const paged = showPaged(text, pager, env);
      if (!paged.shown) {
        writeOut(text);
        info(`note: ${paged.problem ?? 'the pager could not be run'}; set HOSTCTL_PAGER to another pager, or to "" for none`);
      }
    } else writeOut(text);
    for (const n of notes.splice(0)) info(n);
    noteUnserved(text, data);
  };
  /** Whether a list is fetched whole: --all, or --limit N across pages. */
  const everyPage = () => globals.all === true || globals.limit !== undefined;
  /**
   * Each page of such a list, in turn, with the progress line on a terminal. `writing`: the pages
   * go to stdout as they come, and the line is drawn only when that is a file: through a pipe
   * (`| head`, `| jq`) the reader's output would reach the same terminal amid the line.
   */
  const eachPage = async <T>(path: string, query: Record<string, unknown>, take: (rows: T[]) => void | Promise<void>, writing = false) => {
    const api = await cli.client();
    const limit = globals.limit;
    // --limit N asks for pages of min(N, 100) unless --per-page says otherwise.
    const start = { ...query, per_page: globals.perPage ?? (limit !== undefined ? Math.min(limit, 100) : 100), ...(globals.page ? { page: globals.page } : {}) };
    const shown = term.stderrIsTTY && (!writing || isRegularFile(1));
    const progress = shown ? await (await import('./page-progress.js')).pageProgress(term.columns, limit) : undefined;
    try {
      for await (const rows of api.pages<T>(path, start, limit, progress?.onPage)) await take(rows);
    } finally {
      progress?.done();
    }
  };
  const resolved = (): Target => {
    const t = resolveTarget({ context: globals.context, state: globals.state, url: globals.url }, env, readConfig(env));
    noteTarget({ ...(t.context ? { context: t.context } : {}), source: t.source, ...(t.tokenSource ? { tokenSource: t.tokenSource } : {}), where: t.kind === 'remote' ? String(t.url) : `local state ${t.stateDir}` });
    return t;
  };
  const showDryRun = (req: DryRunRequest) => {
    const local = req.target.startsWith('local:');
    const url = dryRunUrl(req);
    if (globals.output === 'json' || globals.output === 'jsonl' || globals.output === 'yaml') {
      const text = JSON.stringify({ method: req.method, url, ...(req.body !== undefined ? { body: req.body } : {}) }, null, globals.output === 'jsonl' ? 0 : 2);
      writeOut(`${text}\n`);
    } else {
      writeOut(`${req.method} ${url}\n${req.body !== undefined ? `${JSON.stringify(req.body, null, 2)}\n` : ''}`);
    }
    info(`dry run: nothing was sent${local ? ` (target: local state ${req.target.slice('local:'.length)})` : ''}`);
  };
  /** Columns holding ids of users, groups or projects show names in tables and CSV. */
  const named = async (rows: Record<string, unknown>[], columns?: Column[]): Promise<Column[] | undefined> => {
    if (!columns || !columns.some((c) => c.lookup) || fields || globals.jq !== undefined || (globals.output !== 'table' && globals.output !== 'csv')) return columns;
    const api = await cli.client();
    return lookupNames(api, rows, columns);
  };
  const cli: Cli = {
    globals,
    term,
    env,
    target: () => (target ??= hooks.target ? hooks.target() : resolved()),
    client: () =>
      (client ??= createClient(cli.target(), {
        ...(globals.sudo ? { sudo: globals.sudo } : {}),
        ...(globals.debug || env.HOSTCTL_DEBUG ? { debug: (line: string) => info(`[debug] ${line}`) } : {}),
        ...(globals.dryRun ? { dryRun: hooks.dryRun ?? showDryRun } : {}),
        notice: info,
        interactive: term.canPrompt,
      }).then((made) => (opened = made))),
    print: (text) => {
      writeOut(text);
    },
    info,
    note: (message) => {
      if (!notes.includes(message)) notes.push(message);
    },
    async list<T>(path: string, query: Record<string, unknown> = {}) {
      if (everyPage()) {
        const out: T[] = [];
        await eachPage<T>(path, query, (rows) => {
          for (const row of rows) out.push(row);
        });
        return out;
      }
      const api = await cli.client();
      const perPage = globals.perPage;
      const res = await api.get<T[]>(path, { ...query, ...(globals.page ? { page: globals.page } : {}), ...(perPage ? { per_page: perPage } : {}) });
      const next = res.headers['x-next-page'];
      // Piped output that stops at one page says so, where a script's author will see it.
      if (next) info(`(showing page ${globals.page ?? 1} only; more: --page ${next}, --limit N or --all)`);
      return api.expectList<T>(res.data);
    },
    // An answer of the wrong shape is an error naming the request and status, never a blank
    // record or a crash in the renderer.
    async showList(rows, columns, knownFields) {
      const checked = Array.isArray(rows) ? rows : (await cli.client()).expectList<Record<string, unknown>>(rows);
      printWithNotes(await renderList(checked, renderOpts(await named(checked, columns), knownFields)), checked);
    },
    async showPages(path, query = {}, columns, knownFields, more = {}) {
      const opts = renderOpts(columns, knownFields);
      // Rows for a program: JSON and JSON lines, and (when the columns do not wait on every row)
      // tab-separated rows and CSV, a page's lines being those of the whole list.
      const json = streams(opts);
      const rowsByPage = !more.view && globals.jq === undefined && (globals.output === 'table' || globals.output === 'csv');
      if (!everyPage() || term.stdoutIsTTY || !(json || rowsByPage)) return showWhole(cli, path, query, columns, knownFields, more);
      const out = json ? listStream(opts) : undefined;
      let wrote = false;
      await eachPage<Record<string, unknown>>(path, query, async (page) => {
        const rows = more.keep ? page.filter(more.keep) : page;
        await more.inspect?.(rows);
        if (out) writeOut(out.page(rows));
        else if (rows.length > 0) {
          // Each page's names are looked up with it (one request a page, never one a row).
          const text = await renderList(rows, renderOpts(await named(rows, columns), knownFields));
          // CSV's header line comes once, with the first rows.
          writeOut(wrote && globals.output === 'csv' ? text.slice(text.indexOf('\r\n') + 2) : text);
          wrote = true;
          noteUnserved(text, rows);
          return;
        }
        noteUnserved(undefined, rows);
      }, true);
      if (out) writeOut(out.end(more.view?.().fields));
      else if (!wrote) writeOut(await renderList([], opts));
      for (const n of notes.splice(0)) info(n);
    },
    async showItem(item, columns) {
      const checked = item !== null && typeof item === 'object' && !Array.isArray(item) ? item : (await cli.client()).expectRecord<Record<string, unknown>>(item);
      printWithNotes(await renderItem(checked, renderOpts(await named([checked], columns))), checked);
    },
    async showChanged(item, columns, done) {
      if (globals.output !== 'table' || fields || globals.jq !== undefined) await cli.showItem(typeof item === 'function' ? await item() : item, columns);
      if (done !== undefined) info(done);
    },
    async confirm(message) {
      // A dry run sends nothing, so there is nothing to confirm.
      if (globals.yes || globals.dryRun) return;
      if (!term.canPrompt) throw new UsageError(`${message.replace(/[?.]$/, '')}: confirmation needed; re-run with --yes`);
      const { confirm } = cancellable(await import('@inquirer/prompts'));
      const answer = await confirm({ message, default: false }, { output: process.stderr });
      if (!answer) throw new CancelledError('cancelled');
    },
    async confirmOnTerminal(message) {
      if (!term.canPrompt) return;
      await cli.confirm(message);
    },
    async prompts(flag) {
      if (!term.canPrompt) throw new UsageError(`missing ${flag} (prompts are off: no terminal, --no-input or CI)`);
      return cancellable(await import('@inquirer/prompts'));
    },
    async close() {
      if (client) await (await client).transport.close();
    },
  };
  return cli;
}
