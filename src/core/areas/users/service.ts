// Creating and changing users. A user owns a personal namespace named after the username, so
// usernames share the path space with groups.
import { recordAudit } from '../../audit/record.js';
import { auditUserUpdate } from '../../audit/subjects.js';
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { conflict, validationError } from '../../http/errors.js';
import { generateTokenSecret, hashPassword, hashPasswordAsync } from '../../auth/secrets.js';
import { recordRedirect } from '../projects/service.js';
import type { UploadedFile } from '../../http/parse.js';

/** The platform's avatar rules: an image by its extension, at most 200 KiB. */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const;
export const AVATAR_MAX_BYTES = 200 * 1024;

function avatarErrors(file: UploadedFile): string[] {
  const ext = /\.([^./\\]+)$/.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  const out: string[] = [];
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
    out.push(`file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`);
  }
  if (file.data.length > AVATAR_MAX_BYTES) out.push('is too big (should be at most 200 KiB)');
  return out;
}

/** The stored name of an avatar: its base name, kept to the characters a URL path carries plainly. */
const avatarFilename = (file: UploadedFile): string => (file.filename.split(/[\\/]/).pop() ?? 'avatar').replace(/[^A-Za-z0-9._-]/g, '_').slice(-100);

function storeAvatar(core: CoreState, userId: number, file: UploadedFile): void {
  const name = avatarFilename(file);
  core.db
    .prepare('INSERT INTO user_avatars (user_id, filename, data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET filename = excluded.filename, data = excluded.data, updated_at = excluded.updated_at')
    .run(userId, name, file.data, core.nowIso());
  core.db.prepare('UPDATE users SET avatar = ? WHERE id = ?').run(name, userId);
}

export const USERNAME_RE = /^(?:[a-zA-Z0-9_.][a-zA-Z0-9_.-]*[a-zA-Z0-9_-]|[a-zA-Z0-9_])$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

export interface UserInput {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  /** The password's hash, made beforehand (asynchronously) by request paths. */
  passwordDigest?: string;
  admin?: boolean;
  external?: boolean;
  bio?: string;
  location?: string;
  public_email?: string;
  linkedin?: string;
  twitter?: string;
  website_url?: string;
  organization?: string;
  job_title?: string;
  pronouns?: string;
  note?: string;
  projects_limit?: number;
  can_create_group?: boolean;
  private_profile?: boolean;
  commit_email?: string;
  skip_confirmation?: boolean;
  provider?: string;
  extern_uid?: string;
  state?: string;
  two_factor_enabled?: boolean;
  /** A multipart `avatar` file. */
  avatar?: UploadedFile;
  /** With provider `group_saml`: the group whose SAML provider the identity belongs to (hosted offering). */
  group_id_for_saml?: number;
}

