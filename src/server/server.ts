// node:http adapter around the core (core.answer): no business logic. Serves /api/v4, logs one line per
// request on stderr, runs the job worker, and on close finishes in-flight requests first.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ArrivalCheck, Core } from '../core/app.js';
import { pipeline } from 'node:stream/promises';
import type { Duplex } from 'node:stream';
import { streamsRequestBody } from '../core/app.js';
import { allowedKey } from '../core/http/parse.js';
import { webApiPath } from '../core/web-paths.js';
import { answerClientError } from './client-errors.js';
import { API_PREFIX, BodyAbortedError, BodyTooLargeError, SCIM_PREFIX, type ApiResponse, type BodySource, type ServedRequest } from '../shared/wire.js';

export interface ServeOptions {
  core: Core;
  host?: string;
  port?: number;
  /** One line per request; default stderr. Pass null to stay quiet. */
  log?: ((line: string) => void) | null;
  /** How often the worker looks for jobs queued by other processes, in ms. */
  jobPollMs?: number;
  /** Believe X-Forwarded-Host/-Proto (only behind a proxy that sets them). Default false. */
  trustProxy?: boolean;
  /** Most simultaneous connections (default 512), and from one client address (default 128). */
  maxConnections?: number;
  maxConnectionsPerAddress?: number;
  /** Time to receive a request's headers, and the whole request, in ms. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** How long the worker's running job may take to finish when the server stops, in ms. */
  jobStopGraceMs?: number;
}

/** Slow clients are cut off in seconds: headers within 10 s, a whole request within 60 s. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS = 512;
const MAX_CONNECTIONS_PER_ADDRESS = 128;
const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', 'forwarded'];

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const WORKER_ID = `serve-${process.pid}`;

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const { core } = options;
  const batched = options.log === undefined ? batchedStderr() : undefined;
  const log = batched ? batched.log : (options.log ?? null);
  const worker = startWorker(core, options.jobPollMs ?? 1000, options.jobStopGraceMs ?? 10_000);
  const trustProxy = options.trustProxy ?? false;
  const arrivals = arrivalBatches(core);

  // Node refuses request lines over 16 KiB with 431 before any handler runs; allow longer ones
  // so the core can answer an over-long query string as the platform does (414).
  const server = createServer(
    {
      maxHeaderSize: 64 * 1024,
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor((options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS) / 2))),
    },
    (req, res) => {
      const done = connections.busy(req);
      const exchange = track(req, res, log, done);
      arrivals.add((check, later) => inFlight.run(exchange, () => respond(core, req, res, worker.wake, trustProxy, exchange, check, later)));
    },
  );
  const releaseGuard = guardProcess(log);
  // A request the parser refused (too long, malformed, timed out): Node's answers, but 414 for a
  // URI too long; logged as `- -` (no method or path was read).
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, log ? (status, reason) => log(`${timestamp()} - - ${status} (${reason})`) : undefined));
  const connections = connectionLimits(server, options.maxConnections ?? MAX_CONNECTIONS, options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (e) {
    // A port that cannot be bound (in use, not permitted) leaves nothing behind: the job worker's
    // timer and the process guard belong to a server that never started. A CLI process exits
    // anyway, but a caller that goes on (the in-process test harness, an embedding) would keep
    // a worker polling a state it has already closed.
    await worker.stop();
    releaseGuard();
    batched?.close();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    // Stop taking jobs at once; in-flight requests and the running job finish (bounded).
    close: () =>
      (closing ??= Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
        worker.stop(),
      ]).then(() => {
        releaseGuard();
        batched?.close();
      })),
  };
}

/**
 * Connections are capped in total and per client address. A connection that would pass a cap
 * first makes room by closing an idle one — no request in flight: a keep-alive connection
 * between requests, or one that has not sent a request yet — of its own address, else of the
 * address holding the most; it is refused only when none is idle. A client that holds hundreds
 * of idle connections then costs everyone else nothing, and itself only its idle ones.
 */
