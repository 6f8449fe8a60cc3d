// The three audit event lists (instance, group, project) share one query: a scope (the rows a
// list may show), optional filters, date bounds turned into id bounds, and a page read along an
// index by id descending — by offset with the platform's headers, or by keyset with a cursor.
import type { RequestContext } from '../../http/context.js';
import { paramError } from '../../http/errors.js';
import { cappedCount, decodeCursor, encodeCursor, keysetReply, pageWindow, paginate } from '../../http/pagination.js';
import type { Reply } from '../../http/reply.js';
import { keptCount, type KeptList } from '../../db/list-counts.js';
import type { Database } from '../../db/connection.js';
import { presentAuditEvent, type AuditEventRow } from './present.js';

export interface AuditScope {
  where: string[];
  args: unknown[];
  /** The trigger-kept total of the scope when no other filter applies. */
  kept?: { list: KeptList; owner: number; part?: string };
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

export function listAuditEvents(ctx: RequestContext, scope: AuditScope): Reply {
  const db = ctx.core.db;
  const p = ctx.params;
  const where = [...scope.where];
  const args = [...scope.args];
  let filtered = false;
  if (typeof p.author_id === 'number') {
    where.push('author_id = ?');
    args.push(p.author_id);
    filtered = true;
  }
  if (typeof p.event_name === 'string') {
    where.push('event_name = ?');
    args.push(p.event_name);
    filtered = true;
  }
  const dated = p.created_after !== undefined || p.created_before !== undefined;
  const bounds = dated ? idBounds(db, p.created_after as string | undefined, p.created_before as string | undefined) : { lo: 0, hi: Number.MAX_SAFE_INTEGER };
  if (bounds === null) where.push('0');
  else if (dated) {
    where.push('id BETWEEN ? AND ?');
    args.push(bounds.lo, bounds.hi);
  }
  const keyset = p.pagination === 'keyset';
  if (keyset) {
    checkKeysetOrder(ctx);
    if (typeof p.cursor === 'string') {
      const id = Number(decodeCursor(p.cursor).id);
      if (!Number.isInteger(id)) throw paramError('cursor is invalid');
      where.push('id < ?');
      args.push(id);
    }
    const perPage = pageWindow(ctx).perPage;
    const sql = `SELECT * FROM audit_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = db.prepare(sql).all(...args, perPage + 1) as AuditEventRow[];
    return keysetReply(ctx, rows, perPage, (last) => ({ cursor: encodeCursor({ id: String(last.id), _kd: 'n' }) }), presentAuditEvent, 'lookahead');
  }
  const base = `SELECT * FROM audit_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const kept = scope.kept;
  return paginate(
    ctx,
    (cap) =>
      kept && !filtered && !dated
        ? keptCount(db, kept.list, [kept.owner], cap, kept.part !== undefined ? [kept.part] : undefined)
        : (db.prepare(cappedCount(`SELECT 1 FROM audit_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, cap)).get(...args) as { n: number }).n,
    (limit, offset) => (db.prepare(`${base} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as AuditEventRow[]).map(presentAuditEvent),
    { offsetLimitType: 'AuditEvent' },
  );
}
