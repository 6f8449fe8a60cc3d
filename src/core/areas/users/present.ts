// User rows → the platform's user shapes: basic (embedded in other resources), public, and the
// full admin view (also what a user sees of themselves).
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { userWebUrl } from '../../resources/urls.js';

export interface UserBasicJson {
  id: number;
  username: string;
  name: string;
  state: string;
  locked: boolean;
  avatar_url: string | null;
  web_url: string;
}

/** Where a user's stored avatar is served (the platform's upload path), or null without one. */
export const userAvatarUrl = (core: CoreState, u: Pick<UserRow, 'id' | 'avatar'>): string | null =>
  u.avatar ? `${core.settings.externalUrl}/uploads/-/system/user/avatar/${u.id}/${encodeURIComponent(u.avatar)}` : null;

export function presentUserBasic(core: CoreState, u: Pick<UserRow, 'id' | 'username' | 'name' | 'state'> & { avatar?: string | null }): UserBasicJson {
  return { id: u.id, username: u.username, name: u.name, state: u.state, locked: false, avatar_url: userAvatarUrl(core, { id: u.id, avatar: u.avatar ?? null }), web_url: userWebUrl(core, u.username) };
}

/**
 * Basic summary by id, or null for a deleted user (ghost). Only the columns it shows are read:
 * a whole users row is a few dozen columns, several times the cost, and lists call this per row.
 */
export function userBasicById(core: CoreState, id: number | null): UserBasicJson | null {
  if (id === null) return null;
  const row = core.db.prepare('SELECT id, username, name, state, avatar FROM users WHERE id = ?').get(id) as Pick<UserRow, 'id' | 'username' | 'name' | 'state' | 'avatar'> | undefined;
  return row ? presentUserBasic(core, row) : null;
}

export function presentUserPublic(core: CoreState, u: UserRow) {
  // Object.assign onto the fresh basic object rather than a spread: Node 20's V8 adds each
  // property written after a spread through its slow path (about 2 µs per user of this shape,
  // 20 times the literal); see docs/architecture.md, "Presenters".
  return Object.assign(presentUserBasic(core, u), {
    created_at: u.created_at,
    bio: u.bio,
    location: u.location,
    public_email: u.public_email,
    linkedin: u.linkedin,
    twitter: u.twitter,
    discord: '',
    website_url: u.website_url,
    organization: u.organization,
    job_title: u.job_title,
    pronouns: u.pronouns,
    bot: u.bot === 1,
    work_information: u.organization && u.job_title ? `${u.job_title} at ${u.organization}` : u.organization || u.job_title || null,
    followers: 0,
    following: 0,
    is_followed: false,
    local_time: null,
  });
}

export interface IdentityRow {
  provider: string;
  extern_uid: string;
  saml_provider_id: number | null;
}

export function identitiesOf(core: CoreState, userId: number): IdentityRow[] {
  return core.db.prepare('SELECT provider, extern_uid, saml_provider_id FROM identities WHERE user_id = ? ORDER BY id').all(userId) as IdentityRow[];
}

/**
 * The account fields shown beside the public profile to those who may see them (administrators,
 * and the Owners of an enterprise user's group), in the platform's order.
 */
export function presentUserAccountFields(core: CoreState, u: UserRow) {
  return {
    last_sign_in_at: u.last_sign_in_at,
    confirmed_at: u.confirmed_at,
    last_activity_on: u.last_activity_on,
    email: u.email,
    theme_id: u.theme_id,
    color_scheme_id: u.color_scheme_id,
    projects_limit: u.projects_limit,
    current_sign_in_at: u.current_sign_in_at,
    identities: identitiesOf(core, u.id).map((i) => ({ provider: i.provider, extern_uid: i.extern_uid, saml_provider_id: i.saml_provider_id })),
    can_create_group: u.can_create_group === 1,
    can_create_project: u.projects_limit > 0,
    two_factor_enabled: u.two_factor_enabled === 1,
    external: u.external === 1,
    private_profile: u.private_profile === 1,
    commit_email: u.commit_email ?? u.email,
  };
}

export function presentUserWithAdmin(core: CoreState, u: UserRow) {
  const ns = core.db.prepare("SELECT id FROM namespaces WHERE kind = 'user' AND owner_id = ?").get(u.id) as { id: number } | undefined;
  return Object.assign(presentUserPublic(core, u), presentUserAccountFields(core, u), {
    is_admin: u.is_admin === 1,
    note: u.note,
    namespace_id: ns?.id ?? null,
    created_by: null,
  });
}
