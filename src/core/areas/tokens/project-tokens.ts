// Project and group access tokens: each token belongs to a bot user that is a member of the
// project or group at the token's access level. The bot's token authenticates like any other,
// but it is not a personal access token: the personal token rotate endpoints refuse it (405).
// Both resources share one set of routes, made per resource kind.
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { badRequest, notFound, refused } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { readTx } from '../../db/connection.js';
import { OrderedList } from '../../db/page-starts.js';
import { keptCount } from '../../db/list-counts.js';
import { idParam, squishedSearchParam, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import type { RouteDef } from '../../http/route.js';
import type { NamespaceRow, ProjectRow, TokenRow, UserRow } from '../../db/rows.js';
import type { Source } from '../members/queries.js';
import { accessLevelOf, can } from '../../auth/policy.js';
import { isoDate } from '../../clock.js';
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { findGroup, findProject, userByRef } from '../../resources/find.js';
import { createUser } from '../users/service.js';
import { addMember } from '../members/service.js';
import { presentToken } from './present.js';
import { createToken, revokeToken } from './service.js';
import { patternSearch } from '../../db/sql.js';
import { BOT_TOKEN_SCOPES } from '../../../shared/token-scopes.js';


const tokenIdParam: ParamDecl = { name: 'token_id', type: 'integer', required: true };

type BotTokenRow = TokenRow & { access_level: number };
type ResourceKind = 'project' | 'group';

/** What differs between a project's tokens and a group's. */
interface Resource {
  kind: ResourceKind;
  id: number;
  source: Source;
  /** Whether `user` manages the resource's members (and so its tokens). */
  manages: (user: UserRow | null) => boolean;
  level: (user: UserRow) => number;
}

const memberType = (kind: ResourceKind) => (kind === 'project' ? 'project' : 'namespace');

const botTokensSql = (kind: ResourceKind, extra = '') => `SELECT t.*, m.access_level AS access_level${extra} FROM personal_access_tokens t
  JOIN users u ON u.id = t.user_id AND u.bot = 1
  JOIN members m ON m.user_id = t.user_id AND m.source_type = '${memberType(kind)}' AND m.source_id = ?`;
/** The same rows, read in token id order (CROSS JOIN keeps the tokens the outer loop). */
const botTokensByIdSql = (kind: ResourceKind, extra = '') => `SELECT t.*, m.access_level AS access_level${extra} FROM personal_access_tokens t
  CROSS JOIN members m ON m.user_id = t.user_id AND m.source_type = '${memberType(kind)}' AND m.source_id = ?
  CROSS JOIN users u ON u.id = t.user_id AND u.bot = 1`;
/** The columns of the joined tables that decide which tokens a resource's list holds. */
const BOT_TOKEN_LIST_COLUMNS = { users: ['id', 'bot'], members: ['user_id', 'source_type', 'source_id'] } as const;
/** From this many tokens on, a page walks the tokens in id order rather than sorting them. */
const WALK_TOKENS_FROM = 1000;

function resourceOf(ctx: RequestContext, kind: ResourceKind): Resource {
  if (kind === 'project') {
    const project: ProjectRow = findProject(ctx);
    return {
      kind,
      id: project.id,
      source: { type: 'project', project },
      manages: (u) => can(ctx.core, u, 'admin_project_member', { project }),
      level: (u) => accessLevelOf(ctx.core, u, { project }),
    };
  }
  const group: NamespaceRow = findGroup(ctx);
  return {
    kind,
    id: group.id,
    source: { type: 'namespace', group },
    manages: (u) => can(ctx.core, u, 'admin_group_member', { group }),
    level: (u) => accessLevelOf(ctx.core, u, { group }),
  };
}

function present(ctx: RequestContext, r: Resource, row: BotTokenRow, secret?: string) {
  // The secret, when shown, comes last (after the fields a bot token adds).
  return Object.assign(presentToken(row, ctx.now()), { access_level: row.access_level, resource_type: r.kind, resource_id: r.id }, secret !== undefined ? { token: secret } : {});
}

/** The resource, visible to the caller (404 otherwise), whose bot tokens the caller may manage. */
function managed(ctx: RequestContext, kind: ResourceKind): Resource {
  const r = resourceOf(ctx, kind);
  if (!r.manages(ctx.actor)) throw refused(ctx.actor);
  return r;
}

function botToken(ctx: RequestContext, r: Resource): BotTokenRow {
  const row = ctx.core.db.prepare(`${botTokensSql(r.kind)} WHERE t.id = ?`).get(r.id, ctx.params.token_id) as BotTokenRow | undefined;
  if (!row) throw notFound(`${r.kind} Access Token`);
  return row;
}

function createBotToken(ctx: RequestContext, kind: ResourceKind) {
  const actor = currentUser(ctx);
  const r = resourceOf(ctx, kind);
  const core = ctx.core;
  const level = ctx.params.access_level as number;
  if (!r.manages(actor)) throw badRequest(`User does not have permission to create ${kind} access token`);
  if (actor.is_admin !== 1 && level > r.level(actor))
    throw badRequest('Access level of the token can not be greater than the access level of the user who created the token');
  return core.tx(() => {
    const suffix = Math.random().toString(16).slice(2, 10).padEnd(8, '0');
    const username = `${kind}_${r.id}_bot_${suffix}`;
    const host = new URL(core.settings.externalUrl).hostname;
    const bot = createUser(core, { username, email: `${username}@noreply.${host}`, name: ctx.params.name as string, skip_confirmation: true, projects_limit: 0, can_create_group: false });
    core.db.prepare('UPDATE users SET bot = 1 WHERE id = ?').run(bot.id);
    addMember(core, actor, r.source, userByRef(core, bot.id) as UserRow, { accessLevel: level, expiresAt: null });
    const { row, secret } = createToken(core, {
      userId: bot.id,
      name: ctx.params.name as string,
      scopes: [...new Set(ctx.params.scopes as string[])],
      description: (ctx.params.description as string | undefined) ?? null,
      expiresAt: (ctx.params.expires_at as string | undefined) ?? null,
    });
    return created(present(ctx, r, { ...row, access_level: level }, secret));
  });
}

function resourceTokenRoutes(kind: ResourceKind): RouteDef[] {
  const base = `/${kind}s/:id/access_tokens`;
  const who = kind === 'project' ? 'Maintainer' : 'Owner';
  return [
    {
      method: 'GET',
      path: base,
      summary: `List the access tokens of a ${kind} (${who})`,
      paginated: true,
      params: [idParam, { name: 'state', type: 'string', values: ['active', 'inactive'] }, { name: 'revoked', type: 'boolean' }, squishedSearchParam()],
      handler: (ctx) => {
        const r = managed(ctx, kind);
        const today = isoDate(ctx.now());
        const where: string[] = [];
        const args: unknown[] = [r.id];
        if (ctx.params.state === 'active') where.push('t.revoked = 0 AND (t.expires_at IS NULL OR t.expires_at > ?)');
        if (ctx.params.state === 'inactive') where.push('(t.revoked = 1 OR (t.expires_at IS NOT NULL AND t.expires_at <= ?))');
        if (ctx.params.state !== undefined) args.push(today);
        if (ctx.params.revoked !== undefined) {
          where.push('t.revoked = ?');
          args.push(ctx.params.revoked ? 1 : 0);
        }
        if (ctx.params.search) {
          const search = patternSearch(['t.name'], String(ctx.params.search));
          where.push(search.sql);
          args.push(...search.args);
        }
        const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
        const sql = `${botTokensSql(kind)}${filter}`;
        let total = 0;
        // Token id order: a deep page seeks from a remembered page start (src/core/db/page-starts.ts).
        // Of users and members the list reads only who is a bot and whose membership it is: a
        // user's sign-in, settings or state, or a member's level, leave its starts in place.
        const starts = new OrderedList(ctx.core.db, `${sql} ORDER BY t.id\n${JSON.stringify(args)}`, ['t.id'], false, true, BOT_TOKEN_LIST_COLUMNS);
        return readTx(ctx.core.db, () => paginate(
          ctx,
          (cap) => {
            // A project's tokens, unfiltered or by the revoked flag alone: the trigger-kept counts per flag.
            const kept = kind === 'project' && ctx.params.state === undefined && !ctx.params.search;
            const parts = ctx.params.revoked === undefined ? undefined : [ctx.params.revoked ? '1' : '0'];
            total = kept ? keptCount(ctx.core.db, 'project_tokens', [r.id], cap, parts) : (ctx.core.db.prepare(cappedCount(sql, cap)).get(...args) as { n: number }).n;
            return total;
          },
          (limit, offset) => {
            // Many tokens are read in id order, each checked for the bot's membership; a few
            // are found through the resource's members and sorted.
            const keys = `, ${starts.keyColumns}`;
            const read = `${total >= WALK_TOKENS_FROM ? botTokensByIdSql(kind, keys) : botTokensSql(kind, keys)}${filter || ' WHERE 1'}`;
            return starts
              .window(limit, offset, (seek, n) => ctx.core.db.prepare(`${read}${seek.condition} ORDER BY t.id LIMIT ? OFFSET ?`).all(...args, seek.params, n, seek.offset) as (BotTokenRow & Record<string, unknown>)[])
              .map((row) => present(ctx, r, row));
          },
        ));
      },
    },
    {
      method: 'GET',
      path: `${base}/:token_id`,
      summary: `Get a ${kind} access token (${who})`,
      params: [idParam, tokenIdParam],
      handler: (ctx) => {
        const r = managed(ctx, kind);
        return present(ctx, r, botToken(ctx, r));
      },
    },
    {
      method: 'POST',
      path: base,
      summary: `Create a ${kind} access token and its bot user (${who})`,
      params: [
        idParam,
        { name: 'name', type: 'string', required: true },
        { name: 'scopes', type: 'string[]', required: true, values: BOT_TOKEN_SCOPES, commaSeparated: true },
        { name: 'description', type: 'string' },
        { name: 'expires_at', type: 'date' },
        { name: 'access_level', type: 'integer', values: MEMBER_ACCESS_LEVELS, default: 40 },
      ],
      handler: (ctx) => createBotToken(ctx, kind),
    },
    {
      method: 'DELETE',
      path: `${base}/:token_id`,
      summary: `Revoke a ${kind} access token (${who})`,
      params: [idParam, tokenIdParam],
      handler: (ctx) => {
        const actor = currentUser(ctx);
        const r = resourceOf(ctx, kind);
        const token = botToken(ctx, r);
        if (!r.manages(actor)) {
          const bot = userByRef(ctx.core, token.user_id) as UserRow;
          throw badRequest(`${actor.name} cannot delete ${bot.name}`);
        }
        revokeToken(ctx.core, token);
        return noContent();
      },
    },
  ];
}

export const projectTokenRoutes: RouteDef[] = resourceTokenRoutes('project');
export const groupTokenRoutes: RouteDef[] = resourceTokenRoutes('group');
