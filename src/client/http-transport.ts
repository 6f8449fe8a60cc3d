// The remote transport: keep-alive connections, a timeout, proxies from the environment, and
// retries of 429/502/503/504 that honour Retry-After. Requests go out through Node's own HTTP
// client (direct-http.ts); through undici's proxy agent when the environment names a proxy.
import type { Dispatcher } from 'undici';
import { loadUndiciParts } from './load-undici.js';
import { API_PREFIX, type ApiRequest, type ApiResponse } from '../shared/wire.js';
import { TransportError, type Transport } from './transport.js';
import { DirectHttp, readAll } from './direct-http.js';
import { Readable } from 'node:stream';
import type { WireStream } from '../shared/wire.js';

/** One answer as the transport reads it, whichever client carried the request. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as a stream (downloads). */
  stream: WireStream;
  /** The whole body. */
  bytes(): Promise<Buffer>;
}

interface Sender {
  send(url: string, req: ApiRequest): Promise<Answer>;
  close(): Promise<void>;
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export interface HttpTransportOptions {
  /** Instance URL, e.g. https://git.example.com (with or without /api/v4). */
  baseUrl: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Longest single wait between retries, in ms. */
  maxRetryWaitMs?: number;
  /** Called before each retry with the wait in ms (for a countdown on stderr). */
  onRetry?: (attempt: number, waitMs: number, status: number) => void;
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

export class HttpTransport implements Transport {
  readonly target: string;
  private readonly origin: string;
  /** Made on the first request (undici loads only then, and only for a proxy). */
  private client: Promise<Sender> | undefined;
  private readonly opts: Required<Omit<HttpTransportOptions, 'onRetry'>> & Pick<HttpTransportOptions, 'onRetry'>;

  constructor(options: HttpTransportOptions) {
    const url = new URL(options.baseUrl);
    const prefix = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
    this.origin = `${url.origin}${prefix}`;
    this.target = this.origin;
    this.opts = {
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 3,
      maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
      sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
      onRetry: options.onRetry,
    };
  }

  private sender(): Promise<Sender> {
    this.client ??= PROXY_VARIABLES.some((k) => process.env[k]) ? this.undici() : Promise.resolve(this.direct());
    return this.client;
  }

  private direct(): Sender {
    const http = new DirectHttp({ timeoutMs: this.opts.timeoutMs, keepAliveMs: 4000 });
    return {
      send: async (url, req) => {
        const res = await http.send(new URL(url), req.method, req.headers ?? {}, requestBody(req));
        return { statusCode: res.statusCode, headers: res.headers, stream: res.body, bytes: () => readAll(res.body) };
      },
      close: async () => http.close(),
    };
  }

  /** undici's proxy-aware agent (HTTP_PROXY, HTTPS_PROXY, NO_PROXY as undici reads them). */
  private async undici(): Promise<Sender> {
    const { dispatcherFromEnv, request } = await loadUndiciParts();
    const dispatcher = await dispatcherFromEnv({ headersTimeout: this.opts.timeoutMs, bodyTimeout: this.opts.timeoutMs, keepAliveTimeout: 4000 });
    return {
      send: async (url, req) => {
        const res = await request(url, { method: req.method as Dispatcher.HttpMethod, headers: req.headers ?? {}, body: requestBody(req), dispatcher });
        return { statusCode: res.statusCode, headers: res.headers, stream: res.body, bytes: async () => Buffer.from(await res.body.arrayBuffer()) };
      },
      close: () => dispatcher.close(),
    };
  }

  async request(req: ApiRequest): Promise<ApiResponse> {
    const url = `${this.origin}${req.api === 'scim' ? '/api' : req.api === 'web' ? '' : API_PREFIX}${req.path}${req.query ? `?${req.query}` : ''}`;
    const sender = await this.sender();
    for (let attempt = 0; ; attempt++) {
      let res: Answer;
      try {
        res = await sender.send(url, req);
      } catch (error) {
        throw this.unreachable(error);
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = fromTheWire(Array.isArray(v) ? v.join(', ') : String(v));
      // A download the caller reads as it arrives; error answers are still read whole below.
      if (req.streamResponse && res.statusCode < 400 && req.method !== 'HEAD') return { status: res.statusCode, headers, body: '', stream: res.stream };
      let bytes: Buffer;
      try {
        bytes = await res.bytes();
      } catch (error) {
        throw this.unreachable(error);
      }
      // A streamed request body is consumed by the first attempt and cannot be sent again.
      if (RETRY_STATUSES.has(res.statusCode) && attempt < this.opts.maxRetries && !req.bodyStream) {
        const wait = retryDelay(headers['retry-after'], attempt, this.opts.maxRetryWaitMs);
        this.opts.onRetry?.(attempt + 1, wait, res.statusCode);
        await this.opts.sleep(wait);
        continue;
      }
      const type = headers['content-type'] ?? '';
      const textual = type.includes('json') || type.startsWith('text/') || bytes.length === 0;
      return { status: res.statusCode, headers, body: textual ? bytes.toString('utf8') : bytes };
    }
  }

  /** A request that got no (whole) answer, as the error the CLI reports (exit 6, or 7 for a timeout). */
  private unreachable(error: unknown): TransportError {
    const e = error as { code?: string; message?: string };
    const timedOut = e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT';
    return new TransportError(`${timedOut ? 'timed out reaching' : 'cannot reach'} ${this.origin}: ${e.code ?? e.message ?? String(error)}`, timedOut);
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).close();
  }
}

/** The request's body as both clients take it: bytes, a stream, or none. */
const requestBody = (req: ApiRequest): string | Uint8Array | Readable | null =>
  req.bodyStream ? asReadable(req.bodyStream) : req.body === undefined || req.body.length === 0 ? null : req.body;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A header value's bytes (undici reads them as Latin-1) as the UTF-8 text they carry, when they are UTF-8. */
function fromTheWire(value: string): string {
  if (!/[\x80-\xff]/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** Retry-After in seconds or as an HTTP date; otherwise capped exponential backoff. */
export function retryDelay(retryAfter: string | undefined, attempt: number, capMs: number, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, capMs);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.min(Math.max(0, at - now), capMs);
  }
  return Math.min(500 * 2 ** attempt, capMs);
}

const asReadable = (stream: WireStream): Readable => (stream instanceof Readable ? stream : Readable.from(stream, { objectMode: false }));
