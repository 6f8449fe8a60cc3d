// Exit codes of the built CLI, one-line errors (a JSON object with -o json), no stack traces,
// prompts refused without a terminal, and --debug traces without secrets.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { giveToNobody, makeReadOnly, nobodyProcess, reachableTempDir } from '../helpers/refused-removal.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

const STACK = /\n\s+at /;

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A local server that accepts connections and never answers. */
async function silentServer(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  let received = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('exit codes and errors', () => {
  let sb: CliSandbox;
  let token: string;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
  });
  afterAll(() => sb.cleanup());

  const expectError = (res: { exitCode?: number; stdout: unknown; stderr: unknown }, code: number, text: string) => {
    expect(res.exitCode, String(res.stderr)).toBe(code);
    expect(res.stdout).toBe('');
    expect(String(res.stderr)).toContain(text);
    expect(String(res.stderr)).not.toMatch(STACK);
  };

  it('0 on success', async () => {
    expect((await sb.run(['tokens', 'list'])).exitCode).toBe(0);
    expect((await sb.run(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await sb.run(['tokens', 'list', '--help'])).exitCode).toBe(0);
  });

  it('2 for an unknown flag, naming it', async () => {
    const res = await sb.run(['tokens', 'list', '--colour']);
    expectError(res, 2, "unknown option '--colour'");
    expect(String(res.stderr).split('\n')[0]).toBe("error: unknown option '--colour' (Did you mean --color?)");
  });

  it('2 for an unknown command, a missing argument or a bad value', async () => {
    expectError(await sb.run(['tokenz']), 2, "unknown command 'tokenz'");
    // --version is the program's; a verb's own version flag is named.
    expectError(await sb.run(['packages', 'upload', '-R', 'acme/web', '--name', 'pkg', '--version', '1.0', 'f.txt']), 2, 'give it alone (hostctl --version); did you mean --package-version?');
    expectError(await sb.run(['tokens', 'list', '--version']), 2, 'give it alone (hostctl --version)');
    // --help does not turn an unknown verb into the noun's help and a success.
    expectError(await sb.run(['tokens', 'frob', '--help']), 2, "unknown command 'frob'");
    expectError(await sb.run(['tokenz', '--help']), 2, "unknown command 'tokenz'");
    expectError(await sb.run(['tokens', 'get']), 2, "missing required argument 'id'");
    expectError(await sb.run(['tokens', 'list', '--per-page', 'lots']), 2, '--per-page must be a positive whole number');
    // A number past 2^53 is refused as typed, naming the flag, instead of reaching the server rounded.
    expectError(await sb.run(['projects', 'list', '--page', '99999999999999999999']), 2, '--page is too large');
    expectError(await sb.run(['projects', 'list', '--limit', '99999999999999999999']), 2, '--limit is too large');
    const none = await sb.run([]);
    expect(none.exitCode).toBe(2);
  });

  it('3 for not found', async () => {
    expectError(await sb.run(['tokens', 'get', '99999']), 3, 'error: 404 Not Found (HTTP 404');
  });

  it('4 for a bad token', async () => {
    const res = await sb.run(['tokens', 'list'], { env: { HOSTCTL_TOKEN: 'hpat-this-token-does-not-exist' } });
    expectError(res, 4, '401 Unauthorized (HTTP 401');
    // The hint names where the refused token came from.
    expect(res.stderr).toContain('hint: the token of');
    expect(res.stderr).toContain('HOSTCTL_TOKEN');
    expect(res.stderr).not.toContain('hpat-this-token-does-not-exist');
  });

  it('5 for a conflict: init on an existing state', async () => {
    expectError(await sb.run(['init', '--state', sb.stateDir]), 5, 'already exists');
  });

  it('6 when the remote instance cannot be reached', async () => {
    const port = await closedPort();
    expectError(await sb.run(['tokens', 'list', '--url', `http://127.0.0.1:${port}`], { env: { HOSTCTL_TOKEN: token } }), 6, `cannot reach http://127.0.0.1:${port}`);
  });

  it('7 when the instance does not answer in time', async () => {
    const silent = await silentServer();
    try {
      const res = await sb.run(['tokens', 'list', '--url', silent.url], { env: { HOSTCTL_TOKEN: token, HOSTCTL_TIMEOUT_MS: '400' } });
      expectError(res, 7, `timed out reaching ${silent.url}`);
    } finally {
      await silent.close();
    }
  });

  it('a read-only state answers reads and refuses writes as a read-only instance, and doctor examines it', async () => {
    // Root writes past modes: the command runs as nobody on a copy of the state nobody owns, with
    // its write permissions taken away, so the refusal is SQLite's own.
    const dir = reachableTempDir('hostctl-readonly-');
    try {
      const state = join(dir, 'state');
      cpSync(sb.stateDir, state, { recursive: true });
      giveToNobody(dir);
      makeReadOnly(state);
      const create = (env: Record<string, string> = {}) =>
        execa(process.execPath, [BIN, '--state', state, 'users', 'create', '--username', 'zed', '--email', 'zed@example.com', '--name', 'Zed', '--password', 'Long-enough-1'], {
          env: { ...cleanEnv(), ...sb.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), HOSTCTL_TOKEN: token, ...env },
          extendEnv: false,
          reject: false,
          stdin: 'ignore',
          ...nobodyProcess(),
        });
      // Refused before any handler runs, as the platform's read-only instance refuses writes.
      const res = await create();
      expectError(res, 4, 'error: You cannot perform write operations on a read-only instance (HTTP 403, POST /users)');
      expect(res.stderr).toContain('hint: the instance only reads');
      expect(res.stderr).not.toMatch(STACK);
      const list = await execa(process.execPath, [BIN, '--state', state, 'users', 'list', '-o', 'json'], { env: { ...cleanEnv(), ...sb.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), HOSTCTL_TOKEN: token }, extendEnv: false, reject: false, stdin: 'ignore', ...nobodyProcess() });
      expect(list.exitCode, list.stderr).toBe(0);
      expect((JSON.parse(list.stdout) as { username: string }[]).map((u) => u.username)).not.toContain('zed');
      // doctor examines a state it may not write (read from a snapshot when its WAL cannot be
      // shared): a report, without an error or a stack.
      const doctor = await execa(process.execPath, [BIN, '--state', state, 'doctor'], { env: { ...cleanEnv(), ...sb.env, HOSTCTL_CONFIG_DIR: join(dir, 'config'), HOSTCTL_TOKEN: token }, extendEnv: false, reject: false, stdin: 'ignore', ...nobodyProcess() });
      expect(doctor.stderr).not.toMatch(STACK);
      expect(doctor.stderr).not.toContain('error:');
      expect(doctor.stdout).toMatch(/^ok +database\.integrity/m);
      expect(doctor.stdout).toMatch(/^ok +repositories\.rows/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('130 when interrupted with Ctrl-C (SIGINT)', async () => {
    const silent = await silentServer();
    try {
      const child = execa(process.execPath, [BIN, 'tokens', 'list', '--url', silent.url], {
        env: { ...cleanEnv(), ...sb.env, HOSTCTL_TOKEN: token },
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
      // Interrupted while it waits for the answer: once its request has arrived (its signal
      // handlers are the first thing it sets up), however long the start took on a busy machine.
      for (let i = 0; i < 600 && silent.received() === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(silent.received()).toBeGreaterThan(0);
      child.kill('SIGINT');
      const res = await child;
      expect(res.exitCode).toBe(130);
      expect(res.stdout).toBe('');
      expect(String(res.stderr)).not.toMatch(STACK);
    } finally {
      await silent.close();
    }
  });

  it('1 for a local state that does not exist, with a hint', async () => {
    const res = await sb.run(['tokens', 'list', '--state', `${sb.dir}/nowhere`]);
    expectError(res, 1, 'no hostctl state at');
    expect(res.stderr).toContain('hint: ');
  });

  it('-o json turns errors into a JSON object on stderr', async () => {
    const notFound = await sb.run(['tokens', 'get', '99999', '-o', 'json']);
    expect(notFound.exitCode).toBe(3);
    expect(notFound.stdout).toBe('');
    expect(JSON.parse(String(notFound.stderr))).toEqual({
      error: { code: 3, message: '404 Not Found (HTTP 404, GET /personal_access_tokens/99999)', hint: 'it does not exist, or the token cannot see it', status: 404, body: { message: '404 Not Found' } },
    });
    const usage = await sb.run(['-o', 'json', 'tokens', 'list', '--colour']);
    expect(usage.exitCode).toBe(2);
    expect(JSON.parse(String(usage.stderr))).toEqual({ error: { code: 2, message: "unknown option '--colour' (Did you mean --color?)", hint: 'see --help for usage' } });
  });

  it('a confirmation without a terminal is a usage error naming --yes', async () => {
    await sb.run(['context', 'add', 'spare', '--state', sb.stateDir, '--token', token]);
    const res = await sb.run(['context', 'remove', 'spare']);
    expectError(res, 2, '--yes');
    expect((await sb.run(['context', 'remove', 'spare'], { env: { CI: 'true' }, input: 'y\n' })).exitCode).toBe(2);
    expect((await sb.run(['context', 'remove', 'spare', '--yes'])).exitCode).toBe(0);
  });

  it('--debug traces HTTP on stderr without token secrets', async () => {
    const list = await sb.run(['tokens', 'list', '--debug']);
    expect(list.exitCode).toBe(0);
    expect(list.stderr).toContain('[debug] > GET /personal_access_tokens');
    expect(list.stderr).toContain('[REDACTED]');
    expect(list.stderr).not.toContain(token);
    const created = await sb.run(['api', 'users/1/personal_access_tokens', '-f', 'name=traced', '-f', 'scopes[]=api', '--debug']);
    expect(created.exitCode).toBe(0);
    const secret = (JSON.parse(String(created.stdout)) as { token: string }).token;
    expect(secret).toMatch(/^hpat-/);
    expect(created.stderr).toContain('"token":"[REDACTED]"');
    expect(created.stderr).not.toContain(secret);
    expect(created.stderr).not.toContain(token);
    // Any secret-named field of a request body, as --dry-run shows it, not only token secrets.
    const user = await sb.run(['users', 'create', '--username', 'traced', '--email', 'traced@example.com', '--name', 'Traced', '--password', 'Traced-password-1', '--debug']);
    expect(user.exitCode, user.stderr).toBe(0);
    expect(user.stderr).toContain('"password":"[REDACTED]"');
    expect(user.stderr).not.toContain('Traced-password-1');
    const failing = await sb.run(['tokens', 'get', '99999', '--debug']);
    expect(failing.exitCode).toBe(3);
    expect(failing.stderr).not.toContain(token);
  });
});
