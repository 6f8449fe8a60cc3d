// Personal access tokens: list, get, create (admin for a user, or self), rotate, revoke,
// and the associations of the calling token.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { ApiError, forbidden, insufficientScope, methodNotAllowed, notFound, recordNotFound, unauthorized } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { squishedSearchParam } from '../../http/params.js';
import { readTx } from '../../db/connection.js';
import { OrderedList, orderKeys } from '../../db/page-starts.js';
import { created, jsonBytesReply, noContent, ok } from '../../http/reply.js';
import { addDays, isoDate } from '../../clock.js';
import type { TokenRow } from '../../db/rows.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { userByRef } from '../../resources/find.js';
import { presentToken, presentTokenBytes } from './present.js';
import { isUnfiltered, keptTokenCount, tokenById, tokenListSql } from './queries.js';
import { createToken, revokeToken, rotateToken, TOKEN_SCOPES } from './service.js';
import { listAssociations } from './associations.js';
import { impersonationTokenRoutes } from './impersonation.js';
import { isAdmin } from '../../auth/policy.js';

const idParam = { name: 'id', type: 'id' as const, required: true, check: (v: unknown) => (typeof v === 'string' && v !== 'self' ? 'id is invalid' : undefined) };

const createParams = [
  { name: 'name', type: 'string' as const, required: true },
  { name: 'scopes', type: 'string[]' as const, required: true, values: TOKEN_SCOPES, commaSeparated: true },
  { name: 'description', type: 'string' as const },
  { name: 'expires_at', type: 'date' as const },
];

/** The token `:id` names, under the platform's visibility rules (non-admins: 401 for others'). */
function tokenFor(ctx: RequestContext): TokenRow {
  const user = currentUser(ctx);
  if (ctx.params.id === 'self') {
    if (!ctx.token) throw badTokenType();
    return ctx.token;
  }
  const token = tokenById(ctx.core, ctx.params.id as number);
  if (isAdmin(user)) {
    if (!token) throw notFound();
    return token;
  }
  if (!token || token.user_id !== user.id || token.impersonation) throw unauthorized();
  return token;
}

const badTokenType = () => new ApiError(400, { message: '400 Bad request - This endpoint requires token type to be a personal access token' });

