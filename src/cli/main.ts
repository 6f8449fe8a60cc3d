// Entry point of the bundled CLI, and the only place that maps errors to exit codes. Errors are
// one line on stderr (a JSON object with -o json), in plain English with a hint; a stack trace
// only with HOSTCTL_DEBUG=stack.
import type { Command } from 'commander';
import { ApiError } from '../client/api-error.js';
import { CliError, EXIT, UsageError } from './kit/errors.js';
import { classify } from './kit/error-report.js';
import { wrapText } from './render/cells.js';
import { addNouns, commandNamed, createProgram, findCommand, findSub, helpWidth, selectedNoun, selectedVerb } from './program.js';
import { readCommandLine, type CommandLine } from './program-flags.js';
import type { FlagOfField } from './kit/flag-fields.js';
import { isTerminal, useDirectOutput, writeErr, writeOut } from './io/output.js';
import { exitOnSignals } from './io/exit-signals.js';
import { helpTopicNames } from './docs/topic-names.js';

/** The generator of completions and the man page, for scripts/gen-docs.mjs (loaded on demand). */
export const loadDocs = () => import('./docs/generate.js');

const wantsJson = (argv: string[]): boolean =>
  argv.some((a, i) => ((a === '-o' || a === '--output') && argv[i + 1] === 'json') || a === '--output=json' || a === '-ojson');

/**
 * Usage errors found by commander are reported by main, as one line or as JSON with -o json; help
 * (with the text commands add after it) fits the terminal's width, read when it is written.
 */
function configureOutputs(cmd: Command): void {
  cmd.configureOutput({ outputError: () => undefined, writeOut: (text) => writeOut(wrapText(text, helpWidth())) });
  for (const sub of cmd.commands) configureOutputs(sub);
}


/** `hostctl help [topic | noun [verb …]]`: a topic's text, or the help of that command. */
async function help(program: Command, words: string[]): Promise<void> {
  if (words.length === 0) {
    program.outputHelp();
    return;
  }
  const { HELP_TOPICS } = await import('./docs/topics.js');
  const first = words[0] as string;
  if (first === 'exit-codes') {
    const { EXIT_MEANINGS } = await import('./kit/errors.js');
    const width = helpWidth();
    writeOut(`Exit codes:\n${Object.entries(EXIT_MEANINGS).map(([code, text]) => `  ${code.padStart(3)}  ${wrapText(text, width - 7).replace(/\n/g, `\n${' '.repeat(7)}`)}`).join('\n')}\n`);
    return;
  }
  if (HELP_TOPICS[first] && !findSub(program, first)) {
    writeOut(HELP_TOPICS[first] as string);
    return;
  }
  const { command: cmd, matched } = findCommand(program, words);
  if (matched < words.length) {
    const known = cmd === program ? [...cmd.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden).map((c) => c.name()), ...helpTopicNames()] : cmd.commands.map((c) => c.name());
    throw new UsageError(`unknown help topic "${words.join(' ')}"; topics: ${known.sort().join(', ')}`);
  }
  cmd.outputHelp();
}

/** The flag model of the command the words name (kit/flag-fields.ts), for errors that name a field. */
async function flagsOf(program: Command, words: string[]): Promise<FlagOfField> {
  const command = findCommand(program, words).command;
  const [{ flagModel }, { aliasesOf }] = await Promise.all([import('./kit/flag-fields.js'), import('./kit/verb.js')]);
  return flagModel(command, aliasesOf(command));
}

/**
 * A command line whose first word is an alias (no command of that name), expanded; the same line
 * when it is none. A shell alias, or an extension (no alias either: a hostctl-NAME executable on
 * PATH), runs here and `null` comes back: there is nothing left to parse.
 */
async function withAliasExpanded(argv: string[], line: CommandLine): Promise<string[] | null> {
  const first = line.words[0];
  if (first === undefined || commandNamed(first)) return argv;
  const [{ readConfig }, { aliasNamed, expandAlias }] = await Promise.all([import('./config/store.js'), import('./config/aliases.js')]);
  const expansion = aliasNamed(readConfig(process.env).aliases, first);
  if (expansion === undefined) return (await runExtension(argv, line, first)) ? null : argv;
  const before = argv.slice(0, line.firstWordAt);
  const expanded = expandAlias(first, expansion, argv.slice(line.firstWordAt + 1));
  if (expanded.kind === 'command') return [...before, ...expanded.argv];
  if (before.length) throw new UsageError(`${before.join(' ')}: flags before a shell alias are not passed to it; put them in the alias (hostctl alias set ${first} --clobber …)`);
  // The script sees the words after the alias as $1, $2…, and $0 is the alias's name; `hostctl`
  // in it is this hostctl (a shell function), whether or not one is on PATH.
  const script = process.argv[1] ? `hostctl() { "$HOSTCTL_ALIAS_NODE" "$HOSTCTL_ALIAS_SCRIPT" "$@"; }\n${expanded.script}` : expanded.script;
  runInOurPlace(`shell alias ${first}`, '/bin/sh', ['-c', script, first, ...expanded.args], { HOSTCTL_ALIAS_NODE: process.execPath, HOSTCTL_ALIAS_SCRIPT: process.argv[1] ?? '' });
  return null;
}

