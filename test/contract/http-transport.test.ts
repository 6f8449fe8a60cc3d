// The remote transport against a scripted local server: retries on 429/502/503/504 honouring
// Retry-After, gives up after its limit, and the client follows Link rel=next across pages.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport, retryDelay } from '../../src/client/http-transport.js';
import { ApiClient } from '../../src/client/client.js';
import { ApiError, UnexpectedAnswerError } from '../../src/client/api-error.js';
import { TransportError } from '../../src/client/transport.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const closers: (() => Promise<void>)[] = [];

async function serve(handler: Handler): Promise<string> {
  let n = 0;
  const server = createServer((req, res) => handler(req, res, ++n));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

describe('HttpTransport', () => {
  it('retries 503 and 429, waiting as Retry-After says', async () => {
    const url = await serve((_req, res, n) => {
      if (n === 1) res.writeHead(503, { 'retry-after': '2' }).end('{"message":"503 Service Unavailable"}');
      else if (n === 2) res.writeHead(429, { 'retry-after': '1' }).end('{"message":"429 Too Many Requests"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const waits: number[] = [];
    const t = new HttpTransport({ baseUrl: url, sleep: async (ms) => void waits.push(ms) });
    const res = await new ApiClient(t).get<{ ok: boolean }>('/x');
    expect(res.data).toEqual({ ok: true });
    expect(waits).toEqual([2000, 1000]);
    await t.close();
  });

  it('gives up after its retries and surfaces the last answer', async () => {
    const url = await serve((_req, res) => res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"502 Bad Gateway"}'));
    const t = new HttpTransport({ baseUrl: url, maxRetries: 2, sleep: async () => undefined });
    const err = await new ApiClient(t).get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    await t.close();
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls++;
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"500 Internal Server Error"}');
    });
    const t = new HttpTransport({ baseUrl: url, sleep: async () => undefined });
    await new ApiClient(t).get('/x').catch(() => undefined);
    expect(calls).toBe(1);
    await t.close();
  });

  it('reports an unreachable instance as a transport error', async () => {
    const t = new HttpTransport({ baseUrl: 'http://127.0.0.1:1', maxRetries: 0 });
    await expect(new ApiClient(t).get('/x')).rejects.toBeInstanceOf(TransportError);
    await t.close();
  });

  it('sends to /api/v4 below a base URL with or without the prefix', async () => {
    const seen: string[] = [];
    const url = await serve((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    for (const base of [url, `${url}/api/v4`, `${url}/`]) {
      const t = new HttpTransport({ baseUrl: base });
      await new ApiClient(t).get('/projects', { search: 'a b' });
      await t.close();
    }
    expect(seen).toEqual(['/api/v4/projects?search=a%20b', '/api/v4/projects?search=a%20b', '/api/v4/projects?search=a%20b']);
  });

  it('keeps every value of a header sent twice, joined as undici joins them', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, [
        ['content-type', 'application/json'],
        ['x-note', 'one'],
        ['x-note', 'two'],
      ]);
      res.end('{}');
    });
    const t = new HttpTransport({ baseUrl: url });
    const res = await t.request({ method: 'GET', path: '/x' });
    await t.close();
    expect(res.headers['x-note']).toBe('one, two');
  });

  it('sends a body with its length, not chunked', async () => {
    const seen: { length?: string; chunked?: string; body: string }[] = [];
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ length: req.headers['content-length'], chunked: req.headers['transfer-encoding'], body });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const t = new HttpTransport({ baseUrl: url });
    await t.request({ method: 'POST', path: '/x', headers: { 'content-type': 'application/json' }, body: '{"name":"é"}' });
    await t.close();
    expect(seen).toEqual([{ length: String(Buffer.byteLength('{"name":"é"}')), chunked: undefined, body: '{"name":"é"}' }]);
  });

  it('reports an answer whose body stops coming as a timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    });
    const t = new HttpTransport({ baseUrl: url, timeoutMs: 300, maxRetries: 0 });
    const err = await t.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    await t.close();
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).timedOut).toBe(true);
  });

  it('computes Retry-After from seconds, dates and backoff', () => {
    expect(retryDelay('3', 0, 60_000)).toBe(3000);
    expect(retryDelay(new Date(10_000).toUTCString(), 0, 60_000, 4000)).toBe(6000);
    expect(retryDelay(undefined, 3, 60_000)).toBe(4000);
    expect(retryDelay('999', 0, 5000)).toBe(5000);
  });
});

/** A forward proxy closed with the test's other servers. */
async function startProxy(): Promise<{ url: string; seen: string[] }> {
  const proxy = await startForwardProxy();
  closers.push(proxy.close);
  return proxy;
}