function connectionLimits(server: Server, total: number, perAddress: number): { busy: (req: IncomingMessage) => () => void } {
  const byAddress = new Map<string, Set<Socket>>();
  const requests = new WeakMap<Socket, number>();
  let open = 0;
  const idleIn = (sockets: Set<Socket> | undefined): Socket | undefined => {
    if (sockets) for (const socket of sockets) if (!requests.get(socket)) return socket;
    return undefined;
  };
  const idleOfLargest = (): Socket | undefined => {
    let found: Socket | undefined;
    let size = 0;
    for (const sockets of byAddress.values()) {
      if (sockets.size <= size) continue;
      const idle = idleIn(sockets);
      if (idle) [found, size] = [idle, sockets.size];
    }
    return found;
  };
  const forget = (socket: Socket, address: string): void => {
    const sockets = byAddress.get(address);
    if (!sockets?.delete(socket)) return;
    open--;
    if (sockets.size === 0) byAddress.delete(address);
  };
  const close = (socket: Socket): void => {
    forget(socket, socket.remoteAddress ?? '');
    socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if ((byAddress.get(address)?.size ?? 0) >= perAddress) {
      const idle = idleIn(byAddress.get(address));
      if (!idle) return void socket.destroy();
      close(idle);
    }
    if (open >= total) {
      const idle = idleIn(byAddress.get(address)) ?? idleOfLargest();
      if (!idle) return void socket.destroy();
      close(idle);
    }
    let sockets = byAddress.get(address);
    if (!sockets) byAddress.set(address, (sockets = new Set()));
    sockets.add(socket);
    open++;
    socket.once('close', () => forget(socket, address));
  });
  return {
    // Counts the request in; the function returned counts it out (when its answer closes).
    busy: (req) => {
      const socket = req.socket;
      requests.set(socket, (requests.get(socket) ?? 0) + 1);
      return () => requests.set(socket, (requests.get(socket) ?? 1) - 1);
    },
  };
}

/** How long a request line may wait to be written with the lines after it, in ms. */
const LOG_FLUSH_MS = 50;
/** Pending log text that is written at once, whatever the time. */
const LOG_FLUSH_BYTES = 64 * 1024;

/**
 * Request lines go to stderr in batches: at most one write every LOG_FLUSH_MS (or per 64 KiB)
 * instead of one per request or per turn of the event loop. Under load each write also wakes
 * whatever reads stderr (a pipe to a supervisor or a terminal), on the same CPUs as the server.
 * Lines still pending are written when the server closes and when the process exits.
 */
function batchedStderr(): { log: (line: string) => void; close: () => void } {
  // The lines are joined once when written: a string grown line by line is a chain of pieces
  // that the write has to walk and copy into one before encoding it.
  let pending: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const out = pending;
    pending = [];
    size = 0;
    out.push('');
    process.stderr.write(out.join('\n'));
  };
  process.on('exit', flush);
  return {
    close: () => {
      flush();
      process.off('exit', flush);
    },
    log: (line: string) => {
      pending.push(line);
      size += line.length + 1;
      if (size >= LOG_FLUSH_BYTES) flush();
      else if (!timer) {
        timer = setTimeout(flush, LOG_FLUSH_MS);
        timer.unref();
      }
    },
  };
}

/**
 * Requests are answered in the check phase of the event-loop turn that read them, which comes
 * after every socket that was ready has been read: the state file's identity and the other
 * processes' commits are then checked once for all of them, after the last of them arrived,
 * instead of once per request (a stat and a read transaction each). A request that arrives
 * while a batch is being answered (a pipelined one) waits for the next turn's check.
 */
function arrivalBatches(core: Core): { add: (run: (check: ArrivalCheck, later: Later) => void) => void } {
  let waiting: ((check: ArrivalCheck, later: Later) => void)[] | null = null;
  const answerAll = (): void => {
    const batch = waiting ?? [];
    waiting = null;
    const check = core.checkArrivals();
    const deliveries: (() => void)[] = [];
    const later: Later = (deliver) => deliveries.push(deliver);
    for (const run of batch) run(check, later);
    for (const deliver of deliveries) deliver();
  };
  return {
    add: (run) => {
      if (!waiting) {
        waiting = [];
        setImmediate(answerAll);
      }
      waiting.push(run);
    },
  };
}

/** Keeps an answer made at once to be written after the rest of its batch is answered. */
type Later = (deliver: () => void) => void;

/** One request being answered: what its single log line needs, and whether an error escaped it. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  started: bigint;
  /** What went wrong, for the log line (message only: the caller never sees it). */
  error?: string;
  log: ((line: string) => void) | null;
  /** Whether the request's line is written (an error after that gets a line of its own). */
  logged: boolean;
}

/**
 * The request each piece of work belongs to, carried across callbacks, timers and promises: an
 * error that escapes a request's code anywhere (a stream's unheard 'error' event, a rejected
 * promise nobody awaits, a throw in a callback) is still that request's, and answers it.
 */
const inFlight = new AsyncLocalStorage<Exchange>();

