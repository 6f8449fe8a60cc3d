// GET /hostctl/audit_events/stream: the events after `after` (oldest first, at most 100), or,
// when there are none yet, the first ones recorded within `timeout` seconds (a long poll). The
// caller passes the last id it saw as the next `after`. Waiting checks the table every 200 ms
// with one indexed read, so changes made by any process (serve, a local command) are seen.
import type { RequestContext } from '../../http/context.js';
import { ok, type Reply } from '../../http/reply.js';
import type { AuditScope } from './list.js';
import { EVENT_COLUMNS, presentAuditEvent, type AuditEventRow } from './present.js';

const BATCH = 100;
const POLL_MS = 200;

export async function followAuditEvents(ctx: RequestContext, scope: AuditScope): Promise<Reply> {
  const where = [...scope.where];
  const args: unknown[] = [...scope.args];
  const p = ctx.params;
  if (typeof p.author_id === 'number') {
    where.push('author_id = ?');
    args.push(p.author_id);
  }
  if (typeof p.event_name === 'string') {
    where.push('event_name = ?');
    args.push(p.event_name);
  }
  // The id bound comes last, as its argument does (read).
  where.push('id > ?');
  const sql = `SELECT ${EVENT_COLUMNS} FROM audit_events WHERE ${where.join(' AND ')} ORDER BY id LIMIT ${BATCH}`;
  const after = p.after as number;
  // Past events never change, so the scan for the next batch starts at the newest id checked.
  const newest = () => (ctx.core.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM audit_events').get() as { id: number }).id;
  const read = (from: number) => ctx.core.db.prepare(sql).all(...args, from) as AuditEventRow[];
  const until = Date.now() + (p.timeout as number) * 1000;
  let from = after;
  for (;;) {
    const top = newest();
    const rows = read(from);
    if (rows.length > 0) return ok(rows.map(presentAuditEvent), { 'x-next-after': String(rows[rows.length - 1]!.id) });
    // Nothing in scope up to `top`: the next look starts there.
    from = Math.max(from, top);
    if (Date.now() >= until) return ok([], { 'x-next-after': String(from) });
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, until - Date.now()))));
  }
}