/**
 * Runs `file` with the terminal and this environment (plus `env`), and takes its exit status as
 * hostctl's: what a shell alias and an extension do instead of a command.
 */
function runInOurPlace(what: string, file: string, args: string[], env: Record<string, string>): void {
  const { spawnSync } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const res = spawnSync(file, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.error) throw new CliError(`${what} could not be run: ${res.error.message}`, EXIT.failure);
  process.exitCode = res.status ?? (res.signal === 'SIGINT' ? EXIT.interrupted : EXIT.failure);
}

/**
 * Runs the extension `first` names (config/extensions.ts) with the words after it, and takes its
 * exit status; false when there is none. The target flags before its name reach it as
 * variables, so the hostctl commands it runs use the same target; other flags are refused.
 */
async function runExtension(argv: string[], line: CommandLine, first: string): Promise<boolean> {
  const { findExtension, targetEnvOf } = await import('./config/extensions.js');
  const path = findExtension(first, process.env);
  if (path === undefined) return false;
  const passed = targetEnvOf(argv.slice(0, line.firstWordAt));
  if (passed.refused !== undefined) throw new UsageError(`${passed.refused}: only --context, --url and --state before an extension reach it (as HOSTCTL_CONTEXT, HOSTCTL_URL and HOSTCTL_STATE); put other flags after hostctl ${first}`);
  runInOurPlace(`extension ${first} (${path})`, path, argv.slice(line.firstWordAt + 1), passed.env);
  return true;
}

/**
 * `directOutput` (the built CLI, from bin/hostctl.js): text goes to the descriptors without
 * Node's stream objects (src/cli/io/output.ts).
 */
export async function main(argv: string[], options: { directOutput?: boolean } = {}): Promise<void> {
  exitOnSignals();
  if (options.directOutput) useDirectOutput();
  // A reader that goes away (`hostctl … | head`) is not an error of ours (io/output.ts says so
  // for direct writes; this, for whatever writes to the stream).
  else {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  let program: Command | undefined;
  try {
    program = createProgram();
    const expanded = await withAliasExpanded(argv, readCommandLine(argv));
    if (expanded === null) return;
    argv = expanded;
    const line = readCommandLine(argv);
    const { words } = line;
    const noun = selectedNoun(words);
    await addNouns(program, noun ? [noun] : [], { alone: !argv.includes('--help') && !argv.includes('-h'), verb: selectedVerb(words) });
    configureOutputs(program);
    // --version describes the program; with a command, before or after it, it is a mistake, not a request.
    if (line.misplaced) {
      // A verb's own flag of that name is spelt longer (packages' --package-version): name it.
      const own = line.misplaced.startsWith('--') ? findCommand(program, words).command.options.find((o) => o.long?.endsWith(`-${line.misplaced?.slice(2)}`))?.long : undefined;
      throw new UsageError(`${line.misplaced} is a program option and takes no command: give it alone (hostctl ${line.misplaced})${own ? `; did you mean ${own}?` : ''}`);
    }
    if (words[0] === 'help') {
      await help(program, words.slice(1));
      return;
    }
    // Bare `hostctl`, `hostctl NOUN` and `hostctl NOUN GROUP` alike: the help, as a usage error.
    if (!argv.includes('--help') && !argv.includes('-h') && !argv.includes('-V') && !argv.includes('--version')) {
      const { command: cmd, matched } = findCommand(program, words);
      if (matched === words.length && cmd.commands.length > 0) {
        cmd.outputHelp();
        process.exitCode = EXIT.usage;
        return;
      }
    }
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const reported = classify(error, program && error instanceof ApiError ? await flagsOf(program, readCommandLine(argv).words) : undefined);
    if (!reported) return;
    process.exitCode = reported.code;
    if (!reported.message) return;
    if (wantsJson(argv)) {
      writeErr(`${JSON.stringify({ error: { code: reported.code, message: reported.message, ...(reported.status ? { status: reported.status } : {}), ...(reported.hint ? { hint: reported.hint } : {}), ...(reported.body !== undefined ? { body: reported.body } : {}) } })}\n`);
    } else {
      // On a terminal the lines wrap at its width, continuation lines indented under the text.
      const width = isTerminal(2) ? Number(process.env.COLUMNS) || process.stderr.columns || 80 : Infinity;
      const fit = (label: string, text: string) => `${wrapText(`${label}${text}`, width, label.length)}\n`;
      writeErr(`${fit('error: ', reported.message)}${reported.hint ? fit('hint: ', reported.hint) : ''}`);
    }
    if (process.env.HOSTCTL_DEBUG === 'stack' && error instanceof Error && error.stack) writeErr(`${error.stack}\n`);
  }
}
