// The three audit event lists (instance, group, project) share one query: a scope (the rows a
// list may show), optional filters, date bounds turned into id bounds, and a page read along an
// index by id descending — by offset with the platform's headers, or by keyset with a cursor.
import type { RequestContext } from '../../http/context.js';
import { paramError } from '../../http/errors.js';
import { cappedCount, decodeCursor, encodeCursor, keysetReply, pageWindow, paginate } from '../../http/pagination.js';
import type { Reply } from '../../http/reply.js';
import type { Database } from '../../db/connection.js';
import { settledAuditId } from '../../audit/record.js';
import { EVENT_COLUMNS, presentAuditEvent, type AuditEventRow } from './present.js';

/** The ordinal columns of migration 037 that count a scope's list, unfiltered and filtered. */
export interface AuditOrdinals {
  all: string;
  /** Filtered by author or by event name; absent when no index serves the combination. */
  author?: string;
  name?: string;
}

export interface AuditScope {
  where: string[];
  args: unknown[];
  /** How the scope's totals are read; without it they are counted (capped). */
  ordinals?: AuditOrdinals;
}

interface Stamp {
  id: number;
  created_at: string;
}

/**
 * Binary searches over ids, run inside SQLite (one statement, not a round trip a step): the
 * smallest x in [@a, @b] whose first event at or after it was created at or after @t, and the
 * largest x whose last event at or before it was created at or before @t.
 */
const AFTER_MID = '(SELECT created_at FROM audit_events WHERE id >= (a + b) / 2 ORDER BY id LIMIT 1) >= @t';
const FIRST_AT_OR_AFTER = `WITH RECURSIVE s(a, b) AS (
  SELECT @a, @b
  UNION ALL
  SELECT CASE WHEN ${AFTER_MID} THEN a ELSE (a + b) / 2 + 1 END, CASE WHEN ${AFTER_MID} THEN (a + b) / 2 ELSE b END FROM s WHERE a < b
) SELECT MAX(a) AS x FROM s`;
const BEFORE_MID = '(SELECT created_at FROM audit_events WHERE id <= (a + b + 1) / 2 ORDER BY id DESC LIMIT 1) <= @t';
const LAST_AT_OR_BEFORE = `WITH RECURSIVE s(a, b) AS (
  SELECT @a, @b
  UNION ALL
  SELECT CASE WHEN ${BEFORE_MID} THEN (a + b + 1) / 2 ELSE a END, CASE WHEN ${BEFORE_MID} THEN b ELSE (a + b + 1) / 2 - 1 END FROM s WHERE a < b
) SELECT MIN(b) AS x FROM s`;

/**
 * The id range of events created within [after, before]. created_at never decreases along id
 * (recordAudit makes sure), so each bound is a binary search over ids: about twenty rowid seeks
 * at a million events, and no index on created_at for every event to update (migration 039).
 * Null when the range holds no event.
 */
function idBounds(db: Database, after: string | undefined, before: string | undefined): { lo: number; hi: number } | null {
  const first = db.prepare('SELECT id, created_at FROM audit_events ORDER BY id LIMIT 1').get() as Stamp | undefined;
  const last = db.prepare('SELECT id, created_at FROM audit_events ORDER BY id DESC LIMIT 1').get() as Stamp | undefined;
  if (!first || !last) return null;
  let lo = first.id;
  let hi = last.id;
  if (after !== undefined) {
    if (last.created_at < after) return null;
    const { x } = db.prepare(FIRST_AT_OR_AFTER).get({ a: first.id, b: last.id, t: after }) as { x: number };
    lo = (db.prepare('SELECT id FROM audit_events WHERE id >= ? ORDER BY id LIMIT 1').get(x) as { id: number }).id;
  }
  if (before !== undefined) {
    if (first.created_at > before) return null;
    const { x } = db.prepare(LAST_AT_OR_BEFORE).get({ a: first.id, b: last.id, t: before }) as { x: number };
    hi = (db.prepare('SELECT id FROM audit_events WHERE id <= ? ORDER BY id DESC LIMIT 1').get(x) as { id: number }).id;
  }
  return lo <= hi ? { lo, hi } : null;
}

/** Keyset paging is offered for id descending only, as on the platform. */
function checkKeysetOrder(ctx: RequestContext): void {
  const orderBy = ctx.params.order_by as string | undefined;
  const sort = ctx.params.sort as string | undefined;
  if ((orderBy !== undefined && orderBy !== 'id') || (sort !== undefined && sort !== 'desc')) {
    throw paramError('Keyset pagination is not yet available for this type of request', 405);
  }
}

const NO_BOUND = { lo: 0, hi: Number.MAX_SAFE_INTEGER };

/**
 * The index a list's rows are read along: the one named for its ordinal column (seq_group →
 * audit_events_group), which holds the list's columns then id; the instance's is the table.
 * Named explicitly because, given a range on id, SQLite may otherwise pick a shorter index (the
 * entity's, for an entity filtered by event name) and test each of its rows against the rest.
 */
const readAlong = (column: string | undefined): string => (column === undefined || column === 'seq_all' ? '' : ` INDEXED BY audit_events_${column.slice(4)}`);