/**
 * Writes the request's one log line when its connection is done with it, however it ended, and
 * then runs `done`. One listener per request does both: 'close' is emitted once per answer, and
 * every listener added and removed is work on each request.
 */
function track(req: IncomingMessage, res: ServerResponse, log: ((line: string) => void) | null, done: () => void): Exchange {
  const exchange: Exchange = { req, res, started: process.hrtime.bigint(), log, logged: false };
  res.on('close', () => {
    done();
    exchange.logged = true;
    log?.(logLine(exchange));
  });
  return exchange;
}

/**
 * `time METHOD path STATUS duration`: the status the client received. A request cut off before
 * its answer went out says so instead: 408 when Node timed it out (and sent that 408 itself), `-`
 * when the client closed the connection.
 */
function logLine({ req, res, started, error }: Exchange): string {
  const ms = (Number(process.hrtime.bigint() - started) / 1e6).toFixed(1);
  const head = `${timestamp()} ${req.method} ${pathOf(req)}`;
  const failed = error === undefined ? '' : ` (${error})`;
  if (res.writableFinished) return `${head} ${res.statusCode} ${ms}ms${failed}`;
  const timedOut = (req.socket.errored as NodeJS.ErrnoException | null)?.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  return timedOut ? `${head} 408 ${ms}ms (request timed out)` : `${head} - ${ms}ms (client closed the connection)`;
}

const INTERNAL_ERROR: ApiResponse = { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"500 Internal Server Error"}' };

/** Answers a request whose code failed outside the core's own error handling: a 500, once. */
function fail(exchange: Exchange, error: unknown): void {
  if (exchange.logged) {
    const { req, log } = exchange;
    log?.(`${timestamp()} ${req.method} ${pathOf(req)} failed after its answer: ${describe(error)}`);
    return;
  }
  exchange.error ??= describe(error);
  send(exchange.req, exchange.res, INTERNAL_ERROR);
}

const pathOf = (req: IncomingMessage): string => {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** An error's message and where it was raised, on one line. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return `error: ${String(error)}`.slice(0, 500);
  const where = /\n\s+at (.+)/.exec(error.stack ?? '')?.[1];
  return `${error.name}: ${error.message}${where ? ` at ${where}` : ''}`.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * The last resort: while a server runs, an exception or rejection that nothing handled ends
 * only the request it came from (answered 500 if it was not answered yet, logged on its line),
 * never the process. One outside any request is logged and the server goes on. Installed once
 * however many servers run; removed when the last one closes.
 */
let guards = 0;
let lastResortLog: ((line: string) => void) | null = null;
const onEscaped = (error: unknown): void => {
  const exchange = inFlight.getStore();
  if (exchange) return fail(exchange, error);
  const line = `${timestamp()} unexpected error outside any request: ${describe(error)}`;
  if (lastResortLog) lastResortLog(line);
  else process.stderr.write(`${line}\n`);
};

function guardProcess(log: ((line: string) => void) | null): () => void {
  lastResortLog = log;
  if (guards++ === 0) {
    process.on('uncaughtException', onEscaped);
    process.on('unhandledRejection', onEscaped);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--guards === 0) {
      process.off('uncaughtException', onEscaped);
      process.off('unhandledRejection', onEscaped);
    }
  };
}

/**
 * Answers one request; whatever its code throws is answered 500 (`fail`). A request that waits
 * for nothing is answered without a promise: under the request scope above every promise made
 * on a request's way costs a hook of its own.
 */
function respond(core: Core, req: IncomingMessage, res: ServerResponse, wake: () => void, trustProxy: boolean, exchange: Exchange, check: ArrivalCheck, later: Later): void {
  try {
    const request = served(core, req, trustProxy);
    if ('status' in request) return send(req, res, request);
    const before = core.jobs.enqueuedCount;
    const answer = core.answer(request, check);
    const deliver = (response: ApiResponse): void => {
      if (core.jobs.enqueuedCount !== before) wake();
      if (response.stream) sendStream(res, response).catch((error: unknown) => fail(exchange, error));
      else send(req, res, response, request.method === 'HEAD');
    };
    if (answer instanceof Promise) answer.then(deliver).catch((error: unknown) => fail(exchange, error));
    // An answer made at once still goes out after the rest of its batch is answered: written
    // between one request's handling and the next, each write woke the client on the other
    // core and cost several times as much (a 64 KiB project list: 59 → 90 µs of CPU a request).
    // The batch writes them in one go, each in its request's scope, where a microtask each cost
    // an async resource of its own under that scope's hooks.
    else {
      later(() =>
        inFlight.run(exchange, () => {
          try {
            deliver(answer);
          } catch (error) {
            fail(exchange, error);
          }
        }),
      );
    }
  } catch (error) {
    fail(exchange, error);
  }
}

