// Members of projects and groups: list (direct or with inherited), get, add (one user, or a
// comma-separated list), change and remove. One table serves both `/projects/:id/members` and
// `/groups/:id/members`.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { conflict, notFound, recordNotFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { idParam, searchParam, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import type { UserRow } from '../../db/rows.js';
import { findGroup, findProject, userByRef } from '../../resources/find.js';
import { creatorLookup, presentMember, type CreatorLookup } from './present.js';
import { countMembers, directMember, findMember, memberSources, pageMembers, queryCandidates, type MemberFilter, type MemberWithUser, type Source } from './queries.js';
import { addMember, addMembers, removeMember, updateMember } from './service.js';

type Kind = 'projects' | 'groups';

const userIdParam: ParamDecl = { name: 'user_id', type: 'integer', required: true };

/** The source of `:id`; with `admin`, the caller must be able to manage its members (403 otherwise). */
function sourceFor(ctx: RequestContext, kind: Kind, admin: boolean): Source {
  if (kind === 'projects') return { type: 'project', project: findProject(ctx, admin ? 'admin_project_member' : 'read_project') };
  return { type: 'namespace', group: findGroup(ctx, admin ? 'admin_group_member' : 'read_group') };
}

function filterOf(ctx: RequestContext): MemberFilter {
  const p = ctx.params;
  const filter: MemberFilter = {};
  if (typeof p.query === 'string' && p.query !== '') filter.query = p.query;
  if (p.user_ids !== undefined) filter.userIds = p.user_ids as number[];
  if (p.skip_users !== undefined) filter.skipUsers = p.skip_users as number[];
  return filter;
}

/** One member as answered; a list page passes its one creator look-up. */
const show = (ctx: RequestContext, m: MemberWithUser, creator?: CreatorLookup) => presentMember(ctx.core, m, m.user, creator);

/** A page of members, counted and fetched in SQL. Nobody is awaiting approval on this instance. */
function listMembers(ctx: RequestContext, kind: Kind, inherited: boolean) {
  const keys = memberSources(ctx.core, sourceFor(ctx, kind, false), inherited, ctx.actor);
  const filter = filterOf(ctx);
  const none = ctx.params.state === 'awaiting';
  // Looked up once for the count and the page.
  const candidates = none ? undefined : queryCandidates(ctx.core, keys, filter);
  return paginate(
    ctx,
    (cap) => (none ? 0 : countMembers(ctx.core, keys, filter, cap, candidates)),
    (limit, offset) => {
      if (none) return [];
      const creator = creatorLookup(ctx.core);
      return pageMembers(ctx.core, keys, inherited, filter, limit, offset, candidates).map((m) => show(ctx, m, creator));
    },
  );
}

function memberOrNotFound(ctx: RequestContext, kind: Kind, inherited: boolean): MemberWithUser {
  const m = findMember(ctx.core, memberSources(ctx.core, sourceFor(ctx, kind, false), inherited, ctx.actor), ctx.params.user_id as number);
  if (!m) throw recordNotFound();
  return m;
}

function withUser(ctx: RequestContext, s: Source, userId: number): MemberWithUser {
  const m = directMember(ctx.core, s, userId);
  const user = m ? userByRef(ctx.core, m.user_id) : undefined;
  if (!m || !user) throw recordNotFound();
  return Object.assign(m, { user });
}

function add(ctx: RequestContext, kind: Kind) {
  const actor = currentUser(ctx);
  const s = sourceFor(ctx, kind, true);
  const p = ctx.params;
  const raw = String(p.user_id ?? p.username);
  const change = { accessLevel: p.access_level as number, expiresAt: (p.expires_at as string | undefined) ?? null };
  if (raw.includes(',')) {
    const refs = raw.split(',').map((r) => r.trim()).filter(Boolean);
    const users = refs.map((r) => userByRef(ctx.core, p.user_id !== undefined && /^\d+$/.test(r) ? Number(r) : r) ?? r);
    return created(addMembers(ctx.core, actor, s, users, change));
  }
  const user: UserRow | undefined = p.user_id !== undefined ? (/^\d+$/.test(raw) ? userByRef(ctx.core, Number(raw)) : undefined) : userByRef(ctx.core, raw);
  if (!user) throw notFound('User');
  if (directMember(ctx.core, s, user.id)) throw conflict('Member already exists');
  const member = addMember(ctx.core, actor, s, user, change);
  return created(presentMember(ctx.core, member, user));
}

