// Users: create, list (offset or keyset), get, update, delete, block/unblock, identities, and
// the current user.
import { removeRepositories, userRepositories } from '../../resources/owned-repositories.js';
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { conflict, failure, forbidden, notFound, routeNotFound } from '../../http/errors.js';
import { cappedCount, decodeCursor, encodeCursor, keysetReply, paginate, pageWindow } from '../../http/pagination.js';
import { idParam, searchParam, type ParamDecl } from '../../http/params.js';
import { created, noContent, rawReply, unsniffable } from '../../http/reply.js';
import type { UserRow } from '../../db/rows.js';
import { userSearch } from './user-search.js';
import { findUser, userByRef } from '../../resources/find.js';
import { presentUserBasic, presentUserPublic, presentUserWithAdmin, UserFacts } from './present.js';
import { createUser, passwordDigestFor, updateUser, validate, type UserInput } from './service.js';
import { isAdmin } from '../../auth/policy.js';
import { recordAudit } from '../../audit/record.js';

const ORDERS = ['id', 'name', 'username', 'created_at', 'updated_at'] as const;

const profileParams: ParamDecl[] = [
  { name: 'email', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'username', type: 'string' },
  { name: 'password', type: 'string' },
  { name: 'admin', type: 'boolean' },
  { name: 'external', type: 'boolean' },
  { name: 'bio', type: 'string' },
  { name: 'location', type: 'string' },
  { name: 'public_email', type: 'string' },
  { name: 'linkedin', type: 'string' },
  { name: 'twitter', type: 'string' },
  { name: 'website_url', type: 'string' },
  { name: 'organization', type: 'string' },
  { name: 'job_title', type: 'string' },
  { name: 'pronouns', type: 'string' },
  { name: 'note', type: 'string' },
  { name: 'projects_limit', type: 'integer' },
  { name: 'can_create_group', type: 'boolean' },
  { name: 'private_profile', type: 'boolean' },
  { name: 'commit_email', type: 'string' },
  { name: 'skip_confirmation', type: 'boolean' },
  { name: 'provider', type: 'string' },
  { name: 'extern_uid', type: 'string' },
  { name: 'group_id_for_saml', type: 'integer' },
  // Multipart only: an image (png, jpg, jpeg, gif, bmp, tiff, ico, webp) of at most 200 KiB.
  { name: 'avatar', type: 'file' },
];

const AVATAR_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  webp: 'image/webp',
};

const requireAdmin = (ctx: RequestContext): UserRow => {
  const user = currentUser(ctx);
  if (!isAdmin(user)) throw forbidden();
  return user;
};

/** One user as the platform shows it: the admin view to administrators, the public one to others. */
const present = (ctx: RequestContext, u: UserRow) => (isAdmin(ctx.actor) ? presentUserWithAdmin(ctx.core, u) : presentUserPublic(ctx.core, u));

/** `/users/:id` takes numeric ids only; any other segment matches no endpoint. */
function userOfPath(ctx: RequestContext): UserRow {
  if (typeof ctx.params.id !== 'number') throw routeNotFound();
  return findUser(ctx);
}

/** True when the user is the only Owner of some group (such users are kept unless hard_delete). */
function soleGroupOwner(ctx: RequestContext, user: UserRow): boolean {
  return !!ctx.core.db
    .prepare(
      `SELECT 1 FROM members m WHERE m.source_type = 'namespace' AND m.user_id = ? AND m.access_level >= 50
         AND NOT EXISTS (SELECT 1 FROM members o WHERE o.source_type = 'namespace' AND o.source_id = m.source_id AND o.access_level >= 50 AND o.user_id <> m.user_id)
       LIMIT 1`,
    )
    .get(user.id);
}

