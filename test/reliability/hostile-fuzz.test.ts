// A bounded fuzz of hostile requests against `serve`: every route of the manifest with hostile
// path values, malformed JSON, form and multipart bodies, deep nesting, huge fields, encoded
// traversal and bad cursors, anonymous and signed in. No answer may be a 5xx or carry a stack
// trace, and the server must log no unexpected exception. Deterministic (seeded), ~2,000 requests.
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { ROUTE_MANIFEST } from '../../src/core/areas/manifest.js';

// Routes that would take the fuzzer's own credentials away (revoking or rotating its token,
// blocking its user) would turn the rest of the run into 401s; they are left out.
const ROUTES = ROUTE_MANIFEST.filter(([method, path]) => !(path.includes('personal_access_tokens') && method !== 'GET') && !/\/(block|deactivate|ban)$/.test(path));

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS = ['1', '0', '-1', '999999999999999999999', '1e309', 'self', '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%ff', '%', 'a%2Fb', 'root', '__proto__', 'constructor', '.git', 'GIT~1', '%E2%80%8C.git', 'x'.repeat(5000), '%F0%9F%92%A9', 'main', 'v1.0', 'refs%2Fheads%2Fmain', 'HEAD', '-x', '@{1}'];
const enc = (v: unknown): string => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const QUERIES = [
  '', 'page=-1', 'per_page=1e9', 'page=abc&per_page=%', 'cursor=%%%', `cursor=${enc({ id: { $gt: 1 } })}`, `cursor=${enc([1])}`, `cursor=${enc('x')}`,
  'pagination=keyset&order_by=id&cursor=' + enc({ id: [1] }), 'search=%25%5F%25', 'sort=;drop', 'order_by=id;--', 'a[b][c][d][e][f][g]=1', `${'a['.repeat(60)}=1`,
  'a[=1', 'a]]=1', '[]=1', 'a[][][]=1&a[][][]=2', 'private_token=nope', 'sudo=1', 'sudo[]=1', 'sudo[a]=b', 'visibility[]=public', 'custom_attributes=1',
  'x=' + 'y'.repeat(15000), 'ref=..%2F..', 'path=.git%2Fconfig', 'path=%2E%67%69%74%2Fconfig', 'path=a%00b', 'since=2026-13-45', 'updated_after=not-a-date',
];
const JSON_BODIES = [
  '{', '{"a":', '[', '"\\ud800"', 'null', '1', 'true', '[]', '{"name":null}', '{"name":{}}', '{"name":[]}', '{"id":{"a":1}}', '{"actions":"x"}',
  '{"actions":[1,2]}', '{"actions":[{"action":"create","file_path":"../x"}]}', `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`, `{"a":"${'z'.repeat(3_000_000)}"}`,
  '{"assets":{"links":[{"name":{},"url":[]}]}}', '{"milestones":[{}]}', '{"released_at":"yesterday"}', '{"access_level":"owner"}', '{"scopes":"api"}',
  '{"expires_at":{"a":1}}', '{"password":["a"]}', '{"namespace_id":"1 OR 1=1"}', '{"name":"\\u0000"}', '{"branch":"-delete"}', '{"ref":"--upload-pack=x"}',
];
const FORM_BODIES = ['a', '=', '&&&', 'a[=1', 'a[b]=1&a=2', 'a=1&a[b]=2', 'a[]=1&a[x]=2', '%=%', 'name=%E0%A4%A', `${'a[]'.repeat(100)}=1`, 'x=' + 'q'.repeat(100_000)];

function multipartBody(r: () => number): { body: Buffer; type: string } {
  const boundary = `b${Math.floor(r() * 1e9)}`;
  const choice = Math.floor(r() * 5);
  if (choice === 0) return { body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx`), type: `multipart/form-data; boundary=${boundary}` };
  if (choice === 1) return { body: Buffer.from('garbage'), type: 'multipart/form-data' };
  if (choice === 2) return { body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a[b][c]"\r\n\r\n1\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
  if (choice === 3) {
    const name = `${'f['.repeat(50)}`;
    return { body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n1\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
  }
  return { body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\nContent-Type: text/plain\r\n\r\n${'z'.repeat(1000)}\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

interface Answer {
  status: number;
  body: string;
}

function send(agent: Agent, url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent, hostname, port, method, path, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: 0, body: '' }) : reject(e)));
    req.end(body);
  });
}

describe('hostile requests against serve', () => {
  let inst: Instance;
  const logged: string[] = [];

  beforeAll(async () => {
    inst = await startInstance('http');
    inst.core.log = (m: string) => logged.push(m);
    await inst.admin.post('/projects', { name: 'fuzzed', initialize_with_readme: true });
    await inst.admin.post('/groups', { name: 'fuzzgroup', path: 'fuzzgroup' });
  });
  afterAll(() => inst.close());

  it('never answers 5xx or shows a stack trace', async () => {
    const r = prng(Number(process.env.HOSTCTL_FUZZ_SEED ?? 8));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    let tried = 0;
    let closedEarly = 0;
    const byStatus = new Map<number, number>();
    const bad: string[] = [];
    const requests: (() => Promise<void>)[] = [];
    for (let i = 0; i < 2000; i++) {
      const [method, pattern] = pick(ROUTES);
      const path = `/api/v4${pattern.replace(/[:*][a-z_]+/g, () => (r() < 0.5 ? pick(SEGMENTS) : '1'))}`;
      const query = pick(QUERIES);
      const headers: Record<string, string> = r() < 0.7 ? { 'private-token': inst.rootToken } : {};
      if (r() < 0.05) headers.sudo = pick(['root', '1', '0', '__proto__', 'x'.repeat(300)]);
      if (r() < 0.05) headers['x-forwarded-proto'] = 'javascript';
      let body: Buffer | undefined;
      if (method !== 'GET' || r() < 0.1) {
        const kind = r();
        if (kind < 0.5) {
          headers['content-type'] = 'application/json';
          body = Buffer.from(pick(JSON_BODIES));
        } else if (kind < 0.8) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          body = Buffer.from(pick(FORM_BODIES));
        } else {
          const mp = multipartBody(r);
          headers['content-type'] = mp.type;
          body = mp.body;
        }
      }
      const target = query ? `${path}?${query}` : path;
      requests.push(async () => {
        const res = await send(agent, inst.url!, method === 'GET' && r() < 0.1 ? 'HEAD' : method, target, headers, body);
        tried++;
        if (res.status === 0) closedEarly++;
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || /\n\s+at |node:internal|Error: /.test(res.body)) bad.push(`${method} ${target.slice(0, 200)} -> ${res.status} ${res.body.slice(0, 200)}`);
      });
    }
    // Four at a time: enough to interleave, little enough for a shared CI machine.
    const queue = [...requests];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next();
    }));
    agent.destroy();
    const fiveHundreds = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(`[fuzz] hostile requests tried: ${tried}, 5xx: ${fiveHundreds}, connections closed by the server before an answer: ${closedEarly}, statuses: ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}, unexpected exceptions logged: ${logged.length}`);
    for (const line of logged) console.log(`[fuzz] logged: ${line.slice(0, 1500)}`);
    expect(bad).toEqual([]);
    expect(logged).toEqual([]);
    expect(tried).toBe(2000);
    // Two thousand requests are seconds of CPU; on a loaded machine that is minutes.
  }, 180_000);
});
