// No request, however malformed, ends `serve`. A multipart body that stops before its closing
// boundary inside a file part once made the process exit (an unheard stream 'error' event),
// anonymously on SCIM routes and with any token on any route that takes a body. Beyond that one
// path, an error escaping a request in any form (a stream's 'error' event, a rejected promise
// nobody awaits, a throw in a callback) must become that request's answer and one log line,
// while every other request goes on.
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';
import { initState } from '../../src/core/init.js';
import type { Core } from '../../src/core/app.js';
import { startServer, type RunningServer } from '../../src/server/server.js';

const BOUNDARY = 'cut-off';
const cutOffBody = (field: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nthe body ends here, before any closing boundary`;

/** Sends one request over a raw socket and returns the status line's code (0: closed without one). */
function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePromise, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('connect', () => {
      const head = Object.entries({ host: hostname, ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`);
    });
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('close', () => resolvePromise({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}

const alive = (proc: ResultPromise): boolean => proc.exitCode === null || proc.exitCode === undefined;

describe('a multipart body cut off inside a file part', () => {
  let sb: CliSandbox;
  let token: string;
  let served: ServeProcess;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
    await sb.run(['api', '-X', 'POST', 'projects', '-f', 'name=cut']);
    served = await startServe(sb);
  });
  afterAll(async () => {
    if (alive(served.proc)) served.proc.kill('SIGKILL');
    await served.proc.catch(() => undefined);
    sb.cleanup();
  });

  it('answers 400 anonymously and signed in, on every kind of route, and serve goes on', async () => {
    const mp = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const signed = { ...mp, 'private-token': token };
    const cases: [string, string, Record<string, string>, string][] = [
      ['POST', '/api/scim/v2/groups/nobody/Users', mp, 'file'],
      ['GET', '/api/v4/version', signed, 'file'],
      ['POST', '/api/v4/groups', signed, 'avatar'],
      ['POST', '/api/v4/projects/1/wikis/attachments', signed, 'file'],
      ['PUT', '/api/v4/projects/1/packages/generic/cut/1.0.0/a.txt', signed, 'file'],
      ['PUT', '/api/v4/projects/1/packages/generic/cut/1.0.0/a.txt', signed, 'other'],
      ['POST', '/api/v4/projects', mp, 'file'],
    ];
    for (const [method, path, headers, field] of cases) {
      const res = await rawRequest(served.url, method, path, headers, cutOffBody(field));
      expect(res.status, `${method} ${path} (${field}): ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} (${field}): ${res.text}`).toBeLessThan(500);
      expect(alive(served.proc), `serve exited after ${method} ${path}: ${served.log()}`).toBe(true);
    }
    const after = await rawRequest(served.url, 'GET', '/api/v4/version', { 'private-token': token }, '');
    expect(after.status).toBe(200);
    expect(served.log()).not.toMatch(/Unexpected end of form|\n\s+at /);
  });
});

// Errors that no real request can raise any more are injected at the core's entry point (the one
// place `serve` hands a request over), in a server process of its own: the test runner's own
// handlers for stray errors must not see them.
const FAULT_SERVER = `
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initState } from '${resolve(import.meta.dirname, '../../src/core/init.js')}';
import { startServer } from '${resolve(import.meta.dirname, '../../src/server/server.js')}';

const { core } = initState({ stateDir: join(mkdtempSync(join(tmpdir(), 'hostctl-faults-')), 'state') });
core.log = () => undefined;
const answer = core.answer;
const never = () => new Promise(() => undefined);
// A timer started before any request runs in no request's context.
const outside = [];
setInterval(() => {
  const message = outside.shift();
  if (message) throw new Error(message);
}, 5).unref();
core.answer = (request, check) => {
  switch (request.path) {
    case '/fault/stream-error': {
      const stream = new EventEmitter();
      process.nextTick(() => stream.emit('error', new Error('an unheard stream error')));
      return never();
    }
    case '/fault/rejection':
      void Promise.reject(new Error('a rejection nobody awaits'));
      return never();
    case '/fault/callback':
      setTimeout(() => {
        throw new Error('a throw in a timer callback');
      }, 1);
      return never();
    case '/fault/after-answer':
      setTimeout(() => {
        throw new Error('a throw after the answer');
      }, 20);
      return answer({ ...request, path: '/version' }, check);
    case '/fault/outside':
      outside.push('a throw outside any request');
      return answer({ ...request, path: '/version' }, check);
    default:
      return answer(request, check);
  }
};
const server = await startServer({ core, port: 0, log: (line) => process.stderr.write(line + '\\n') });
process.stdout.write(server.url + '\\n');
`;

