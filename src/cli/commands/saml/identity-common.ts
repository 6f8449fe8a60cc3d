// What the `saml identities` verbs share: the --scim switch (SCIM identities instead of SAML
// ones, hosted offering; Owner), the UID argument, and the table columns.
import type { Command } from 'commander';
import type { Column } from '../../render/output.js';
import { UsageError } from '../../kit/errors.js';

export interface IdentityOpts {
  scim?: boolean;
  externUid?: string;
}

export const addScim = (cmd: Command): Command => cmd.option('--scim', 'the SCIM identities (with their active state) instead of the SAML ones');
export const identityKind = (o: IdentityOpts): 'scim' | 'saml' => (o.scim ? 'scim' : 'saml');
export const uidArg = (uid: string | undefined): string => {
  if (!uid?.trim()) throw new UsageError('missing UID (the extern_uid of the identity)');
  return encodeURIComponent(uid);
};
const COLUMNS: Column[] = [{ key: 'extern_uid', header: 'extern uid' }, { key: 'user_id', header: 'user', lookup: 'user' }, { key: 'active' }];
/** SAML identities have no active state; SCIM ones do. */
export const identityColumns = (o: IdentityOpts): Column[] => (o.scim ? COLUMNS : COLUMNS.slice(0, 2));
export const IDENTITY_FIELDS = ['extern_uid', 'user_id', 'active'] as const;
