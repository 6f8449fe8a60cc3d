import type { VerbSpec } from '../../kit/verb.js';
import { showSecret } from './create.js';
import { tokenRef } from './get.js';
import { selfTokenId, storeRotatedSecret, type TokenJson } from './own-token.js';
import { contextsHolding, type Holder } from './holders.js';
import { nowFromEnv } from '../../../shared/dates.js';
import { MAX_LIFETIME_DAYS, checkExpiresAt, expiryReason, successorExpiry } from './expiry.js';

/** `context "ci"`, `context "ci", "laptop"`. */
const contextsText = (holders: Holder[]): string => `context ${holders.map((h) => `"${h.name}"`).join(', ')}`;

/** The part of the confirmation that names the saved contexts updated with the new secret. */
const gettingTheNewOne = (holders: Holder[]): string => (holders.length ? ` (${contextsText(holders)} ${holders.length === 1 ? 'gets' : 'get'} the new one)` : '');

interface RotateOpts {
  expiresAt?: string;
}

export const rotateVerb: VerbSpec<RotateOpts> = {
  name: 'rotate',
  bulk: true,
  args: '[id]',
  summary: 'Revoke a token and issue its successor (same name and scopes); without ID, pick one interactively',
  examples: [
    'hostctl tokens rotate                          # on a terminal: pick a token, an expiry, confirm',
    'hostctl tokens rotate 42 --expires-at 2026-06-30',
    'hostctl tokens rotate self                     # the token hostctl uses; its context is updated',
    'NEW=$(hostctl tokens rotate 42 --no-input)     # only the new secret is on stdout',
  ],
  options: (cmd) =>
    cmd.option('--expires-at <date>', `expiry of the new token (YYYY-MM-DD, at most ${MAX_LIFETIME_DAYS} days ahead); default: the old token's lifetime from today, capped at ${MAX_LIFETIME_DAYS} days (${MAX_LIFETIME_DAYS} days for a token that never expired)`),
  async run(cli, [id], o) {
    let ref: string;
    let inUse: boolean | undefined;
    let expiresAt = o.expiresAt !== undefined ? checkExpiresAt(o.expiresAt, nowFromEnv(cli.env)) : undefined;
    const api = await cli.client();
    // Saved contexts holding the token's secret, asked once (the picker's question names them too).
    const asked = new Map<number, Promise<Holder[]>>();
    const holdersOf = (tokenId: number): Promise<Holder[]> => {
      if (!asked.has(tokenId)) asked.set(tokenId, contextsHolding(cli, api, tokenId));
      return asked.get(tokenId) as Promise<Holder[]>;
    };
    if (id === undefined) {
      // Refuses with a usage error naming the argument when prompting is not possible.
      const prompts = await cli.prompts('the ID argument, a token id or "self"');
      const { chooseRotation } = await import('./rotate-prompts.js');
      const choice = await chooseRotation(cli, api, prompts, expiresAt, async (tokenId) => gettingTheNewOne(await holdersOf(tokenId)));
      ref = String(choice.id);
      expiresAt = choice.expiresAt;
      inUse = choice.inUse;
    } else {
      ref = tokenRef(id);
    }
    inUse ??= ref === 'self' || Number(ref) === (await selfTokenId(api));
    const { data: old } = await api.get<TokenJson>(`/personal_access_tokens/${ref}`);
    if (expiresAt === undefined) {
      // Never silently shorter: the successor lives as long as its predecessor was given.
      expiresAt = successorExpiry(old, nowFromEnv(cli.env));
      cli.info(`the new token expires ${expiresAt}: ${expiryReason(old)} (choose with --expires-at)`);
    }
    const holders = inUse ? [] : await holdersOf(old.id);
    // Said before the question (by id; the picker's question names them): which saved contexts
    // hold the old secret, and that they get the new one.
    if (holders.length && id !== undefined) cli.info(`warning: ${contextsText(holders)} ${holders.length === 1 ? 'uses' : 'use'} token ${old.id}; ${holders.length === 1 ? 'it gets' : 'they get'} the new token`);
    const whoGetsIt = inUse ? ' (it is the token hostctl is using; its contexts get the new one)' : gettingTheNewOne(holders);
    if (id !== undefined) await cli.confirmOnTerminal(`Rotate token ${old.id} "${old.name}"? It stops working now${whoGetsIt}; the new token expires ${expiresAt}.`);
    const path = ref === 'self' ? '/personal_access_tokens/self/rotate' : `/personal_access_tokens/${ref}/rotate`;
    const { data } = await api.post<TokenJson>(path, expiresAt ? { expires_at: expiresAt } : {});
    if (inUse) await storeRotatedSecret(cli, cli.target().token, String(data.token));
    // Another saved context held the old secret: it gets the new one too, and says so.
    for (const h of holders) await storeRotatedSecret(cli, h.secret, String(data.token), false);
    await showSecret(cli, data, `rotated token ${ref === 'self' ? 'self' : ref}: new token ${data.id} "${data.name}" (scopes ${data.scopes.join(',')}, expires ${data.expires_at ?? 'never'})`);
  },
};