export const tokenRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/personal_access_tokens',
    summary: 'List personal access tokens',
    paginated: true,
    params: [
      { name: 'user_id', type: 'id' },
      { name: 'created_after', type: 'datetime' },
      { name: 'created_before', type: 'datetime' },
      { name: 'expires_after', type: 'date' },
      { name: 'expires_before', type: 'date' },
      { name: 'last_used_after', type: 'datetime' },
      { name: 'last_used_before', type: 'datetime' },
      { name: 'revoked', type: 'boolean' },
      squishedSearchParam(),
      // Any string: the platform applies the sorts it knows (TOKEN_SORTS) and ignores the rest.
      { name: 'sort', type: 'string' },
      { name: 'state', type: 'string', values: ['active', 'inactive'] },
    ],
    handler: (ctx) => {
      const user = currentUser(ctx);
      let userId: number | undefined;
      if (ctx.params.user_id !== undefined) {
        const target = userByRef(ctx.core, ctx.params.user_id as string | number);
        if (!isAdmin(user)) {
          if (!target || target.id !== user.id) throw unauthorized();
        } else if (!target) throw notFound();
        userId = target.id;
      } else if (!isAdmin(user)) userId = user.id;
      const p = ctx.params;
      const filter = {
        userId,
        createdAfter: p.created_after as string | undefined,
        createdBefore: p.created_before as string | undefined,
        expiresAfter: p.expires_after as string | undefined,
        expiresBefore: p.expires_before as string | undefined,
        lastUsedAfter: p.last_used_after as string | undefined,
        lastUsedBefore: p.last_used_before as string | undefined,
        revoked: p.revoked as boolean | undefined,
        search: p.search as string | undefined,
        state: p.state as 'active' | 'inactive' | undefined,
        sort: p.sort as string | undefined,
        today: isoDate(ctx.now()),
      };
      const { where, args, order } = tokenListSql(filter);
      const base = `SELECT * FROM personal_access_tokens WHERE ${where}`;
      const now = ctx.now();
      // Orders of NOT NULL columns, one way, seek from a remembered page start (src/core/db/page-starts.ts).
      const keyed = orderKeys(order);
      const starts = new OrderedList(ctx.core.db, `${base} ORDER BY ${order}\n${JSON.stringify(args)}`, keyed?.keys ?? ['id'], keyed?.descending ?? false, keyed !== undefined);
      return readTx(ctx.core.db, () =>
        paginate(
          ctx,
          (cap) =>
            isUnfiltered(filter)
              ? Math.min(cap, keptTokenCount(ctx.core, userId))
              : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n,
          (limit, offset) =>
            // The window's ids from an index, then only its rows: skipped rows are never read.
            starts
              .window(
                limit,
                offset,
                (seek, n) =>
                  ctx.core.db
                    .prepare(
                      `SELECT *, ${starts.keyColumns} FROM personal_access_tokens WHERE id IN (SELECT id FROM personal_access_tokens WHERE ${where}${seek.condition} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
                    )
                    .all(...args, seek.params, n, seek.offset) as (TokenRow & Record<string, unknown>)[],
              )
              .map((r) => presentToken(r, now)),
        ),
      );
    },
  },
  {
    method: 'GET',
    path: '/personal_access_tokens/self',
    summary: 'Get the token used for this request',
    scopes: ['*'],
    handler: (ctx) => {
      currentUser(ctx);
      if (!ctx.token) throw badTokenType();
      return jsonBytesReply(presentTokenBytes(ctx.token, ctx.now()));
    },
  },
  {
    method: 'GET',
    path: '/personal_access_tokens/self/associations',
    summary: 'Groups and projects the calling token can reach',
    scopes: ['*'],
    paginated: true,
    params: [{ name: 'min_access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS }],
    handler: (ctx) => listAssociations(ctx, currentUser(ctx)),
  },
  {
    method: 'GET',
    path: '/personal_access_tokens/:id',
    summary: 'Get a personal access token',
    params: [idParam],
    handler: (ctx) => presentToken(tokenFor(ctx), ctx.now()),
  },
  {
    method: 'POST',
    path: '/personal_access_tokens/self/rotate',
    summary: 'Rotate the token used for this request',
    scopes: ['self_rotate'],
    params: [{ name: 'expires_at', type: 'date' }],
    handler: (ctx) => {
      const user = currentUser(ctx);
      if (!ctx.token) throw methodNotAllowed();
      if (user.bot === 1) throw methodNotAllowed();
      const scopes = JSON.parse(ctx.token.scopes) as string[];
      if (!scopes.includes('api') && !scopes.includes('self_rotate')) throw insufficientScope(['api', 'self_rotate']);
      const { row, secret } = rotateToken(ctx.core, ctx.token, ctx.params.expires_at as string | undefined);
      return ok(presentToken(row, ctx.now(), secret));
    },
  },
  {
    method: 'POST',
    path: '/personal_access_tokens/:id/rotate',
    summary: 'Rotate a personal access token',
    params: [idParam, { name: 'expires_at', type: 'date' }],
    handler: (ctx) => {
      const token = tokenFor(ctx);
      const owner = userByRef(ctx.core, token.user_id);
      if (owner?.bot === 1) throw methodNotAllowed();
      const { row, secret } = rotateToken(ctx.core, token, ctx.params.expires_at as string | undefined);
      return ok(presentToken(row, ctx.now(), secret));
    },
  },
  {
    method: 'DELETE',
    path: '/personal_access_tokens/self',
    summary: 'Revoke the token used for this request',
    scopes: ['*'],
    handler: (ctx) => {
      currentUser(ctx);
      if (!ctx.token) throw badTokenType();
      revokeToken(ctx.core, ctx.token);
      return noContent();
    },
  },
  {
    method: 'DELETE',
    path: '/personal_access_tokens/:id',
    summary: 'Revoke a personal access token',
    params: [idParam],
    handler: (ctx) => {
      const user = currentUser(ctx);
      const token = tokenById(ctx.core, ctx.params.id as number);
      if (!token) throw recordNotFound();
      if (!isAdmin(user) && token.user_id !== user.id) throw forbidden();
      revokeToken(ctx.core, token);
      return noContent();
    },
  },
  {
    method: 'POST',
    path: '/users/:user_id/personal_access_tokens',
    summary: 'Create a personal access token for a user (administrators)',
    offerings: ['self-managed', 'dedicated'],
    params: [{ name: 'user_id', type: 'id', required: true }, ...createParams],
    handler: (ctx) => {
      const user = currentUser(ctx);
      if (!isAdmin(user)) throw forbidden();
      const target = userByRef(ctx.core, ctx.params.user_id as string | number);
      if (!target) throw notFound('User');
      return created(issue(ctx, target.id));
    },
  },
  {
    method: 'POST',
    path: '/user/personal_access_tokens',
    summary: 'Create a personal access token for yourself',
    params: [
      { name: 'name', type: 'string', required: true },
      { name: 'scopes', type: 'string[]', required: true, values: ['k8s_proxy', 'self_rotate'], commaSeparated: true },
      { name: 'description', type: 'string' },
      { name: 'expires_at', type: 'date' },
    ],
    // The platform gives a self-created token one day when no expiry is asked for.
    handler: (ctx) => created(issue(ctx, currentUser(ctx).id, isoDate(addDays(ctx.now(), 1)))),
  },
  ...impersonationTokenRoutes,
]);

function issue(ctx: RequestContext, userId: number, defaultExpiry: string | null = null) {
  const { row, secret } = createToken(ctx.core, {
    userId,
    name: ctx.params.name as string,
    scopes: [...new Set(ctx.params.scopes as string[])],
    description: (ctx.params.description as string | undefined) ?? null,
    expiresAt: (ctx.params.expires_at as string | undefined) ?? defaultExpiry,
  });
  return presentToken(row, ctx.now(), secret);
}