/**
 * The current time as ISO 8601. The date and time up to the second are formatted once per
 * second and the milliseconds added to them: a busy server starts a new millisecond every few
 * requests, and formatting a whole date each time was a measurable part of a request's line.
 */
let stamp = { ms: 0, text: '' };
let second = { start: Number.NaN, text: '' };
function timestamp(): string {
  const ms = Date.now();
  if (ms === stamp.ms) return stamp.text;
  const into = ms % 1000;
  if (ms - into !== second.start) second = { start: ms - into, text: new Date(ms - into).toISOString().slice(0, 20) };
  stamp = { ms, text: `${second.text}${String(into).padStart(3, '0')}Z` };
  return stamp.text;
}

/** The core's request for a socket's, or the answer itself for paths outside the API. */
function served(core: Core, req: IncomingMessage, trustProxy: boolean): ServedRequest | ApiResponse {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const fullPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (fullPath.startsWith('/api/v3/') || fullPath === '/api/v3') {
    return json(410, { error: 'API V3 is no longer supported. Use API V4 instead.' });
  }
  // Identity providers call the SCIM root, outside /api/v4; the core gets its path below /api.
  const scim = fullPath.startsWith(`${SCIM_PREFIX}/`);
  const method = req.method ?? 'GET';
  // Release evidence URLs (`evidence_file_path`, `evidences[].filepath`) and user avatars
  // (`avatar_url`) are the only web addresses the API hands out that hold data; the core answers
  // them by their API routes (core/web-paths.ts).
  const web = !scim && !fullPath.startsWith(`${API_PREFIX}/`);
  if (web && ((method !== 'GET' && method !== 'HEAD') || webApiPath(fullPath) === null)) return json(404, { error: '404 Not Found' });
  const apiPath = web ? fullPath : scim ? fullPath.slice('/api'.length) : fullPath.slice(API_PREFIX.length);
  // Routes that stream their body (file uploads) read the socket themselves.
  const streamed = !scim && streamsRequestBody(core, method, apiPath);
  // Node gives the names in lower case; the copy is the core's bag as it is (headersChecked),
  // unless a name is one the core refuses, which it then answers itself.
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  const given = req.headers;
  const names = Object.keys(given);
  let checked = true;
  for (const k of names) {
    const v = given[k];
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    if (!allowedKey(k)) checked = false;
  }
  // Node's own object of headers cannot hold a header named `__proto__` (setting that name sets
  // its prototype, which a string cannot be): it drops it silently, where the in-process
  // transport hands it to the core, which refuses it. Fewer names than the raw lines hold means
  // a name repeated, or one dropped so; only then are the raw lines read, and a refused name is
  // handed on as sent (the bag has no prototype to reach), for the core to answer alike.
  if (names.length * 2 !== req.rawHeaders.length) {
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = (raw[i] as string).toLowerCase();
      if (allowedKey(name)) continue;
      headers[name] = raw[i + 1] as string;
      checked = false;
    }
  }
  if (!trustProxy) for (const k of FORWARDED) delete headers[k];
  // The peer's address, for records such as a snippet's user agent detail; never taken from the client.
  headers['x-hostctl-peer'] = req.socket.remoteAddress ?? '';
  return {
    method,
    path: apiPath,
    query,
    headers,
    ...(streamed ? { bodyStream: req } : { body: bodySource(req) }),
    streamResponse: true,
    textAsBytes: true,
    headersChecked: checked,
    ...(scim ? { api: 'scim' as const } : web ? { api: 'web' as const } : {}),
  };
}

