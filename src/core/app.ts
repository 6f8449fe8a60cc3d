// Builds a core from a state directory and exposes handle(request) → response. This is the
// one place that turns thrown ApiErrors (and unexpected exceptions) into responses.
import { accessSync, constants as fsConstants, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BodyTooLargeError, isBodySource, type ServedRequest as ApiRequest, type ApiResponse, type WireStream } from '../shared/wire.js';
import { systemClock, type Clock } from './clock.js';
import { isReadOnlyState, openDatabase, openReadOnly, readSnapshot, setBusyTimeout, type Database } from './db/connection.js';
import { WriteQueue } from './db/write-queue.js';
import { latestVersion, migrate } from './db/migrate.js';
import { dataVersion } from './db/generation.js';
import { liveStorages, readSettings, tierAtLeast, offeringIn, type InstanceSettings } from './instance.js';
import { JobQueue } from './jobs/queue.js';
import { RepositoryStore } from './git/store.js';
import { forgetAfterWrite, forgetRepositorySize } from './repositories/repository-sizes.js';
import type { CoreState } from './state.js';
import { Router } from './http/router.js';
import { loadArea } from './areas/index.js';
import { ROUTE_MANIFEST } from './areas/manifest.js';
import { ApiError, paramError, routeNotFound, unauthorized, validationError } from './http/errors.js';
import { bag, checkKey, parseJsonBody, parseQuery, type ParamBag } from './http/parse.js';
import { validateParams, type ParamDecl } from './http/params.js';
import { PAGINATION_PARAMS } from './http/pagination.js';
import { Reply, unsniffable } from './http/reply.js';
import { classify, isStorageFailure, serviceUnavailable } from './http/failures.js';
import type { RequestContext } from './http/context.js';
import { authenticate } from './auth/authenticate.js';
import { apiBaseFrom, requestOrigin, webBaseFrom, withWebBase } from './resources/urls.js';
import { withRequestAuditor } from './audit/record.js';

export { STATE_DB } from '../shared/state-layout.js';
export { stateModeWarnings } from './state-modes.js';
import { STATE_DB, storageDirIn } from '../shared/state-layout.js';
import { webApiPath } from './web-paths.js';
import { sweepAbandonedUploads } from './upload-temp.js';
import { sweepAbandonedStagings } from './repositories/staging-leftovers.js';
import { noteSweep } from './fs/sweep-record.js';
/** Longest query string accepted; longer ones answer 414 (send a JSON body instead). */
export const MAX_QUERY_LENGTH = 16_384;
/** Body limit of routes that name none (routes that take uploads raise theirs with bodyLimit). */
export { DEFAULT_BODY_LIMIT } from './http/route.js';
import { DEFAULT_BODY_LIMIT, type RouteDef } from './http/route.js';

export interface CoreOptions {
  stateDir: string;
  clock?: Clock;
  /** Where diagnostics go (stderr by default). */
  log?: (message: string) => void;
  /** Base of every web URL, overriding the stored setting and the request's Host (serve --external-url). */
  externalUrl?: string;
  /**
   * How long the write lock may stay taken with no commit by anyone (a holder that is not one of
   * hostctl's short writes) before a waiting write request answers 503 with Retry-After. The wait
   * is asynchronous and has no deadline while other writers commit.
   */
  writeLockWaitMs?: number;
  /**
   * How long a write may wait synchronously for the lock once it runs. Only a one-shot local
   * command raises it (default WRITE_BUSY_MS, which a server must keep: its event loop is shared).
   */
  writeBusyMs?: number;
}

/** Default bound on a stalled write lock: a local command, which has no one else to answer. */
const LOCAL_WRITE_LOCK_WAIT_MS = 15_000;
/** Where the processes writing one state announce that their writer waits for the lock. */
const WRITE_WAITERS_DIR = 'write-waiters';

/**
 * The checks every request needs before it is answered (the state file is still the one opened;
 * which commits other processes made), made once by `serve` for all the requests one turn of its
 * event loop received, after the last of them was read. Each of those requests is then answered
 * as of that moment or later, as if the check had been its own.
 */
export interface ArrivalCheck {
  readonly intact: boolean;
  /** Other connections' commits (`data_version`); undefined when it could not be read. */
  readonly dataVersion: number | undefined;
}

