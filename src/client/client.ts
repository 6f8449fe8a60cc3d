// The API client every command uses: adds credentials, encodes params, decodes answers, raises
// ApiError for error statuses, and follows `Link rel=next` across pages.
import { toQueryString } from '../shared/path.js';
import type { ApiRequest, ApiResponse, WireStream } from '../shared/wire.js';
import { ApiError, UnexpectedAnswerError } from './api-error.js';
import { encodeMultipart, type FilePart } from './multipart.js';
import type { Transport } from './transport.js';

export interface ClientOptions {
  token?: string;
  sudo?: string;
  /** Receives request/response trace lines with secrets redacted. */
  debug?: (line: string) => void;
  userAgent?: string;
  /** Told once when a GET is redirected to a moved resource (a renamed or transferred project). */
  onMoved?: (from: string, to: string) => void;
  /**
   * --dry-run: a request that would change something is handed here (secrets redacted) and not
   * sent; the client then throws DryRunStop. Reads are still sent, so names resolve to ids.
   */
  dryRun?: (request: DryRunRequest) => void;
}

/** A request as --dry-run shows it. */
export interface DryRunRequest {
  method: string;
  /** Path below /api/v4 with the query. */
  path: string;
  target: string;
  headers: Record<string, string>;
  /** The JSON body with secret values redacted, form field names for multipart, or undefined. */
  body?: unknown;
}

/** Thrown after a dry run printed the request that would have been sent. */
export class DryRunStop extends Error {
  constructor() {
    super('dry run: nothing was sent');
  }
}

const SECRET_KEY = /(password|secret|token|private_key|api_key|credentials?)$/i;

/**
 * A copy of a JSON body with the values of secret-looking keys replaced. (The copy has no
 * prototype: a key `__proto__` in a body read from a file is one more key, never its prototype.)
 */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) && v !== null && typeof v !== 'boolean' ? '[REDACTED]' : redactBody(v);
    return out;
  }
  return value;
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  /** JSON body. */
  body?: unknown;
  /** Form fields and files, sent as multipart/form-data. */
  multipart?: Record<string, string | FilePart>;
  headers?: Record<string, string>;
  /** Return error statuses instead of throwing. */
  allowError?: boolean;
  /** false: answer a redirect as it is instead of following it. */
  followRedirects?: boolean;
  /** A raw body that streams (a file upload), for routes that take one. */
  stream?: WireStream;
  /** Give a successful answer's body as `stream` (a file download) instead of reading it. */
  streamResponse?: boolean;
  /** `path` is a web address of the instance (from its root), not an API path (see getWeb). */
  web?: boolean;
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** Raw body (text or bytes). */
  raw: string | Uint8Array;
  /** The body, when a streamed answer was asked for and given. */
  stream?: WireStream;
}

const SECRET_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'deploy-token']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? '[REDACTED]' : v;
  return out;
}

