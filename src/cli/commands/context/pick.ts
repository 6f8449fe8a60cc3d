// Choosing a context interactively when a verb's NAME is left out on a terminal.
import type { Cli } from '../../kit/verb.js';
import type { ConfigData } from '../../config/store.js';
import { CliError, EXIT } from '../../kit/errors.js';

export async function pickContext(cli: Cli, config: ConfigData, message: string): Promise<string> {
  const { select } = await cli.prompts('NAME');
  const names = Object.keys(config.contexts).sort();
  if (names.length === 0) throw new CliError('there are no contexts', EXIT.notFound, 'create one with: hostctl init, or hostctl context add');
  return select(
    {
      message,
      choices: names.map((name) => {
        const c = config.contexts[name]!;
        return { name: `${name}${name === config.currentContext ? ' (current)' : ''}`, value: name, description: `${c.type} ${c.type === 'remote' ? c.url : c.state}` };
      }),
      ...(config.currentContext && names.includes(config.currentContext) ? { default: config.currentContext } : {}),
    },
    { output: process.stderr },
  );
}
