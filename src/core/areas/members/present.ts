// Membership rows → the platform's Member entity: the user's basic fields merged with the
// membership (level, dates, who added them).
import type { MemberRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { presentUserBasic, userBasicById, type UserBasicJson } from '../users/present.js';

/**
 * Who added a member, by user id. A list page passes one lookup for all its rows
 * (creatorLookup): most members of a page were added by the same few people.
 */
export type CreatorLookup = (userId: number) => UserBasicJson | null;

/** A lookup that reads each user once. */
export function creatorLookup(core: CoreState): CreatorLookup {
  const seen = new Map<number, UserBasicJson | null>();
  return (id) => {
    let found = seen.get(id);
    if (found === undefined) seen.set(id, (found = userBasicById(core, id)));
    return found;
  };
}

export function presentMember(core: CoreState, member: MemberRow, user: UserRow, creator: CreatorLookup = (id) => userBasicById(core, id)) {
  const createdBy = member.created_by_id === null ? null : creator(member.created_by_id);
  return Object.assign(
    presentUserBasic(core, user),
    { access_level: member.access_level, created_at: member.created_at },
    // The platform leaves the key out when nobody is recorded.
    createdBy ? { created_by: createdBy } : {},
    { expires_at: member.expires_at, group_saml_identity: null, membership_state: 'active' },
  );
}
