// Snippet lists paged in SQL, newest first: the visibility rules of access.ts written as
// conditions (so a page reads only its rows along the id order), and totals from the
// trigger-kept snippet counts while no date filter narrows the list (a filtered list counts
// its matches, up to the cap).
import type { RequestContext } from '../../http/context.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { readTx } from '../../db/connection.js';
import { OrderedList } from '../../db/page-starts.js';
import { Reply } from '../../http/reply.js';
import type { ProjectRow, SnippetRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { accessLevelOf, isAdmin } from '../../auth/policy.js';
import { isoDate } from '../../clock.js';
import { ACCESS_CTES } from '../projects/queries.js';
import { presentSnippets, type SnippetPresentOptions } from './present.js';

/** A list's condition over `s` (snippets) and `p` (its project, LEFT JOINed), with named arguments. */
export interface SnippetListQuery {
  where: string[];
  args: Record<string, unknown>;
  /** Whether the condition needs ACCESS_CTES (bound with @uid and @today). */
  access?: boolean;
  /** The total without date filters, counting at most `cap`. */
  count: (cap: number) => number;
}

const kept = (core: CoreState, sql: string, ...args: unknown[]): number => (core.db.prepare(sql).get(...args) as { n: number | null } | undefined)?.n ?? 0;

const keptVisibility = (core: CoreState, projectId: number, visibility: string): number =>
  kept(core, 'SELECT n FROM snippet_counts WHERE project_id = ? AND visibility = ?', projectId, visibility);

/** "anyone signed in and not external sees internal snippets"; an author sees their own. */
const SNIPPET_SEEN = "(+s.visibility = 'public' OR +s.author_id = @uid OR (+s.visibility = 'internal' AND @external = 0))";

/** The caller's snippets, personal and in projects (GET /snippets). */
export function ownSnippets(core: CoreState, user: UserRow): SnippetListQuery {
  return {
    where: ['s.author_id = @uid'],
    args: { uid: user.id },
    count: () => kept(core, 'SELECT SUM(n) AS n FROM snippet_author_counts WHERE author_id = ?', user.id),
  };
}

/** Public personal snippets (GET /snippets/public). */
export function publicSnippets(core: CoreState): SnippetListQuery {
  return { where: ["s.visibility = 'public'", 's.project_id IS NULL'], args: {}, count: () => keptVisibility(core, 0, 'public') };
}

/** Every snippet (administrators), optionally on one storage. */
export function everySnippet(core: CoreState, storage: string | undefined): SnippetListQuery {
  if (storage === undefined) return { where: [], args: {}, count: () => kept(core, 'SELECT SUM(n) AS n FROM snippet_counts WHERE project_id = -1') };
  return {
    where: ['s.repository_storage = @storage'],
    args: { storage },
    count: () => kept(core, 'SELECT n FROM snippet_storage_counts WHERE repository_storage = ?', storage),
  };
}

/**
 * Every snippet a signed-in non-admin sees (access.ts canReadSnippet): personal ones that are
 * public, internal (non-external callers) or their own; project snippets of projects where they
 * hold Guest or more, by membership or a project share (all of them), else of public projects (and internal ones for non-external
 * callers) the snippets that are public, internal (non-external) or their own.
 */
export function visibleSnippets(core: CoreState, user: UserRow): SnippetListQuery {
  const args = { uid: user.id, today: isoDate(core.clock.now()), external: user.external === 1 ? 1 : 0 };
  const projectCondition = `(p.namespace_id IN (SELECT id FROM group_access WHERE level >= 10)
      OR s.project_id IN (SELECT source_id FROM members WHERE source_type = 'project' AND user_id = @uid AND access_level >= 10
        AND (expires_at IS NULL OR expires_at >= @today))
      OR s.project_id IN (SELECT id FROM project_shared WHERE level >= 10)
      OR ((p.visibility = 'public' OR (p.visibility = 'internal' AND @external = 0)) AND ${SNIPPET_SEEN}))`;
  // CASE keeps SQLite from answering the OR through several indexes and sorting their union:
  // the list is read along the id order and each row tested.
  const condition = `CASE WHEN s.project_id IS NULL THEN ${SNIPPET_SEEN} ELSE ${projectCondition} END`;
  return {
    where: [condition],
    args,
    access: true,
    count: (cap) => {
      // Personal snippets from the kept counts; project snippets are read only while those leave room under the cap.
      let total = keptVisibility(core, 0, 'public');
      const own = (visibility: string) => kept(core, 'SELECT n FROM snippet_author_counts WHERE author_id = ? AND personal = 1 AND visibility = ?', user.id, visibility);
      total += args.external === 0 ? keptVisibility(core, 0, 'internal') : own('internal');
      total += own('private');
      if (total >= cap) return total;
      const sql = `WITH RECURSIVE ${ACCESS_CTES} SELECT 1 FROM snippets s JOIN projects p ON p.id = s.project_id WHERE s.project_id IS NOT NULL AND ${projectCondition}`;
      return total + kept(core, cappedCount(sql, cap - total), args);
    },
  };
}

/** A project's snippets the caller sees (the project itself is visible to them). */
export function projectSnippets(core: CoreState, actor: UserRow | null, project: ProjectRow): SnippetListQuery {
  const everything = isAdmin(actor) || (actor !== null && accessLevelOf(core, actor, { project }) >= 10);
  if (everything) {
    return { where: ['s.project_id = @project'], args: { project: project.id }, count: () => kept(core, 'SELECT SUM(n) AS n FROM snippet_counts WHERE project_id = ?', project.id) };
  }
  if (!actor) return { where: ['s.project_id = @project', "s.visibility = 'public'"], args: { project: project.id }, count: () => keptVisibility(core, project.id, 'public') };
  const external = actor.external === 1 ? 1 : 0;
  return {
    where: ['s.project_id = @project', SNIPPET_SEEN],
    args: { project: project.id, uid: actor.id, external },
    count: (cap) => {
      let total = keptVisibility(core, project.id, 'public') + (external === 0 ? keptVisibility(core, project.id, 'internal') : 0);
      if (total >= cap) return total;
      // The caller's own snippets that the kept counts leave out, through (project, author, visibility).
      const hidden = external === 0 ? "('private')" : "('internal', 'private')";
      const sql = `SELECT 1 FROM snippets WHERE project_id = ? AND author_id = ? AND visibility IN ${hidden}`;
      return total + kept(core, cappedCount(sql, cap - total), project.id, actor.id);
    },
  };
}

/** One page of `q`, with the date filters of the request; presented as the route presents snippets. */
export function snippetPage(ctx: RequestContext, q: SnippetListQuery, options: SnippetPresentOptions = {}): Promise<Reply> {
  const where = [...q.where];
  const args: Record<string, unknown> = { ...q.args };
  if (ctx.params.created_after) {
    where.push('s.created_at > @after');
    args.after = ctx.params.created_after;
  }
  if (ctx.params.created_before) {
    where.push('s.created_at < @before');
    args.before = ctx.params.created_before;
  }
  const filtered = where.length > q.where.length;
  const from = `FROM snippets s${q.access ? ' LEFT JOIN projects p ON p.id = s.project_id' : ''} WHERE ${where.length ? where.join(' AND ') : '1'}`;
  const head = q.access ? `WITH RECURSIVE ${ACCESS_CTES} ` : '';
  // Newest first by id: a deep page seeks from a remembered page start (src/core/db/page-starts.ts).
  const starts = new OrderedList(ctx.core.db, `${head}${from}\n${JSON.stringify(args)}`, ['s.id'], true);
  let rows: SnippetRow[] = [];
  const reply = readTx(ctx.core.db, () =>
    paginate(
      ctx,
      // A date filter counts its matches (up to the cap), once per generation of the database.
      (cap) => (filtered ? starts.count(cap, (cap) => kept(ctx.core, cappedCount(`${head}SELECT 1 ${from}`, cap), args)) : q.count(cap)),
      (limit, offset) => {
        rows = starts.window(
          limit,
          offset,
          (seek, n) =>
            ctx.core.db
              .prepare(`${head}SELECT s.*, ${starts.keyColumns} ${from}${seek.condition} ORDER BY s.id DESC LIMIT @limit OFFSET @offset`)
              .all(Object.assign({}, args, seek.params, { limit: n, offset: seek.offset })) as (SnippetRow & Record<string, unknown>)[],
        );
        return rows;
      },
    ),
  );
  // Presenting reads each snippet's repository (asynchronously): the page's rows only.
  return presentSnippets(ctx.core, rows, options).then((items) => new Reply(reply.status, items, reply.headers));
}
