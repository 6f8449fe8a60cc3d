// Membership rows → the platform's Member entity: the user's basic fields merged with the
// membership (level, dates, who added them).
import type { MemberRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { presentUserBasic, userBasicById } from '../users/present.js';

export function presentMember(core: CoreState, member: MemberRow, user: UserRow) {
  const createdBy = member.created_by_id === null ? null : userBasicById(core, member.created_by_id);
  return Object.assign(
    presentUserBasic(core, user),
    { access_level: member.access_level, created_at: member.created_at },
    // The platform leaves the key out when nobody is recorded.
    createdBy ? { created_by: createdBy } : {},
    { expires_at: member.expires_at, group_saml_identity: null, membership_state: 'active' },
  );
}
