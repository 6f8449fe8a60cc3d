// Offset pagination with the platform's headers, and keyset pagination for the resources that
// support it. Pages are fetched with LIMIT/OFFSET over indexed orderings; counting stops at
// 10,001 rows so that a page costs the same at 100 rows or 100,000.
import { parseJsonBody } from './parse.js';
import { toQueryString } from '../../shared/path.js';
import type { RequestContext } from './context.js';
import { paramError } from './errors.js';
import type { ParamDecl } from './params.js';
import { Reply } from './reply.js';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/** Past this many matches the totals and `rel=last` are omitted. */
export const COUNT_LIMIT = 10_000;
/** Largest page × per_page for resources that also offer keyset pagination. */
export const MAX_OFFSET = 50_000;

const positive = (name: string) => (value: unknown) => ((value as number) < 1 ? `${name} does not have a valid value` : undefined);

export const PAGINATION_PARAMS: ParamDecl[] = [
  { name: 'page', type: 'integer', default: 1, check: positive('page') },
  {
    name: 'per_page',
    type: 'integer',
    default: DEFAULT_PER_PAGE,
    check: (v) => ((v as number) === 0 ? 'per_page has a value not allowed' : positive('per_page')(v)),
  },
];

export interface PageWindow {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

export function pageWindow(ctx: RequestContext, defaultPerPage = DEFAULT_PER_PAGE): PageWindow {
  const page = (ctx.params.page as number | undefined) ?? 1;
  const perPage = Math.min(requestedPerPage(ctx, defaultPerPage), MAX_PER_PAGE);
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

const requestedPerPage = (ctx: RequestContext, defaultPerPage: number): number =>
  ctx.input.per_page === undefined ? defaultPerPage : ((ctx.params.per_page as number | undefined) ?? defaultPerPage);

/**
 * The window of an offset page, refused (405) past the largest offset for a resource type that
 * also offers keyset pages — whatever the list's order or how its rows are read (SQL, or an
 * array sorted in code): every offset page of every list comes through here. The platform
 * compares `page × per_page` as asked, before per_page is capped at 100
 * (lib/api/helpers/pagination_strategies.rb, `offset_limit_exceeded?`).
 */
export function offsetWindow(ctx: RequestContext, options: OffsetOptions): PageWindow {
  const defaultPerPage = options.defaultPerPage ?? DEFAULT_PER_PAGE;
  const w = pageWindow(ctx, defaultPerPage);
  if (options.offsetLimitType && w.page * requestedPerPage(ctx, defaultPerPage) > MAX_OFFSET) {
    throw paramError(
      `Offset pagination has a maximum allowed offset of ${MAX_OFFSET} for requests that return objects of type ${options.offsetLimitType}. Remaining records can be retrieved using keyset pagination.`,
      405,
    );
  }
  return w;
}

/** The parameters a route's page links may carry, per route (route tables never change). */
const linkParams = new WeakMap<object, Set<string>>();

/**
 * The query a page link carries: the caller's parameters that the route declares (anything
 * else, up to 16 KiB of it, would be echoed into every Link header until clients refuse the
 * answer's headers), without credentials.
 */
function linkQuery(ctx: RequestContext): Record<string, unknown> {
  let declared = linkParams.get(ctx.route);
  if (!declared) {
    declared = new Set([...(ctx.route.params ?? []).map((p) => p.name), ...PAGINATION_PARAMS.map((p) => p.name), 'pagination', 'cursor', 'id_after', 'id_before']);
    linkParams.set(ctx.route, declared);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx.queryInput)) if (declared.has(k)) out[k] = v;
  return out;
}

function linkFor(ctx: RequestContext, extra: Record<string, unknown>): string {
  const query: Record<string, unknown> = { ...linkQuery(ctx), ...extra };
  delete query.private_token;
  delete query.access_token;
  const sorted = Object.fromEntries(Object.keys(query).sort().map((k) => [k, query[k]]));
  return `${ctx.apiBase}${ctx.path}?${toQueryString(sorted)}`;
}

export interface OffsetOptions {
  defaultPerPage?: number;
  /** Resource type named in the max-offset error (only for types that offer keyset paging). */
  offsetLimitType?: string;
  /** Leave out `x-total`, `x-total-pages` and `rel="last"` (the platform's commit list does). */
  excludeTotals?: boolean;
}

/**
 * Answers one page. `count` receives the cap and returns min(total, cap); `fetch` returns the
 * rows of the window, already presented.
 */
export function paginate<T>(
  ctx: RequestContext,
  count: (cap: number) => number,
  fetch: (limit: number, offset: number) => T[],
  options: OffsetOptions = {},
): Reply {
  const w = offsetWindow(ctx, options);
  const total = count(COUNT_LIMIT + 1);
  const items = fetch(w.limit, w.offset);
  return pageReply(ctx, w, items, total > COUNT_LIMIT ? null : total, options.excludeTotals);
}

/**
 * Pages an in-memory list (data that comes from git, or rows filtered in code). Only the items
 * of the page are handed to `present`, which may read more for each (git objects, users). A
 * list given as a function is made only once the page is known to be allowed.
 */
export async function paginateArray<T, U>(
  ctx: RequestContext,
  list: readonly T[] | (() => readonly T[]),
  present: (page: T[]) => U[] | Promise<U[]>,
  options: OffsetOptions = {},
): Promise<Reply> {
  const w = offsetWindow(ctx, options);
  const all = typeof list === 'function' ? list() : list;
  const items = await present(all.slice(w.offset, w.offset + w.limit));
  return pageReply(ctx, w, items, all.length > COUNT_LIMIT ? null : all.length);
}

/** Link headers made, by request and page; queries longer than MAX_KEPT_QUERY are not kept. */
const keptLinks = new Map<string, string>();
const MAX_KEPT_LINKS = 512;
const MAX_KEPT_QUERY = 1024;

function pageReply<T>(ctx: RequestContext, w: PageWindow, items: T[], total: number | null, excludeTotals = false): Reply {
  const headers: Record<string, string> = { 'x-page': String(w.page), 'x-per-page': String(w.perPage) };
  const totalPages = total === null ? null : Math.max(1, Math.ceil(total / w.perPage));
  const hasNext = totalPages === null ? items.length === w.perPage : w.page < totalPages;
  headers['x-next-page'] = hasNext ? String(w.page + 1) : '';
  headers['x-prev-page'] = w.page > 1 ? String(w.page - 1) : '';
  const withTotals = totalPages !== null && !excludeTotals;
  if (withTotals) {
    headers['x-total'] = String(total);
    headers['x-total-pages'] = String(totalPages);
  }
  if (!ctx.withoutLinks) {
    // A client polling or walking a list asks the same query again and again: its Link header
    // is made once (it depends only on the request's route, base, path and query, and the page).
    const key = ctx.rawQuery.length <= MAX_KEPT_QUERY ? `${ctx.method} ${ctx.apiBase}${ctx.path}?${ctx.rawQuery}\n${w.page} ${w.perPage} ${hasNext} ${withTotals ? totalPages : ''}` : undefined;
    let link = key === undefined ? undefined : keptLinks.get(key);
    if (link === undefined) {
      const at = (page: number, rel: string) => `<${linkFor(ctx, { page, per_page: w.perPage })}>; rel="${rel}"`;
      const links: string[] = [];
      if (w.page > 1) links.push(at(w.page - 1, 'prev'));
      if (hasNext) links.push(at(w.page + 1, 'next'));
      links.push(at(1, 'first'));
      if (withTotals) links.push(at(totalPages as number, 'last'));
      link = links.join(', ');
      if (key !== undefined) {
        if (keptLinks.size >= MAX_KEPT_LINKS) keptLinks.clear();
        keptLinks.set(key, link);
      }
    }
    headers.link = link;
  }
  return new Reply(200, items, headers);
}

/**
 * When a keyset page links `rel="next"`, as the platform's three pagers decide it:
 * - `non-empty` (the id_after/id_before pager of projects): every page with rows links next, so
 *   only the empty page after the last one has no Link;
 * - `lookahead` (the cursor pager of users and groups): only when a row exists past the page;
 * - `full-page` (the repository pager of branches and trees): when the page is full.
 */
export type KeysetNextRule = 'non-empty' | 'lookahead' | 'full-page';

/**
 * Keyset pages: `rows` holds up to perPage + 1 rows fetched after the cursor (the extra row
 * feeds the `lookahead` rule and is never shown). `next` gives the query values of the next page.
 */
export function keysetReply<T>(
  ctx: RequestContext,
  rows: T[],
  perPage: number,
  next: (last: T) => Record<string, string>,
  present: (row: T) => unknown,
  rule: KeysetNextRule = 'non-empty',
): Reply {
  const page = rows.slice(0, perPage);
  const headers: Record<string, string> = {};
  const linkNext = page.length > 0 && (rule === 'non-empty' || (rule === 'lookahead' ? rows.length > perPage : page.length === perPage));
  if (linkNext) {
    const cursorKeys = ['cursor', 'id_after', 'id_before', 'page', 'page_token'];
    const base: Record<string, unknown> = Object.assign({}, linkQuery(ctx), { per_page: perPage });
    for (const k of cursorKeys) delete base[k];
    const query = { ...base, ...next(page[page.length - 1] as T) };
    const sorted = Object.fromEntries(Object.keys(query).sort().map((k) => [k, (query as Record<string, unknown>)[k]]));
    headers.link = `<${ctx.apiBase}${ctx.path}?${toQueryString(sorted)}>; rel="next"`;
  }
  return new Reply(200, page.map(present), headers);
}

export const encodeCursor = (values: Record<string, unknown>): string => Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * A cursor is caller-supplied text: it decodes to a flat object of strings and numbers with the
 * keys the list needs (`required`), or the request answers 400 — never a value the database
 * cannot bind.
 */
export function decodeCursor(text: string, required: readonly string[] = ['id']): Record<string, string | number | null> {
  let parsed: unknown;
  try {
    parsed = parseJsonBody(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw paramError('cursor is invalid');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw paramError('cursor is invalid');
  const values = parsed as Record<string, unknown>;
  for (const v of Object.values(values)) if (v !== null && typeof v !== 'string' && (typeof v !== 'number' || !Number.isFinite(v))) throw paramError('cursor is invalid');
  for (const k of required) if (!Object.prototype.hasOwnProperty.call(values, k)) throw paramError('cursor is invalid');
  return values as Record<string, string | number | null>;
}

/** `SELECT COUNT(*)` that stops at `cap` rows. */
export const cappedCount = (selectSql: string, cap: number): string => `SELECT COUNT(*) AS n FROM (${selectSql} LIMIT ${cap})`;
