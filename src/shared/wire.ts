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
  /** The body as a stream, for routes that declare a streamed request (file uploads). */
  bodyStream?: WireStream;
  /** Ask for a successful answer's body as `stream` instead of buffered (file downloads). */
  streamResponse?: boolean;
}

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
