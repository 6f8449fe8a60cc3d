// hostctl api against the local core, run in-process: paths, -f/-F/-H/--input, -i, --paginate, output forms and
// error answers. The same commands against `hostctl serve` are in serve.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

const json = <T = Record<string, unknown>>(text: unknown): T => JSON.parse(String(text)) as T;

describe('hostctl api', () => {
  let sb: CliSandbox;
  let token: string;
  let alice: { id: number; username: string; projects_limit: number };

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
    const res = await sb.run([
      'api', 'users',
      '-f', 'username=alice', '-f', 'name=Alice Example', '-f', 'email=alice@example.com',
      '-f', 'password=correct-horse-battery', '-F', 'skip_confirmation=true', '-F', 'projects_limit=7',
    ]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    alice = json(res.stdout);
  });
  afterAll(() => sb.cleanup());

  it('POSTs when fields are given, with -F values typed', () => {
    expect(alice).toMatchObject({ username: 'alice', projects_limit: 7 });
  });

  it('accepts PATH with or without a leading / or /api/v4, and prints the body as the API sent it', async () => {
    const outs = await Promise.all(['personal_access_tokens/self', '/personal_access_tokens/self', '/api/v4/personal_access_tokens/self'].map((p) => sb.run(['api', p])));
    for (const res of outs) expect(res.exitCode).toBe(0);
    expect(new Set(outs.map((r) => r.stdout)).size).toBe(1);
    const body = String(outs[0]?.stdout);
    expect(body).toBe(JSON.stringify(JSON.parse(body)));
    expect(json(body)).toMatchObject({ id: 1, name: 'hostctl-root', scopes: ['api'] });
  });

  it('builds arrays and reads @file values', async () => {
    const file = join(sb.dir, 'description.txt');
    writeFileSync(file, 'made by\nthe api test');
    const res = await sb.run(['api', `users/${alice.id}/personal_access_tokens`, '-f', 'name=ci', '-F', 'scopes[]=api', '-f', 'scopes[]=read_user', '-F', `description=@${file}`, '-f', 'expires_at=2026-03-01']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(json(res.stdout)).toMatchObject({ name: 'ci', scopes: ['api', 'read_user'], description: 'made by\nthe api test', expires_at: '2026-03-01', user_id: alice.id });
  });

  it('sends GET fields in the query', async () => {
    const res = await sb.run(['api', '-X', 'GET', 'users', '-f', 'username=alice']);
    expect(res.exitCode).toBe(0);
    expect(json<{ username: string }[]>(res.stdout).map((u) => u.username)).toEqual(['alice']);
  });

  it('--input sends a JSON body from a file; -f then goes to the query', async () => {
    const file = join(sb.dir, 'token.json');
    writeFileSync(file, JSON.stringify({ name: 'from-input', scopes: ['read_api'] }));
    const res = await sb.run(['api', `users/${alice.id}/personal_access_tokens`, '--input', file]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(json(res.stdout)).toMatchObject({ name: 'from-input', scopes: ['read_api'] });
    const stdin = await sb.run(['api', '-X', 'PUT', `users/${alice.id}`, '--input', '-'], { input: '{"bio":"from stdin"}' });
    expect(json(stdin.stdout)).toMatchObject({ id: alice.id, bio: 'from stdin' });
    const bad = await sb.run(['api', 'users', '--input', join(sb.dir, 'description.txt')]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('must hold a JSON request body');
  });

  it('-H adds request headers (seen in the --debug trace)', async () => {
    const res = await sb.run(['api', 'personal_access_tokens/self', '-H', 'X-Trace-Id: abc123', '--debug']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('> x-trace-id: abc123');
    expect(res.stderr).toContain('> private-token: [REDACTED]');
    expect(res.stderr).not.toContain(token);
  });

  it('-i prints the status line and headers before the body, on stdout', async () => {
    const res = await sb.run(['api', '-i', 'personal_access_tokens/self']);
    const [headText, body] = String(res.stdout).split('\n\n');
    const lines = (headText ?? '').split('\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('Content-Type: application/json');
    expect(json(body)).toMatchObject({ id: 1 });
  });

  it('--paginate follows Link rel=next and prints one JSON array', async () => {
    const all = json<{ id: number }[]>((await sb.run(['tokens', 'list', '--all', '-o', 'json'])).stdout);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const res = await sb.run(['api', 'personal_access_tokens', '--paginate', '-f', 'per_page=1']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(json<{ id: number }[]>(res.stdout).map((t) => t.id)).toEqual(all.map((t) => t.id));
    const heads = await sb.run(['api', 'personal_access_tokens', '--paginate', '-f', 'per_page=1', '-i', '--silent']);
    expect(String(heads.stdout).match(/^HTTP\/1\.1 200 OK$/gm)).toHaveLength(all.length);
    const post = await sb.run(['api', '-X', 'POST', 'users', '--paginate']);
    expect(post.exitCode).toBe(2);
    // Pages of 100 unless the request names a size, in the path or as a field.
    const traced = await sb.run(['api', 'personal_access_tokens', '--paginate', '--debug']);
    expect(String(traced.stderr)).toMatch(/> GET \/personal_access_tokens\?per_page=100 /);
    const inPath = await sb.run(['api', 'personal_access_tokens?per_page=1', '--paginate', '-i', '--silent']);
    expect(String(inPath.stdout).match(/^HTTP\/1\.1 200 OK$/gm)).toHaveLength(all.length);
  });

  it('-o json pretty-prints, -o yaml converts, --fields narrows', async () => {
    const pretty = await sb.run(['api', 'personal_access_tokens/self', '-o', 'json']);
    expect(String(pretty.stdout)).toContain('\n  "id": 1,');
    const yaml = await sb.run(['api', 'personal_access_tokens/self', '-o', 'yaml']);
    expect(parseYaml(String(yaml.stdout))).toEqual(json(pretty.stdout));
    const narrowed = await sb.run(['api', 'personal_access_tokens', '--fields', 'id,name']);
    expect(json<unknown[]>(narrowed.stdout)[0]).toEqual({ id: 1, name: 'hostctl-root' });
    const unknown = await sb.run(['api', 'personal_access_tokens/self', '--fields', 'nope']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('unknown field "nope"');
  });

  it('an error answer prints its body on stdout and exits with the mapped code', async () => {
    const missing = await sb.run(['api', 'users/99999']);
    expect(missing.exitCode).toBe(3);
    expect(json(missing.stdout)).toEqual({ message: '404 User Not Found' });
    expect(missing.stderr).toBe('error: 404 User Not Found (HTTP 404, GET /users/99999)\nhint: no user has that id, or the token cannot see it: hostctl users list');
    const invalid = await sb.run(['api', 'users', '-f', 'username=bob']);
    // A 400 is a refused request: exit 5.
    expect(invalid.exitCode).toBe(5);
    expect(json(invalid.stdout)).toHaveProperty('error');
    const denied = await sb.run(['api', 'personal_access_tokens/self'], { env: { HOSTCTL_TOKEN: 'hpat-bogus-token-0000000000' } });
    expect(denied.exitCode).toBe(4);
    expect(json(denied.stdout)).toEqual({ message: '401 Unauthorized' });
    const asJson = await sb.run(['api', 'users/99999', '-o', 'json']);
    expect(json<{ error: Record<string, unknown> }>(asJson.stderr).error).toMatchObject({ code: 3, status: 404, body: { message: '404 User Not Found' } });
  });

  it('-X takes a method; a bad one is a usage error', async () => {
    const made = json<{ id: number }>((await sb.run(['api', `users/${alice.id}/personal_access_tokens`, '-f', 'name=short-lived', '-f', 'scopes[]=api'])).stdout);
    const del = await sb.run(['api', '-X', 'delete', `personal_access_tokens/${made.id}`]);
    expect(del.exitCode, String(del.stderr)).toBe(0);
    expect(del.stdout).toBe('');
    expect(json((await sb.run(['api', `personal_access_tokens/${made.id}`])).stdout)).toMatchObject({ id: made.id, revoked: true });
    const bad = await sb.run(['api', '-X', 'GE T', 'users']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('-X takes an HTTP method');
    const none = await sb.run(['api']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("missing required argument 'path'");
  });
});
