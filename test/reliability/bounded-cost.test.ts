// What a request may cost `serve` before it is refused: anonymous callers of routes that need
// sign-in never get their body read, bodies over a route's limit are refused on Content-Length
// or as soon as the bytes read pass it (and the connection closes), slow clients are cut off,
// bad cursors and deep nesting answer 400, and X-Forwarded-* are believed only when trusted.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { DEFAULT_BODY_LIMIT } from '../../src/core/app.js';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
}

/** Writes raw bytes to the server and collects what comes back until the socket closes or `idleMs` of silence. */
function rawExchange(url: string, chunks: (string | Buffer)[], idleMs = 1500): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    let data = '';
    let closed = false;
    let timer: NodeJS.Timeout;
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), head, body, closed });
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(done, idleMs);
    };
    socket.on('data', (d) => {
      data += d.toString('utf8');
      arm();
    });
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      arm();
    });
  });
}

describe('bounded cost of a request to serve', () => {
  let inst: Instance;
  let trusting: RunningServer;

  beforeAll(async () => {
    inst = await startInstance('http');
    trusting = await startServer({ core: inst.core, port: 0, log: null, trustProxy: true });
  });
  afterAll(async () => {
    await trusting.close();
    await inst.close();
  });

  it('answers an anonymous request to a sign-in route 401 without reading its body', async () => {
    const res = await rawExchange(inst.url!, [
      `POST /api/v4/projects HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{"name":`,
    ]);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: '401 Unauthorized' });
    expect(res.head.toLowerCase()).toContain('connection: close');
    expect(res.closed).toBe(true);
  });

  it('refuses a body over the route limit on Content-Length alone and closes the connection', async () => {
    const res = await rawExchange(inst.url!, [
      `POST /api/v4/projects HTTP/1.1\r\nHost: x\r\nPRIVATE-TOKEN: ${inst.rootToken}\r\nContent-Type: application/json\r\nContent-Length: ${DEFAULT_BODY_LIMIT + 1}\r\n\r\n{"name":"x"`,
    ]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: '413 Request Entity Too Large' });
    expect(res.closed).toBe(true);
  });

  it('refuses a chunked body as soon as the bytes read pass the limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const frames = Array.from({ length: Math.ceil(DEFAULT_BODY_LIMIT / chunk.length) + 2 }, () => frame);
    const res = await rawExchange(inst.url!, [
      `POST /api/v4/projects HTTP/1.1\r\nHost: x\r\nPRIVATE-TOKEN: ${inst.rootToken}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      ...frames,
    ]);
    expect(res.status).toBe(413);
    expect(res.closed).toBe(true);
  });

  it('cuts off a client that never finishes its headers', async () => {
    const slow = await startServer({ core: inst.core, port: 0, log: null, headersTimeoutMs: 300, requestTimeoutMs: 300 });
    try {
      const res = await rawExchange(slow.url, ['GET /api/v4/version HTTP/1.1\r\nHost: x\r\n'], 10_000);
      expect(res.closed).toBe(true);
      expect([0, 408]).toContain(res.status);
    } finally {
      await slow.close();
    }
  });

  it('answers deep nesting, too many fields and overlong descriptions with 400', async () => {
    const auth = { 'private-token': inst.rootToken, 'content-type': 'application/json' };
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const r1 = await inst.raw('POST', '/projects', { headers: auth, body: `{"name":"d","x":${deep}}` });
    expect(r1.status).toBe(400);
    expect(r1.json).toEqual({ error: 'The request body is nested too deeply' });
    const r2 = await inst.raw('GET', '/projects', { query: `a${'[b]'.repeat(200)}=1` });
    expect(r2.status).toBe(400);
    const many = Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join('&');
    const r4 = await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `name=m&${many}` });
    expect(r4.status).toBe(400);
    expect(r4.json).toEqual({ error: 'too many parameters (at most 4096)' });
    const r5 = await inst.raw('POST', '/projects', { headers: auth, body: JSON.stringify({ name: 'long', description: 'd'.repeat(2001) }) });
    expect(r5.status).toBe(400);
    expect(r5.json).toEqual({ message: { description: ['is too long (maximum is 2000 characters)'] } });
  });

  it('answers keyset cursors of the wrong shape or type with 400', async () => {
    const auth = { 'private-token': inst.rootToken };
    const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of ['%%%', enc([1]), enc({ id: { a: 1 } }), enc({ value: 'x' }), enc({ id: [1, 2] }), enc('s'), enc({ __proto__: 1 }).replace('X', 'Y')]) {
      const users = await inst.raw('GET', '/users', { headers: auth, query: `pagination=keyset&order_by=id&cursor=${encodeURIComponent(cursor)}` });
      expect(users.status, cursor).toBe(400);
      expect(users.json).toEqual({ error: 'cursor is invalid' });
    }
    const byName = await inst.raw('GET', '/users', { headers: auth, query: `pagination=keyset&order_by=username&sort=asc&cursor=${enc({ id: 1 })}` });
    expect(byName.status).toBe(400);
  });

  it('believes X-Forwarded-Host/-Proto only with --trust-proxy, and only http or https', async () => {
    const get = async (url: string, headers: Record<string, string>): Promise<string> => {
      const res = await fetch(`${url}/api/v4/users?per_page=1`, { headers: { 'private-token': inst.rootToken, ...headers } });
      return res.headers.get('link') ?? '';
    };
    await inst.admin.post('/users', { username: 'fw1', email: 'fw1@example.com', name: 'F', password: 'long-enough-1' });
    const forwarded = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect(await get(inst.url!, forwarded)).not.toContain('evil.example');
    expect(await get(trusting.url, forwarded)).toContain('https://evil.example/api/v4/users');
    const odd = await get(trusting.url, { 'x-forwarded-host': 'proxy.example', 'x-forwarded-proto': 'javascript' });
    expect(odd).toContain('http://proxy.example/api/v4/users');
    const badHost = await get(trusting.url, { 'x-forwarded-host': 'a b/c?d', 'x-forwarded-proto': 'https' });
    expect(badHost).not.toContain('a b');
  });
});