export interface Core extends CoreState {
  /** `check`: made after the request arrived (see ArrivalCheck); without it the core checks itself. */
  handle(request: ApiRequest, check?: ArrivalCheck): Promise<ApiResponse>;
  /**
   * `handle` for a transport that writes answers itself (serve): the answer at once when the
   * request waited for nothing, else a promise of it; never throws.
   */
  answer(request: ApiRequest, check?: ArrivalCheck): ApiResponse | Promise<ApiResponse>;
  checkArrivals(): ArrivalCheck;
  /** One read transaction across the requests `fn` makes (one-shot local commands only; see readSnapshot). */
  readSnapshot<T>(fn: () => Promise<T>): Promise<T>;
  readonly router: Router;
  close(): void;
}

export class StateNotFoundError extends Error {}

let sharedRouter: Router | undefined;
const router = (): Router => (sharedRouter ??= new Router(ROUTE_MANIFEST));

export function openCore(options: CoreOptions): Core {
  const file = join(options.stateDir, STATE_DB);
  if (!existsSync(file)) throw new StateNotFoundError(`no hostctl state at ${options.stateDir} (run: hostctl init --state ${options.stateDir})`);
  const db = openStateDatabase(file);
  const settings = readSettings(db);
  // Crash recovery: a killed upload's temporary file (possibly huge) goes now, not at the next
  // upload, and so does a repository a killed process was writing before its row existed. What
  // will not go never stops the opening: it is noted for doctor and HOSTCTL_DEBUG (fs/sweep-record.ts).
  if (!isReadOnlyState(db)) {
    sweepAbandonedUploads(options.stateDir);
    noteSweep(options.stateDir, sweepAbandonedStagings(Object.values(settings.storages).map((dir) => storageDirIn(options.stateDir, dir))));
  }
  return buildCore(options, db, settings);
}

export function buildCore(options: CoreOptions, db: Database, settings: InstanceSettings): Core {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  let repos: RepositoryStore | undefined;
  const writes = new WriteQueue(db, options.writeLockWaitMs ?? LOCAL_WRITE_LOCK_WAIT_MS, isReadOnlyState(db) ? null : join(options.stateDir, WRITE_WAITERS_DIR));
  const state: CoreState = {
    stateDir: options.stateDir,
    db,
    clock,
    settings: liveStorages(db, options.externalUrl ? { ...settings, externalUrl: options.externalUrl.replace(/\/+$/, '') } : settings),
    externalUrlExplicit: options.externalUrl !== undefined,
    jobs: new JobQueue(db, clock),
    get repos() {
      // Every write to a repository forgets its stored size before it starts (src/core/repositories/repository-sizes.ts).
      return (repos ??= new RepositoryStore(options.stateDir, () => state.settings.storages, {
        starting: (storage, relative) => forgetRepositorySize(state, storage, relative),
        ended: (storage, relative) => forgetAfterWrite(state, storage, relative),
      }));
    },
    tx: <T>(fn: () => T) => writes.tx(fn),
    write: <T>(fn: () => T) => writes.run(fn),
    committed: () => writes.committed(),
    nowIso: () => clock.now().toISOString(),
    log,
  };
  const core = state as Core;
  const file = join(options.stateDir, STATE_DB);
  identities.set(core, { file, id: fileIdentity(file) });
  if (options.writeBusyMs !== undefined && !isReadOnlyState(db)) setBusyTimeout(db, options.writeBusyMs);
  Object.assign(core, {
    router: router(),
    handle: async (request: ApiRequest, check?: ArrivalCheck) => answer(core, request, check),
    answer: (request: ApiRequest, check?: ArrivalCheck) => answer(core, request, check),
    readSnapshot: <T>(fn: () => Promise<T>) => readSnapshot(db, fn),
    checkArrivals: (): ArrivalCheck => {
      let version: number | undefined;
      try {
        version = dataVersion(db);
      } catch {
        // Each request reads it again and meets the failure itself.
        version = undefined;
      }
      return { intact: stateIntact(core), dataVersion: version };
    },
    close: () => {
      repos?.close();
      db.close();
    },
  });
  return core;
}

/**
 * The database file as opened (device and inode). If the file is removed or replaced while the
 * core runs, the connection would go on writing to a file nobody will read again: requests
 * answer 503 instead, and a write is acknowledged only if the file is still the one written.
 */
