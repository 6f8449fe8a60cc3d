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
}

export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: WireHeaders;
  body: string | Uint8Array;
}

export const API_PREFIX = '/api/v4';
