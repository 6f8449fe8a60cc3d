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
  /** `scim`: the request is for the SCIM root (/api/scim/v2) and `path` is below /api. */
  api?: 'scim';
}

export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: WireHeaders;
  body: string | Uint8Array;
}

export const API_PREFIX = '/api/v4';
/** The root of the SCIM provisioning API that identity providers call; its paths are below /api. */
export const SCIM_PREFIX = '/api/scim/v2';