export function validate(input: UserInput): void {
  const errors: Record<string, string[]> = {};
  // A JSON null passes the string params' check; for required attributes it is a blank value.
  const given = input as unknown as Record<string, unknown>;
  for (const field of ['username', 'email', 'name', 'password'] as const) if (given[field] === null) errors[field] = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (given.bio === null) delete given.bio;
  if (input.username !== undefined) {
    if (!USERNAME_RE.test(input.username) || /\.(git|atom)$/i.test(input.username))
      errors.username = ['can contain only letters, digits, \'_\', \'-\' and \'.\'. Cannot start with \'-\' or end in \'.\', \'.git\' or \'.atom\'.'];
    else if (input.username.length > 255) errors.username = ['is too long (maximum is 255 characters)'];
  }
  if (input.email !== undefined && !EMAIL_RE.test(input.email)) errors.email = ['is invalid'];
  if (input.name !== undefined && input.name.length > 255) errors.name = ['is too long (maximum is 255 characters)'];
  if (input.bio !== undefined && input.bio.length > 255) errors.bio = ['is too long (maximum is 255 characters)'];
  if (input.password !== undefined && input.password.length < 8) errors.password = ['is too short (minimum is 8 characters)'];
  if (input.projects_limit !== undefined && input.projects_limit < 0) errors.projects_limit = ['must be greater than or equal to 0'];
  if (input.avatar !== undefined) {
    const problems = avatarErrors(input.avatar);
    if (problems.length > 0) errors.avatar = problems;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function checkUnique(core: CoreState, input: UserInput, exceptId?: number): void {
  if (input.email !== undefined) {
    const hit = core.db.prepare('SELECT id FROM users WHERE email_lower = ?').get(input.email.toLowerCase()) as { id: number } | undefined;
    if (hit && hit.id !== exceptId) throw conflict('Email has already been taken');
  }
  if (input.username !== undefined) {
    const hit = core.db.prepare('SELECT id FROM users WHERE username_lower = ?').get(input.username.toLowerCase()) as { id: number } | undefined;
    const ns = core.db.prepare('SELECT owner_id FROM namespaces WHERE full_path_lower = ?').get(input.username.toLowerCase()) as
      | { owner_id: number | null }
      | undefined;
    if ((hit && hit.id !== exceptId) || (ns && ns.owner_id !== exceptId)) throw conflict('Username has already been taken');
  }
  if (input.provider !== undefined && input.extern_uid !== undefined && input.group_id_for_saml === undefined) {
    const hit = core.db.prepare('SELECT user_id FROM identities WHERE provider = ? AND extern_uid = ? AND saml_provider_id IS NULL').get(input.provider, input.extern_uid) as
      | { user_id: number }
      | undefined;
    if (hit && hit.user_id !== exceptId) throw validationError({ 'identities.extern_uid': ['has already been taken'] });
  }
}

const bool = (v: boolean | undefined): number | undefined => (v === undefined ? undefined : v ? 1 : 0);

const COLUMNS: Record<string, (i: UserInput) => unknown> = {
  bio: (i) => i.bio,
  location: (i) => i.location,
  public_email: (i) => i.public_email,
  linkedin: (i) => i.linkedin,
  twitter: (i) => i.twitter,
  website_url: (i) => i.website_url,
  organization: (i) => i.organization,
  job_title: (i) => i.job_title,
  pronouns: (i) => i.pronouns,
  note: (i) => i.note,
  projects_limit: (i) => i.projects_limit,
  can_create_group: (i) => bool(i.can_create_group),
  private_profile: (i) => bool(i.private_profile),
  commit_email: (i) => i.commit_email,
  is_admin: (i) => bool(i.admin),
  external: (i) => bool(i.external),
  state: (i) => i.state,
  two_factor_enabled: (i) => bool(i.two_factor_enabled),
};

export function createUser(core: CoreState, input: UserInput & { username: string; email: string; name: string }): UserRow {
  validate(input);
  // Hashed before the transaction: the write lock is never held through a slow hash. Without a
  // password (reset_password / force_random_password) the account gets a random one.
  const digest = input.passwordDigest ?? hashPassword(input.password ?? generateTokenSecret(), core.settings.passwordHashCost);
  return core.tx(() => {
    checkUnique(core, input);
    const now = core.nowIso();
    const info = core.db
      .prepare(
        `INSERT INTO users (username, username_lower, email, email_lower, name, password_digest, confirmed_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(input.username, input.username.toLowerCase(), input.email, input.email.toLowerCase(), input.name, digest, input.skip_confirmation === false ? null : now, now, now);
    const id = Number(info.lastInsertRowid);
    applyColumns(core, id, input);
    if (input.avatar !== undefined) storeAvatar(core, id, input.avatar);
    core.db
      .prepare(
        `INSERT INTO namespaces (kind, name, path, full_path, full_path_lower, full_name, owner_id, visibility, created_at, updated_at)
         VALUES ('user', ?, ?, ?, ?, ?, ?, 'public', ?, ?)`,
      )
      .run(input.name, input.username, input.username, input.username.toLowerCase(), input.name, id, now, now);
    setIdentity(core, id, input);
    recordAudit(core, { name: 'user_created', entity: { type: 'User', id, path: input.username }, message: `Created user ${input.username}` });
    return core.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow;
  });
}

function applyColumns(core: CoreState, id: number, input: UserInput): void {
  const sets: string[] = [];
  const args: unknown[] = [];
  for (const [col, get] of Object.entries(COLUMNS)) {
    const v = get(input);
    if (v !== undefined) {
      sets.push(`${col} = ?`);
      args.push(v);
    }
  }
  if (sets.length > 0) core.db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
}

function setIdentity(core: CoreState, userId: number, input: UserInput): void {
  if (input.provider === undefined || input.extern_uid === undefined) return;
  if (input.group_id_for_saml !== undefined) {
    // A group SAML identity is scoped by the group's SAML provider, one per user and provider.
    const provider = core.db.prepare('SELECT id FROM saml_providers WHERE group_id = ?').get(input.group_id_for_saml) as { id: number } | undefined;
    if (!provider) throw validationError({ 'identities.saml_provider': ["can't be blank"] });
    const taken = core.db.prepare('SELECT user_id FROM identities WHERE saml_provider_id = ? AND extern_uid = ?').get(provider.id, input.extern_uid) as { user_id: number } | undefined;
    if (taken && taken.user_id !== userId) throw validationError({ 'identities.extern_uid': ['has already been taken'] });
    core.db.prepare('DELETE FROM identities WHERE saml_provider_id = ? AND user_id = ?').run(provider.id, userId);
    core.db
      .prepare('INSERT INTO identities (user_id, provider, extern_uid, saml_provider_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(userId, input.provider, input.extern_uid, provider.id, core.nowIso());
    return;
  }
  core.db
    .prepare(
      `INSERT INTO identities (user_id, provider, extern_uid, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, provider) WHERE saml_provider_id IS NULL DO UPDATE SET extern_uid = excluded.extern_uid`,
    )
    .run(userId, input.provider, input.extern_uid, core.nowIso());
}

/** A user's identities as one comparable text (provider, extern uid, SAML provider of each). */
const identitiesOf = (core: CoreState, userId: number): string =>
  (core.db.prepare("SELECT group_concat(provider || ' ' || extern_uid || ' ' || ifnull(saml_provider_id, ''), char(10)) AS t FROM (SELECT * FROM identities WHERE user_id = ? ORDER BY id)").get(userId) as { t: string | null }).t ?? '';

export function updateUser(core: CoreState, user: UserRow, input: UserInput): UserRow {
  validate(input);
  const digest = input.password === undefined ? undefined : (input.passwordDigest ?? hashPassword(input.password, core.settings.passwordHashCost));
  return core.tx(() => {
    checkUnique(core, input, user.id);
    const now = core.nowIso();
    if (input.username !== undefined && input.username !== user.username) {
      renamePersonalProjects(core, user, input.username);
      core.db.prepare('UPDATE users SET username = ?, username_lower = ? WHERE id = ?').run(input.username, input.username.toLowerCase(), user.id);
      core.db
        .prepare("UPDATE namespaces SET path = ?, full_path = ?, full_path_lower = ?, updated_at = ? WHERE kind = 'user' AND owner_id = ?")
        .run(input.username, input.username, input.username.toLowerCase(), now, user.id);
    }
    if (input.email !== undefined) core.db.prepare('UPDATE users SET email = ?, email_lower = ? WHERE id = ?').run(input.email, input.email.toLowerCase(), user.id);
    if (input.name !== undefined) {
      core.db.prepare('UPDATE users SET name = ? WHERE id = ?').run(input.name, user.id);
      core.db.prepare("UPDATE namespaces SET name = ?, full_name = ? WHERE kind = 'user' AND owner_id = ?").run(input.name, input.name, user.id);
    }
    if (digest !== undefined) core.db.prepare('UPDATE users SET password_digest = ? WHERE id = ?').run(digest, user.id);
    applyColumns(core, user.id, input);
    if (input.avatar !== undefined) storeAvatar(core, user.id, input.avatar);
    const identities = input.provider === undefined ? '' : identitiesOf(core, user.id);
    setIdentity(core, user.id, input);
    if (input.provider !== undefined && identitiesOf(core, user.id) !== identities) {
      recordAudit(core, { name: 'user_identity_updated', entity: { type: 'User', id: user.id }, change: { what: `${input.provider} identity`, to: input.extern_uid ?? null } });
    }
    core.db.prepare('UPDATE users SET updated_at = ? WHERE id = ?').run(now, user.id);
    const after = core.db.prepare('SELECT * FROM users WHERE id = ?').get(user.id) as UserRow;
    auditUserUpdate(core, user, after);
    return after;
  });
}

/** The personal projects of a renamed user keep answering at their old paths (redirects). */
function renamePersonalProjects(core: CoreState, user: UserRow, newUsername: string): void {
  const projects = core.db
    .prepare("SELECT p.id, p.path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.kind = 'user' AND n.owner_id = ?")
    .all(user.id) as { id: number; path: string }[];
  const claim = core.db.prepare('DELETE FROM redirect_routes WHERE path_lower = ?');
  for (const p of projects) {
    recordRedirect(core, `${user.username}/${p.path}`, p.id);
    claim.run(`${newUsername}/${p.path}`.toLowerCase());
  }
}

/** The hash of a request's password (or of a random one), made off the event loop. */
export async function passwordDigestFor(core: CoreState, input: { password?: string; passwordDigest?: string }): Promise<string> {
  return input.passwordDigest ?? hashPasswordAsync(input.password ?? generateTokenSecret(), core.settings.passwordHashCost);
}