/** Hides token secrets in any text (bodies of create/rotate answers, URLs with private_token). */
export const redactText = (text: string): string =>
  text.replace(/("token"\s*:\s*")[^"]+"/g, '$1[REDACTED]"').replace(/(private_token=|access_token=)[^&\s]+/g, '$1[REDACTED]').replace(/hpat-[A-Za-z0-9_-]+/g, 'hpat-[REDACTED]').replace(/hjob-[A-Za-z0-9_-]+/g, 'hjob-[REDACTED]');

/** Redirects followed for one GET, at most. */
const MAX_REDIRECTS = 5;
const MOVED_REFUSAL = 'Non GET methods are not allowed for moved projects';

export class ApiClient {
  /** The last answer received: method, path and status, for errors about its shape. */
  lastAnswer: { method: string; path: string; status: number } | undefined;
  private movedNoticeGiven = false;

  constructor(
    readonly transport: Transport,
    private readonly options: ClientOptions = {},
  ) {}

  get target(): string {
    return this.transport.target;
  }

  /**
   * Runs `fn`, whose reads a local target answers from one snapshot of its state (one read
   * transaction); a remote target answers each request as it comes.
   */
  snapshot<T>(fn: () => Promise<T>): Promise<T> {
    return this.transport.snapshot ? this.transport.snapshot(fn) : fn();
  }

  /** Path is below /api/v4 and already encoded (use expandPath). */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent ?? 'hostctl', ...(opts.headers ?? {}) };
    if (this.options.token) headers['private-token'] = this.options.token;
    if (this.options.sudo) headers.sudo = this.options.sudo;
    let body: string | Uint8Array | undefined;
    if (opts.multipart) {
      const encoded = encodeMultipart(opts.multipart);
      body = encoded.body;
      headers['content-type'] = encoded.contentType;
    } else if (opts.stream) {
      headers['content-type'] ??= 'application/octet-stream';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const [pathOnly, inlineQuery] = splitQuery(path);
    const extra = opts.query ? toQueryString(opts.query) : '';
    const query = [inlineQuery, extra].filter(Boolean).join('&');
    const request: ApiRequest = {
      method: method.toUpperCase(),
      path: pathOnly,
      query,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(opts.stream ? { bodyStream: opts.stream } : {}),
      ...(opts.streamResponse ? { streamResponse: true } : {}),
      ...(opts.web ? { api: 'web' as const } : {}),
    };
    if (this.options.dryRun && request.method !== 'GET' && request.method !== 'HEAD') {
      this.options.dryRun({
        method: request.method,
        path: redactText(`${pathOnly}${query ? `?${query}` : ''}`),
        target: this.transport.target,
        headers: redactHeaders(headers),
        ...(opts.multipart
          ? { body: Object.fromEntries(Object.entries(opts.multipart).map(([k, v]) => [k, typeof v === 'string' ? (SECRET_KEY.test(k) ? '[REDACTED]' : v) : `@${v.filename ?? 'file'}`])) }
          : opts.body !== undefined
            ? { body: redactBody(opts.body) }
            : {}),
      });
      throw new DryRunStop();
    }
    const debug = this.options.debug;
    if (debug) {
      debug(`> ${request.method} ${redactText(`${pathOnly}${query ? `?${query}` : ''}`)} (${this.transport.target})`);
      for (const [k, v] of Object.entries(redactHeaders(headers))) debug(`> ${k}: ${v}`);
      // A JSON body is traced as --dry-run shows it: token secrets alone are not all it may hold
      // (a new user's password, a webhook's secret).
      if (typeof body === 'string') debug(`> ${redactText(opts.body !== undefined && !opts.multipart ? JSON.stringify(redactBody(opts.body)) : body)}`);
    }
    let response = await this.transport.request(request);
    let answeredPath = pathOnly;
    // A moved resource: the platform answers a GET with 301 to its new location; follow it
    // (within the API only) and say so once. Other methods are refused there; name the new path.
    // (A web address that redirects leads outside the API, to a sign-in page say: answered as it is.)
    for (let hop = 0; opts.followRedirects !== false && !opts.web && isRedirect(response) && (request.method === 'GET' || request.method === 'HEAD') && hop < MAX_REDIRECTS; hop++) {
      const [toPath, toQuery] = splitQuery(apiPathOf(response.headers.location as string));
      if (!this.movedNoticeGiven) {
        this.movedNoticeGiven = true;
        this.options.onMoved?.(answeredPath, toPath);
      }
      debug?.(`< ${response.status} → ${toPath}`);
      answeredPath = toPath;
      response = await this.transport.request({ ...request, path: toPath, query: toQuery });
    }
    this.lastAnswer = { method: request.method, path: answeredPath, status: response.status };
    const result = decode<T>(response);
    if (debug) {
      debug(`< ${response.status}`);
      for (const [k, v] of Object.entries(response.headers)) debug(`< ${k}: ${redactText(v)}`);
      if (typeof response.body === 'string' && response.body) debug(`< ${redactText(response.body.slice(0, 4000))}`);
    }
    if (response.status === 405 && request.method !== 'GET' && describeMessage(result.data) === MOVED_REFUSAL && !opts.allowError) {
      const moved = await this.movedPathOf(pathOnly);
      if (moved) {
        const body = { message: `${MOVED_REFUSAL}: it moved to ${moved}; send the ${request.method} there` };
        throw new ApiError(405, body, response.headers, request.method, pathOnly);
      }
    }
    // What was sent, for messages that quote a refused value and name its flag: the JSON body, the
    // text fields of a form, or the query of a request without a body.
    const sent = opts.body ?? (opts.multipart ? Object.fromEntries(Object.entries(opts.multipart).filter(([, v]) => typeof v === 'string')) : opts.query);
    if (response.status >= 400 && !opts.allowError) throw new ApiError(response.status, result.data, response.headers, request.method, pathOnly, sent);
    return result;
  }

  /** Where `/projects/<old path>/...` lives now, asked of the project's own GET (which redirects). */
  private async movedPathOf(path: string): Promise<string | null> {
    const m = /^(\/projects\/[^/]+)(\/.*)?$/.exec(path);
    if (!m) return null;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent ?? 'hostctl' };
    if (this.options.token) headers['private-token'] = this.options.token;
    if (this.options.sudo) headers.sudo = this.options.sudo;
    const res = await this.transport.request({ method: 'GET', path: m[1] as string, query: '', headers });
    if (!isRedirect(res)) return null;
    const [project] = splitQuery(apiPathOf(res.headers.location as string));
    return `${project}${m[2] ?? ''}`;
  }

  /** Throws UnexpectedAnswerError unless `data` (the last answer's body) is a list. */
  expectList<T>(data: unknown): T[] {
    if (Array.isArray(data)) return data as T[];
    throw this.unexpected('a list', data);
  }

  /** Throws UnexpectedAnswerError unless `data` (the last answer's body) is one record. */
  expectRecord<T extends object>(data: unknown): T {
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as T;
    throw this.unexpected('a record', data);
  }

  private unexpected(expected: string, data: unknown): UnexpectedAnswerError {
    const a = this.lastAnswer ?? { method: 'GET', path: '?', status: 0 };
    return new UnexpectedAnswerError(a.status, a.method, a.path, expected, data);
  }

  get<T = unknown>(path: string, query?: Record<string, unknown>): Promise<ApiResult<T>> {
    return this.request<T>('GET', path, query ? { query } : {});
  }

  /**
   * GETs a web address of this instance that the API handed out (a release evidence document's
   * `filepath`), with this client's token, on the instance the client talks to: the address's
   * path below the instance's own base (a relative URL root such as /gitlab is kept once).
   */
  getWeb<T = unknown>(url: string): Promise<ApiResult<T>> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TypeError(`not a URL: ${url}`);
    }
    const base = this.transport.web?.base ?? (/^https?:/.test(this.transport.target) ? this.transport.target : undefined);
    const root = base ? new URL(base).pathname.replace(/\/+$/, '') : '';
    const path = root && parsed.pathname.startsWith(`${root}/`) ? parsed.pathname.slice(root.length) : parsed.pathname;
    return this.request<T>('GET', `${path}${parsed.search}`, { web: true });
  }

  post<T = unknown>(path: string, body?: unknown): Promise<ApiResult<T>> {
    return this.request<T>('POST', path, body === undefined ? {} : { body });
  }

  put<T = unknown>(path: string, body?: unknown): Promise<ApiResult<T>> {
    return this.request<T>('PUT', path, body === undefined ? {} : { body });
  }

  patch<T = unknown>(path: string, body?: unknown): Promise<ApiResult<T>> {
    return this.request<T>('PATCH', path, body === undefined ? {} : { body });
  }

  delete<T = unknown>(path: string, query?: Record<string, unknown>): Promise<ApiResult<T>> {
    return this.request<T>('DELETE', path, query ? { query } : {});
  }

  /**
   * Iterates the pages of a list by following `Link rel=next` (the URL the server gives, never one
   * built here), each page's items as one array. Stops after `limit` items when given (the last
   * page cut to it). `onPage` hears of each page as it arrives (a progress line reads its headers).
   */
  async *pages<T = unknown>(path: string, query: Record<string, unknown> = {}, limit?: number, onPage?: (page: ApiResult<T[]>, items: number) => void): AsyncGenerator<T[]> {
    let next: { path: string; query?: Record<string, unknown> } | null = { path, query };
    let count = 0;
    while (next) {
      const page: ApiResult<T[]> = await this.request<T[]>('GET', next.path, next.query ? { query: next.query } : {});
      const items = this.expectList<T>(page.data);
      onPage?.(page, items.length);
      const kept = limit !== undefined && count + items.length > limit ? items.slice(0, limit - count) : items;
      count += kept.length;
      yield kept;
      if (limit !== undefined && count >= limit) return;
      const nextUrl = parseLinks(page.headers.link ?? '').next;
      next = nextUrl ? { path: apiPathOf(nextUrl) } : null;
    }
  }

  /** The items of a list across pages, one at a time (`pages`, item by item). */
  async *paginate<T = unknown>(path: string, query: Record<string, unknown> = {}, limit?: number, onPage?: (page: ApiResult<T[]>, items: number) => void): AsyncGenerator<T> {
    for await (const page of this.pages<T>(path, query, limit, onPage)) yield* page;
  }
}

