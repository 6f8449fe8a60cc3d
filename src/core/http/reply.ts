import type { WireStream } from '../../shared/wire.js';

// What a handler may return besides a plain JSON value: a status, headers, or a raw body.

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /**
     * A body already encoded (text, archive bytes, JSON serialised ahead); `body` is ignored
     * when set. `utf8`: the bytes are text, which callers that take no bytes get as a string.
     */
    readonly raw?: { data: string | Uint8Array; contentType: string; utf8?: boolean },
    /** A body that streams (a stored file); only on routes that declare `stream.response`. */
    readonly stream?: { body: WireStream; contentType: string; length?: number },
  ) {}
}

export const ok = (body: unknown, headers?: Record<string, string>): Reply => new Reply(200, body, headers);
export const created = (body: unknown): Reply => new Reply(201, body);
export const accepted = (body: unknown = { message: '202 Accepted' }): Reply => new Reply(202, body);
export const noContent = (): Reply => new Reply(204, undefined);
export const redirect = (location: string, status = 302): Reply =>
  new Reply(status, undefined, { location }, { data: '', contentType: 'text/plain; charset=utf-8' });
export const rawReply = (data: string | Uint8Array, contentType: string, headers: Record<string, string> = {}, status = 200): Reply =>
  new Reply(status, undefined, headers, { data, contentType });

/**
 * A Content-Disposition value naming a file, as the platform (Rails) writes it: `filename` in
 * plain ASCII (accents dropped, other letters `?`, then percent-encoded) for old clients, and the exact
 * name as UTF-8 in `filename*` (RFC 6266/5987), which clients prefer. Header values are bytes:
 * a name written raw would reach the client garbled, or fail the answer outright.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x00-\x7f]/gu, '?')
    .replace(/[^ A-Za-z0-9!#$+.^_`|~-]/gu, (c) => encodeURIComponent(c));
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** JSON already serialised into UTF-8 bytes (lists assembled from kept texts). */
export const jsonBytesReply = (data: Uint8Array, headers: Record<string, string> = {}, status = 200): Reply =>
  new Reply(status, undefined, headers, { data, contentType: 'application/json', utf8: true });

/** A streamed body of known length; the transport pipes it without buffering. */
export const streamReply = (body: WireStream, contentType: string, length: number | undefined, headers: Record<string, string> = {}): Reply =>
  new Reply(200, undefined, headers, undefined, { body, contentType, ...(length !== undefined ? { length } : {}) });

/** Types a browser would run or render as a page: stored text is served as plain text instead. */
const ACTIVE_TYPE = /^(text\/(?!plain\b)|image\/svg|application\/(xhtml|xml|javascript|ecmascript|x-javascript)|[a-z]+\/[a-z.+-]*\+xml\b)/i;

/**
 * Headers of a raw answer (a stored file, an archive, a download): its type as given unless it
 * is one a browser would execute or render (then UTF-8 plain text), and `nosniff`, so no
 * browser turns stored bytes into a page or a script on the API's origin.
 */
export function unsniffable(contentType: string): Record<string, string> {
  const type = ACTIVE_TYPE.test(contentType) ? 'text/plain; charset=utf-8' : /^text\/plain\s*$/i.test(contentType) ? 'text/plain; charset=utf-8' : contentType;
  return { 'content-type': type, 'x-content-type-options': 'nosniff' };
}
