// The three audit event lists (instance, group, project) share one query: a scope (the rows a
// list may show), optional filters, date bounds turned into id bounds, and a page read along an
// index by id descending — by offset with the platform's headers, or by keyset with a cursor.
import type { RequestContext } from '../../http/context.js';
import { paramError } from '../../http/errors.js';
import { cappedCount, decodeCursor, encodeCursor, keysetReply, pageWindow, paginate } from '../../http/pagination.js';
import type { Reply } from '../../http/reply.js';
import type { Database } from '../../db/connection.js';
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

/**
 * The id range of events created within [after, before]. created_at never decreases along id
 * (recordAudit makes sure), so the first and last ids in the range bound it exactly, and each
 * is one step along the created_at index. Null when the range holds no event.
 */
function idBounds(db: Database, after: string | undefined, before: string | undefined): { lo: number; hi: number } | null {
  let lo = 0;
  let hi = Number.MAX_SAFE_INTEGER;
  if (after !== undefined) {
    const row = db.prepare('SELECT id FROM audit_events WHERE created_at >= ? ORDER BY created_at, id LIMIT 1').get(after) as { id: number } | undefined;
    if (!row) return null;
    lo = row.id;
  }
  if (before !== undefined) {
    const row = db.prepare('SELECT id FROM audit_events WHERE created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 1').get(before) as { id: number } | undefined;
    if (!row) return null;
    hi = row.id;
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
  const cond = where.map((w) => `${w} AND `).join('');
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
  const ranged = [...where, ...(bounds.lo > 0 ? ['id >= ?'] : []), ...(bounds.hi < NO_BOUND.hi ? ['id <= ?'] : [])];
  const rangedArgs = [...args, ...(bounds.lo > 0 ? [bounds.lo] : []), ...(bounds.hi < NO_BOUND.hi ? [bounds.hi] : [])];
  const filter = `${readAlong(ordinal)}${ranged.length ? ` WHERE ${ranged.join(' AND ')}` : ''}`;
  if (keyset) {
    const perPage = pageWindow(ctx).perPage;
    const rows = db.prepare(`SELECT ${EVENT_COLUMNS} FROM audit_events${filter} ORDER BY id DESC LIMIT ?`).all(...rangedArgs, perPage + 1) as AuditEventRow[];
    return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ id: String(last.id), _kd: 'n' }) }), presentAuditEvent, 'lookahead');
  }
  return paginate(
    ctx,
    (cap) =>
      bounds.lo > bounds.hi
        ? 0
        : ordinal !== undefined
          ? Math.min(cap, ordinalTotal(db, ordinal, where, args, bounds.lo, bounds.hi))
          : (db.prepare(cappedCount(`SELECT 1 FROM audit_events${filter}`, cap)).get(...rangedArgs) as { n: number }).n,
    (limit, offset) => (db.prepare(`SELECT ${EVENT_COLUMNS} FROM audit_events${filter} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...rangedArgs, limit, offset) as AuditEventRow[]).map(presentAuditEvent),
    { offsetLimitType: 'AuditEvent' },
  );
}