function fileIdentity(file: string): string | null {
  try {
    const st = statSync(file);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}

const identities = new WeakMap<Core, { file: string; id: string | null }>();

function stateIntact(core: Core): boolean {
  const known = identities.get(core);
  return !known || known.id === null || fileIdentity(known.file) === known.id;
}

/**
 * The answer to a request: at once when the request waited for nothing (a read with no body, a
 * route already loaded, a handler that answers at once), else a promise of it. Under serve's
 * request scope every promise made and every await costs a hook (src/server/server.ts), so a
 * request that needs none is answered in one synchronous run. Never throws.
 */
function answer(core: Core, request: ApiRequest, check?: ArrivalCheck): ApiResponse | Promise<ApiResponse> {
  if (!(check ? check.intact : stateIntact(core))) return errorResponse(stateGone(core));
  let replied: Reply | Promise<Reply>;
  try {
    replied = dispatch(core, request, check?.dataVersion);
  } catch (error) {
    return settled(core, request, failed(core, request, error));
  }
  if (!(replied instanceof Promise)) return answered(core, request, replied);
  return replied.then(
    (reply) => answered(core, request, reply),
    (error: unknown) => settled(core, request, failed(core, request, error)),
  );
}

/** The answer to a handler's reply. */
function answered(core: Core, request: ApiRequest, reply: Reply): ApiResponse {
  let response: ApiResponse;
  try {
    response = toResponse(reply, request.textAsBytes === true);
    if (request.api === 'scim') response = asScim(response);
  } catch (error) {
    response = failed(core, request, error);
  }
  return settled(core, request, response);
}

/** What every answer passes last: the check of a write's file, and HEAD's empty body. */
function settled(core: Core, request: ApiRequest, response: ApiResponse): ApiResponse {
  // A write is acknowledged only if the file it went to is still the state's (a read checked
  // before it ran).
  if (request.method !== 'GET' && request.method !== 'HEAD' && !stateIntact(core)) return errorResponse(stateGone(core));
  // HEAD answers carry the headers of the GET, never a body (on every transport).
  if (request.method.toUpperCase() !== 'HEAD') return response;
  if (response.stream) discardStream(response.stream);
  const { stream: _dropped, ...rest } = response;
  return { ...rest, body: '' };
}

/** The answer to a request whose handling threw `error`. */
function failed(core: Core, request: ApiRequest, error: unknown): ApiResponse {
  const scim = request.api === 'scim';
  const known = classify(error);
  if (known && known.status < 500) return scim ? scimErrorResponse(known) : errorResponse(known);
  core.log(`${known?.status ?? 500} ${request.method} ${request.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (scim) return scimErrorResponse(known ?? new ApiError(500, { message: 'Internal Server Error' }));
  return known ? errorResponse(known) : json(500, { message: '500 Internal Server Error' });
}

/**
 * `fn(value)`: at once when `value` is there already, else (a promise, or any thenable a
 * handler returns, as `await` would take it) once it settles, as a promise.
 */
function after<T, U>(value: T | PromiseLike<T>, fn: (value: T) => U | Promise<U>): U | Promise<U> {
  return isThenable(value) ? Promise.resolve(value).then(fn) : fn(value);
}

const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  value instanceof Promise || (typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function');

/**
 * The handler's reply to a request. A request that waits for nothing (a read with no body, a
 * route already loaded, a handler that answers at once) is answered in one synchronous run,
 * without a promise: under serve's request scope each promise made costs a hook.
 */
function dispatch(core: Core, request: ApiRequest, dataVersion: number | undefined): Reply | Promise<Reply> {
  const method = request.method.toUpperCase();
  const rawQuery = request.query ?? '';
  if (rawQuery.length > MAX_QUERY_LENGTH) throw new ApiError(414, { message: '414 Request-URI Too Large' });
  const headers = request.headersChecked === true && request.headers ? request.headers : lowerKeys(request.headers ?? {});
  // A web address that holds data is answered by its API route (core/web-paths.ts), GET only.
  const web = request.api === 'web';
  const path = web ? (method === 'GET' || method === 'HEAD' ? webApiPath(request.path) : null) : request.path;
  if (path === null) throw routeNotFound();
  const outcome = core.router.match(method, path);
  if (outcome.kind === 'none' || outcome.kind === 'bad-encoding') throw routeNotFound();
  if (outcome.kind === 'method-not-allowed') throw paramError('405 Not Allowed', 405);
  // A state opened read-only answers writes as the platform's read-only instance does, before
  // any handler could write a repository or a file the database then refuses to record.
  if (!SAFE_METHODS.has(method) && isReadOnlyState(core.db)) throw new ApiError(403, { message: READ_ONLY_INSTANCE });
  const pathParams = Object.assign(bag(), outcome.match.pathParams) as Record<string, string>;
  const entry = outcome.match.route;
  return after(routeDefs.get(entry) ?? findRouteDef(entry), (route) => {
    if (!route) throw new Error(`route manifest is stale: ${entry.method} ${entry.path} is not in area ${entry.area} (run npm run build)`);
    return dispatchTo(core, request, dataVersion, { method, path, rawQuery, headers, web, pathParams }, route);
  });
}

/** What dispatch found out about a request before its route was known. */
interface Routed {
  method: string;
  path: string;
  rawQuery: string;
  headers: Record<string, string>;
  web: boolean;
  pathParams: Record<string, string>;
}

/** Methods that never write, answered by a read-only state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The platform's answer to a write on a read-only instance (maintenance mode). */
export const READ_ONLY_INSTANCE = 'You cannot perform write operations on a read-only instance';

/** Parameters of the body that name a caller (allowed there by the platform). */
const BODY_CREDENTIALS = ['private_token', 'access_token', 'sudo'];

function dispatchTo(core: Core, request: ApiRequest, dataVersion: number | undefined, routed: Routed, route: RouteDef): Reply | Promise<Reply> {
  const { method, path, headers, pathParams } = routed;
  // SCIM routes answer only below /api/scim/v2, every other route only below /api/v4.
  if ((route.api ?? 'v4') !== (routed.web ? 'v4' : (request.api ?? 'v4'))) throw routeNotFound();
  if (route.tier && !tierAtLeast(core.settings.tier, route.tier)) throw routeNotFound();
  if (route.offerings && !offeringIn(core.settings.offering, route.offerings)) throw routeNotFound();

  const queryInput = parseQuery(routed.rawQuery);
  // The request's time, read once: the token's expiry and last use, and whatever the handler
  // asks of ctx.now() (a list's day, a token's state), all see the same instant.
  const now = core.clock.now();
  // The caller is known from headers and query before any of the body is read: an anonymous
  // request to a route that needs sign-in costs no more than its headers.
  // Routes outside token auth (SCIM brings its own bearer token) see no actor.
  const noAuth = route.auth === 'none';
  const auth = noAuth ? { actor: null, authUser: null, token: null } : authenticate(core, route, method, path, headers, queryInput, dataVersion, now);
  const authRequired = (route.auth ?? 'required') === 'required';
  if (authRequired && !auth.actor) throw unauthorized();
  // Routes with credentials of their own check them here, from path and headers, like a token.
  const caller = noAuth && route.caller ? route.caller(core, pathParams, headers) : undefined;
  // A streamed request body is the handler's to read; it is never buffered or parsed here.
  const streamsBody = route.stream?.request === true;
  const bodyInput = streamsBody
    ? bag()
    : after(readBody(request.body, route.bodyLimit ?? DEFAULT_BODY_LIMIT), (body) => (body === undefined || body.length === 0 ? bag() : parseBody(headers, body)));
  return after(bodyInput, (bodyInput) => {
    const input: ParamBag = Object.assign(bag(), queryInput, bodyInput);
    // A token or Sudo carried in the body (allowed by the platform) is honoured once it is read.
    const signedIn = !noAuth && BODY_CREDENTIALS.some((k) => Object.prototype.hasOwnProperty.call(bodyInput, k)) ? authenticate(core, route, method, path, headers, input, dataVersion, now) : auth;

    const decls = declsOf(route);
    const { params, errors, tooLong } = validateParams(decls, route.rules ?? [], Object.assign(bag(), input, pathParams));
    if (errors.length > 0) throw paramError(errors.join(', '));
    if (Object.keys(tooLong).length > 0) throw validationError({ ...tooLong });
    for (const k of Object.keys(pathParams)) if (!(k in params)) params[k] = pathParams[k];

    const origin = requestOrigin(headers);
    const ctx: Mutable<RequestContext> = {
      // Each request's view of the core names its author and address in the audit events it records.
      core: withRequestAuditor(withWebBase(core, webBaseFrom(core, origin)), signedIn.actor, signedIn.authUser, headers),
      route,
      method,
      path,
      rawQuery: routed.rawQuery,
      headers,
      input,
      queryInput,
      params,
      actor: signedIn.actor,
      authUser: signedIn.authUser,
      token: signedIn.token,
      apiBase: apiBaseFrom(core, origin),
      now: () => now,
      jobPipelineId: signedIn.pipelineId ?? null,
    };
    if (dataVersion !== undefined) ctx.dataVersion = dataVersion;
    if (caller !== undefined) ctx.caller = caller;
    if (streamsBody) ctx.bodyStream = requestStream(request);
    // A write request runs in this process's write turn, holding the write lock through the
    // synchronous start of its handler (src/core/db/write-queue.ts). A streaming route reads its
    // body first and takes its turn itself (core.write) for what it then writes.
    const writes = method !== 'GET' && method !== 'HEAD' && !streamsBody;
    const result = writes ? core.write(() => route.handler(ctx)) : route.handler(ctx);
    return after(result, (value) => (value instanceof Reply ? value : new Reply(method === 'POST' ? 201 : 200, value)));
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Each route's declared params, with the pagination params first on paginated routes. */
const routeDecls = new WeakMap<RouteDef, readonly ParamDecl[]>();
function declsOf(route: RouteDef): readonly ParamDecl[] {
  let decls = routeDecls.get(route);
  if (!decls) routeDecls.set(route, (decls = route.paginated ? [...PAGINATION_PARAMS, ...(route.params ?? [])] : (route.params ?? [])));
  return decls;
}

/** The route definition behind each manifest entry, once its area is loaded. */
const routeDefs = new WeakMap<object, RouteDef>();

async function findRouteDef(entry: { method: string; path: string; area: string }): Promise<RouteDef | undefined> {
  const route = (await loadArea(entry.area)).find((r) => r.method === entry.method && r.path === entry.path);
  if (route) routeDefs.set(entry, route);
  return route;
}

function stateGone(core: Core): ApiError {
  core.log(`503: the state database ${identities.get(core)?.file ?? ''} was removed or replaced; restart to serve the new one`);
  return serviceUnavailable();
}

/**
 * Opens the state database for serving, or only for reading when the state directory is
 * read-only (a copy on read-only media can still be listed).
 */
function openStateDatabase(file: string): Database {
  if (!writable(file) || !writable(dirname(file))) return openReadOnlyState(file);
  try {
    const db = openDatabase(file);
    migrate(db);
    return db;
  } catch (error) {
    if (!isStorageFailure(error)) throw error;
    return openReadOnlyState(file);
  }
}

function openReadOnlyState(file: string): Database {
  const db = openReadOnly(file);
  if ((db.pragma('user_version', { simple: true }) as number) < latestVersion()) {
    db.close();
    throw new Error(`the state at ${dirname(file)} is read-only and needs an upgrade; open it once with write access`);
  }
  return db;
}

function writable(path: string): boolean {
  try {
    accessSync(path, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const tooLarge = (): ApiError => new ApiError(413, { message: '413 Request Entity Too Large' }, { connection: 'close' });

/**
 * The body as bytes, never more than `limit` of them (413 and the connection closed beyond); at
 * once when there is nothing to wait for.
 */
function readBody(body: ApiRequest['body'], limit: number): string | Uint8Array | undefined | Promise<Uint8Array> {
  if (!isBodySource(body)) {
    if (body !== undefined && body.length > limit) throw tooLarge();
    return body;
  }
  if (body.declaredLength !== undefined && body.declaredLength > limit) throw tooLarge();
  if (body.empty === true) return undefined;
  return body.read(limit).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) throw tooLarge();
    throw error;
  });
}

async function parseBody(headers: Record<string, string>, body: string | Uint8Array | undefined): Promise<ParamBag> {
  if (body === undefined || body.length === 0) return bag();
  const type = (headers['content-type'] ?? '').toLowerCase();
  const text = () => (typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  if (type.startsWith('multipart/form-data')) {
    const { parseMultipart, FileTooLargeError } = await import('./http/multipart.js');
    try {
      return await parseMultipart(Buffer.from(body), headers['content-type'] as string, body.length);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof FileTooLargeError) throw new ApiError(413, { message: '413 Request Entity Too Large' });
      throw paramError('The multipart body could not be parsed');
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return parseQuery(text());
  if (type.startsWith('application/json') || type.startsWith('application/scim+json') || type === '') {
    try {
      const parsed = parseJsonBody(text());
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ParamBag;
      return bag();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (type === '') return bag();
      throw paramError('The request body is not valid JSON');
    }
  }
  return bag();
}

/** Header names in lower case on a prototype-free object (a `__proto__` header is refused). */
function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out = bag() as Record<string, string>;
  for (const k of Object.keys(headers)) {
    const lower = k.toLowerCase();
    checkKey(lower);
    const v = headers[k];
    if (typeof v === 'string') out[lower] = v;
  }
  return out;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

function toResponse(reply: Reply, textAsBytes: boolean): ApiResponse {
  if (reply.stream) {
    const length: Record<string, string> = reply.stream.length === undefined ? {} : { 'content-length': String(reply.stream.length) };
    return { status: reply.status, headers: { ...length, ...reply.headers, ...unsniffable(reply.stream.contentType) }, body: '', stream: reply.stream.body };
  }
  if (reply.raw) {
    const { data, utf8, contentType } = reply.raw;
    const body = utf8 && !textAsBytes && typeof data !== 'string' ? Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8') : data;
    // JSON assembled ahead (lists) is the API's own answer, not stored content.
    const headers = contentType === 'application/json' ? { 'content-type': contentType, ...reply.headers } : { ...reply.headers, ...unsniffable(contentType) };
    return { status: reply.status, headers, body };
  }
  if (reply.status === 204) return { status: 204, headers: { ...reply.headers }, body: '' };
  return json(reply.status, reply.body, reply.headers);
}

const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** SCIM answers carry the SCIM media type. */
function asScim(response: ApiResponse): ApiResponse {
  const type = response.headers['content-type'];
  if (type === undefined || !type.startsWith('application/json')) return response;
  return { ...response, headers: { ...response.headers, 'content-type': 'application/scim+json' } };
}

/**
 * The SCIM error body (RFC 7644 §3.12): schemas, detail, status; a conflict (409) also names its
 * scimType, `uniqueness`, which is what every SCIM conflict here is.
 */
function scimErrorResponse(error: ApiError): ApiResponse {
  const raw = error.body.message ?? error.body.error ?? error.message;
  const detail = typeof raw === 'string' ? raw.replace(/^\d{3} /, '') : JSON.stringify(raw);
  return {
    status: error.status,
    headers: { 'content-type': 'application/scim+json', ...error.headers },
    body: JSON.stringify({ schemas: [SCIM_ERROR_SCHEMA], ...(error.status === 409 ? { scimType: 'uniqueness' } : {}), detail, status: error.status }),
  };
}

function errorResponse(error: ApiError): ApiResponse {
  if (error.text !== undefined) return { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8', ...error.headers }, body: error.text };
  return json(error.status, error.body, error.headers);
}

/** The request body of a streaming route: the stream given, or the buffered body as one chunk. */
function requestStream(request: ApiRequest): WireStream {
  if (request.bodyStream) return request.bodyStream;
  const body = request.body;
  // `serve` hands streaming routes the socket itself (bodyStream); an unread body source here
  // would mean buffering an upload, which these routes never do.
  if (isBodySource(body)) throw new Error('a streaming route was handed a buffered body source');
  const bytes = body === undefined ? new Uint8Array(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return (async function* () {
    if (bytes.length > 0) yield bytes;
  })();
}

/** Releases a streamed body nobody will read (a HEAD answer, an abandoned download). */
export function discardStream(stream: WireStream): void {
  if (typeof stream.destroy === 'function') stream.destroy();
  else void stream[Symbol.asyncIterator]().return?.();
}

/** Whether the route a request reaches reads its body as a stream (so the server must not buffer it). */
/** Methods of the routes that take a streamed request body (from the manifest). */
let streamingMethods: Set<string> | undefined;

export function streamsRequestBody(core: Core, method: string, path: string): boolean {
  // Most requests use a method no streaming route has: they skip a second routing.
  if (!(streamingMethods ??= new Set(ROUTE_MANIFEST.filter((r) => r[3]?.request === true).map((r) => r[0]))).has(method.toUpperCase())) return false;
  const outcome = core.router.match(method.toUpperCase(), path);
  return outcome.kind === 'match' && outcome.match.route.stream?.request === true;
}

/**
 * Whether `method path` reaches a route this instance serves at its tier and offering (for
 * callers inside the process, such as the demo, that leave out what the instance does not offer).
 */
export async function routeAvailable(core: Core, method: string, path: string, api: 'v4' | 'scim' = 'v4'): Promise<boolean> {
  const outcome = core.router.match(method.toUpperCase(), path);
  if (outcome.kind !== 'match') return false;
  const route = routeDefs.get(outcome.match.route) ?? (await findRouteDef(outcome.match.route));
  if (!route || (route.api ?? 'v4') !== api) return false;
  if (route.tier && !tierAtLeast(core.settings.tier, route.tier)) return false;
  return !route.offerings || offeringIn(core.settings.offering, route.offerings);
}
