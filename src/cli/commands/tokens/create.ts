import type { VerbSpec } from '../../kit/verb.js';
import { TOKEN_SCOPES } from '../../../shared/token-scopes.js';
import { checkChoice, collect, resolveUserId } from '../../kit/refs.js';
import { UsageError } from '../../kit/errors.js';
import { nowFromEnv } from '../../../shared/dates.js';
import type { TokenJson } from './own-token.js';
import { MAX_LIFETIME_DAYS, checkExpiresAt } from './expiry.js';

interface CreateOpts {
  user: string;
  name: string;
  scope: string[];
  expiresAt?: string;
  description?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: "Create a personal access token for a user (administrators); the secret is shown once",
  examples: [
    'hostctl tokens create --user alice --name deploy --scope api',
    'hostctl tokens create --user 7 --name ci --scope read_api --scope read_repository --expires-at 2026-12-31',
    'SECRET=$(hostctl tokens create --user bob --name backup --scope read_api)   # only the secret is on stdout',
    'hostctl tokens create --user alice --name audit --scope read_api --description "quarterly audit" -o json',
  ],
  options: (cmd) =>
    cmd
      .requiredOption('--user <user>', 'owner of the token (id or username)')
      .requiredOption('--name <name>', 'name of the token')
      .requiredOption('--scope <scope>', 'a scope such as api, read_api, read_repository (repeatable, or comma-separated)', collect)
      .option('--expires-at <date>', `expiry date (YYYY-MM-DD, after today and at most ${MAX_LIFETIME_DAYS} days ahead); the instance default when absent`)
      .option('--description <text>', 'what the token is for'),
  async run(cli, _args, o) {
    if (o.scope.length === 0) throw new UsageError('--scope needs at least one scope');
    for (const scope of o.scope) checkChoice(scope, TOKEN_SCOPES, '--scope');
    // The same check as `tokens rotate --expires-at`: a date the platform would refuse is a usage
    // error before anything is sent.
    const expiresAt = o.expiresAt !== undefined ? checkExpiresAt(o.expiresAt, nowFromEnv(cli.env)) : undefined;
    const api = await cli.client();
    const userId = await resolveUserId(api, o.user);
    const { data } = await api.post<TokenJson>(`/users/${userId}/personal_access_tokens`, {
      name: o.name,
      scopes: o.scope,
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    });
    await showSecret(cli, data, `created token ${data.id} "${data.name}" for user ${o.user} (scopes ${data.scopes.join(',')}, expires ${data.expires_at ?? 'never'})`);
  },
};

/**
 * Table output of a new secret: the secret alone on stdout (so `$(...)` captures just it), the
 * facts on stderr. JSON and YAML print the API's object, secret included.
 */
export async function showSecret(cli: Parameters<VerbSpec['run']>[0], token: TokenJson, summary: string): Promise<void> {
  if (cli.globals.output !== 'table' || cli.globals.fields) {
    await cli.showItem(token);
    return;
  }
  cli.info(summary);
  cli.info('the secret below is shown only once; store it now:');
  cli.print(`${String(token.token)}\n`);
}
