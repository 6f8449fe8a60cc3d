// A transport carries one plain-object request to a core and brings back its response: the
// in-process core (local) or an instance over HTTP (remote).
import type { ApiRequest, ApiResponse } from '../shared/wire.js';

export interface Transport {
  /** `local:<state dir>` or the instance URL; for messages. */
  readonly target: string;
  request(request: ApiRequest): Promise<ApiResponse>;
  /** Answers every request `fn` makes from one snapshot of the state (the local transport only). */
  snapshot?<T>(fn: () => Promise<T>): Promise<T>;
  /** A local state: the base of the web URLs in its answers, and whether a running serve answers there. */
  readonly web?: { base: string; served: boolean } | undefined;
  close(): Promise<void>;
}

/** A failure to reach the target at all (connection refused, DNS, TLS, timeout). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}
