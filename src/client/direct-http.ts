// Requests over Node's own HTTP client (node:http, node:https), for targets reached without a
// proxy: most remote commands. Node's HTTP parser is native and ready at start-up, where undici's
// is WebAssembly compiled in every process that uses it; a remote read spent about 20 ms of CPU
// time loading and compiling undici before its first byte was sent. Behind a proxy from the
// environment the transport still uses undici's proxy agent (load-undici.ts).
import type { Agent, ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

type HttpModule = typeof import('node:http');

/** What the transport reads of an answer: status, headers as undici gives them, the body stream. */
export interface DirectAnswer {
  statusCode: number;
  /** Lower-case names; a header sent more than once is one value joined with ", ". */
  headers: Record<string, string>;
  body: IncomingMessage;
}

export interface DirectOptions {
  /** Longest wait for the answer's headers, and between two pieces of its body. */
  timeoutMs: number;
  /** How long an idle connection stays open for the next request. */
  keepAliveMs: number;
  /** Longest wait for a connection (undici's default, which the transport had before). */
  connectTimeoutMs?: number;
}

/** A failure before or while reading an answer; `code` names it as Node or the timeouts do. */
export class DirectHttpError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

export class DirectHttp {
  /** One keep-alive agent per protocol, made on first use (node:https loads only for https). */
  private readonly agents = new Map<string, { module: HttpModule; agent: Agent }>();

  constructor(private readonly opts: DirectOptions) {}

  private client(protocol: string): { module: HttpModule; agent: Agent } {
    let made = this.agents.get(protocol);
    if (!made) {
      // A built-in needs no resolution: process.getBuiltinModule skips the URL and the require
      // function that createRequire makes (about a millisecond before the first request).
      const module = process.getBuiltinModule(protocol === 'https:' ? 'node:https' : 'node:http') as HttpModule;
      const agent = new module.Agent({ keepAlive: true, timeout: this.opts.keepAliveMs });
      made = { module, agent };
      this.agents.set(protocol, made);
    }
    return made;
  }

  send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | Readable | null): Promise<DirectAnswer> {
    const { module, agent } = this.client(url.protocol);
    const outgoing: OutgoingHttpHeaders = { ...headers };
    // A body in hand goes with its length, as undici sends it (not chunked).
    if (body !== null && !isStream(body) && !Object.keys(outgoing).some((k) => k.toLowerCase() === 'content-length')) {
      outgoing['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    }
    return new Promise<DirectAnswer>((resolve, reject) => {
      let answer: IncomingMessage | undefined;
      const fail = (error: DirectHttpError) => {
        if (answer) return;
        reject(error);
      };
      const req: ClientRequest = module.request(url, { method, headers: outgoing, agent, timeout: this.opts.timeoutMs });
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        // The request's timeout starts once connected; the connection has a bound of its own.
        const timer = setTimeout(() => req.destroy(new DirectHttpError('connect timeout', 'UND_ERR_CONNECT_TIMEOUT', true)), this.opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      // Idle for timeoutMs: no headers yet, or no more of the body (whose reader then fails).
      req.on('timeout', () => {
        if (answer) answer.destroy(new DirectHttpError('timeout', 'UND_ERR_BODY_TIMEOUT', true));
        req.destroy(new DirectHttpError('timeout', 'UND_ERR_HEADERS_TIMEOUT', true));
      });
      req.on('error', (error: Error & { code?: string }) => fail(error instanceof DirectHttpError ? error : new DirectHttpError(error.message, error.code ?? 'ERR_HTTP', false)));
      req.on('response', (res: IncomingMessage) => {
        answer = res;
        resolve({ statusCode: res.statusCode ?? 0, headers: joinedHeaders(res.rawHeaders), body: res });
      });
      if (body === null) req.end();
      else if (isStream(body)) {
        body.on('error', (error) => req.destroy(error));
        body.pipe(req);
      } else req.end(body);
    });
  }

  /**
   * Idle connections are ended, not destroyed: destroying a socket reads `process.stderr` (in
   * Node's debug logging), and making that stream costs a command about 6 ms of CPU time when
   * standard error is a pipe. An ended connection closes once the server closes its side, and an
   * idle one never keeps the process alive. Connections still carrying an answer are destroyed.
   */
  close(): void {
    for (const { agent } of this.agents.values()) {
      for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.end();
      for (const sockets of Object.values(agent.sockets)) for (const socket of sockets ?? []) socket.destroy();
    }
    this.agents.clear();
  }
}

const isStream = (body: string | Uint8Array | Readable): body is Readable => typeof body === 'object' && !(body instanceof Uint8Array) && typeof (body as Readable).pipe === 'function';

/** Headers as undici reports them: every value kept, repeats joined (Node would drop some). */
function joinedHeaders(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** The whole body of an answer; a stall or a cut connection is a DirectHttpError. */
export function readAll(body: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.on('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    body.on('error', (error: Error & { code?: string }) => reject(error instanceof DirectHttpError ? error : new DirectHttpError(error.message, error.code ?? 'ECONNRESET', false)));
    body.on('close', () => {
      if (!ended) reject(new DirectHttpError('the answer was cut short', 'ECONNRESET', false));
    });
  });
}
