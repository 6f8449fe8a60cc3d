import type { VerbSpec } from '../../kit/verb.js';
import { configFile } from '../../config/paths.js';
import { checkConfigName, readConfig } from '../../config/store.js';
import { GLAB_RULE, resolveTarget } from '../../config/target.js';
import { existingContext, maskToken, serveOf, serveText } from './rows.js';

export const getVerb: VerbSpec = {
  name: 'get',
  args: '[name]',
  summary: 'Show the target and token a command would use, and why (flag, environment or config)',
  
  examples: [
    'hostctl context get',
    'hostctl context get prod -o json',
    'HOSTCTL_URL=https://git.example.com hostctl context get   # the environment wins over the config',
    'hostctl --url http://127.0.0.1:8080 context get',
    'GITLAB_HOST=git.example.com GITLAB_TOKEN=glpat-… hostctl context get   # glab\'s pair, only when hostctl names nothing',
  ],
  async run(cli, [name]) {
    const config = readConfig(cli.env);
    const g = cli.globals;
    if (name) existingContext(config, checkConfigName(name));
    const target = name
      ? resolveTarget({ context: name }, cli.env, config)
      : resolveTarget({ context: g.context, state: g.state, url: g.url }, cli.env, config);
    const source = name ? 'named on the command line' : target.source;
    const serve = target.kind === 'local' ? serveOf(target.stateDir) : null;
    const table = cli.globals.output === 'table' && !cli.globals.fields && cli.globals.jq === undefined;
    await cli.showItem({
      context: target.context ?? null,
      current: !!target.context && target.context === config.currentContext,
      type: target.kind,
      target: (target.kind === 'remote' ? target.url : target.stateDir) ?? null,
      source,
      token: maskToken(target.token),
      token_command: target.tokenCommand ?? null,
      token_source: target.tokenSource ?? null,
      serve: table ? serveText(target.kind, serve) || null : serve,
      ignored_variables: target.ignored ?? [],
      config_file: configFile(cli.env),
    });
    // Said whatever the output format (on stderr): which of glab's variables count, and why.
    if (target.source === 'GITLAB_HOST') cli.info(`note: using GITLAB_HOST${target.tokenSource === 'GITLAB_TOKEN' ? ' and GITLAB_TOKEN' : ''}: ${GLAB_RULE}`);
    if (target.ignored?.length) cli.info(`note: ${target.ignored.join(' and ')} ${target.ignored.length > 1 ? 'are' : 'is'} set but not used: ${GLAB_RULE}`);
    if (!target.token && !target.tokenCommand && cli.globals.output === 'table') cli.info('no token: requests will be anonymous (set HOSTCTL_TOKEN, or: hostctl context add NAME --token-stdin --force)');
  },
};
