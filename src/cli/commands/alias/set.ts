import { defineVerb } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { aliasNamed, splitWords } from '../../config/aliases.js';
import { commandNamed } from '../../program.js';
import { aliasRow, checkAliasName } from './rows.js';

interface SetOptions {
  shell?: boolean;
  clobber?: boolean;
}

export const setVerb = defineVerb<SetOptions>({
  name: 'set',
  args: '<name> <expansion...>',
  summary: 'Add a command alias: NAME runs EXPANSION, with $1… taking the words after NAME and the rest appended',
  examples: [
    "hostctl alias set mine 'projects list --owned'",
    "hostctl alias set expiring 'tokens list --active --expires-within 30d --sort expires'",
    "hostctl alias set who 'users get $1 --fields username,state'      # hostctl who alice",
    "hostctl alias set names --shell 'hostctl projects list --all -o json | jq -r \".[].path_with_namespace\"'",
    "hostctl alias set mine 'projects list --membership' --clobber      # replace it",
  ],
  options: (cmd) => cmd.option('--shell', 'run EXPANSION with sh -c (pipes, several commands; the words after NAME are $1, $2…); same as a leading !').option('--clobber', 'replace an alias of that name'),
  async run(cli, [rawName, ...words], o) {
    const name = checkAliasName(rawName as string);
    // Unquoted, the words would lose their quoting, and flags among them are taken as this verb's.
    if (words.length > 1) throw new UsageError(`give EXPANSION as one quoted word: hostctl alias set ${name} '${words.join(' ')}'`);
    const text = (words[0] as string).trim();
    const shell = o.shell === true || text.startsWith('!');
    const body = text.startsWith('!') ? text.slice(1).trim() : text;
    if (!body) throw new UsageError('EXPANSION is empty: give the command the alias runs');
    if (!shell) {
      // A hostctl command line: its first word must name a command (an alias never names another).
      const first = splitWords(body)[0] as string;
      if (!commandNamed(first)) throw new UsageError(`EXPANSION must start with a hostctl command, and "${first}" is none (a shell command takes --shell)`);
    }
    const expansion = shell ? `!${body}` : body;
    const before = aliasNamed(readConfig(cli.env).aliases, name);
    if (before === expansion) {
      cli.info(`alias ${name} already expands to: ${body}; nothing to do`);
      return;
    }
    if (before !== undefined && !o.clobber) throw new CliError(`alias ${name} exists already (expands to: ${before})`, EXIT.conflict, 'add --clobber to replace it');
    await updateConfig((data) => {
      data.aliases = { ...data.aliases, [name]: expansion };
    }, cli.env);
    if (!cli.globals.dryRun) cli.info(`${before === undefined ? 'added' : 'replaced'} alias ${name}: hostctl ${name} runs ${shell ? `sh -c '${body}'` : `hostctl ${body}`}`);
    if (!cli.globals.dryRun || cli.globals.output !== 'table') await cli.showItem(aliasRow(name, expansion));
  },
});
