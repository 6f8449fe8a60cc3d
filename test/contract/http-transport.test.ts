// The remote transport against a scripted local server: retries on 429/502/503/504 honouring
// Retry-After, gives up after its limit, and the client follows Link rel=next across pages.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport, retryDelay } from '../../src/client/http-transport.js';
import { ApiClient } from '../../src/client/client.js';
import { ApiError } from '../../src/client/api-error.js';
import { TransportError } from '../../src/client/transport.js';

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

  it('computes Retry-After from seconds, dates and backoff', () => {
    expect(retryDelay('3', 0, 60_000)).toBe(3000);
    expect(retryDelay(new Date(10_000).toUTCString(), 0, 60_000, 4000)).toBe(6000);
    expect(retryDelay(undefined, 3, 60_000)).toBe(4000);
    expect(retryDelay('999', 0, 5000)).toBe(5000);
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
});
