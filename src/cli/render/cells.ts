// Cell helpers for tables: the one time format (relative on a terminal, ISO 8601 in UTC piped),
// coloured state words, widths, cutting and wrapping.

const UNITS: [number, string][] = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [7 * 86_400, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** A point in time as the API gives it: ISO 8601 with a zone (`Z` or an offset such as commits' `+02:00`). */
export const TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The one rule for a time in a table cell, a `get` row or a line a verb prints for people: on a
 * terminal, relative (`3 hours ago`, `in 2 days`, the UTC date past a year); anywhere else (piped,
 * CSV), ISO 8601 in UTC (`2026-01-15T07:00:00.000Z`) whatever offset the API gave. Calendar dates
 * (`YYYY-MM-DD`, such as a token's expiry) have no time of day and stay as they are. JSON and YAML
 * never come here: they keep the API's values.
 */
export function timeText(iso: string, tty: boolean, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const utc = new Date(t).toISOString();
  return tty ? relativeTime(utc, now) : utc;
}

/** `3 hours ago`, `in 2 days`, `just now`; times further than a year become the (UTC) date. */
export function relativeTime(iso: string, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = Math.round((now.getTime() - t) / 1000);
  const abs = Math.abs(diff);
  if (abs < 60) return 'just now';
  if (abs >= 365 * 86_400) return new Date(t).toISOString().slice(0, 10);
  for (const [size, unit] of UNITS) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      const words = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return diff >= 0 ? `${words} ago` : `in ${words}`;
    }
  }
  return 'just now';
}

const RED = ['blocked', 'revoked', 'expired', 'failed', 'banned', 'deactivated', 'closed', 'locked', 'false'];
const GREEN = ['active', 'success', 'finished', 'open', 'opened', 'true'];
const YELLOW = ['pending', 'running', 'scheduled', 'started', 'ldap_blocked', 'blocked_pending_approval'];

/** A state word in colour: red for the bad ones, green for good, yellow for in progress. */
export function paintState(text: string): string {
  const w = text.trim().toLowerCase();
  if (RED.includes(w)) return `\u001b[31m${text}\u001b[39m`;
  if (YELLOW.includes(w)) return `\u001b[33m${text}\u001b[39m`;
  if (GREEN.includes(w)) return `\u001b[32m${text}\u001b[39m`;
  return text;
}

/** Display width of plain text: wide East Asian characters and emoji count two, marks zero. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 32 || (cp >= 0x300 && cp <= 0x36f) || cp === 0x200b) continue;
    w += isWide(cp) ? 2 : 1;
  }
  return w;
}

const isWide = (cp: number): boolean =>
  (cp >= 0x1100 && cp <= 0x115f) ||
  (cp >= 0x2e80 && cp <= 0xa4cf) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe30 && cp <= 0xfe4f) ||
  (cp >= 0xff00 && cp <= 0xff60) ||
  (cp >= 0xffe0 && cp <= 0xffe6) ||
  (cp >= 0x1f300 && cp <= 0x1faff) ||
  (cp >= 0x20000 && cp <= 0x3fffd);

/** A namespace path such as acme/platform/runner, or a file's (/srv/hostctl/storages/default): no spaces, no empty segments. */
const PATH_CELL = /^\/?[^\s/]+(\/[^\s/]+)+$/;
/** A URL: what tells one from another is at its end. */
const URL_CELL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/**
 * Cuts a cell to at most `width` columns. Paths and URLs are cut from the left at a segment
 * boundary, keeping the end that tells rows apart (`…/platform/runner`, `…/-/releases/v1.2`); when
 * even the last segment does not fit, it keeps its beginning. Other text keeps its beginning and
 * ends in an ellipsis.
 */
export function fitCell(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const url = URL_CELL.test(text);
  if (!url && !PATH_CELL.test(text)) return truncate(text, width);
  const body = url ? text.replace(/^[^:]+:\/\//, '').replace(/\/+$/, '') : text;
  const segments = body.split('/');
  let tail = segments[segments.length - 1] as string;
  if (displayWidth(tail) + 2 > width) {
    if (displayWidth(tail) < width) return `…${tail}`;
    // The last segment alone is too wide: its beginning, marked as cut (the space makes a
    // segment exactly as wide as the column lose its last character to the ellipsis).
    return truncate(`${tail} `, width);
  }
  for (let i = segments.length - 2; i >= 1; i--) {
    const longer = `${segments[i] as string}/${tail}`;
    if (displayWidth(longer) + 2 > width) break;
    tail = longer;
  }
  return `…/${tail}`;
}

/** Cuts text to at most `width` columns, ending in an ellipsis when anything was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = displayWidth(ch);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/**
 * Wraps text at `width` columns between words; a continuation line takes the indent of its line
 * plus `hang`. Words wider than the line (URLs, tokens people copy) stay whole on a line of their
 * own; existing line breaks stay.
 */
export function wrapText(text: string, width: number, hang = 0): string {
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width) return line;
      const indent = /^ */.exec(line)?.[0] ?? '';
      const next = `${indent}${' '.repeat(hang)}`;
      const out: string[] = [];
      let current = indent;
      let w = displayWidth(indent);
      let empty = true;
      for (const word of line.slice(indent.length).split(/ +/)) {
        const ww = displayWidth(word);
        if (!empty && w + 1 + ww > width) {
          out.push(current);
          current = next + word;
          w = displayWidth(next) + ww;
        } else {
          current += empty ? word : ` ${word}`;
          w += empty ? ww : 1 + ww;
        }
        empty = false;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}
