// hostctl commands [NOUN [VERB]]: what the command tree offers, for scripts, wrappers and agents
// that build command lines rather than read help. Every command with its arguments, its own
// flags (value names, fixed choices, defaults), whether it lists pages and whether it asks before
// it acts (and so needs --yes where it cannot ask); as JSON or YAML, also the global flags, the
// output formats and the exit codes. Read from the same description of the tree as the
// completion scripts and the man page (docs/model.ts), so it follows every command added.
import type { Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { EXIT_MEANINGS, UsageError } from '../../kit/errors.js';
import { FORMATS } from '../../render/output.js';
import type { Column } from '../../render/output.js';
import { ownOptions, type ArgumentDoc, type CommandDoc, type OptionDoc, type ProgramDoc } from '../../docs/model.js';

/** An option as scripts read it: snake_case keys, and only the ones that say something. */
function optionJson(o: OptionDoc): Record<string, unknown> {
  return Object.assign(
    { flags: o.flags },
    o.long ? { long: o.long } : {},
    o.short ? { short: o.short } : {},
    { description: o.description, takes_value: o.valueName !== undefined },
    o.valueName !== undefined ? { value_name: o.valueName } : {},
    o.choices ? { choices: o.choices } : {},
    o.defaultValue !== undefined ? { default: o.defaultValue } : {},
    { repeatable: o.repeatable },
    o.programOnly ? { program_only: true } : {},
  );
}

const argumentJson = (a: ArgumentDoc): Record<string, unknown> => Object.assign({ name: a.name, required: a.required, variadic: a.variadic }, a.choices ? { choices: a.choices } : {});

/** How a command's arguments are written in its usage line: `<project> [tag]`. */
const usageOf = (c: CommandDoc): string => c.args.map((a) => (a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`)).join(' ');

function commandJson(doc: ProgramDoc, c: CommandDoc): Record<string, unknown> {
  const own = ownOptions(doc, c);
  return Object.assign(
    { command: c.path.join(' '), aliases: c.aliases, summary: c.summary, usage: `hostctl ${c.path.join(' ')}${c.args.length ? ` ${usageOf(c)}` : ''}`, arguments: c.args.map(argumentJson), options: own.map(optionJson), lists: c.lists, from_file: c.fromFile, destructive: c.destructive !== false },
    typeof c.destructive === 'object' ? { destructive_when: c.destructive.when } : {},
    { examples: c.examples },
  );
}

/** The commands that run (not the nouns that only group them), under the words given. */
function leavesUnder(doc: ProgramDoc, words: readonly string[]): CommandDoc[] {
  let level = doc.nouns;
  let at: CommandDoc | undefined;
  for (const [i, word] of words.entries()) {
    at = level.find((c) => c.name === word || c.aliases.includes(word));
    if (!at) {
      const where = words.slice(0, i).join(' ');
      const known = level.map((c) => c.name).join(', ');
      throw new UsageError(`no command "hostctl ${words.slice(0, i + 1).join(' ')}"${known ? `; ${where ? `"hostctl ${where}" has` : 'the commands are'}: ${known}` : ''}`);
    }
    level = at.commands;
  }
  const out: CommandDoc[] = [];
  const walk = (c: CommandDoc): void => {
    if (c.commands.length === 0) out.push(c);
    else c.commands.forEach(walk);
  };
  if (at) walk(at);
  else doc.nouns.forEach(walk);
  return out;
}

// What a terminal shows first: the command and its summary; the rest when there is room, with -o
// wide, or piped.
const COLUMNS: Column[] = [
  { key: 'command', priority: 1 },
  { key: 'summary', priority: 2 },
  { key: 'usage', priority: 3 },
  { key: 'lists', priority: 4 },
  { key: 'destructive', header: 'asks first', get: (r) => r.destructive_when ?? r.destructive, priority: 4 },
  { key: 'from_file', header: 'from file', priority: 4 },
];

export function configure(noun: Command): void {
  applyVerb(noun, {
    name: 'commands',
    args: '[words...]',
    summary: 'List the commands, their arguments and flags, which ones list pages and which ask first (for scripts and agents)',
    examples: [
      'hostctl commands                       # every command with its summary',
      'hostctl commands tokens -o wide        # the tokens commands: usage, lists, asks first',
      "hostctl commands -o json --jq '.commands[] | select(.destructive) | .command'",
      "hostctl commands -o json --jq '.commands[] | select(.from_file) | .command'   # runs once per record of a file",
      "hostctl commands releases create -o json --jq '.commands[0].options[].long'",
    ],
    async run(cli, words) {
      const { programDoc } = await import('../../docs/generate.js');
      const doc = await programDoc();
      const commands = leavesUnder(doc, words).map((c) => commandJson(doc, c));
      const whole = cli.globals.output === 'json' || cli.globals.output === 'yaml' || (cli.globals.jq !== undefined && cli.globals.output !== 'jsonl');
      if (!whole) return cli.showList(commands, COLUMNS);
      // The whole description: what every command shares comes once, beside the commands.
      await cli.showItem({
        name: doc.name,
        version: doc.version,
        output_formats: [...FORMATS],
        global_options: doc.globalOptions.filter((o) => o.long !== '--help').map(optionJson),
        exit_codes: Object.entries(EXIT_MEANINGS).map(([code, meaning]) => ({ code: Number(code), meaning })),
        commands,
        // The hostctl-NAME executables on PATH that run as commands of their own (hostctl extension list).
        extensions: (await import('../extension/rows.js')).extensionRows(cli.env).filter((e) => e.runs).map((e) => ({ name: e.name, path: e.path })),
      });
    },
  });
}
