// The program's own flags, described once: commander's options (program.ts), the argv walker
// that finds the command words before commander runs, the guard that refuses a program-only flag
// after a command, the help that lists them under each command, and the four generators (bash,
// zsh, fish, man) all read this table. Adding or re-scoping a flag is one entry here.
//
// Scope: `program` flags mean something only before any command (`hostctl --version`); after a
// command they are usage errors naming the flag. `global` flags are taken by every command,
// before or after its words (`hostctl -o json tokens list`, `hostctl tokens list -o json`).

import { COLOR_MODES } from './io/terminal.js';

export type FlagScope = 'program' | 'global';

export interface ProgramFlag {
  /** commander syntax: short and long names, `<value>` when the flag takes one. */
  flags: string;
  description: string;
  scope: FlagScope;
  choices?: readonly string[];
  defaultValue?: string;
  /** Accepted but left out of help and completion (an alternative spelling). */
  hidden?: boolean;
}

/** Every flag of the program, in the order help lists them. `formats` are the -o choices. */
export function programFlags(formats: readonly string[]): readonly ProgramFlag[] {
  return [
    { flags: '-V, --version', description: 'output the version number', scope: 'program' },
    { flags: '-o, --output <format>', description: 'output format', scope: 'global', choices: formats, defaultValue: 'table' },
    { flags: '--fields <list>', description: 'comma-separated fields to show (dotted paths allowed)', scope: 'global' },
    { flags: '-q, --jq <expression>', description: 'filter the JSON answer with a jq expression (across all pages with --all)', scope: 'global' },
    { flags: '--context <name>', description: 'use this context instead of the current one', scope: 'global' },
    { flags: '--state <dir>', description: 'use this local state directory', scope: 'global' },
    { flags: '--url <url>', description: 'use the remote instance at this URL', scope: 'global' },
    { flags: '--sudo <user>', description: 'act as another user (administrators; token needs the sudo scope)', scope: 'global' },
    { flags: '--no-input', description: 'never prompt; missing values are usage errors', scope: 'global' },
    { flags: '-y, --yes', description: 'answer yes to confirmations', scope: 'global' },
    { flags: '--color <when>', description: 'colour in output', scope: 'global', choices: COLOR_MODES, defaultValue: 'auto' },
    { flags: '--no-color', description: 'no colour in output (same as --color never)', scope: 'global', hidden: true },
    { flags: '--dry-run', description: 'print the request a change would send (secrets redacted) and send nothing', scope: 'global' },
    { flags: '--debug', description: 'trace HTTP requests on stderr (secrets redacted; HOSTCTL_DEBUG=stack adds stack traces)', scope: 'global' },
  ];
}

/**
 * The names (`-o`, `--output`) a flag's syntax gives it: its words, split at spaces, commas and
 * `|`, that begin with `-`. (Read on every command: a character walk, not a regular expression,
 * whose first use would compile it.)
 */
export function flagNames(flags: string): string[] {
  const names: string[] = [];
  let start = 0;
  for (let i = 0; i <= flags.length; i++) {
    const c = flags[i];
    if (i === flags.length || c === ' ' || c === ',' || c === '|') {
      if (flags[start] === '-') names.push(flags.slice(start, i));
      start = i + 1;
    }
  }
  return names;
}

const takesValue = (f: ProgramFlag): boolean => f.flags.includes('<') || f.flags.includes('[');

let derived: { value: ReadonlySet<string>; programOnly: ReadonlySet<string> } | undefined;

/**
 * The sets below, made on first use rather than when the module loads. Names only: which flags
 * exist and take a value does not depend on the list of formats.
 */
function derivedSets(): { value: ReadonlySet<string>; programOnly: ReadonlySet<string> } {
  if (derived) return derived;
  const value = new Set<string>();
  const programOnly = new Set<string>();
  for (const f of programFlags([])) {
    if (takesValue(f)) for (const name of flagNames(f.flags)) value.add(name);
    if (f.scope === 'program') for (const name of flagNames(f.flags)) programOnly.add(name);
  }
  return (derived = { value, programOnly });
}

/** Program flags that take a value (so the value is not mistaken for a command word). */
export const valueFlags = (): ReadonlySet<string> => derivedSets().value;

/** Flags that mean something only before any command (`--version`). */
export const programOnlyFlags = (): ReadonlySet<string> => derivedSets().programOnly;

export interface CommandLine {
  /** The words that are not flags or flag values, up to `--`. */
  words: string[];
  /** Where the first of them is in argv (-1 when there is none): an alias is expanded there. */
  firstWordAt: number;
  /** A program-only flag given with a command (before or after its words), when there is one. */
  misplaced?: string;
}

/**
 * Walks argv once, as commander will: program flags with a value take the next word (`--state
 * DIR`), `--flag=value` is one word, and `--` ends the options. A command's own flags are not
 * known here; their values could be taken for words, which is harmless for what callers ask
 * (the noun, the command path, a misplaced program flag).
 */
export function readCommandLine(argv: readonly string[]): CommandLine {
  const words: string[] = [];
  let firstWordAt = -1;
  let programOnly: string | undefined;
  const { value, programOnly: onlyBefore } = derivedSets();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') break;
    if (a.startsWith('-')) {
      const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
      programOnly ??= onlyBefore.has(name) ? name : undefined;
      if (value.has(a)) i++;
      continue;
    }
    if (words.length === 0) firstWordAt = i;
    words.push(a);
  }
  // Before the command as after it: commander would act on the flag alone and drop the command
  // (`hostctl --version tokens list` printed the version). `help` takes any words.
  const misplaced = programOnly !== undefined && words.length > 0 && words[0] !== 'help' ? programOnly : undefined;
  return { words, firstWordAt, ...(misplaced !== undefined ? { misplaced } : {}) };
}