const isRedirect = (res: ApiResponse): boolean => (res.status === 301 || res.status === 308) && typeof res.headers.location === 'string' && res.headers.location.includes('/api/v4/');

const describeMessage = (body: unknown): unknown => (body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined);

function splitQuery(path: string): [string, string] {
  const q = path.indexOf('?');
  return q < 0 ? [path, ''] : [path.slice(0, q), path.slice(q + 1)];
}

function decode<T>(response: ApiResponse): ApiResult<T> {
  const type = response.headers['content-type'] ?? '';
  let data: unknown = response.body;
  if (typeof response.body === 'string' && type.includes('json') && response.body !== '') {
    try {
      data = JSON.parse(response.body) as unknown;
    } catch {
      data = response.body;
    }
  } else if (response.body === '') data = null;
  return { status: response.status, headers: response.headers, data: data as T, raw: response.body, ...(response.stream ? { stream: response.stream } : {}) };
}

/** `<url>; rel="next", <url>; rel="first"` → { next: url, first: url }. */
export function parseLinks(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(/,\s*(?=<)/)) {
    const m = /<([^>]+)>\s*;\s*rel="?([a-z]+)"?/i.exec(part.trim());
    if (m) out[m[2] as string] = m[1] as string;
  }
  return out;
}

/** The part of an absolute API URL below /api/v4 (with its query). */
export function apiPathOf(url: string): string {
  const idx = url.indexOf('/api/v4/');
  return idx >= 0 ? url.slice(idx + '/api/v4'.length) : url;
}
