// The interactive part of `tokens rotate`: pick an active token, choose the new expiry (by default
// the same date `rotate ID` would give, see successorExpiry; a future date within the maximum
// lifetime), confirm. Prompts render on stderr so stdout keeps
// carrying only the secret. Loaded only when rotate runs without an ID on a terminal.
import type { ApiClient } from '../../../client/client.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { nowFromEnv } from '../../../shared/dates.js';
import type { Cli } from '../../kit/verb.js';
import { selfTokenId, type TokenJson } from './own-token.js';
import { expiryProblem, expiryReason, successorExpiry } from './expiry.js';
import { namesOf } from '../../kit/names.js';
import { timeText } from '../../render/cells.js';

type Prompts = typeof import('@inquirer/prompts');

/** More tokens than this are better found with `tokens list` and rotated by id. */
const MAX_CHOICES = 500;

export interface RotationChoice {
  id: number;
  expiresAt: string;
  /** Whether the chosen token is the one hostctl authenticates with. */
  inUse: boolean;
}

/** `whoGetsIt(id)`: what the confirmation adds about saved contexts holding that token. */
export async function chooseRotation(cli: Cli, api: ApiClient, prompts: Prompts, presetExpiry?: string, whoGetsIt?: (id: number) => Promise<string>): Promise<RotationChoice> {
  const tokens: TokenJson[] = [];
  for await (const t of api.paginate<TokenJson>('/personal_access_tokens', { state: 'active', sort: 'created_asc', per_page: 100 }, MAX_CHOICES)) tokens.push(t);
  if (tokens.length === 0) throw new CliError('there are no active tokens to rotate', EXIT.notFound);
  const [owners, ownId] = await Promise.all([usernames(api, tokens), selfTokenId(api)]);
  const now = nowFromEnv();
  const context = { output: process.stderr };

  const id = await prompts.select<number>(
    {
      message: 'Which token should be rotated?',
      pageSize: 12,
      choices: tokens.map((t) => ({
        value: t.id,
        name: describe(t, owners.get(t.user_id), t.id === ownId),
        short: `#${t.id} ${t.name}`,
      })),
    },
    context,
  );
  const picked = tokens.find((t) => t.id === id) as TokenJson;

  const expiresAt =
    presetExpiry ??
    (await prompts.input(
      {
        message: `When should the new token expire? (YYYY-MM-DD; default: ${expiryReason(picked)})`,
        default: successorExpiry(picked, now),
        validate: (value) => expiryProblem(value.trim(), now) ?? true,
      },
      context,
    )).trim();

  await cli.confirmOnTerminal(
    `Rotate token ${picked.id} "${picked.name}"${id === ownId ? ' (the token hostctl is using)' : ''}? The old secret stops working at once${id !== ownId && whoGetsIt ? await whoGetsIt(id) : ''}; new token expires ${expiresAt}`,
  );
  return { id, expiresAt, inUse: id === ownId };
}

function describe(t: TokenJson, owner: string | undefined, inUse: boolean): string {
  const lastUsed = t.last_used_at ? timeText(t.last_used_at, true, nowFromEnv()) : 'never';
  return [
    `#${t.id} ${t.name}`,
    owner ?? `user ${t.user_id}`,
    `scopes ${t.scopes.join(',')}`,
    `expires ${t.expires_at ?? 'never'}`,
    `last used ${lastUsed}`,
  ].join(' · ') + (inUse ? '  (in use by hostctl)' : '');
}

/** Usernames of the token owners, in one request (kit/names.ts). */
async function usernames(api: ApiClient, tokens: TokenJson[]): Promise<Map<number, string>> {
  const names = await namesOf(api, new Map([['user', new Set([...new Set(tokens.map((t) => t.user_id))].slice(0, 100))]]));
  return names.get('user') ?? new Map();
}
