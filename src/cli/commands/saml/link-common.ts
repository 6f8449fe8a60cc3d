// What the `saml links` verbs share: the --provider option, the NAME argument and the columns.
import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';
import { roleName } from '../../kit/refs.js';

export interface LinkOpts {
  accessLevel?: string;
  memberRole?: string;
  provider?: string;
}

export const LINK_COLUMNS = [{ key: 'name' }, { key: 'access_level', header: 'role', get: (r: Record<string, unknown>) => roleName(r.access_level) }, { key: 'member_role_id', header: 'custom role' }, { key: 'provider' }];
export const LINK_FIELDS = ['name', 'access_level', 'member_role_id', 'provider'] as const;
export const addProvider = (cmd: Command): Command => cmd.option('--provider <name>', 'the provider of the link, when several links share a name ("" for the link without one)');
export const nameArg = (name: string | undefined): string => {
  if (!name?.trim()) throw new UsageError('missing NAME (the SAML group name)');
  return encodeURIComponent(name);
};
export const providerQuery = (o: LinkOpts): { provider: string } | undefined => (o.provider === undefined ? undefined : { provider: o.provider });
