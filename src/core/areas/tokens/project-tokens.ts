// Project access tokens: each token belongs to a bot user that is a member of the project at the
// token's access level. The bot's token authenticates like any other, but it is not a personal
// access token: the personal token rotate endpoints refuse it (405).
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { idParam, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import type { RouteDef } from '../../http/route.js';
import type { ProjectRow, TokenRow, UserRow } from '../../db/rows.js';
import { accessLevelOf, can } from '../../auth/policy.js';
import { isoDate } from '../../clock.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { findProject, userByRef } from '../../resources/find.js';
import { createUser } from '../users/service.js';
import { addMember } from '../members/service.js';
import { presentToken } from './present.js';
import { createToken, revokeToken } from './service.js';
import { likeContains } from '../../db/sql.js';

/** Scopes a resource bot's token may carry. */
export const BOT_TOKEN_SCOPES = [
  'api',
  'read_api',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'create_runner',
  'manage_runner',
  'ai_features',
  'k8s_proxy',
  'self_rotate',
] as const;

const tokenIdParam: ParamDecl = { name: 'token_id', type: 'integer', required: true };

type BotTokenRow = TokenRow & { access_level: number };

const BOT_TOKENS_SQL = `SELECT t.*, m.access_level AS access_level FROM personal_access_tokens t
  JOIN users u ON u.id = t.user_id AND u.bot = 1
  JOIN members m ON m.user_id = t.user_id AND m.source_type = 'project' AND m.source_id = ?`;
/** The same rows, read in token id order (CROSS JOIN keeps the tokens the outer loop). */
const BOT_TOKENS_BY_ID_SQL = `SELECT t.*, m.access_level AS access_level FROM personal_access_tokens t
  CROSS JOIN members m ON m.user_id = t.user_id AND m.source_type = 'project' AND m.source_id = ?
  CROSS JOIN users u ON u.id = t.user_id AND u.bot = 1`;
/** From this many tokens on, a page walks the tokens in id order rather than sorting them. */
const WALK_TOKENS_FROM = 1000;

function present(ctx: RequestContext, project: ProjectRow, row: BotTokenRow, secret?: string) {
  const { token, ...rest } = presentToken(row, ctx.now(), secret);
  return { ...rest, access_level: row.access_level, resource_type: 'project', resource_id: project.id, ...(token !== undefined ? { token } : {}) };
}

/** The project, visible to the caller (404 otherwise), whose bot tokens the caller may manage. */
function managedProject(ctx: RequestContext): ProjectRow {
  const project = findProject(ctx);
  if (!can(ctx.core, ctx.actor, 'admin_project_member', { project })) throw unauthorized();
  return project;
}

function botToken(ctx: RequestContext, project: ProjectRow): BotTokenRow {
  const row = ctx.core.db.prepare(`${BOT_TOKENS_SQL} WHERE t.id = ?`).get(project.id, ctx.params.token_id) as BotTokenRow | undefined;
  if (!row) throw notFound('project Access Token');
  return row;
}

function createBotToken(ctx: RequestContext) {
  const actor = currentUser(ctx);
  const project = findProject(ctx);
  const core = ctx.core;
  const level = ctx.params.access_level as number;
  if (!can(core, actor, 'admin_project_member', { project })) throw badRequest('User does not have permission to create project access token');
  if (actor.is_admin !== 1 && level > accessLevelOf(core, actor, { project }))
    throw badRequest('Access level of the token can not be greater than the access level of the user who created the token');
  return core.tx(() => {
    const suffix = Math.random().toString(16).slice(2, 10).padEnd(8, '0');
    const username = `project_${project.id}_bot_${suffix}`;
    const host = new URL(core.settings.externalUrl).hostname;
    const bot = createUser(core, { username, email: `${username}@noreply.${host}`, name: ctx.params.name as string, skip_confirmation: true, projects_limit: 0, can_create_group: false });
    core.db.prepare('UPDATE users SET bot = 1 WHERE id = ?').run(bot.id);
    addMember(core, actor, { type: 'project', project }, userByRef(core, bot.id) as UserRow, { accessLevel: level, expiresAt: null });
    const { row, secret } = createToken(core, {
      userId: bot.id,
      name: ctx.params.name as string,
      scopes: [...new Set(ctx.params.scopes as string[])],
      description: (ctx.params.description as string | undefined) ?? null,
      expiresAt: (ctx.params.expires_at as string | undefined) ?? null,
    });
    return created(present(ctx, project, { ...row, access_level: level }, secret));
  });
}

export const projectTokenRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/projects/:id/access_tokens',
    summary: 'List the access tokens of a project (Maintainer)',
    paginated: true,
    params: [idParam, { name: 'state', type: 'string', values: ['active', 'inactive'] }, { name: 'revoked', type: 'boolean' }, { name: 'search', type: 'string' }],
    handler: (ctx) => {
      const project = managedProject(ctx);
      const today = isoDate(ctx.now());
      const where: string[] = [];
      const args: unknown[] = [project.id];
      if (ctx.params.state === 'active') where.push('t.revoked = 0 AND (t.expires_at IS NULL OR t.expires_at > ?)');
      if (ctx.params.state === 'inactive') where.push('(t.revoked = 1 OR (t.expires_at IS NOT NULL AND t.expires_at <= ?))');
      if (ctx.params.state !== undefined) args.push(today);
      if (ctx.params.revoked !== undefined) {
        where.push('t.revoked = ?');
        args.push(ctx.params.revoked ? 1 : 0);
      }
      if (ctx.params.search) {
        where.push("t.name LIKE ? ESCAPE '\\'");
        args.push(likeContains(String(ctx.params.search)));
      }
      const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
      const base = `${BOT_TOKENS_SQL}${filter}`;
      let total = 0;
      return paginate(
        ctx,
        (cap) => {
          // Unfiltered, or by the revoked flag alone: the trigger-kept counts per flag.
          const kept = ctx.params.state === undefined && !ctx.params.search;
          const parts = ctx.params.revoked === undefined ? undefined : [ctx.params.revoked ? '1' : '0'];
          total = kept ? keptCount(ctx.core.db, 'project_tokens', [project.id], cap, parts) : (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n;
          return total;
        },
        (limit, offset) => {
          // Many tokens are read in id order, each checked for the project's bot membership;
          // a few are found through the project's members and sorted.
          const sql = total >= WALK_TOKENS_FROM ? `${BOT_TOKENS_BY_ID_SQL}${filter}` : base;
          return (ctx.core.db.prepare(`${sql} ORDER BY t.id LIMIT ? OFFSET ?`).all(...args, limit, offset) as BotTokenRow[]).map((r) => present(ctx, project, r));
        },
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/access_tokens/:token_id',
    summary: 'Get a project access token (Maintainer)',
    params: [idParam, tokenIdParam],
    handler: (ctx) => {
      const project = managedProject(ctx);
      return present(ctx, project, botToken(ctx, project));
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/access_tokens',
    summary: 'Create a project access token and its bot user (Maintainer)',
    params: [
      idParam,
      { name: 'name', type: 'string', required: true },
      { name: 'scopes', type: 'string[]', required: true, values: BOT_TOKEN_SCOPES, commaSeparated: true },
      { name: 'description', type: 'string' },
      { name: 'expires_at', type: 'date' },
      { name: 'access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS, default: 40 },
    ],
    handler: createBotToken,
  },
  {
    method: 'DELETE',
    path: '/projects/:id/access_tokens/:token_id',
    summary: 'Revoke a project access token (Maintainer)',
    params: [idParam, tokenIdParam],
    handler: (ctx) => {
      const actor = currentUser(ctx);
      const project = findProject(ctx);
      const token = botToken(ctx, project);
      if (!can(ctx.core, actor, 'admin_project_member', { project })) {
        const bot = userByRef(ctx.core, token.user_id) as UserRow;
        throw badRequest(`${actor.name} cannot delete ${bot.name}`);
      }
      revokeToken(ctx.core, token);
      return noContent();
    },
  },
];