/** Pipes a streamed answer to the socket; a client that goes away closes the source too. */
async function sendStream(res: ServerResponse, response: ApiResponse): Promise<void> {
  res.writeHead(response.status, onTheWire(response.headers));
  try {
    await pipeline(response.stream as NonNullable<ApiResponse['stream']>, res);
  } catch {
    response.stream?.destroy?.();
    res.destroy();
  }
}
/** The request body, read only when the core asks for it and never past the limit it names. */
function bodySource(req: IncomingMessage): BodySource {
  const declared = req.headers['content-length'];
  const declaredLength = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  let reading: Promise<Uint8Array> | undefined;
  return {
    declaredLength,
    empty: (declaredLength ?? 0) === 0 && req.headers['transfer-encoding'] === undefined,
    read: (limit) =>
      (reading ??= new Promise<Uint8Array>((resolve, reject) => {
        if (declaredLength !== undefined && declaredLength > limit) return reject(new BodyTooLargeError(limit));
        // No body announced (most GETs): nothing to wait for.
        if ((declaredLength ?? 0) === 0 && req.headers['transfer-encoding'] === undefined) return resolve(new Uint8Array(0));
        // Cut off before the core asked for it: 'aborted' has been and gone.
        if (req.readableAborted || (req.destroyed && !req.complete)) return reject(new BodyAbortedError());
        const chunks: Buffer[] = [];
        let size = 0;
        const onData = (c: Buffer): void => {
          size += c.length;
          if (size > limit) {
            // Stop reading at once; the answer goes out with `connection: close`.
            req.off('data', onData);
            req.pause();
            reject(new BodyTooLargeError(limit));
            return;
          }
          chunks.push(c);
        };
        req.on('data', onData);
        req.once('end', () => resolve(Buffer.concat(chunks)));
        req.once('error', () => reject(new BodyAbortedError()));
        req.once('aborted', () => reject(new BodyAbortedError()));
      })),
  };
}

const PLAIN_HEADER = /^[\t\x20-\x7e]*$/;

/**
 * Header values as bytes on the wire: text beyond ASCII as UTF-8 (as the platform sends a file
 * name in X-Gitlab-File-Name), control characters as spaces. Node writes a string value as
 * Latin-1 (`é` would arrive garbled) and refuses characters beyond it, which would fail the answer.
 */
function onTheWire(headers: ApiResponse['headers']): ApiResponse['headers'] {
  let out = headers;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined || PLAIN_HEADER.test(value)) continue;
    if (out === headers) out = { ...headers };
    out[name] = Buffer.from(value.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' '), 'utf8').toString('latin1');
  }
  return out;
}

const json = (status: number, body: unknown): ApiResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function send(req: IncomingMessage, res: ServerResponse, response: ApiResponse, headOnly = false): void {
  // Answered already (a late failure after the answer), or the client is gone.
  if (res.headersSent || res.destroyed) return;
  // A string body goes to the socket as it is: Node writes it together with the header block in
  // one system call, where a Buffer made from it would cost a copy and a second write vector.
  const body = response.body;
  const bodyLength = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
  // A body left unread (refused before reading, or too large) is not drained: the connection
  // closes after the answer instead of spending time and memory on the rest of it.
  const unread = !req.complete && (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined);
  // A HEAD answer keeps the length its GET declares (a file download's size).
  const length = headOnly && response.headers['content-length'] !== undefined ? response.headers['content-length'] : String(bodyLength);
  const wire = onTheWire(response.headers);
  const headers: Record<string, string> = Object.assign({}, wire, { 'content-length': length });
  if (unread) headers.connection = 'close';
  res.writeHead(response.status, headers);
  // Node writes the header block in the encoding of a string body sent with it: UTF-8 bytes
  // already in the header values must go out on their own (as Latin-1, byte for byte).
  const payload = headOnly || response.status === 204 ? undefined : wire !== response.headers && typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  // Only an answer that left a body unread needs to know when it is out (most need no callback).
  if (unread) res.end(payload, () => req.socket.destroySoon());
  else res.end(payload);
}

/**
 * Runs queued jobs one at a time, and storage moves several at once: woken after requests that
 * queue work, and on a timer. On stop
 * it takes no new job and waits at most `graceMs` for the running one; a job still running then
 * stays recorded under this process, and is reclaimed at once by the next worker after exit.
 */
function startWorker(core: Core, pollMs: number, graceMs: number): { wake: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Storage moves run in a loop of their own (several at a time), beside the one-at-a-time jobs:
  // scheduled moves, and those a killed worker left half-done.
  const movesModule = import('../core/areas/storage-moves/resume.js');
  let moving: Promise<void> | null = null;
  const runMoves = (): void => {
    if (stopped || moving) return;
    moving = movesModule
      .then(({ resumeStorageMoves }) => resumeStorageMoves(core))
      .then(() => undefined)
      .catch((e: unknown) => core.log(`storage moves: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        moving = null;
      });
  };
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    runMoves();
    running = core.jobs
      .drain(core, WORKER_ID, () => stopped)
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
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([running, moving]), new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs)))]);
      clearTimeout(timeout);
    },
  };
}
