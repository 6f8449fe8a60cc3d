// A plain description of the command tree, read from commander once every noun is loaded. The
// completion scripts and the man page are rendered from it, so they follow every command added.
import type { Argument, Command, Option } from 'commander';
import { destructiveOf, examplesOf, listsPages, runsFromFile } from '../kit/verb.js';
import { FORMATS } from '../render/output.js';
import { KNOWN_VALUES } from '../kit/refs.js';
import { wordsOf } from '../kit/sort.js';
import { completionOf, type Completion, type DynamicResource } from '../kit/choices.js';
import { programOnlyFlags } from '../program-flags.js';
import { compareText } from '../../shared/text-order.js';

export interface OptionDoc {
  /** As written in help, e.g. `-o, --output <format>`. */
  flags: string;
  short?: string;
  long?: string;
  description: string;
  /** Name of the value (`format` for `<format>`), when the option takes one. */
  valueName?: string;
  /** Values the option accepts, when there is a fixed list. */
  choices?: string[];
  /** Shown default, when there is a simple one. */
  defaultValue?: string;
  /** May be given more than once. */
  repeatable: boolean;
  /** A program flag that means something only before any command (--version). */
  programOnly?: boolean;
  /** Completed from the target, or as files or directories (kit/choices.ts). */
  complete?: Completion;
}

export interface ArgumentDoc {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: string[];
  /** Completed from the current target (project paths, usernames, tags …), or as files or directories. */
  complete?: Completion;
}

export { DYNAMIC_RESOURCES, type Completion, type DynamicResource } from '../kit/choices.js';

export interface CommandDoc {
  name: string;
  aliases: string[];
  summary: string;
  /** Words from the program to this command, e.g. ['tokens', 'list']. */
  path: string[];
  args: ArgumentDoc[];
  /** The command's own options (globals excluded, --help included). */
  options: OptionDoc[];
  examples: readonly string[];
  /** Takes the list options: --page, --per-page, --all, --limit. */
  lists: boolean;
  /** Runs once per record of a file (--from-file). */
  fromFile: boolean;
  /**
   * Asks before it acts, and refuses without --yes where it cannot ask: always (true), or in the
   * case the words give.
   */
  destructive: boolean | { when: string };
  commands: CommandDoc[];
  /**
   * The first argument is GROUP and the hidden `-g, --group` gives it instead (kit/verb.ts): its
   * value completes as that argument, and the words typed after it are the arguments after GROUP.
   */
  groupFirst: boolean;
}

export interface ProgramDoc {
  name: string;
  version: string;
  description: string;
  /** The program's options (see program-flags.ts); those marked programOnly only before any command. */
  globalOptions: OptionDoc[];
  /** Top-level commands, hidden ones left out, sorted by name. */
  nouns: CommandDoc[];
}

function optionDoc(o: Option, cmd: Command): OptionDoc {
  const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1];
  const d = o.defaultValue as unknown;
  const simpleDefault = !o.negate && (typeof d === 'string' || typeof d === 'number') && String(d) !== '' ? String(d) : undefined;
  return {
    flags: o.flags,
    ...(o.short ? { short: o.short } : {}),
    ...(o.long ? { long: o.long } : {}),
    description: o.description,
    ...(valueName ? { valueName } : {}),
    ...(o.argChoices ? { choices: [...o.argChoices] } : wordsOf(o) ? { choices: [...(wordsOf(o) as readonly string[])] } : o.long && KNOWN_VALUES[o.long] && valueName ? { choices: [...(KNOWN_VALUES[o.long] as readonly string[])] } : {}),
    ...(simpleDefault !== undefined ? { defaultValue: simpleDefault } : {}),
    repeatable: Array.isArray(d) || o.variadic,
    ...(o.long && programOnlyFlags().has(o.long) ? { programOnly: true } : {}),
    ...(o.long && completionOf(cmd, o.long) ? { complete: completionOf(cmd, o.long) as Completion } : {}),
  };
}

const argumentDoc = (a: Argument, cmd: Command): ArgumentDoc => ({
  name: a.name(),
  required: a.required,
  variadic: a.variadic,
  ...(a.argChoices ? { choices: [...a.argChoices] } : {}),
  ...(!a.argChoices && completionOf(cmd, a.name()) ? { complete: completionOf(cmd, a.name()) as Completion } : {}),
});

