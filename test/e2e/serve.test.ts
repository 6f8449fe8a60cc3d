// The remote path for real: `hostctl serve --port 0` as a process, then the same commands with
// --url and HOSTCTL_TOKEN (or a remote context) must answer what the local core answers. The
// server is a real process; the commands run in-process (test/helpers/cli-in-process.ts), over
// HTTP to it when given --url.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { HttpTransport } from '../../src/client/http-transport.js';
import { ApiClient } from '../../src/client/client.js';

const json = <T = unknown>(text: unknown): T => JSON.parse(String(text)) as T;

describe('hostctl serve, and commands against it', () => {
  let sb: InProcessSandbox;
  let token: string;
  let server: ResultPromise;
  let url: string;
  let served: ServeProcess;

  const remote = (args: string[], env: Record<string, string> = {}) => sb.run([...args, '--url', url], { env: { HOSTCTL_TOKEN: token, ...env } });

  beforeAll(async () => {
    sb = inProcessSandbox();
    token = await sb.init();
    await sb.run(['api', 'users', '-f', 'username=alice', '-f', 'name=Alice', '-f', 'email=alice@example.com', '-f', 'password=correct-horse-battery']);
    for (const name of ['one', 'two', 'three']) await sb.run(['api', 'users/2/personal_access_tokens', '-f', `name=${name}`, '-f', 'scopes[]=read_api']);
    served = await startServe(sb);
    server = served.proc;
    url = served.url;
  });
  afterAll(async () => {
    if (server.exitCode === undefined || server.exitCode === null) server.kill('SIGKILL');
    await server.catch(() => undefined);
    sb.cleanup();
  });

  it('prints its URL on stderr, nothing on stdout', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  /** The log once it holds `text` (serve writes its start-up lines once; a pipe may hand them over in parts). */
  const logWith = async (proc: ServeProcess, text: string): Promise<string> => {
    for (let i = 0; i < 200 && !proc.log().includes(text); i++) await new Promise((r) => setTimeout(r, 25));
    return proc.log();
  };

  it('says which address web URLs use and how to fix it', async () => {
    await logWith(served, 'hostctl init --external-url URL');
    expect(served.log()).toContain(`web URLs (web_url, downloads, DSNs) follow the address each request reached (here ${url}); --external-url https://HOST fixes them`);
    // The state's own external URL (init's default) is not where serve listens: say where local commands point.
    expect(served.log()).toContain(`commands run on this state print ${url} while it serves, and its external URL http://localhost:8080 when nothing does (change it: hostctl init --external-url URL)`);
  });

  it("a server's refusal of an expiry names the flag typed: --expires-at, exit 5", async () => {
    // The CLI's own check passes (its today is later than the server's, so its latest date is
    // later too); the server refuses with the platform's sentence, `Expiration date must be before …`.
    const res = await remote(['tokens', 'create', '--user', 'alice', '--name', 'late', '--scope', 'api', '--expires-at', '2027-05-01'], { HOSTCTL_FAKE_NOW: '2026-06-01T00:00:00.000Z' });
    expect([res.exitCode, res.stdout]).toEqual([5, '']);
    expect(res.stderr).toMatch(/^error: --expires-at must be before \d{4}-\d{2}-\d{2} \(HTTP 422, POST \/users\/2\/personal_access_tokens\)$/m);
    expect(res.stderr).toContain('hint: change --expires-at and try again');
  });

  it('builds web URLs from the address it serves, or from --external-url', async () => {
    const api = new ApiClient(new HttpTransport({ baseUrl: url, maxRetries: 0 }), { token });
    const me = await api.get<{ web_url: string }>('/user');
    expect(me.data.web_url).toBe(`${url}/root`);
    const fixed = await startServe(sb, ['--external-url', 'https://git.example.com/']);
    try {
      expect(await logWith(fixed, 'https://git.example.com (--external-url)')).toContain('web URLs (web_url, downloads, DSNs) use https://git.example.com (--external-url)');
      const api2 = new ApiClient(new HttpTransport({ baseUrl: fixed.url, maxRetries: 0 }), { token });
      const res = await api2.get<{ web_url: string }>('/user');
      expect(res.data.web_url).toBe('https://git.example.com/root');
    } finally {
      fixed.proc.kill('SIGTERM');
      await fixed.proc.catch(() => undefined);
    }
    const bad = await sb.run(['serve', '--port', '0', '--external-url', 'git.example.com']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--external-url must be an http(s) URL');
  });

  it.each([
    [['tokens', 'list', '-o', 'json']],
    [['tokens', 'list', '--all', '--per-page', '2', '-o', 'json']],
    [['tokens', 'get', 'self', '-o', 'yaml']],
    [['tokens', 'list', '--fields', 'id,name,scopes']],
    [['api', 'personal_access_tokens/self']],
    [['api', 'personal_access_tokens', '--paginate', '-f', 'per_page=2']],
    [['api', '-X', 'GET', 'users', '-f', 'username=alice', '--fields', 'id,username']],
  ])('%j answers the same remotely and locally', async (args) => {
    const local = await sb.run(args);
    const far = await remote(args);
    expect(local.exitCode, String(local.stderr)).toBe(0);
    expect(far.exitCode, String(far.stderr)).toBe(0);
    expect(far.stdout).toBe(local.stdout);
  });

  it('the --paginate array holds every token across pages', async () => {
    const res = await remote(['api', 'personal_access_tokens', '--paginate', '-f', 'per_page=1']);
    // root's token, and alice's three
    expect(json<{ name: string }[]>(res.stdout).map((t) => t.name)).toEqual(['hostctl-root', 'one', 'two', 'three']);
  });

  it('errors map to the same exit codes remotely', async () => {
    const notFound = await remote(['tokens', 'get', '99999']);
    expect(notFound.exitCode).toBe(3);
    expect(notFound.stderr).toBe((await sb.run(['tokens', 'get', '99999'])).stderr);
    const api404 = await remote(['api', 'users/99999']);
    expect(api404.exitCode).toBe(3);
    expect(json(api404.stdout)).toEqual({ message: '404 User Not Found' });
    expect((await remote(['tokens', 'list'], { HOSTCTL_TOKEN: 'hpat-wrong-token-000000000000' })).exitCode).toBe(4);
  });

  it('-i shows the server headers, including pagination ones', async () => {
    const res = await remote(['api', '-i', 'personal_access_tokens', '-X', 'GET', '-f', 'per_page=2']);
    const head = String(res.stdout).split('\n\n')[0] ?? '';
    expect(head.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('X-Per-Page: 2');
    expect(head).toMatch(/^Link: <http:\/\/.*rel="next"/m);
  });

  it('a remote context works like --url with a token', async () => {
    const add = await sb.run(['context', 'add', 'served', '--url', url, '--token-stdin', '--use'], { input: token });
    expect(add.exitCode, String(add.stderr)).toBe(0);
    const show = json<Record<string, unknown>>((await sb.run(['context', 'show', '-o', 'json'])).stdout);
    expect(show).toMatchObject({ context: 'served', type: 'remote', target: url, token_source: 'context served' });
    const viaContext = await sb.run(['tokens', 'list', '-o', 'json']);
    expect(viaContext.exitCode).toBe(0);
    expect(viaContext.stdout).toBe((await sb.run(['tokens', 'list', '-o', 'json', '--state', sb.stateDir])).stdout);
    await sb.run(['context', 'use', 'local']);
  });

  it('--debug against the server shows no token secret', async () => {
    const res = await remote(['tokens', 'get', 'self', '--debug']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain(`(${url})`);
    expect(res.stderr).not.toContain(token);
  });

  it('answers many concurrent requests, logging one line for each on stderr', async () => {
    const transport = new HttpTransport({ baseUrl: url, maxRetries: 0 });
    const client = new ApiClient(transport, { token });
    const N = 60;
    const marker = `concurrent${Date.now()}`;
    try {
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          i % 3 === 2
            ? client.post<{ id: number }>('/users/2/personal_access_tokens', { name: `${marker}-${i}`, scopes: ['read_api'] }).then((r) => r.status)
            : client.get('/personal_access_tokens/self', { [marker]: i }).then((r) => r.status),
        ),
      );
      expect(results.filter((s) => s === 200)).toHaveLength(40);
      expect(results.filter((s) => s === 201)).toHaveLength(20);
      const made = await client.get<unknown[]>('/personal_access_tokens', { user_id: 2, search: marker, per_page: 100 });
      expect(made.data).toHaveLength(20);
    } finally {
      await transport.close();
    }
    // serve writes its log lines in batches (at most every 50 ms): wait until the last is there.
    const logged = (method: string, path: string, status: number) =>
      served.log().split('\n').filter((l) => new RegExp(` ${method} ${path.replaceAll('/', '\\/')} ${status} \\d+(\\.\\d+)?ms$`).test(l));
    for (let i = 0; i < 400 && (logged('GET', '/api/v4/personal_access_tokens/self', 200).length < 40 || logged('POST', '/api/v4/users/2/personal_access_tokens', 201).length < 20); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const gets = logged('GET', '/api/v4/personal_access_tokens/self', 200);
    const posts = logged('POST', '/api/v4/users/2/personal_access_tokens', 201);
    expect(gets.length).toBeGreaterThanOrEqual(40);
    expect(posts).toHaveLength(20);
    // One line a request: an ISO time, the method, the path without its query, status and duration.
    expect(gets.every((l) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z GET /.test(l) && !l.includes(marker))).toBe(true);
  });

  it('on a busy port says the port is in use (exit 6), not a stack or an "unexpected" error', async () => {
    const port = new URL(url).port;
    const res = await sb.run(['serve', '--state', sb.stateDir, '--port', port]);
    expect(res.exitCode).toBe(6);
    expect(String(res.stderr)).toContain(`error: port ${port} on 127.0.0.1 is in use`);
    expect(String(res.stderr)).not.toMatch(/unexpected|EADDRINUSE|    at /);
  });

  it('a serve of the same state on the port is named in the hint, and whoami on the state says where it runs', async () => {
    // A serve of its own: earlier tests here start and stop others on sb's state, each removing its record.
    const other = inProcessSandbox();
    await other.init();
    const running = await startServe(other);
    try {
      const port = new URL(running.url).port;
      const again = await other.run(['serve', '--state', other.stateDir, '--port', port]);
      expect(again.exitCode).toBe(6);
      expect(String(again.stderr)).toContain(`hint: hostctl serve of this state already runs there (pid ${String(running.proc.pid)}, ${running.url}); use it, or choose another --port`);
      // From another state it is some other program, as far as that state can tell.
      const elsewhere = await sb.run(['serve', '--state', sb.stateDir, '--port', port]);
      expect(String(elsewhere.stderr)).toMatch(/hint: another program listens there; .*--port 0/);
      const who = await other.run(['whoami']);
      expect(who.exitCode, who.stderr).toBe(0);
      expect(who.stdout).toContain(`serve\t${running.url} (pid ${String(running.proc.pid)})`);
      expect((JSON.parse((await other.run(['whoami', '-o', 'json'])).stdout) as { serve: { api_url: string } }).serve.api_url).toBe(running.url);
    } finally {
      running.proc.kill('SIGTERM');
      await running.proc.catch(() => undefined);
      other.cleanup();
    }
  });

  it('Ctrl-C (SIGINT) stops it with exit 130, as documented', async () => {
    const other = inProcessSandbox();
    try {
      await other.init();
      const second = await startServe(other);
      second.proc.kill('SIGINT');
      const result = await second.proc;
      expect(result.exitCode).toBe(130);
      expect(second.log() + String(result.stderr)).toContain('SIGINT: finishing in-flight requests');
    } finally {
      other.cleanup();
    }
  });

  it('a closed terminal (SIGHUP) stops it the same way, with exit 129 and its record removed', async () => {
    const other = inProcessSandbox();
    try {
      await other.init();
      const second = await startServe(other);
      expect(existsSync(join(other.stateDir, 'serve.json'))).toBe(true);
      second.proc.kill('SIGHUP');
      const result = await second.proc;
      expect(result.exitCode).toBe(129);
      expect(second.log() + String(result.stderr)).toContain('SIGHUP: finishing in-flight requests');
      expect(existsSync(join(other.stateDir, 'serve.json'))).toBe(false);
    } finally {
      other.cleanup();
    }
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    server.kill('SIGTERM');
    const result = await server;
    expect(result.exitCode).toBe(0);
    expect(String(result.stdout)).toBe('');
    expect(served.log() + String(result.stderr)).toContain('SIGTERM');
    const after = await remote(['tokens', 'list']);
    expect(after.exitCode).toBe(6);
  });
});