describe('an error escaping a request', () => {
  let dir: string;
  let proc: ResultPromise;
  let url: string;
  let log = '';

  beforeAll(async () => {
    const root = resolve(import.meta.dirname, '../..');
    mkdirSync(join(root, '.tmp'), { recursive: true });
    dir = mkdtempSync(join(root, '.tmp', 'faults-'));
    writeFileSync(join(dir, 'server.ts'), FAULT_SERVER);
    await build({ entryPoints: [join(dir, 'server.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(dir, 'server.mjs'), logLevel: 'error' });
    proc = execa(process.execPath, [join(dir, 'server.mjs')], { env: cleanEnv(), extendEnv: false, reject: false, stdin: 'ignore' });
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      proc.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolveUrl(out.trim());
      });
      void proc.then(() => reject(new Error(`the server exited: ${log}`)));
    });
  });
  afterAll(async () => {
    if (proc && alive(proc)) proc.kill('SIGKILL');
    await proc?.catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers that request 500 with one log line, and every other request goes on', async () => {
    const faults: [string, string][] = [
      ['stream-error', 'an unheard stream error'],
      ['rejection', 'a rejection nobody awaits'],
      ['callback', 'a throw in a timer callback'],
    ];
    for (const [fault, message] of faults) {
      const [failing, other] = await Promise.all([rawRequest(url, 'GET', `/api/v4/fault/${fault}`, {}, ''), rawRequest(url, 'GET', '/api/v4/version', {}, '')]);
      expect(failing.status, fault).toBe(500);
      expect(failing.text).toContain('{"message":"500 Internal Server Error"}');
      expect(failing.text).not.toContain(message);
      expect(other.status).toBe(401);
      expect(alive(proc), log).toBe(true);
      await expect.poll(() => log.split('\n').filter((l) => l.includes(`/fault/${fault} `))).toHaveLength(1);
      expect(log).toMatch(new RegExp(`GET /api/v4/fault/${fault} 500 [\\d.]+ms \\(Error: ${message} at `));
    }
    // Already answered: the answer stands, and the process goes on.
    expect((await rawRequest(url, 'GET', '/api/v4/fault/after-answer', {}, '')).status).toBe(401);
    await expect.poll(() => log).toContain('a throw after the answer');
    expect((await rawRequest(url, 'GET', '/api/v4/fault/outside', {}, '')).status).toBe(401);
    await expect.poll(() => log).toMatch(/unexpected error outside any request: Error: a throw outside any request/);
    expect(alive(proc), log).toBe(true);
    expect((await rawRequest(url, 'GET', '/api/v4/version', {}, '')).status).toBe(401);
    expect(log).not.toMatch(/\n\s+at /);
  });
});

