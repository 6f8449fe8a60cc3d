// The token hostctl itself authenticates with. Rotating it would leave the context holding a
// dead secret, so rotate stores the new one in every context that held the old one (one atomic
// config write); revoking it can only warn.
import type { ApiClient } from '../../../client/client.js';
import { readConfig, updateConfig } from '../../config/store.js';
import type { Cli } from '../../kit/verb.js';

export interface TokenJson {
  id: number;
  name: string;
  user_id: number;
  scopes: string[];
  expires_at: string | null;
  last_used_at: string | null;
  active: boolean;
  revoked: boolean;
  token?: string;
  [key: string]: unknown;
}

/** Id of the calling token, or undefined when the credential is not a personal access token. */
export async function selfTokenId(api: ApiClient): Promise<number | undefined> {
  const res = await api.request<{ id?: number }>('GET', '/personal_access_tokens/self', { allowError: true });
  return res.status === 200 && typeof res.data?.id === 'number' ? res.data.id : undefined;
}

const ENV_TOKEN_SOURCES = ['HOSTCTL_TOKEN', 'GITLAB_TOKEN'];

/** Replaces `oldSecret` by `newSecret` in every context that holds it, and says so on stderr. */
export async function storeRotatedSecret(cli: Cli, oldSecret: string | undefined, newSecret: string, inUse = true): Promise<void> {
  if (!oldSecret) return;
  const changed: string[] = [];
  await updateConfig((data) => {
    for (const [name, ctx] of Object.entries(data.contexts)) {
      if (ctx.token === oldSecret) {
        ctx.token = newSecret;
        changed.push(name);
      }
    }
  }, cli.env);
  for (const name of changed) cli.info(`context "${name}" now uses the new token`);
  if (!inUse) return;
  const { tokenSource: source, tokenCommand } = cli.target();
  if (tokenCommand !== undefined) {
    // hostctl cannot write into the store the command reads: the user must, or the next command fails.
    cli.info(`warning: the token in use came from ${source ?? 'a token command'} (${tokenCommand}), which still gives the old, now revoked token; store the new secret where it reads it`);
  } else if (source && ENV_TOKEN_SOURCES.includes(source)) {
    cli.info(`warning: ${source} still holds the old, now revoked token; set it to the new secret`);
  } else if (changed.length === 0) {
    cli.info('warning: the old token was the one in use, but no context stored it; keep the new secret');
  }
}

/** After revoking the token in use: which contexts (or variables) now hold a dead secret. */
export function warnRevokedSecret(cli: Cli, secret: string | undefined): void {
  const names = Object.entries(readConfig(cli.env).contexts)
    .filter(([, c]) => !!secret && c.token === secret)
    .map(([name]) => name);
  const holders = names.map((name) => `context "${name}"`);
  const { tokenSource: source, tokenCommand } = cli.target();
  if (source && ENV_TOKEN_SOURCES.includes(source)) holders.push(source);
  if (tokenCommand !== undefined) holders.push(`${source ?? 'the token command'} (${tokenCommand})`);
  const who = holders.length ? holders.join(', ') : 'hostctl';
  cli.info(`warning: ${who} used this token; it no longer works; ${updateHint(names)}`);
}

/** How to give saved contexts a working token again (one `set-token` line per context). */
export function updateHint(contexts: string[]): string {
  if (contexts.length === 0) return 'store a new one with: hostctl context set-token NAME --token-stdin';
  return `give ${contexts.length === 1 ? 'it' : 'each'} a new one with: ${contexts.map((n) => `hostctl context set-token ${n} --token-stdin`).join('; ')}`;
}
