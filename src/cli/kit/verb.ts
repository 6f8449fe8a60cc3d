// One verb = one file that calls defineVerb. This adds the verb to its noun's command with
// the shared list options and help examples, and runs it with a Cli: the resolved target, a
// lazily built API client, rendering, confirmation and prompts that follow the terminal rules.
import type { Command } from 'commander';
import type { ApiClient } from '../../client/client.js';
import { detectTerminal, type TerminalInfo } from '../io/terminal.js';
import { parseFields } from '../render/fields.js';
import { FORMATS, renderItem, renderList, type Column, type Format } from '../render/output.js';
import { readConfig } from '../config/store.js';
import { resolveTarget, type Target } from '../config/target.js';
import { createClient } from './client-factory.js';
import { CancelledError, UsageError } from './errors.js';
import { checkChoice } from './refs.js';

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
  /** false with --no-color. */
  color: boolean;
  debug?: boolean;
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
  /** Fetches a list honouring --page, --per-page, --all and --limit. */
  list<T = Record<string, unknown>>(path: string, query?: Record<string, unknown>): Promise<T[]>;
  showList(rows: Record<string, unknown>[], columns?: Column[], knownFields?: readonly string[]): Promise<void>;
  showItem(item: Record<string, unknown>, columns?: Column[]): Promise<void>;
  /** Asks on a terminal; elsewhere requires --yes. Throws CancelledError when declined. */
  confirm(message: string): Promise<void>;
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
  run(cli: Cli, args: string[], opts: O & ListOptions): Promise<void>;
}

/** Each verb's examples, for the generated man page and completions. */
const verbExamples = new WeakMap<Command, readonly string[]>();

export const examplesOf = (cmd: Command): readonly string[] => verbExamples.get(cmd) ?? [];

const positiveInt = (flag: string) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} must be a positive whole number, got "${value}"`);
  return Number(value);
};

export function addVerb<O>(parent: Command, spec: VerbSpec<O>, makeCommand: (name: string) => Command): Command {
  const cmd = makeCommand(spec.name);
  applyVerb(cmd, spec);
  parent.addCommand(cmd);
  return cmd;
}

/** Gives an existing command (a noun with no verbs, such as `init`) a verb's behaviour. */
export function applyVerb<O>(cmd: Command, spec: VerbSpec<O>): Command {
  cmd.description(spec.summary);
  if (spec.args) cmd.arguments(spec.args);
  for (const alias of spec.aliases ?? []) cmd.alias(alias);
  spec.options?.(cmd);
  if (spec.list) {
    cmd
      .option('--page <n>', 'page number to fetch', positiveInt('--page'))
      .option('--per-page <n>', 'items per page (the server caps it at 100)', positiveInt('--per-page'))
      .option('--all', 'fetch every page, following the Link header')
      .option('--limit <n>', 'stop after N items, across pages', positiveInt('--limit'));
  }
  verbExamples.set(cmd, spec.examples);
  cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  cmd.action(async (...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = received.slice(0, -2).flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? (a as string[]) : [String(a)]));
    const opts = command.optsWithGlobals() as O & ListOptions & GlobalOptions;
    const cli = makeCli(opts);
    try {
      await spec.run(cli, args, opts);
    } finally {
      await cli.close();
    }
  });
  return cmd;
}

export function makeCli(globals: GlobalOptions & ListOptions, env: NodeJS.ProcessEnv = process.env): Cli {
  checkChoice(String(globals.output), FORMATS, '--output');
  const term = detectTerminal({ noInput: globals.input === false, color: globals.color });
  const fields = parseFields(globals.fields);
  let target: Target | undefined;
  let client: Promise<ApiClient> | undefined;
  const info = (message: string) => process.stderr.write(`${message}\n`);
  const renderOpts = (columns?: Column[], knownFields?: readonly string[]) => ({
    format: globals.output,
    term,
    ...(fields ? { fields } : {}),
    ...(columns ? { columns } : {}),
    ...(knownFields ? { knownFields } : {}),
  });
  const cli: Cli = {
    globals,
    term,
    env,
    target: () => (target ??= resolveTarget({ context: globals.context, state: globals.state, url: globals.url }, env, readConfig(env))),
    client: () =>
      (client ??= createClient(cli.target(), {
        ...(globals.sudo ? { sudo: globals.sudo } : {}),
        ...(globals.debug ? { debug: (line: string) => info(`[debug] ${line}`) } : {}),
        notice: info,
      })),
    print: (text) => {
      process.stdout.write(text);
    },
    info,
    async list<T>(path: string, query: Record<string, unknown> = {}) {
      const api = await cli.client();
      if (globals.all || globals.limit !== undefined) {
        const out: T[] = [];
        for await (const item of api.paginate<T>(path, { ...query, per_page: globals.perPage ?? 100 }, globals.limit)) out.push(item);
        return out;
      }
      const res = await api.get<T[]>(path, { ...query, ...(globals.page ? { page: globals.page } : {}), ...(globals.perPage ? { per_page: globals.perPage } : {}) });
      const rows = api.expectList<T>(res.data);
      if (!globals.page && res.headers['x-next-page'] && term.stderrIsTTY) info(`(more results: --page ${res.headers['x-next-page']}, or --all)`);
      return rows;
    },
    // An answer of the wrong shape is an error naming the request and status, never a blank
    // record or a crash in the renderer.
    async showList(rows, columns, knownFields) {
      const checked = Array.isArray(rows) ? rows : (await cli.client()).expectList<Record<string, unknown>>(rows);
      cli.print(await renderList(checked, renderOpts(columns, knownFields)));
    },
    async showItem(item, columns) {
      const checked = item !== null && typeof item === 'object' && !Array.isArray(item) ? item : (await cli.client()).expectRecord<Record<string, unknown>>(item);
      cli.print(await renderItem(checked, renderOpts(columns)));
    },
    async confirm(message) {
      if (globals.yes) return;
      if (!term.canPrompt) throw new UsageError(`${message.replace(/\?$/, '')}: confirmation needed; re-run with --yes`);
      const { confirm } = await import('@inquirer/prompts');
      const answer = await confirm({ message, default: false }, { output: process.stderr });
      if (!answer) throw new CancelledError('cancelled');
    },
    async prompts(flag) {
      if (!term.canPrompt) throw new UsageError(`missing ${flag} (prompts are off: no terminal, --no-input or CI)`);
      return import('@inquirer/prompts');
    },
    async close() {
      if (client) await (await client).transport.close();
    },
  };
  return cli;
}
