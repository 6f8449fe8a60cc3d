// How `audit-events list --follow` shows one event: a line that stays on the screen as a log.
import { displayWidth, fitCell, timeText, truncate } from '../../render/cells.js';
import type { AuditEvent } from './shared.js';

/** A followed line's columns but the last (the address): time, author, event, target. */
const WIDTHS = [24, 12, 28, 10];

/**
 * The event's line, without its newline. Its time is absolute (the piped form of the renderer's
 * time rule), never a relative time that goes stale. Columns have fixed widths (the rows to come
 * are unknown), measured as the terminal shows them (wide characters count twice). On a terminal
 * (`columns` given) a line is never wrapped: the address goes when it does not fit whole (at 80
 * columns), and what is still too wide is cut.
 */
export function followedLine(e: AuditEvent, columns?: number): string {
  const d = e.details ?? {};
  const cells = [typeof e.created_at === 'string' ? timeText(e.created_at, false, new Date()) : '', String(d.author_name ?? ''), String(e.event_name ?? ''), String(d.target_details ?? d.target_id ?? ''), String(d.ip_address ?? '')];
  const fixed = WIDTHS.map((width, i) => {
    const cut = fitCell(cells[i] as string, width);
    return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
  }).join(' ');
  const text = `${fixed} ${cells[WIDTHS.length] as string}`.trimEnd();
  if (columns === undefined || displayWidth(text) <= columns) return text;
  return truncate(fixed.trimEnd(), columns);
}
