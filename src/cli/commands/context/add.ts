import { resolve } from 'node:path';
import type { VerbSpec } from '../../kit/verb.js';
import { checkConfigName, readConfig, updateConfig, type ContextConfig } from '../../config/store.js';
import type { Target } from '../../config/target.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { credentialFrom, tokenNow, verify, TOKEN_COMMAND_HELP } from './token-check.js';
import { contextRow } from './rows.js';
import { STATE_DB } from '../../../shared/state-layout.js';

interface AddOptions {
  token?: string;
  tokenStdin?: boolean;
  tokenCommand?: string;
  use?: boolean;
  force?: boolean;
  verify: boolean;
}

/** https://git.example.com/api/v4/ → https://git.example.com */
export function normaliseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be an http:// or https:// URL, got "${text}"`);
  if (url.search || url.hash) throw new UsageError(`--url takes the instance URL without a query or fragment, got "${text}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')}`;
}

export const addVerb: VerbSpec<AddOptions> = {
  name: 'add',
  args: '<name>',
  summary: 'Add a context: a local state directory (--state DIR) or a remote instance (--url URL), with its token',
  examples: [
    'hostctl context add dev --state ~/hostctl-dev --token-stdin < dev-token.txt',
    'printf %s "$TOKEN" | hostctl context add prod --url https://git.example.com --token-stdin --use',
    'hostctl context add prod --url https://git.example.com --token-stdin --force   # replace the token',
    'hostctl context add later --url https://git.example.net --no-verify           # save without checking',
    "hostctl context add prod --url https://git.example.com --token-command 'pass show hostctl/prod'",
  ],
  options: (cmd) =>
    cmd
      .option('--token <token>', 'the personal access token (visible in shell history and process lists: prefer --token-stdin)')
      .option('--token-stdin', 'read the token from standard input')
      .option('--token-command <command>', TOKEN_COMMAND_HELP)
      .option('--use', 'make it the current context')
      .option('--force', 'replace an existing context of that name')
      .option('--no-verify', 'save without checking the state directory, the URL or the token')
      .addHelpText('after', '\nThe target is given with the global --state DIR (local) or --url URL (remote) option.'),
  async run(cli, [rawName], o) {
    const name = checkConfigName(rawName as string);
    const { state, url } = cli.globals;
    if (state && url) throw new UsageError('give either --state DIR (local) or --url URL (remote), not both');
    if (!state && !url) throw new UsageError('missing --state DIR (a local state) or --url URL (a remote instance)');
    const credential = await credentialFrom(o);

    const entry: ContextConfig = url ? { type: 'remote', url: normaliseUrl(url) } : { type: 'local', state: resolve(state as string) };
    Object.assign(entry, credential);

    const existing = readConfig(cli.env).contexts[name];
    if (existing && !o.force) throw new CliError(`context "${name}" exists already`, EXIT.conflict, 'add --force to replace it');

    // A dry run contacts nothing: the target and the token are not checked either.
    if (o.verify && cli.globals.dryRun) cli.info('dry run: the target and the token were not checked');
    else if (o.verify) {
      const target: Target = entry.type === 'remote' ? { kind: 'remote', url: entry.url as string, source: 'context add' } : { kind: 'local', stateDir: entry.state as string, source: 'context add' };
      // A token command runs once here, so that a command that fails is found now.
      const token = tokenNow(credential, `context "${name}"`, cli.term.canPrompt);
      if (token) await verify({ ...target, token }, cli.info);
      else if (entry.type === 'local') {
        const { existsSync } = await import('node:fs');
        if (!existsSync(resolve(entry.state as string, STATE_DB))) {
          throw new CliError(`no hostctl state at ${entry.state}`, EXIT.failure, `create it with: hostctl init --state ${entry.state}, or save anyway with --no-verify`);
        }
      }
    }
    if (!entry.token && !entry.tokenCommand) cli.info(`note: context "${name}" has no token, so its requests will be anonymous`);

    const saved = await updateConfig((data) => {
      data.contexts[name] = entry;
      if (o.use || !data.currentContext || !data.contexts[data.currentContext]) data.currentContext = name;
    }, cli.env);
    if (!cli.globals.dryRun) cli.info(`${existing ? 'replaced' : 'added'} context "${name}" (${entry.type} ${entry.type === 'remote' ? entry.url : entry.state})${saved.currentContext === name ? '; it is the current context' : ''}`);
    // What it made, in every format (the create rule); a dry run made nothing.
    if (!cli.globals.dryRun || cli.globals.output !== 'table') await cli.showItem(contextRow(name, entry, saved));
  },
};
