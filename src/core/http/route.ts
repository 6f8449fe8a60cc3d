// A route is data: method, path pattern, declared params, who may call it, whether it pages,
// and the handler. Each area exports one table of these.
import type { ParamDecl, ParamRule } from './params.js';
import type { RequestContext } from './context.js';
import type { CoreState } from '../state.js';

export interface StreamFlags {
  request?: true;
  response?: true;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Tier = 'free' | 'premium' | 'ultimate';
export type Offering = 'self-managed' | 'hosted' | 'dedicated';

export interface RouteDef {
  method: Method;
  /** Pattern below /api/v4: literal segments, `:name` (one segment) or `*name` (the rest). */
  path: string;
  summary: string;
  params?: ParamDecl[];
  rules?: ParamRule[];
  /**
   * `optional`: anonymous callers reach the handler with ctx.actor === null. Default `required`.
   * `none`: no personal access token is read; the handler authenticates the caller itself (SCIM).
   */
  auth?: 'required' | 'optional' | 'none';
  /**
   * For `auth: 'none'` routes that bring their own credentials (SCIM's group token): checks the
   * caller from the path and the headers alone, before any byte of the body is read, and throws
   * to refuse it (a bad or missing token costs no more than its headers). What it returns
   * reaches the handler as ctx.caller.
   */
  caller?: (core: CoreState, pathParams: Readonly<Record<string, string>>, headers: Readonly<Record<string, string>>) => unknown;
  /** `scim`: served below /api (path `/scim/v2/...`) with SCIM bodies and errors, not below /api/v4. */
  api?: 'scim';
  /**
   * Package registry routes also accept a pipeline's job token (JOB-TOKEN header, job_token
   * param, or Basic user gitlab-ci-token) and a token as the password of HTTP Basic.
   */
  packageAuth?: true;
  /** Token scopes accepted besides `api` (any method) and `read_api` (GET). */
  scopes?: string[];
  /** Lowest tier that has the operation; others answer as if the route did not exist. */
  tier?: Exclude<Tier, 'free'>;
  /** Offerings that have the operation (instance offering `all` has every one). */
  offerings?: Offering[];
  /**
   * Largest body accepted, in bytes (default DEFAULT_BODY_LIMIT). Routes that take uploads
   * raise it; the body is refused with 413 as soon as Content-Length or the bytes read pass it.
   */
  bodyLimit?: number;
  /** Adds `page` and `per_page` to the declared params. */
  paginated?: boolean;
  /**
   * Bodies that move as streams: `request` hands the handler the raw body as ctx.bodyStream
   * (never buffered or parsed), `response` lets it answer with streamReply. Listed in the route
   * manifest so that `serve` knows before dispatch not to read the body.
   */
  stream?: StreamFlags;
  handler: (ctx: RequestContext) => unknown | Promise<unknown>;
}

/** Body limit of a route that does not name one: JSON and form bodies stay small. */
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;

export const defineRoutes = (routes: RouteDef[]): RouteDef[] => routes;
