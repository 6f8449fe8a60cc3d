// The transport's request and response: plain objects, identical for the in-process core and
// for HTTP. Paths are relative to /api/v4 and stay percent-encoded exactly as sent on the wire.

export type WireHeaders = Record<string, string>;

export interface ApiRequest {
  method: string;
  /** Path below /api/v4, starting with '/', percent-encoded (e.g. `/projects/acme%2Fweb`). */
  path: string;
  /** Raw query string without the leading '?'. */
  query?: string;
  /** Header names in lower case. */
  headers?: WireHeaders;
  /** Raw body; its meaning follows the content-type header. */
  body?: string | Uint8Array;
  /**
   * `scim`: the request is for the SCIM root (/api/scim/v2) and `path` is below /api. `web`: a
   * web address of the instance (a release evidence document), `path` from the instance's root.
   */
  api?: 'scim' | 'web';
  /** The body as a stream, for routes that declare a streamed request (file uploads). */
  bodyStream?: WireStream;
  /** Ask for a successful answer's body as `stream` instead of buffered (file downloads). */
  streamResponse?: boolean;
}

/** A request as the core receives it: a server hands over the body still unread. */
export interface ServedRequest extends Omit<ApiRequest, 'body'> {
  body?: string | Uint8Array | BodySource;
  /**
   * The caller writes the answer to a socket: a text body the core already holds as UTF-8
   * bytes is handed over as those bytes instead of being decoded into a string first.
   */
  textAsBytes?: boolean;
  /**
   * `headers` is already the core's own bag: a null-prototype object of lower-case names, none
   * of them refused as a parameter name (the server builds it so as it copies Node's headers,
   * and the core then takes it as it is rather than copying it a second time).
   */
  headersChecked?: boolean;
}

/**
 * A body still on the wire: read only once the route and the caller are known, and only up to
 * the route's limit, so an anonymous or oversized request never costs more than its headers.
 */
export interface BodySource {
  /** Content-Length as announced, when it was. */
  readonly declaredLength: number | undefined;
  /**
   * True when the request announced no body (no Content-Length or 0, no Transfer-Encoding):
   * `read` would answer no bytes, and the core need not wait for it.
   */
  readonly empty?: boolean;
  /** Reads the whole body; rejects with BodyTooLargeError as soon as it passes `limit` bytes. */
  read(limit: number): Promise<Uint8Array>;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/**
 * The body stopped before its end: the client went away or Node's request timeout cut it off
 * (and answered 408 itself). Nobody is left to answer, so it is no server failure to report.
 */
export class BodyAbortedError extends Error {
  constructor() {
    super('the request body was cut off');
  }
}

export const isBodySource = (body: ServedRequest['body']): body is BodySource =>
  typeof body === 'object' && body !== null && !(body instanceof Uint8Array) && typeof (body as BodySource).read === 'function';

export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: WireHeaders;
  body: string | Uint8Array;
  /** Set instead of `body` (which is then '') when a streamed answer was asked for. */
  stream?: WireStream;
}

/**
 * A body that flows in chunks (a Node Readable satisfies it). `destroy` releases what it holds
 * (a file descriptor, a socket) when the reader stops early.
 */
export type WireStream = AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void };

export const API_PREFIX = '/api/v4';
/** The root of the SCIM provisioning API that identity providers call; its paths are below /api. */
export const SCIM_PREFIX = '/api/scim/v2';
