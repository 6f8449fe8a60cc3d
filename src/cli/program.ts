// The commander program: global options, then the nouns. Only the noun the command line names
// is loaded; `--help` alone lists them all from the table without loading any.
import { Command, Option } from 'commander';
import { NOUNS, type NounEntry } from './nouns.js';
import { VERSION } from './version.js';
import { FORMATS } from './render/output.js';

/** Global options that take a value (so their values are not mistaken for the noun). */
export const VALUE_OPTIONS = new Set(['-o', '--output', '--fields', '--context', '--state', '--url', '--sudo', '--jq', '-q', '--color']);

/**
 * Help fits the terminal (COLUMNS, else the terminal's width, else 80, piped too), and option
 * descriptions wrap even beside long flag names (commander's default gives up under 40 columns).
 */
export function helpSettings(sort = true) {
  const fromEnv = Number(process.env.COLUMNS);
  const helpWidth = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80;
  return { showGlobalOptions: true, ...(sort ? { sortSubcommands: true } : {}), helpWidth, minWidthToWrap: 16 };
}

export function selectedNoun(argv: string[]): NounEntry | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    // `hostctl help NOUN` shows the noun's verbs, so the noun is loaded.
    if (a === 'help') continue;
    return NOUNS.find((n) => n.name === a || n.aliases?.includes(a));
  }
  return undefined;
}

export function createProgram(): Command {
  const program = new Command('hostctl')
    .description('Administer a GitLab-style hosting platform: a bundled local instance, or a remote one')
    .version(VERSION, '-V, --version')
    .addOption(new Option('-o, --output <format>', 'output format').choices(FORMATS).default('table'))
    .option('--fields <list>', 'comma-separated fields to show (dotted paths allowed)')
    .option('-q, --jq <expression>', 'filter the JSON answer with a jq expression (across all pages with --all)')
    .option('--context <name>', 'use this context instead of the current one')
    .option('--state <dir>', 'use this local state directory')
    .option('--url <url>', 'use the remote instance at this URL')
    .option('--sudo <user>', 'act as another user (administrators; token needs the sudo scope)')
    .option('--no-input', 'never prompt; missing values are usage errors')
    .option('-y, --yes', 'answer yes to confirmations')
    .addOption(new Option('--color <when>', 'colour in output').choices(['auto', 'always', 'never']).default('auto'))
    .addOption(new Option('--no-color', 'no colour in output (same as --color never)').hideHelp())
    .option('--dry-run', 'print the request a change would send (secrets redacted) and send nothing')
    .option('--debug', 'trace HTTP requests on stderr (secrets redacted; HOSTCTL_DEBUG=stack adds stack traces)')
    .configureHelp(helpSettings())
    .showHelpAfterError(false)
    .exitOverride();
  program.addHelpText('after', '\nHelp topics: hostctl help environment | exit-codes | formatting\nA command\'s help: hostctl help NOUN VERB (or hostctl NOUN VERB --help)\n');
  program.configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });
  return program;
}

/** Adds every noun as a command; loads and configures the ones in `load` (all when 'all'). */
export async function addNouns(program: Command, load: NounEntry[] | 'all'): Promise<void> {
  const chosen = load === 'all' ? NOUNS : load;
  for (const entry of NOUNS) {
    const cmd = new Command(entry.name).description(entry.summary);
    for (const alias of entry.aliases ?? []) cmd.alias(alias);
    cmd.exitOverride();
    cmd.configureHelp(helpSettings());
    if (chosen.includes(entry)) (await entry.load()).configure(cmd);
    program.addCommand(cmd, entry.hidden ? { hidden: true } : {});
  }
}

/** Commands created under a noun inherit the program's settings. */
export function subcommand(name: string): Command {
  return new Command(name).exitOverride().configureHelp(helpSettings(false));
}
