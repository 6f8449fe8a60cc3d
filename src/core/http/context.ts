// The request as a handler sees it: validated params, the acting user, the core's services.
import type { WireStream } from '../../shared/wire.js';
import type { TokenRow, UserRow } from '../db/rows.js';
import type { CoreState } from '../state.js';
import type { ParamBag } from './parse.js';
import type { Params } from './params.js';
import type { RouteDef } from './route.js';
import { unauthorized } from './errors.js';

export interface RequestContext {
  readonly core: CoreState;
  readonly route: RouteDef;
  readonly method: string;
  /** Percent-encoded path below /api/v4, as requested. */
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Query and body parameters before validation (query first, body over it). */
  readonly input: Readonly<ParamBag>;
  /** Query parameters alone, for building pagination links. */
  readonly queryInput: Readonly<ParamBag>;
  /** Declared params, coerced and validated; path params included, decoded. */
  readonly params: Params;
  /** The user the request acts as (the Sudo target when Sudo is used); null when anonymous. */
  readonly actor: UserRow | null;
  /** The authenticated user before Sudo. */
  readonly authUser: UserRow | null;
  /** The personal access token that authenticated the request, if any. */
  readonly token: TokenRow | null;
  /** `<scheme>://<host>/api/v4` as the caller reached it, for Link and Location headers. */
  readonly apiBase: string;
  /** The request's time, read once when it was routed (the same instant on every call; do not modify it). */
  now(): Date;
  /** The pipeline whose job token authenticated the request (JOB-TOKEN), else null. */
  readonly jobPipelineId?: number | null;
  /** What the route's `caller` check returned (checked before the body was read). */
  readonly caller?: unknown;
  /**
   * Other connections' commits (SQLite `data_version`) as read after the request arrived, when
   * the transport read it (serve, once per batch of arrivals): caches of the current generation
   * use it instead of reading it again.
   */
  readonly dataVersion?: number;
  /** The raw request body, on routes that declare `stream.request`. */
  readonly bodyStream?: WireStream;
  /**
   * A page's answer is read in-process, not sent (the batched settings reads): its Link header,
   * a handful of URLs built for each page, is left out; the x-* headers stay.
   */
  readonly withoutLinks?: boolean;
}

/** The caller, or 401 when anonymous (for routes that allow anonymous access). */
export function currentUser(ctx: RequestContext): UserRow {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}
