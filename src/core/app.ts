// Builds a core from a state directory and exposes handle(request) → response. This is the
// one place that turns thrown ApiErrors (and unexpected exceptions) into responses.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiRequest, ApiResponse } from '../shared/wire.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase, writeTx, type Database } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { readSettings, tierAtLeast, offeringIn, type InstanceSettings } from './instance.js';
import { JobQueue } from './jobs/queue.js';
import { RepositoryStore } from './git/store.js';
import type { CoreState } from './state.js';
import { Router } from './http/router.js';
import { loadArea } from './areas/index.js';
import { ROUTE_MANIFEST } from './areas/manifest.js';
import { ApiError, paramError, routeNotFound, unauthorized } from './http/errors.js';
import { parseQuery, type ParamBag } from './http/parse.js';
import { validateParams } from './http/params.js';
import { PAGINATION_PARAMS } from './http/pagination.js';
import { Reply } from './http/reply.js';
import type { RequestContext } from './http/context.js';
import { authenticate } from './auth/authenticate.js';

export { STATE_DB } from '../shared/state-layout.js';
import { STATE_DB } from '../shared/state-layout.js';
/** Longest query string accepted; longer ones answer 414 (send a JSON body instead). */
export const MAX_QUERY_LENGTH = 16_384;
/** Largest request body accepted. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface CoreOptions {
  stateDir: string;
  clock?: Clock;
  /** Where diagnostics go (stderr by default). */
  log?: (message: string) => void;
}

export interface Core extends CoreState {
  handle(request: ApiRequest): Promise<ApiResponse>;
  readonly router: Router;
  close(): void;
}

export class StateNotFoundError extends Error {}

let sharedRouter: Router | undefined;
const router = (): Router => (sharedRouter ??= new Router(ROUTE_MANIFEST));

export function openCore(options: CoreOptions): Core {
  const file = join(options.stateDir, STATE_DB);
  if (!existsSync(file)) throw new StateNotFoundError(`no hostctl state at ${options.stateDir} (run: hostctl init --state ${options.stateDir})`);
  const db = openDatabase(file);
  migrate(db);
  return buildCore(options, db, readSettings(db));
}

export function buildCore(options: CoreOptions, db: Database, settings: InstanceSettings): Core {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  let repos: RepositoryStore | undefined;
  const state: CoreState = {
    stateDir: options.stateDir,
    db,
    clock,
    settings,
    jobs: new JobQueue(db, clock),
    get repos() {
      return (repos ??= new RepositoryStore(options.stateDir, () => state.settings.storages));
    },
    tx: <T>(fn: () => T) => writeTx(db, fn),
    nowIso: () => clock.now().toISOString(),
    log,
  };
  const core = state as Core;
  Object.assign(core, {
    router: router(),
    handle: (request: ApiRequest) => handle(core, request),
    close: () => {
      repos?.close();
      db.close();
    },
  });
  return core;
}

async function handle(core: Core, request: ApiRequest): Promise<ApiResponse> {
  const response = await answer(core, request);
  // HEAD answers carry the headers of the GET, never a body (on every transport).
  return request.method.toUpperCase() === 'HEAD' ? { ...response, body: '' } : response;
}

async function answer(core: Core, request: ApiRequest): Promise<ApiResponse> {
  try {
    return toResponse(await dispatch(core, request));
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    core.log(`500 ${request.method} ${request.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json(500, { message: '500 Internal Server Error' });
  }
}

async function dispatch(core: Core, request: ApiRequest): Promise<Reply> {
  const method = request.method.toUpperCase();
  const rawQuery = request.query ?? '';
  if (rawQuery.length > MAX_QUERY_LENGTH) throw new ApiError(414, { message: '414 Request-URI Too Large' });
  const headers = lowerKeys(request.headers ?? {});
  const outcome = core.router.match(method, request.path);
  if (outcome.kind === 'none' || outcome.kind === 'bad-encoding') throw routeNotFound();
  if (outcome.kind === 'method-not-allowed') throw paramError('405 Not Allowed', 405);
  const { pathParams } = outcome.match;
  const entry = outcome.match.route;
  const route = (await loadArea(entry.area)).find((r) => r.method === entry.method && r.path === entry.path);
  if (!route) throw new Error(`route manifest is stale: ${entry.method} ${entry.path} is not in area ${entry.area} (run npm run build)`);
  if (route.tier && !tierAtLeast(core.settings.tier, route.tier)) throw routeNotFound();
  if (route.offerings && !offeringIn(core.settings.offering, route.offerings)) throw routeNotFound();

  const queryInput = parseQuery(rawQuery);
  const bodyInput = await parseBody(headers, request.body);
  const input: ParamBag = { ...queryInput, ...bodyInput };

  const auth = authenticate(core, route, method, request.path, headers, input);
  if ((route.auth ?? 'required') === 'required' && !auth.actor) throw unauthorized();

  const decls = route.paginated ? [...PAGINATION_PARAMS, ...(route.params ?? [])] : (route.params ?? []);
  const { params, errors } = validateParams(decls, route.rules ?? [], { ...input, ...pathParams });
  if (errors.length > 0) throw paramError(errors.join(', '));
  for (const [k, v] of Object.entries(pathParams)) if (!(k in params)) params[k] = v;

  const ctx: RequestContext = {
    core,
    route,
    method,
    path: request.path,
    rawQuery,
    headers,
    input,
    queryInput,
    params,
    actor: auth.actor,
    authUser: auth.authUser,
    token: auth.token,
    apiBase: apiBase(core, headers),
    now: () => core.clock.now(),
  };
  const result = await route.handler(ctx);
  if (result instanceof Reply) return result;
  return new Reply(method === 'POST' ? 201 : 200, result);
}

function apiBase(core: Core, headers: Record<string, string>): string {
  const host = headers['x-forwarded-host'] ?? headers.host;
  if (!host) return `${core.settings.externalUrl}/api/v4`;
  const proto = headers['x-forwarded-proto'] ?? 'http';
  return `${proto}://${host}/api/v4`;
}

async function parseBody(headers: Record<string, string>, body: string | Uint8Array | undefined): Promise<ParamBag> {
  if (body === undefined || body.length === 0) return {};
  const type = (headers['content-type'] ?? '').toLowerCase();
  const text = () => (typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  if (body.length > MAX_BODY_BYTES) throw new ApiError(413, { message: '413 Request Entity Too Large' });
  if (type.startsWith('multipart/form-data')) {
    const { parseMultipart } = await import('./http/multipart.js');
    try {
      return await parseMultipart(Buffer.from(body), headers['content-type'] as string, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof Error && error.message === 'file too large') throw new ApiError(413, { message: '413 Request Entity Too Large' });
      throw paramError('The multipart body could not be parsed');
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return parseQuery(text());
  if (type.startsWith('application/json') || type === '') {
    try {
      const parsed = JSON.parse(text()) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ParamBag;
      return {};
    } catch {
      if (type === '') return {};
      throw paramError('The request body is not valid JSON');
    }
  }
  return {};
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

function toResponse(reply: Reply): ApiResponse {
  if (reply.raw) return { status: reply.status, headers: { 'content-type': reply.raw.contentType, ...reply.headers }, body: reply.raw.data };
  if (reply.status === 204) return { status: 204, headers: { ...reply.headers }, body: '' };
  return json(reply.status, reply.body, reply.headers);
}

function errorResponse(error: ApiError): ApiResponse {
  if (error.text !== undefined) return { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8', ...error.headers }, body: error.text };
  return json(error.status, error.body, error.headers);
}
