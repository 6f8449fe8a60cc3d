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
  // property written after a spread through its slow path (about 1 µs each, 36 µs for this
  // shape, where the same literal costs well under one); see docs/architecture.md, "Presenters".
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

export interface ScimIdentityJson {
  extern_uid: string;
  group_id: number;
  active: boolean;
}

export interface IdentityRow {
  provider: string;
  extern_uid: string;
  saml_provider_id: number | null;
}

/**
 * What a user's account view reads beside the row (identities, the personal namespace, an
 * enterprise user's SCIM identities), read for every user of a list page at once, on first use:
 * one query per kind of fact and page, where reading them user by user made two or three per
 * row (40 for an administrator's page of 20, a fifth of the page's time).
 */
export class UserFacts {
  private identityRows?: Map<number, IdentityRow[]>;
  private scimRows?: Map<number, ScimIdentityJson[]>;
  private namespaceIds?: Map<number, number>;

  constructor(
    private readonly core: CoreState,
    private readonly ids: readonly number[],
  ) {}

  identities(userId: number): IdentityRow[] {
    this.identityRows ??= this.byUser<IdentityRow>('SELECT user_id, provider, extern_uid, saml_provider_id FROM identities', (r) => ({
      provider: r.provider as string,
      extern_uid: r.extern_uid as string,
      saml_provider_id: r.saml_provider_id as number | null,
    }));
    return this.identityRows.get(userId) ?? [];
  }

  /** The SCIM identities an enterprise user's entity lists. */
  scimIdentities(userId: number): ScimIdentityJson[] {
    this.scimRows ??= this.byUser<ScimIdentityJson>('SELECT user_id, extern_uid, group_id, active FROM scim_identities', (r) => ({
      extern_uid: r.extern_uid as string,
      group_id: r.group_id as number,
      active: r.active === 1,
    }));
    return this.scimRows.get(userId) ?? [];
  }

  namespaceId(userId: number): number | null {
    if (!this.namespaceIds) {
      const rows = this.core.db
        .prepare("SELECT owner_id, id FROM namespaces WHERE kind = 'user' AND owner_id IN (SELECT value FROM json_each(?))")
        .all(JSON.stringify(this.ids)) as { owner_id: number; id: number }[];
      this.namespaceIds = new Map(rows.map((r) => [r.owner_id, r.id]));
    }
    return this.namespaceIds.get(userId) ?? null;
  }

  /** The rows of `select` (which names user_id) of these users, in id order, by user. */
  private byUser<T>(select: string, shape: (row: Record<string, unknown>) => T): Map<number, T[]> {
    const out = new Map<number, T[]>();
    const rows = this.core.db.prepare(`${select} WHERE user_id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(this.ids)) as Record<string, unknown>[];
    for (const r of rows) {
      const list = out.get(r.user_id as number);
      if (list) list.push(shape(r));
      else out.set(r.user_id as number, [shape(r)]);
    }
    return out;
  }
}

/**
 * The account fields shown beside the public profile to those who may see them (administrators,
 * and the Owners of an enterprise user's group), in the platform's order.
 */
export function presentUserAccountFields(core: CoreState, u: UserRow, facts = new UserFacts(core, [u.id])) {
  return {
    last_sign_in_at: u.last_sign_in_at,
    confirmed_at: u.confirmed_at,
    last_activity_on: u.last_activity_on,
    email: u.email,
    theme_id: u.theme_id,
    color_scheme_id: u.color_scheme_id,
    projects_limit: u.projects_limit,
    current_sign_in_at: u.current_sign_in_at,
    identities: facts.identities(u.id),
    can_create_group: u.can_create_group === 1,
    can_create_project: u.projects_limit > 0,
    two_factor_enabled: u.two_factor_enabled === 1,
    external: u.external === 1,
    private_profile: u.private_profile === 1,
    commit_email: u.commit_email ?? u.email,
  };
}

/** The administrator's view of a user; `facts` read for the whole page when a list shows several. */
export function presentUserWithAdmin(core: CoreState, u: UserRow, facts = new UserFacts(core, [u.id])) {
  return Object.assign(presentUserPublic(core, u), presentUserAccountFields(core, u, facts), {
    is_admin: u.is_admin === 1,
    note: u.note,
    namespace_id: facts.namespaceId(u.id),
    created_by: null,
  });
}
