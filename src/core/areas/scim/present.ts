// SCIM identities → SCIM resources (RFC 7643 User, in the platform's shape) and list answers.
import type { CoreState } from '../../state.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export interface ScimIdentityRow {
  id: number;
  group_id: number;
  user_id: number;
  extern_uid: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export function presentScimUser(core: CoreState, identity: ScimIdentityRow) {
  const user = core.db.prepare('SELECT username, name, email FROM users WHERE id = ?').get(identity.user_id) as { username: string; name: string; email: string };
  return {
    schemas: [USER_SCHEMA],
    id: identity.extern_uid,
    active: identity.active === 1,
    emails: [{ type: 'work', value: user.email, primary: true }],
    'name.formatted': user.name,
    meta: { resourceType: 'User' },
    userName: user.username,
  };
}