describe('HttpTransport through a proxy from the environment', () => {
  const KEYS = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'] as const;
  let saved: Record<string, string | undefined> = {};
  const setEnv = (values: Partial<Record<(typeof KEYS)[number], string>>) => {
    saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
    for (const k of KEYS) delete process.env[k];
    Object.assign(process.env, values);
  };
  afterEach(() => {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  const target = () => serve((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url })));

  it('sends http:// requests through HTTP_PROXY', async () => {
    const url = await target();
    const proxy = await startProxy();
    setEnv({ HTTP_PROXY: proxy.url });
    const t = new HttpTransport({ baseUrl: url, maxRetries: 0 });
    const res = await new ApiClient(t).get<{ path: string }>('/projects', { search: 'x' });
    await t.close();
    expect(res.data.path).toBe('/api/v4/projects?search=x');
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]).toMatch(new RegExp(`^(CONNECT ${url.slice(7)}|GET ${url}/api/v4/projects\\?search=x)$`));
  });

  it('goes direct to hosts listed in NO_PROXY', async () => {
    const url = await target();
    const proxy = await startProxy();
    setEnv({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'example.com,127.0.0.1' });
    const t = new HttpTransport({ baseUrl: url, maxRetries: 0 });
    const res = await new ApiClient(t).get<{ path: string }>('/version');
    await t.close();
    expect(res.data.path).toBe('/api/v4/version');
    expect(proxy.seen).toEqual([]);
  });

  it('tunnels https:// requests through HTTPS_PROXY with CONNECT', async () => {
    // The target speaks plain HTTP, so the TLS handshake inside the tunnel fails; what matters
    // is that the request went to the proxy as a CONNECT for the target.
    const url = await target();
    const proxy = await startProxy();
    setEnv({ HTTPS_PROXY: proxy.url });
    const t = new HttpTransport({ baseUrl: url.replace('http:', 'https:'), maxRetries: 0, timeoutMs: 5000 });
    await expect(new ApiClient(t).get('/version')).rejects.toBeInstanceOf(TransportError);
    await t.close();
    expect(proxy.seen).toEqual([`CONNECT ${url.slice(7)}`]);
  });
});

describe('ApiClient.paginate', () => {
  it('follows the Link header the server gives, and stops at --limit', async () => {
    const url = await serve((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (page < 3) headers.link = `<http://elsewhere.example/api/v4/items?page=${page + 1}&per_page=2>; rel="next"`;
      res.writeHead(200, headers).end(JSON.stringify([page * 10, page * 10 + 1]));
    });
    const t = new HttpTransport({ baseUrl: url });
    const client = new ApiClient(t);
    const all: number[] = [];
    for await (const x of client.paginate<number>('/items', { per_page: 2 })) all.push(x);
    expect(all).toEqual([10, 11, 20, 21, 30, 31]);
    const limited: number[] = [];
    for await (const x of client.paginate<number>('/items', { per_page: 2 }, 3)) limited.push(x);
    expect(limited).toEqual([10, 11, 20]);
    await t.close();
  });

  it('names the request and status when a list or record has another shape', async () => {
    const url = await serve((req, res) => {
      if (req.url?.startsWith('/api/v4/list')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"maintenance"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('null');
    });
    const t = new HttpTransport({ baseUrl: url, maxRetries: 0 });
    const api = new ApiClient(t);
    const list = await api.get('/list');
    const err = (() => {
      try {
        api.expectList(list.data);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(UnexpectedAnswerError);
    expect((err as Error).message).toBe('unexpected answer to GET /list (HTTP 200): expected a list, got a record');
    const item = await api.get('/item');
    expect(() => api.expectRecord(item.data)).toThrow('unexpected answer to GET /item (HTTP 200): expected a record, got an empty body');
    await expect(async () => {
      for await (const _ of api.paginate('/list')) void _;
    }).rejects.toThrow('expected a list, got a record');
    await t.close();
  });

  it('follows a 301 on GET within the API, once told, and never to another place', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/api/v4/projects/old%2Fpath') res.writeHead(301, { location: `http://${req.headers.host}/api/v4/projects/7` }).end();
      else if (req.url === '/api/v4/projects/7') res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":7}');
      else res.writeHead(301, { location: 'http://elsewhere.example/login' }).end();
    });
    const t = new HttpTransport({ baseUrl: url, maxRetries: 0 });
    const told: string[] = [];
    const api = new ApiClient(t, { onMoved: (from, to) => told.push(`${from} -> ${to}`) });
    expect((await api.get('/projects/old%2Fpath')).data).toEqual({ id: 7 });
    expect((await api.get('/projects/old%2Fpath')).data).toEqual({ id: 7 });
    expect(told).toEqual(['/projects/old%2Fpath -> /projects/7']);
    expect((await api.get('/other')).status).toBe(301);
    await t.close();
  });
});