function routesFor(kind: Kind): RouteDef[] {
  const base = `/${kind}/:id/members`;
  const noun = kind === 'projects' ? 'project' : 'group';
  return [
    {
      method: 'GET',
      path: base,
      summary: `List the direct members of a ${noun}`,
      paginated: true,
      params: [idParam, searchParam('query'), { name: 'user_ids', type: 'integer[]' }, { name: 'skip_users', type: 'integer[]' }, { name: 'show_seat_info', type: 'boolean' }],
      handler: (ctx) => listMembers(ctx, kind, false),
    },
    {
      method: 'GET',
      path: `${base}/all`,
      summary: `List the members of a ${noun}, including inherited and invited ones`,
      paginated: true,
      params: [
        idParam,
        searchParam('query'),
        { name: 'user_ids', type: 'integer[]' },
        { name: 'show_seat_info', type: 'boolean' },
        { name: 'state', type: 'string', values: ['awaiting', 'active'] },
      ],
      handler: (ctx) => listMembers(ctx, kind, true),
    },
    {
      method: 'GET',
      path: `${base}/all/:user_id`,
      summary: `Get a member of a ${noun}, including inherited and invited ones`,
      params: [idParam, userIdParam],
      handler: (ctx) => show(ctx, memberOrNotFound(ctx, kind, true)),
    },
    {
      method: 'GET',
      path: `${base}/:user_id`,
      summary: `Get a direct member of a ${noun}`,
      params: [idParam, userIdParam],
      handler: (ctx) => show(ctx, memberOrNotFound(ctx, kind, false)),
    },
    {
      method: 'POST',
      path: base,
      summary: `Add a member (or several, comma-separated) to a ${noun}`,
      params: [
        idParam,
        { name: 'user_id', type: 'string' },
        { name: 'username', type: 'string' },
        { name: 'access_level', type: 'integer', required: true },
        { name: 'expires_at', type: 'date' },
        { name: 'invite_source', type: 'string' },
        { name: 'member_role_id', type: 'integer' },
      ],
      rules: [{ atLeastOneOf: ['user_id', 'username'] }, { mutuallyExclusive: ['user_id', 'username'] }],
      handler: (ctx) => add(ctx, kind),
    },
    {
      method: 'PUT',
      path: `${base}/:user_id`,
      summary: `Change a member of a ${noun}`,
      params: [idParam, userIdParam, { name: 'access_level', type: 'integer', required: true }, { name: 'expires_at', type: 'date' }, { name: 'member_role_id', type: 'integer' }],
      handler: (ctx) => {
        const actor = currentUser(ctx);
        const s = sourceFor(ctx, kind, true);
        const existing = withUser(ctx, s, ctx.params.user_id as number);
        const change: { accessLevel: number; expiresAt?: string | null } = { accessLevel: ctx.params.access_level as number };
        if (ctx.params.expires_at !== undefined) change.expiresAt = ctx.params.expires_at as string | null;
        const member = updateMember(ctx.core, actor, s, existing, change);
        return presentMember(ctx.core, member, existing.user);
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:user_id`,
      summary: `Remove a member from a ${noun} (members may remove themselves)`,
      params: [idParam, userIdParam, { name: 'skip_subresources', type: 'boolean' }, { name: 'unassign_issuables', type: 'boolean' }],
      handler: (ctx) => {
        const actor = currentUser(ctx);
        const self = actor.id === ctx.params.user_id;
        const s = sourceFor(ctx, kind, !self);
        const existing = withUser(ctx, s, ctx.params.user_id as number);
        removeMember(ctx.core, actor, s, existing);
        return noContent();
      },
    },
  ];
}

export const memberRoutes: RouteDef[] = defineRoutes([...routesFor('projects'), ...routesFor('groups')]);