function commandDoc(cmd: Command, parentPath: string[]): CommandDoc {
  const help = cmd.createHelp();
  const path = [...parentPath, cmd.name()];
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    summary: cmd.summary() || cmd.description(),
    path,
    args: cmd.registeredArguments.map((a) => argumentDoc(a, cmd)),
    options: help.visibleOptions(cmd).map((o) => optionDoc(o, cmd)),
    examples: examplesOf(cmd),
    lists: listsPages(cmd),
    destructive: destructiveOf(cmd) ?? false,
    fromFile: runsFromFile(cmd),
    commands: help
      .visibleCommands(cmd)
      .filter((c) => c.name() !== 'help')
      .map((c) => commandDoc(c, path)),
    groupFirst: cmd.registeredArguments[0]?.name() === 'group' && cmd.options.some((o) => o.long === '--group' && o.hidden),
  };
}

export function describeProgram(program: Command, version: string): ProgramDoc {
  const help = program.createHelp();
  return {
    name: program.name(),
    version,
    description: program.description(),
    globalOptions: help.visibleOptions(program).map((o) => optionDoc(o, program)),
    nouns: help
      .visibleCommands(program)
      .filter((c) => c.name() !== 'help')
      .map((c) => commandDoc(c, []))
      .sort((a, b) => compareText(a.name, b.name)),
  };
}

/** Every command with its own options: the nouns, and the verbs under them. */
export function allCommands(doc: ProgramDoc): CommandDoc[] {
  const out: CommandDoc[] = [];
  const walk = (c: CommandDoc) => {
    out.push(c);
    c.commands.forEach(walk);
  };
  doc.nouns.forEach(walk);
  return out;
}

/** The flags (short and long) of every option that takes a value, anywhere in the tree. */
export function valueFlags(doc: ProgramDoc): string[] {
  const set = new Set<string>();
  for (const o of [...doc.globalOptions, ...allCommands(doc).flatMap((c) => c.options)]) {
    if (!o.valueName) continue;
    if (o.short) set.add(o.short);
    if (o.long) set.add(o.long);
  }
  // The hidden -g/--group of group-first commands takes a value too.
  if (allCommands(doc).some((c) => c.groupFirst)) for (const f of ['-g', '--group']) set.add(f);
  return [...set].sort();
}

/** What kind of value an option takes, for completion. */
export type ValueKind =
  | { kind: 'none' }
  | { kind: 'words'; words: string[] }
  | { kind: 'contexts' }
  | { kind: 'dynamic'; resource: DynamicResource }
  | { kind: 'directory' }
  | { kind: 'file' }
  | { kind: 'free' };

export function valueKind(o: OptionDoc): ValueKind {
  if (!o.valueName) return { kind: 'none' };
  if (o.choices) return { kind: 'words', words: o.choices };
  if (o.long === '--output') return { kind: 'words', words: [...FORMATS] };
  if (o.long && KNOWN_VALUES[o.long]) return { kind: 'words', words: [...(KNOWN_VALUES[o.long] as readonly string[])] };
  if (o.long === '--context') return { kind: 'contexts' };
  if (o.complete) return completionKind(o.complete);
  if (/^(dir|directory)$/.test(o.valueName)) return { kind: 'directory' };
  if (/^(file|path)$/.test(o.valueName) || o.valueName.endsWith('-file')) return { kind: 'file' };
  return { kind: 'free' };
}

const completionKind = (c: Completion): ValueKind => (c === 'file' ? { kind: 'file' } : c === 'directory' ? { kind: 'directory' } : { kind: 'dynamic', resource: c });

/** What a positional argument completes to, when anything: its fixed values, target values, or files. */
export function argumentKind(a: ArgumentDoc): ValueKind | undefined {
  if (a.choices) return { kind: 'words', words: a.choices };
  return a.complete ? completionKind(a.complete) : undefined;
}

/** The program options a command takes after its words: all but the program-only ones. */
export const commandGlobals = (doc: ProgramDoc): OptionDoc[] => doc.globalOptions.filter((o) => !o.programOnly);

/** A command's options less those every command takes (--help among them). */
export function ownOptions(doc: ProgramDoc, c: CommandDoc): OptionDoc[] {
  const global = new Set(doc.globalOptions.flatMap((o) => [o.short, o.long]).filter(Boolean));
  return c.options.filter((o) => !(o.long && global.has(o.long)) && !(o.short && global.has(o.short)));
}
