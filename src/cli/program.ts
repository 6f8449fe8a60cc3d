// The commander program: global options, then the nouns. Only the noun the command line names
// is loaded; `--help` alone lists them all from the table without loading any.
import { Command, Help, Option } from 'commander';
import { CliCommand, CliOption } from './kit/cli-command.js';
import { NOUNS, type NounEntry } from './nouns.js';
import { VERSION } from './version.js';
import { FORMATS } from './render/output.js';
import { programFlags, programOnlyFlags } from './program-flags.js';
import { isTerminal, writeErr, writeOut } from './io/output.js';
import { onlyVerbNamed } from './kit/verb-filter.js';
import { helpTopicNames } from './docs/topic-names.js';

/** The width help fits: COLUMNS, else the terminal's width, else 80 (piped too). */
export function helpWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : isTerminal(1) && process.stdout.columns ? process.stdout.columns : 80;
}

type HelpSettings = Partial<Help> & { showGlobalOptions: boolean; sortSubcommands?: boolean };

/** One settings object for every command that sorts its subcommands, one for those that do not. */
const shared: { sorted?: HelpSettings; unsorted?: HelpSettings } = {};

/**
 * Help fits the terminal (helpWidth), and option descriptions wrap even beside long flag names
 * (commander's default gives up under 40 columns). Commander reads the settings only when it
 * shows help or an error (its createHelp), so every command shares one object, made on first
 * use, and the width is read then, from a getter: a command that shows neither reads nothing.
 */
export function helpSettings(sort = true): HelpSettings {
  const key = sort ? 'sorted' : 'unsorted';
  return (shared[key] ??= {
    showGlobalOptions: true,
    ...(sort ? { sortSubcommands: true } : {}),
    get helpWidth() {
      return helpWidth();
    },
    minWidthToWrap: 16,
    // A command's help lists the program flags it takes: not those that mean something only
    // before any command (--version).
    visibleGlobalOptions(this: Help, cmd: Command): Option[] {
      return Help.prototype.visibleGlobalOptions.call(this, cmd).filter((o) => !programOnlyFlags().has(o.long ?? ''));
    },
    // A repeatable flag collects into a list that starts empty: "(default: [])" says nothing.
    optionDescription(this: Help, option: Option): string {
      const emptyList = Array.isArray(option.defaultValue) && option.defaultValue.length === 0 && option.defaultValueDescription === undefined;
      return Help.prototype.optionDescription.call(this, emptyList ? Object.assign(Object.create(option) as Option, { defaultValue: undefined }) : option);
    },
  });
}

/** The command a word names, when it names one (a noun or one of its aliases, or help). */
export const commandNamed = (word: string): string | undefined => (word === 'help' ? 'help' : selectedNoun([word])?.name);

/** The noun a command line's words (readCommandLine) name, if any. */
export function selectedNoun(words: readonly string[]): NounEntry | undefined {
  // `hostctl help NOUN` shows the noun's verbs, so the noun is loaded.
  const word = words.find((w) => w !== 'help');
  return word === undefined ? undefined : NOUNS.find((n) => n.name === word || n.aliases?.includes(word));
}

/** The word after the noun among a command line's words (`tokens list` → list), if any. */
export function selectedVerb(words: readonly string[]): string | undefined {
  return words[0] === 'help' ? words[2] : words[1];
}

/** A command's subcommand named (or aliased) `word`. */
export const findSub = (cmd: Command, word: string): Command | undefined => cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));

/**
 * Follows `words` down the command tree from `root` as far as they name commands: the one walk
 * that help, the bare-noun check and error hints share. `matched` counts the words used.
 */
export function findCommand(root: Command, words: readonly string[]): { command: Command; matched: number } {
  let command = root;
  let matched = 0;
  for (const w of words) {
    const sub = findSub(command, w);
    if (!sub) break;
    command = sub;
    matched++;
  }
  return { command, matched };
}

export function createProgram(): Command {
  const program = new CliCommand('hostctl')
    .description('Administer a GitLab-style hosting platform: a bundled local instance, or a remote one')
    .configureHelp(helpSettings())
    .showHelpAfterError(false)
    .exitOverride();
  // The program's flags come from one table (program-flags.ts), which the argv walker, the
  // guard against program-only flags after a command and the completion generators also read.
  for (const f of programFlags(FORMATS)) {
    if (f.flags.includes('--version')) {
      program.version(VERSION, f.flags, f.description);
      continue;
    }
    const option = new CliOption(f.flags, f.description);
    if (f.choices) option.choices(f.choices);
    if (f.defaultValue !== undefined) option.default(f.defaultValue);
    if (f.hidden) option.hideHelp();
    program.addOption(option);
  }
  program.addHelpText('after', () => `\nHelp topics: hostctl help ${helpTopicNames().join(' | ')}\nA command's help: hostctl help NOUN VERB (or hostctl NOUN VERB --help)\n`);
  program.configureOutput({ writeErr, writeOut });
  return program;
}

/**
 * Adds every noun as a command; loads and configures the ones in `load` (all when 'all'). With
 * `alone`, only the loaded ones are added: the others serve the program's help and suggestions
 * after an unknown word, which a command line naming a noun (and no --help) never shows, and
 * forty commands cost every command a few milliseconds. With `verb` as well (the word after the
 * noun), the noun gets only the verbs answering to that word when one does (onlyVerbNamed).
 */
export async function addNouns(program: Command, load: NounEntry[] | 'all', { alone = false, verb }: { alone?: boolean; verb?: string } = {}): Promise<void> {
  const chosen = load === 'all' ? NOUNS : load;
  const nounCommand = (entry: NounEntry): Command => {
    const cmd = new CliCommand(entry.name).description(entry.summary);
    for (const alias of entry.aliases ?? []) cmd.alias(alias);
    cmd.exitOverride();
    cmd.configureHelp(helpSettings());
    return cmd;
  };
  for (const entry of alone && chosen.length > 0 ? chosen : NOUNS) {
    let cmd = nounCommand(entry);
    if (chosen.includes(entry)) {
      const noun = await entry.load();
      if (alone && verb !== undefined) {
        const filtered = cmd;
        onlyVerbNamed(filtered, verb, () => noun.configure(filtered));
        if (!findSub(filtered, verb)) {
          cmd = nounCommand(entry);
          noun.configure(cmd);
        }
      } else noun.configure(cmd);
    }
    program.addCommand(cmd, entry.hidden ? { hidden: true } : {});
  }
}

/** Commands created under a noun inherit the program's settings. */
export function subcommand(name: string): Command {
  return new CliCommand(name).exitOverride().configureHelp(helpSettings(false));
}