describe('a request whose body never finishes', () => {
  let dir: string;
  let core: Core;
  let server: RunningServer;
  let token: string;
  const lines: string[] = [];
  const coreLog: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-aborted-'));
    ({ core, rootToken: token } = initState({ stateDir: join(dir, 'state') }));
    core.log = (m) => coreLog.push(m);
    server = await startServer({ core, port: 0, log: (l) => lines.push(l), requestTimeoutMs: 400, headersTimeoutMs: 400 });
  });
  afterAll(async () => {
    await server.close();
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends the headers and half of the announced body; `hangUp` closes the socket after a moment. */
  const halfBody = (hangUp: boolean) =>
    new Promise<string>((resolvePromise, reject) => {
      const { hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('connect', () => {
        const head = `POST /api/v4/groups HTTP/1.1\r\nhost: x\r\nprivate-token: ${token}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"name":`;
        socket.write(head, () => {
          if (hangUp) socket.destroy();
        });
      });
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolvePromise(text));
      socket.on('error', reject);
    });

  it('is logged as the 408 Node sent when it timed out, with no stack trace', async () => {
    const answer = await halfBody(false);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    await expect.poll(() => lines.filter((l) => l.includes('POST /api/v4/groups'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/ POST \/api\/v4\/groups 408 [\d.]+ms \(request timed out\)$/);
    expect(coreLog).toEqual([]);
  });

  it('is logged as closed by the client when the client went away', async () => {
    lines.length = 0;
    expect(await halfBody(true)).toBe('');
    await expect.poll(() => lines.filter((l) => l.includes('POST /api/v4/groups'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/ POST \/api\/v4\/groups - [\d.]+ms \(client closed the connection\)$/);
    // Nothing is left for the core to report either, once the handler sees the cut-off body.
    await new Promise((r) => setTimeout(r, 100));
    expect(coreLog).toEqual([]);
  });
});

describe('a client holding many idle connections', () => {
  let dir: string;
  let core: Core;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-conns-'));
    ({ core } = initState({ stateDir: join(dir, 'state') }));
    core.log = () => undefined;
    server = await startServer({ core, port: 0, log: null, maxConnections: 12, maxConnectionsPerAddress: 8 });
  });
  afterAll(async () => {
    await server.close();
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  interface Held {
    socket: ReturnType<typeof connect>;
    closed: () => boolean;
  }

  /** Opens a connection from `localAddress` that sends nothing; resolves once it is accepted. */
  const idle = (localAddress: string) =>
    new Promise<Held>((resolvePromise, reject) => {
      const { hostname, port } = new URL(server.url);
      let closed = false;
      const socket = connect({ port: Number(port), host: hostname, localAddress });
      socket.on('close', () => (closed = true));
      socket.on('error', () => undefined);
      socket.once('connect', () => resolvePromise({ socket, closed: () => closed }));
      socket.once('error', reject);
    });

  it('keeps at most its per-address share, and everyone else is served', async () => {
    // 20 idle connections from one address (127.0.0.2): at most 8 stay open, its oldest go first.
    const hog: Held[] = [];
    for (let i = 0; i < 20; i++) hog.push(await idle('127.0.0.2'));
    await expect.poll(() => hog.filter((c) => !c.closed()).length).toBe(8);
    expect(hog.slice(12).every((c) => !c.closed())).toBe(true);
    // A second address fills the total; then requests from a third still get through, one new
    // connection each, by closing idle connections (the hog's first).
    const other: Held[] = [];
    for (let i = 0; i < 4; i++) other.push(await idle('127.0.0.3'));
    const answers: { status: number }[] = [];
    for (let i = 0; i < 10; i++) answers.push(await rawRequest(server.url, 'GET', '/api/v4/version', {}, ''));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(other.every((c) => !c.closed())).toBe(true);
    for (const c of [...hog, ...other]) c.socket.destroy();
  });
});

describe('a request the HTTP parser refuses', () => {
  let dir: string;
  let core: Core;
  let server: RunningServer;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-refused-'));
    ({ core } = initState({ stateDir: join(dir, 'state') }));
    server = await startServer({ core, port: 0, log: (l) => lines.push(l) });
  });
  afterAll(async () => {
    await server.close();
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Everything serve sends back to `bytes` (written at once), until it closes the connection. */
  const exchange = (bytes: Buffer) =>
    new Promise<string>((resolvePromise) => {
      const { hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('connect', () => socket.write(bytes));
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      // A write still under way when serve closes fails with EPIPE or ECONNRESET: the answer came first.
      socket.on('error', () => undefined);
      socket.on('close', () => resolvePromise(text));
    });

  it('answers 414 with its JSON body to a request line past the parser limit, and 431 to headers past it, 400 to garbage', async () => {
    for (const length of [70 * 1024, 1024 * 1024]) {
      const answer = await exchange(Buffer.from(`GET /api/v4/projects?search=${'a'.repeat(length)} HTTP/1.1\r\nhost: x\r\n\r\n`, 'latin1'));
      expect(answer, String(length)).toMatch(/^HTTP\/1\.1 414 /);
      expect(answer.endsWith('\r\n\r\n{"message":"414 Request-URI Too Large"}')).toBe(true);
    }
    const oneHeader = await exchange(Buffer.from(`GET /api/v4/projects HTTP/1.1\r\nhost: x\r\nx-big: ${'b'.repeat(70 * 1024)}\r\n\r\n`, 'latin1'));
    expect(oneHeader).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    const manyHeaders = await exchange(Buffer.from(`GET /api/v4/projects HTTP/1.1\r\nhost: x\r\n${Array.from({ length: 1000 }, (_, i) => `x-h${i}: ${'c'.repeat(100)}\r\n`).join('')}\r\n`, 'latin1'));
    expect(manyHeaders).toMatch(/^HTTP\/1\.1 431 /);
    expect(await exchange(Buffer.from('GARBAGE\r\n\r\n', 'latin1'))).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    // Each is in serve's log, without a method or path (none was read), with why it was refused.
    await expect.poll(() => lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      '- - 414 (request line too long)',
      '- - 414 (request line too long)',
      '- - 431 (headers too large)',
      '- - 431 (headers too large)',
      '- - 400 (malformed request)',
    ]);
  });
});