function listUsers(ctx: RequestContext) {
  const admin = isAdmin(ctx.actor);
  // Ordering and the time filters are administrators' tools; others get them ignored.
  const p = admin ? ctx.params : Object.assign({}, ctx.params, { created_after: undefined, created_before: undefined, order_by: undefined, sort: undefined, two_factor: undefined });
  if (!ctx.actor && p.username === undefined) throw forbidden('Not authorized to access /api/v4/users');
  // Lists show administrators the admin view, everyone else the basic one; the admin view's
  // facts are read once for the page's users (a keyset page's look-ahead row included).
  const presenterFor = (rows: readonly UserRow[]): ((u: UserRow) => unknown) => {
    if (!admin) return (u) => presentUserBasic(ctx.core, u);
    const facts = new UserFacts(ctx.core, rows.map((u) => u.id));
    return (u) => presentUserWithAdmin(ctx.core, u, facts);
  };
  const where: string[] = [];
  const args: unknown[] = [];
  if (p.username !== undefined) {
    where.push('username_lower = ?');
    args.push(String(p.username).toLowerCase());
  }
  if (p.search) {
    // Only administrators find users by their private email; others by the public one alone.
    const search = userSearch(String(p.search), { emails: admin ? 'private' : 'public' });
    // The trigram index (a term of three characters or more) finds the candidates, with the
    // one private email equal to the term; the condition decides, as without it.
    if (search.index !== undefined) {
      where.push(`id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?${search.email !== undefined ? ' UNION ALL SELECT id FROM users WHERE email_lower = ?' : ''})`);
      args.push(search.index, ...(search.email !== undefined ? [search.email] : []));
    }
    where.push(search.sql);
    args.push(...search.args);
  }
  if (p.active === true) where.push("state = 'active'");
  if (p.blocked === true) where.push("state = 'blocked'");
  if (p.external === true) where.push('external = 1');
  if (p.admins === true) where.push('is_admin = 1');
  if (p.two_factor === 'enabled') where.push('two_factor_enabled = 1');
  if (p.two_factor === 'disabled') where.push('two_factor_enabled = 0');
  if (p.created_after) {
    where.push('created_at > ?');
    args.push(p.created_after);
  }
  if (p.created_before) {
    where.push('created_at < ?');
    args.push(p.created_before);
  }
  if (p.extern_uid !== undefined || p.provider !== undefined) {
    if (!admin) throw forbidden();
    where.push('id IN (SELECT user_id FROM identities WHERE provider = ? AND extern_uid = ?)');
    args.push(p.provider, p.extern_uid);
  }
  const orderBy = (p.order_by as string) ?? 'id';
  const sort = (p.sort as string) ?? 'desc';
  const dir = sort === 'asc' ? 'ASC' : 'DESC';
  if (p.pagination === 'keyset') {
    const perPage = pageWindow(ctx).perPage;
    if (typeof p.cursor === 'string') {
      const c = decodeCursor(p.cursor, orderBy === 'id' ? ['id'] : ['value', 'id']);
      const cmp = dir === 'ASC' ? '>' : '<';
      where.push(orderBy === 'id' ? `id ${cmp} ?` : `(${orderBy} ${cmp} ? OR (${orderBy} = ? AND id ${cmp} ?))`);
      if (orderBy === 'id') args.push(c.id);
      else args.push(c.value, c.value, c.id);
    }
    const sql = `SELECT * FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderBy} ${dir}, id ${dir} LIMIT ?`;
    const rows = ctx.core.db.prepare(sql).all(...args, perPage + 1) as UserRow[];
    return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ value: last[orderBy as keyof UserRow], id: last.id }) }), presenterFor(rows), 'lookahead');
  }
  const base = `SELECT * FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  return paginate(
    ctx,
    // Unfiltered, the kept count answers without walking up to 10,001 rows.
    (cap) =>
      where.length === 0
        ? Math.min(cap, (ctx.core.db.prepare('SELECT n FROM user_count').get() as { n: number }).n)
        : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n,
    (limit, offset) => {
      const rows = ctx.core.db.prepare(`${base} ORDER BY ${orderBy} ${dir}, id ${dir} LIMIT ? OFFSET ?`).all(...args, limit, offset) as UserRow[];
      return rows.map(presenterFor(rows));
    },
    { offsetLimitType: 'User' },
  );
}

/**
 * Block or unblock, answered as the platform does: 201 with `true` for a change; blocking a
 * blocked user changes nothing and answers 201 with `null`; unblocking a user who is not
 * blocked answers 201 with `false` (its state machine has no such transition).
 */
function setState(ctx: RequestContext, state: 'blocked' | 'active') {
  const admin = requireAdmin(ctx);
  const user = userOfPath(ctx);
  if (state === 'blocked' && user.id === admin.id) throw forbidden('The API initiating user cannot be blocked by the API');
  if (state === 'blocked' && user.state === 'blocked') return created(null);
  if (state === 'active' && user.state !== 'blocked') return created(false);
  const core = ctx.core;
  core.tx(() => {
    core.db.prepare('UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(state, core.nowIso(), user.id);
    recordAudit(core, { name: state === 'blocked' ? 'user_blocked' : 'unblock_user', entity: { type: 'User', id: user.id, path: user.username }, change: { what: 'state', from: user.state, to: state } });
  });
  return created(true);
}

/**
 * Ban or unban, as the platform's ban services answer: 201 `true` on a change; banning a user
 * who is not active, or unbanning one who is not banned, is refused with 403 and the reason.
 */
function setBanned(ctx: RequestContext, ban: boolean) {
  const admin = requireAdmin(ctx);
  const user = userOfPath(ctx);
  if (ban && user.id === admin.id) throw forbidden('You cannot ban yourself.');
  const allowed = ban ? user.state === 'active' : user.state === 'banned';
  if (!allowed) throw failure(403, `You cannot ${ban ? 'ban' : 'unban'} ${user.state} users.`);
  ctx.core.tx(() => {
    const to = ban ? 'banned' : 'active';
    ctx.core.db.prepare('UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(to, ctx.core.nowIso(), user.id);
    recordAudit(ctx.core, { name: ban ? 'ban_user' : 'unban_user', entity: { type: 'User', id: user.id, path: user.username }, change: { what: 'state', from: user.state, to } });
  });
  return created(true);
}

/** Direct memberships (the platform's Membership entity), projects and groups by member id. */
function userMemberships(ctx: RequestContext, user: UserRow, type: 'Project' | 'Namespace' | undefined) {
  const where = ['m.user_id = ?'];
  if (type === 'Project') where.push("m.source_type = 'project'");
  if (type === 'Namespace') where.push("m.source_type = 'namespace'");
  const sql = `SELECT m.id, m.source_type, m.source_id, m.access_level,
      CASE WHEN m.source_type = 'project' THEN p.name ELSE n.name END AS source_name
    FROM members m
    LEFT JOIN projects p ON m.source_type = 'project' AND p.id = m.source_id
    LEFT JOIN namespaces n ON m.source_type = 'namespace' AND n.id = m.source_id
    WHERE ${where.join(' AND ')}`;
  type Row = { id: number; source_type: string; source_id: number; access_level: number; source_name: string | null };
  return paginate(
    ctx,
    (cap) => (ctx.core.db.prepare(cappedCount(sql, cap)).get(user.id) as { n: number }).n,
    (limit, offset) =>
      (ctx.core.db.prepare(`${sql} ORDER BY m.id LIMIT ? OFFSET ?`).all(user.id, limit, offset) as Row[]).map((r) => ({
        source_id: r.source_id,
        source_name: r.source_name,
        source_type: r.source_type === 'project' ? 'Project' : 'Namespace',
        access_level: r.access_level,
      })),
  );
}

export const userRoutes: RouteDef[] = defineRoutes([
  {
    method: 'GET',
    path: '/users',
    summary: 'List users',
    auth: 'optional',
    paginated: true,
    params: [
      { name: 'username', type: 'string' },
      searchParam(),
      { name: 'active', type: 'boolean' },
      { name: 'blocked', type: 'boolean' },
      { name: 'external', type: 'boolean' },
      { name: 'admins', type: 'boolean' },
      { name: 'two_factor', type: 'string', values: ['enabled', 'disabled'] },
      { name: 'extern_uid', type: 'string' },
      { name: 'provider', type: 'string' },
      { name: 'created_after', type: 'datetime' },
      { name: 'created_before', type: 'datetime' },
      { name: 'order_by', type: 'string', values: ORDERS },
      { name: 'sort', type: 'string', values: ['asc', 'desc'] },
      { name: 'pagination', type: 'string', values: ['keyset', 'offset'] },
      { name: 'cursor', type: 'string' },
    ],
    rules: [{ allOrNoneOf: ['extern_uid', 'provider'] }],
    handler: listUsers,
  },
  {
    method: 'POST',
    path: '/users',
    summary: 'Create a user (administrators)',
    params: [
      ...profileParams.filter((d) => !['email', 'name', 'username'].includes(d.name)),
      { name: 'email', type: 'string', required: true },
      { name: 'name', type: 'string', required: true },
      { name: 'username', type: 'string', required: true },
      { name: 'reset_password', type: 'boolean' },
      { name: 'force_random_password', type: 'boolean' },
    ],
    rules: [{ atLeastOneOf: ['password', 'reset_password', 'force_random_password'] }, { allOrNoneOf: ['extern_uid', 'provider'] }],
    handler: async (ctx) => {
      requireAdmin(ctx);
      const input = ctx.params as unknown as UserInput & { username: string; email: string; name: string };
      validate(input);
      const passwordDigest = await passwordDigestFor(ctx.core, input);
      // Hashed outside the write: it takes this process's write turn only once the hash is made.
      const user = await ctx.core.write(() => createUser(ctx.core, { ...input, passwordDigest }));
      return created(presentUserWithAdmin(ctx.core, user));
    },
  },
  {
    method: 'GET',
    path: '/user',
    summary: 'The current user',
    scopes: ['read_user'],
    handler: (ctx) => presentUserWithAdmin(ctx.core, currentUser(ctx)),
  },
  {
    method: 'GET',
    path: '/users/:id',
    summary: 'Get a user',
    auth: 'optional',
    params: [idParam],
    handler: (ctx) => {
      if (!ctx.actor) throw forbidden('Not authorized!');
      return present(ctx, userOfPath(ctx));
    },
  },
  {
    method: 'PUT',
    path: '/users/:id',
    summary: 'Update a user (administrators)',
    params: [idParam, ...profileParams],
    rules: [{ allOrNoneOf: ['extern_uid', 'provider'] }],
    handler: async (ctx) => {
      requireAdmin(ctx);
      const user = userOfPath(ctx);
      const input = ctx.params as unknown as UserInput;
      validate(input);
      const digest = input.password === undefined ? {} : { passwordDigest: await passwordDigestFor(ctx.core, input) };
      return presentUserWithAdmin(ctx.core, await ctx.core.write(() => updateUser(ctx.core, user, { ...input, ...digest })));
    },
  },
  {
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Delete a user (administrators)',
    params: [idParam, { name: 'hard_delete', type: 'boolean' }],
    handler: (ctx) => {
      const admin = requireAdmin(ctx);
      const user = userOfPath(ctx);
      if (user.id === admin.id) throw forbidden('You cannot delete yourself');
      if (ctx.params.hard_delete !== true && soleGroupOwner(ctx, user)) throw conflict('User cannot be removed while is the sole-owner of a group');
      // The user's namespaces, their projects and the user's snippets go with the row; so do
      // their repositories, once the deletion has committed.
      const repos = userRepositories(ctx.core, user.id);
      ctx.core.tx(() => {
        recordAudit(ctx.core, { name: 'user_destroyed', entity: { type: 'User', id: user.id, path: user.username }, message: `Deleted user ${user.username}` });
        ctx.core.db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
      });
      removeRepositories(ctx.core, repos);
      return noContent();
    },
  },
  {
    method: 'DELETE',
    path: '/users/:id/identities/:provider',
    summary: "Delete a user's identity for a provider (administrators)",
    params: [idParam, { name: 'provider', type: 'string', required: true }],
    handler: (ctx) => {
      requireAdmin(ctx);
      const user = userOfPath(ctx);
      ctx.core.tx(() => {
        const info = ctx.core.db.prepare('DELETE FROM identities WHERE user_id = ? AND provider = ?').run(user.id, ctx.params.provider);
        if (info.changes === 0) throw notFound('Identity');
        recordAudit(ctx.core, { name: 'user_identity_deleted', entity: { type: 'User', id: user.id, path: user.username }, message: `Removed ${String(ctx.params.provider)} identity` });
      });
      return noContent();
    },
  },
  {
    method: 'PUT',
    path: '/hostctl/users/:id/two_factor',
    summary: "Set a user's two-factor state for local data (hostctl extension; administrators)",
    params: [idParam, { name: 'enabled', type: 'boolean', required: true }],
    handler: (ctx) => {
      requireAdmin(ctx);
      const user = userOfPath(ctx);
      ctx.core.tx(() => {
        ctx.core.db.prepare('UPDATE users SET two_factor_enabled = ?, updated_at = ? WHERE id = ?').run(ctx.params.enabled ? 1 : 0, ctx.core.nowIso(), user.id);
        const to = ctx.params.enabled === true;
        if (to !== (user.two_factor_enabled === 1)) recordAudit(ctx.core, { name: to ? 'user_enable_two_factor' : 'user_disable_two_factor', entity: { type: 'User', id: user.id, path: user.username }, change: { what: 'two factor enabled', from: !to, to } });
      });
      return presentUserWithAdmin(ctx.core, ctx.core.db.prepare('SELECT * FROM users WHERE id = ?').get(user.id) as UserRow);
    },
  },
  {
    method: 'GET',
    path: '/hostctl/users/:id/avatar',
    // Where `avatar_url` (/uploads/-/system/user/avatar/:id/:file) leads: serve answers that
    // web path from here. Avatars are public, as on the platform.
    summary: "A user's stored avatar image (hostctl extension; what avatar_url serves)",
    auth: 'optional',
    params: [{ name: 'id', type: 'integer', required: true }],
    handler: (ctx) => {
      const row = ctx.core.db.prepare('SELECT filename, data FROM user_avatars WHERE user_id = ?').get(ctx.params.id) as { filename: string; data: Buffer } | undefined;
      if (!row) throw notFound('Avatar');
      const ext = /\.([^.]+)$/.exec(row.filename)?.[1]?.toLowerCase() ?? '';
      const { 'content-type': type, ...rest } = unsniffable(AVATAR_TYPES[ext] ?? 'application/octet-stream');
      return rawReply(new Uint8Array(row.data), type as string, Object.assign(rest, { 'cache-control': 'private, no-cache' }));
    },
  },
  { method: 'POST', path: '/users/:id/ban', summary: 'Ban a user (administrators)', params: [idParam], handler: (ctx) => setBanned(ctx, true) },
  { method: 'POST', path: '/users/:id/unban', summary: 'Unban a user (administrators)', params: [idParam], handler: (ctx) => setBanned(ctx, false) },
  {
    method: 'GET',
    path: '/users/:user_id/memberships',
    summary: "A user's direct memberships of projects and groups (administrators)",
    paginated: true,
    params: [{ name: 'user_id', type: 'integer', required: true }, { name: 'type', type: 'string', values: ['Project', 'Namespace'] }],
    handler: (ctx) => {
      requireAdmin(ctx);
      const user = userByRef(ctx.core, ctx.params.user_id as number);
      if (!user) throw notFound('User');
      return userMemberships(ctx, user, ctx.params.type as 'Project' | 'Namespace' | undefined);
    },
  },
  { method: 'POST', path: '/users/:id/block', summary: 'Block a user (administrators)', params: [idParam], handler: (ctx) => setState(ctx, 'blocked') },
  { method: 'POST', path: '/users/:id/unblock', summary: 'Unblock a user (administrators)', params: [idParam], handler: (ctx) => setState(ctx, 'active') },
]);