/**
 * The total of the events matching `where` with ids in [lo, hi], from the ordinals of the
 * newest and the oldest of them (events are never deleted, so the ordinals of a list have no
 * holes): two seeks along the list's index, however many events match.
 */
function ordinalTotal(db: Database, column: string, where: readonly string[], args: readonly unknown[], lo: number, hi: number): number {
  if (lo > hi) return 0;
  const cond = [...where, 'seq_all IS NOT NULL'].map((w) => `${w} AND `).join('');
  const from = `audit_events${readAlong(column)}`;
  const newest = db.prepare(`SELECT id, ${column} AS n FROM ${from} WHERE ${cond}id <= ? ORDER BY id DESC LIMIT 1`).get(...args, hi) as { id: number; n: number } | undefined;
  // None in the range: none at all below its top, or the newest below it is older than its bottom.
  if (!newest || newest.id < lo) return 0;
  if (lo <= 0) return newest.n;
  const oldest = db.prepare(`SELECT ${column} AS n FROM ${from} WHERE ${cond}id >= ? ORDER BY id LIMIT 1`).get(...args, lo) as { n: number } | undefined;
  return oldest ? newest.n - oldest.n + 1 : 0;
}

export function listAuditEvents(ctx: RequestContext, scope: AuditScope): Reply {
  const db = ctx.core.db;
  const p = ctx.params;
  const where = [...scope.where];
  const args = [...scope.args];
  const author = typeof p.author_id === 'number' ? p.author_id : undefined;
  const name = typeof p.event_name === 'string' ? p.event_name : undefined;
  if (author !== undefined) {
    where.push('author_id = ?');
    args.push(author);
  }
  if (name !== undefined) {
    where.push('event_name = ?');
    args.push(name);
  }
  // The list's ordinal column, when one list's ordinals count what the filters leave.
  const ordinals = scope.ordinals;
  const ordinal = author !== undefined ? (name !== undefined ? undefined : ordinals?.author) : name !== undefined ? ordinals?.name : ordinals?.all;
  const dated = p.created_after !== undefined || p.created_before !== undefined;
  const found = dated ? idBounds(db, p.created_after as string | undefined, p.created_before as string | undefined) : NO_BOUND;
  const bounds = { ...(found ?? { lo: 1, hi: 0 }) };
  const keyset = p.pagination === 'keyset';
  if (keyset) {
    checkKeysetOrder(ctx);
    // The cursor lowers the upper id bound: one bound per side lets SQLite seek to both ends
    // instead of testing every row between the date bound and the cursor.
    if (typeof p.cursor === 'string') {
      const id = Number(decodeCursor(p.cursor).id);
      if (!Number.isInteger(id)) throw paramError('cursor is invalid');
      bounds.hi = Math.min(bounds.hi, id - 1);
    }
  }
  // Two parts, merged by id: the settled events along the list's index, and the few newest,
  // unsettled ones (migration 040) by a rowid range above the newest settled id.
  const settled = settledAuditId(db);
  const part = (lo: number, hi: number, extra: string[]) => {
    const cond = [...where, ...extra, ...(lo > 0 ? ['id >= ?'] : []), ...(hi < NO_BOUND.hi ? ['id <= ?'] : [])];
    return { cond: cond.length ? ` WHERE ${cond.join(' AND ')}` : '', args: [...args, ...(lo > 0 ? [lo] : []), ...(hi < NO_BOUND.hi ? [hi] : [])] };
  };
  const old = part(bounds.lo, Math.min(bounds.hi, settled), ['seq_all IS NOT NULL']);
  const recent = part(Math.max(bounds.lo, settled + 1), bounds.hi, []);
  const both = `SELECT ${EVENT_COLUMNS} FROM audit_events${readAlong(ordinal)}${old.cond} UNION ALL SELECT ${EVENT_COLUMNS} FROM audit_events NOT INDEXED${recent.cond} ORDER BY id DESC`;
  const bothArgs = [...old.args, ...recent.args];
  if (keyset) {
    const perPage = pageWindow(ctx).perPage;
    const rows = db.prepare(`${both} LIMIT ?`).all(...bothArgs, perPage + 1) as AuditEventRow[];
    return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ id: String(last.id), _kd: 'n' }) }), presentAuditEvent, 'lookahead');
  }
  const recentCount = () => (db.prepare(`SELECT COUNT(*) AS n FROM audit_events NOT INDEXED${recent.cond}`).get(...recent.args) as { n: number }).n;
  return paginate(
    ctx,
    (cap) =>
      bounds.lo > bounds.hi
        ? 0
        : ordinal !== undefined
          ? Math.min(cap, ordinalTotal(db, ordinal, where, args, bounds.lo, Math.min(bounds.hi, settled)) + recentCount())
          : (db.prepare(cappedCount(`SELECT 1 FROM audit_events${readAlong(ordinal)}${old.cond} UNION ALL SELECT 1 FROM audit_events NOT INDEXED${recent.cond}`, cap)).get(...bothArgs) as { n: number }).n,
    (limit, offset) => (db.prepare(`${both} LIMIT ? OFFSET ?`).all(...bothArgs, limit, offset) as AuditEventRow[]).map(presentAuditEvent),
    { offsetLimitType: 'AuditEvent' },
  );
}
