// node:http adapter around core.handle: no business logic. Serves /api/v4, logs one line per
// request on stderr, runs the job worker, and on close finishes in-flight requests first.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Core } from '../core/app.js';
import { MAX_BODY_BYTES } from '../core/app.js';
import { API_PREFIX, type ApiResponse } from '../shared/wire.js';

export interface ServeOptions {
  core: Core;
  host?: string;
  port?: number;
  /** One line per request; default stderr. Pass null to stay quiet. */
  log?: ((line: string) => void) | null;
  /** How often the worker looks for jobs queued by other processes, in ms. */
  jobPollMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const WORKER_ID = `serve-${process.pid}`;

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const { core } = options;
  const log = options.log === undefined ? batchedStderr() : options.log;
  const worker = startWorker(core, options.jobPollMs ?? 1000);

  // Node refuses request lines over 16 KiB with 431 before any handler runs; allow longer ones
  // so the core can answer an over-long query string as the platform does (414).
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    const started = process.hrtime.bigint();
    serve(core, req, res, worker.wake)
      .catch(() => send(res, { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"500 Internal Server Error"}' }))
      .finally(() => {
        if (log) {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          log(`${new Date().toISOString()} ${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
        }
      });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => worker.stop())),
  };
}

/**
 * Request lines go to stderr in batches: one write per turn of the event loop instead of one
 * system call per request under load.
 */
function batchedStderr(): (line: string) => void {
  let pending = '';
  const flush = () => {
    const out = pending;
    pending = '';
    process.stderr.write(out);
  };
  return (line: string) => {
    if (pending === '') setImmediate(flush);
    pending += `${line}\n`;
  };
}

async function serve(core: Core, req: IncomingMessage, res: ServerResponse, wake: () => void): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const fullPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (fullPath.startsWith('/api/v3/') || fullPath === '/api/v3') {
    return send(res, json(410, { error: 'API V3 is no longer supported. Use API V4 instead.' }));
  }
  if (!fullPath.startsWith(`${API_PREFIX}/`)) return send(res, json(404, { error: '404 Not Found' }));
  const body = await readBody(req);
  if (body === null) return send(res, json(413, { message: '413 Request Entity Too Large' }));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const before = core.jobs.enqueuedCount;
  const response = await core.handle({ method: req.method ?? 'GET', path: fullPath.slice(API_PREFIX.length), query, headers, body });
  if (core.jobs.enqueuedCount !== before) wake();
  send(res, response, req.method === 'HEAD');
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const json = (status: number, body: unknown): ApiResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function send(res: ServerResponse, response: ApiResponse, headOnly = false): void {
  if (res.headersSent) return;
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : Buffer.from(response.body);
  res.writeHead(response.status, { ...response.headers, 'content-length': String(body.length) });
  res.end(headOnly || response.status === 204 ? undefined : body);
}

/** Runs queued jobs one at a time: woken after requests that queue work, and on a timer. */
function startWorker(core: Core, pollMs: number): { wake: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = core.jobs
      .drain(core, WORKER_ID)
      .then(() => undefined)
      .catch((e: unknown) => core.log(`worker: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, pollMs);
  timer.unref();
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
