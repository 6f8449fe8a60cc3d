// What a handler may return besides a plain JSON value: a status, headers, or a raw body.

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** A non-JSON body (text, archive bytes); `body` is ignored when set. */
    readonly raw?: { data: string | Uint8Array; contentType: string },
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
