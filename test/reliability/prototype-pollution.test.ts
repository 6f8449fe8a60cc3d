// No request, in any encoding (query string, form, multipart, JSON, headers), can reach
// Object.prototype or change what another request sees: prototype keys are refused with the
// platform's 400 `{"error": ...}` and every parsed object is prototype-free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { parseJsonBody, parseQuery } from '../../src/core/http/parse.js';
import { parseMultipart } from '../../src/core/http/multipart.js';

const probe = (): Record<string, unknown> => ({}) as Record<string, unknown>;
const protoNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

function multipart(fields: [string, string][]): { body: string; type: string } {
  const boundary = 'xBOUNDARYx';
  const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const HOSTILE_QUERIES = [
  '__proto__[admin]=true&__proto__[visibility]=public',
  '__proto__[sudo]=root',
  'constructor[prototype][admin]=true',
  'a[__proto__][admin]=true',
  'custom_attributes[constructor][prototype][is_admin]=1',
  'prototype=1',
  'x[0][__proto__][y]=1',
  '%5F%5Fproto%5F%5F[admin]=true',
];

const HOSTILE_JSON = [
  '{"__proto__": {"admin": true, "visibility": "public"}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"name": "p", "assets": {"links": [{"__proto__": {"admin": true}}]}}',
  '{"a": {"b": {"prototype": 1}}}',
];

describe('parsers build prototype-free objects', () => {
  it('query strings and forms', () => {
    const parsed = parseQuery('a[b]=1&l[0][k]=v&s=x');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
    expect(Object.getPrototypeOf((parsed.l as unknown[])[0])).toBeNull();
    for (const q of HOSTILE_QUERIES) expect(() => parseQuery(q), q).toThrow(/is not an allowed parameter name/);
    expect(probe().admin).toBeUndefined();
  });

  it('JSON', () => {
    const parsed = parseJsonBody('{"a": {"b": [{"c": 1}]}}') as Record<string, Record<string, unknown[]>>;
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a?.b?.[0])).toBeNull();
    for (const j of HOSTILE_JSON) expect(() => parseJsonBody(j), j).toThrow(/is not an allowed parameter name/);
    expect(probe().admin).toBeUndefined();
  });

  it('multipart', async () => {
    const ok = multipart([['a[b]', '1']]);
    const parsed = await parseMultipart(Buffer.from(ok.body), ok.type, 1024);
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
    const bad = multipart([['__proto__[admin]', 'true']]);
    await expect(parseMultipart(Buffer.from(bad.body), bad.type, 1024)).rejects.toThrow(/is not an allowed parameter name/);
    expect(probe().admin).toBeUndefined();
  });
});

describe.each(TRANSPORTS)('hostile requests cannot pollute (%s)', (kind) => {
  let inst: Instance;
  const before = protoNames();

  beforeAll(async () => {
    inst = await startInstance(kind);
  });
  afterAll(() => inst.close());

  const expectRefused = (res: { status: number; json: unknown }, what: string): void => {
    expect(res.status, what).toBe(400);
    expect(res.json, what).toEqual({ error: expect.stringMatching(/^(__proto__|constructor|prototype) is not an allowed parameter name$/) });
  };

  it('refuses prototype keys in query strings, anonymous or not', async () => {
    for (const q of HOSTILE_QUERIES) {
      expectRefused(await inst.raw('GET', '/projects', { query: q }), q);
      expectRefused(await inst.raw('GET', '/user', { query: q, headers: { 'private-token': inst.rootToken } }), q);
    }
  });

  it('refuses prototype keys in form, multipart and JSON bodies', async () => {
    const auth = { 'private-token': inst.rootToken };
    for (const q of HOSTILE_QUERIES) {
      expectRefused(await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `name=p1&${q}` }), q);
      const [key, value] = q.split('&')[0]!.split('=') as [string, string];
      const mp = multipart([['name', 'p1'], [decodeURIComponent(key), value]]);
      expectRefused(await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': mp.type }, body: mp.body }), `multipart ${q}`);
    }
    for (const j of HOSTILE_JSON) {
      expectRefused(await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': 'application/json' }, body: j }), j);
      expectRefused(await inst.raw('PUT', '/users/1', { headers: { ...auth, 'content-type': 'application/json' }, body: j }), j);
    }
  });

  it('refuses headers named like prototype keys, whichever copy of the headers the core takes', async () => {
    // serve hands the core its own copy of the headers unless a name is one of these; Node's own
    // object of headers drops one named __proto__, which serve then reads from the raw lines.
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expectRefused(await inst.raw('GET', '/user', { headers: { 'private-token': inst.rootToken, [name]: 'x' } }), `header ${name}`);
      expectRefused(await inst.raw('GET', '/projects', { headers: { [name]: 'x' } }), `anonymous header ${name}`);
    }
  });

  it('leaves Object.prototype and every later request untouched', async () => {
    expect(protoNames()).toEqual(before);
    for (const key of ['admin', 'visibility', 'sudo', 'is_admin', 'y']) expect(probe()[key], key).toBeUndefined();
    // Outcomes of ordinary requests made afterwards are what they would have been.
    const user = await inst.admin.post<{ id: number; is_admin: boolean }>('/users', { username: `pp${kind}`, email: `pp${kind}@example.com`, name: 'P P', password: 'long-enough-1' });
    expect(user.data.is_admin).toBe(false);
    const updated = await inst.admin.put<{ is_admin: boolean }>(`/users/${user.data.id}`, { name: 'Q Q' });
    expect(updated.data.is_admin).toBe(false);
    const project = await inst.admin.post<{ visibility: string }>('/projects', { name: `pp-${kind}` });
    expect(project.data.visibility).toBe('private');
    const anonymous = await inst.raw('GET', '/projects');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual([]);
    expect((await inst.raw('GET', '/user', { headers: { 'private-token': inst.rootToken } })).status).toBe(200);
  });
});
