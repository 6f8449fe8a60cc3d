// Impersonation tokens: personal access tokens an administrator makes for a user, to act as that
// user through the API. Only administrators list, create, read and revoke them; the secret is
// shown once, at creation.
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { created, noContent } from '../../http/reply.js';
import type { RouteDef } from '../../http/route.js';
import type { TokenRow, UserRow } from '../../db/rows.js';
import { isoDate } from '../../clock.js';
import { isAdmin } from '../../auth/policy.js';
import { userByRef } from '../../resources/find.js';
import { presentToken } from './present.js';
import { createToken, revokeToken, TOKEN_SCOPES } from './service.js';

const userIdParam = { name: 'user_id', type: 'integer' as const, required: true };
const tokenIdParam = { name: 'impersonation_token_id', type: 'integer' as const, required: true };

/** The platform's `authenticated_as_admin!` then `find_user`: 403 before 404. */
function targetUser(ctx: RequestContext): UserRow {
  if (!isAdmin(currentUser(ctx))) throw forbidden();
  const user = userByRef(ctx.core, ctx.params.user_id as number);
  if (!user) throw notFound('User');
  return user;
}

function impersonationToken(ctx: RequestContext, user: UserRow): TokenRow {
  const row = ctx.core.db.prepare('SELECT * FROM personal_access_tokens WHERE id = ? AND user_id = ? AND impersonation = 1').get(ctx.params.impersonation_token_id, user.id) as
    | TokenRow
    | undefined;
  if (!row) throw notFound('Impersonation Token');
  return row;
}

// The secret, when shown, comes last (after the flag).
const present = (ctx: RequestContext, row: TokenRow, secret?: string) =>
  Object.assign(presentToken(row, ctx.now()), { impersonation: true }, secret !== undefined ? { token: secret } : {});

export const impersonationTokenRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/users/:user_id/impersonation_tokens',
    summary: "List a user's impersonation tokens (administrators)",
    paginated: true,
    params: [userIdParam, { name: 'state', type: 'string', values: ['all', 'active', 'inactive'], default: 'all' }],
    handler: (ctx) => {
      const user = targetUser(ctx);
      const today = isoDate(ctx.now());
      const state = ctx.params.state as string;
      const where = ['user_id = ?', 'impersonation = 1'];
      const args: unknown[] = [user.id];
      if (state === 'active') (where.push('revoked = 0 AND (expires_at IS NULL OR expires_at > ?)'), args.push(today));
      if (state === 'inactive') (where.push('(revoked = 1 OR (expires_at IS NOT NULL AND expires_at <= ?))'), args.push(today));
      const sql = `SELECT * FROM personal_access_tokens WHERE ${where.join(' AND ')}`;
      return paginate(
        ctx,
        (cap) => (ctx.core.db.prepare(cappedCount(sql, cap)).get(...args) as { n: number }).n,
        (limit, offset) => (ctx.core.db.prepare(`${sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as TokenRow[]).map((row) => present(ctx, row)),
      );
    },
  },
  {
    method: 'GET',
    path: '/users/:user_id/impersonation_tokens/:impersonation_token_id',
    summary: 'Get an impersonation token (administrators)',
    params: [userIdParam, tokenIdParam],
    handler: (ctx) => present(ctx, impersonationToken(ctx, targetUser(ctx))),
  },
  {
    method: 'POST',
    path: '/users/:user_id/impersonation_tokens',
    summary: 'Create an impersonation token for a user (administrators; the token is shown once)',
    params: [
      userIdParam,
      { name: 'name', type: 'string', required: true },
      { name: 'scopes', type: 'string[]', required: true, values: TOKEN_SCOPES, commaSeparated: true },
      { name: 'description', type: 'string' },
      { name: 'expires_at', type: 'date' },
    ],
    handler: (ctx) => {
      const user = targetUser(ctx);
      const { row, secret } = createToken(ctx.core, {
        userId: user.id,
        name: ctx.params.name as string,
        scopes: [...new Set(ctx.params.scopes as string[])],
        description: (ctx.params.description as string | undefined) ?? null,
        expiresAt: (ctx.params.expires_at as string | undefined) ?? null,
        impersonation: true,
      });
      return created(present(ctx, row, secret));
    },
  },
  {
    method: 'DELETE',
    path: '/users/:user_id/impersonation_tokens/:impersonation_token_id',
    summary: 'Revoke an impersonation token (administrators)',
    params: [userIdParam, tokenIdParam],
    handler: (ctx) => {
      revokeToken(ctx.core, impersonationToken(ctx, targetUser(ctx)));
      return noContent();
    },
  },
];
