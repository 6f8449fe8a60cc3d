// hostctl context: list/show/add/use/remove, the config file's mode, and which target and token
// win (flag, then HOSTCTL_*, then the config; glab's GITLAB_* only when hostctl names nothing).
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

const json = <T = Record<string, unknown>>(text: unknown): T => JSON.parse(String(text)) as T;
const mask = (token: string) => `${/^[a-z]+-/.exec(token)?.[0] ?? ''}****${token.slice(-4)}`;

describe('hostctl context', () => {
  let sb: CliSandbox;
  let token: string;
  let configFile: string;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
    configFile = join(sb.configDir, 'config.json');
  });
  afterAll(() => sb.cleanup());

  it('init made a current local context; list shows it with the token masked', async () => {
    const res = await sb.run(['context', 'list', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(json(res.stdout)).toEqual([{ name: 'local', current: true, type: 'local', target: sb.stateDir, token: mask(token), token_command: null, serve: null }]);
    expect(String(res.stdout)).not.toContain(token);
    const piped = await sb.run(['context', 'list']);
    expect(piped.stdout).toBe(`*\tlocal\tlocal\t${sb.stateDir}\t${mask(token)}\tnot running`);
  });

  it('writes the config file with mode 0600 in a 0700 directory', () => {
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(statSync(sb.configDir).mode & 0o777).toBe(0o700);
  });

  it('show explains the target and token that won', async () => {
    const res = await sb.run(['context', 'get', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(json(res.stdout)).toEqual({
      context: 'local',
      current: true,
      type: 'local',
      target: sb.stateDir,
      source: 'current context in config',
      token: mask(token),
      token_command: null,
      token_source: 'context local',
      serve: null,
      ignored_variables: [],
      config_file: configFile,
    });
    expect(String(res.stdout)).not.toContain(token);
  });

  it('add checks the token against the target, then saves it', async () => {
    const res = await sb.run(['context', 'add', 'dev', '--state', sb.stateDir, '--token-stdin'], { input: `${token}\n` });
    expect(res.exitCode).toBe(0);
    // What it made, as every create verb shows it: the context's row (the token masked).
    expect(Object.fromEntries(res.stdout.split('\n').map((l) => l.split('\t')))).toMatchObject({ name: 'dev', type: 'local', target: sb.stateDir, token: mask(token) });
    expect(res.stderr).toContain('added context "dev"');
    expect(res.stderr).toContain('works');
    const list = json<{ name: string; current: boolean }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout);
    expect(list.map((c) => [c.name, c.current])).toEqual([
      ['dev', false],
      ['local', true],
    ]);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
  });

  it('add refuses to replace a context without --force', async () => {
    const res = await sb.run(['context', 'add', 'dev', '--state', sb.stateDir, '--token', token]);
    expect(res.exitCode).toBe(5);
    expect(res.stderr).toContain('context "dev" exists already');
    expect(res.stderr).toContain('--force');
    const forced = await sb.run(['context', 'add', 'dev', '--state', sb.stateDir, '--token', token, '--force']);
    expect(forced.exitCode).toBe(0);
    expect(forced.stderr).toContain('replaced context "dev"');
  });

  it('add refuses a token the target rejects, and a URL nobody answers (unless --no-verify)', async () => {
    const bad = await sb.run(['context', 'add', 'bad', '--state', sb.stateDir, '--token', 'hpat-not-a-real-token-at-all']);
    expect(bad.exitCode).toBe(4);
    expect(bad.stderr).toContain('--no-verify');
    const down = await sb.run(['context', 'add', 'down', '--url', 'http://127.0.0.1:9/', '--token', 'hpat-abcdefghijklmnopqrst']);
    expect(down.exitCode).toBe(6);
    const names = json<{ name: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).map((c) => c.name);
    expect(names).not.toContain('bad');
    expect(names).not.toContain('down');
    const saved = await sb.run(['context', 'add', 'down', '--url', 'http://127.0.0.1:9/api/v4/', '--token', 'hpat-abcdefghijklmnopqrst', '--no-verify', '-o', 'json']);
    expect(saved.exitCode).toBe(0);
    expect(json(saved.stdout)).toEqual({ name: 'down', current: false, type: 'remote', target: 'http://127.0.0.1:9', token: 'hpat-****qrst', token_command: null, serve: null });
  });

  it.each([
    [['context', 'add', 'x'], '--state DIR'],
    [['context', 'add', 'x', '--state', '/tmp/a', '--url', 'http://h'], 'not both'],
    [['context', 'add', 'x', '--url', 'ftp://h'], '--url must be an http'],
    [['context', 'add', 'bad name', '--url', 'http://h'], 'NAME must start'],
    [['context', 'add', 'x', '--url', 'http://h', '--token', 'a', '--token-stdin'], '--token-stdin'],
    [['context', 'add'], "missing required argument 'name'"],
  ])('usage errors exit 2: %j', async (args, message) => {
    const res = await sb.run(args);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stdout).toBe('');
  });

  it('a context NAME that does not exist is not found (exit 3) for every verb; an unknown --context is a usage error', async () => {
    const before = (await sb.run(['context', 'get', '-o', 'json'])).stdout;
    for (const args of [['use', 'nope'], ['get', 'nope'], ['remove', 'nope', '--yes'], ['rename', 'nope', 'other'], ['set-token', 'nope', '--token', 'hpat-abcdefghijklmnopqrst']]) {
      const res = await sb.run(['context', ...args]);
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(3);
      expect(res.stderr).toContain('unknown context "nope"; known: ');
      expect(res.stderr).toContain('hint: list them with: hostctl context list');
      expect(res.stdout).toBe('');
    }
    expect((await sb.run(['context', 'get', '-o', 'json'])).stdout).toBe(before);
    const flag = await sb.run(['tokens', 'list', '--context', 'nope']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('unknown context "nope" (from --context flag)');
  });

  it('use switches the current context and says so on stderr only', async () => {
    const res = await sb.run(['context', 'use', 'dev']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('current context is now "dev"');
    expect(json((await sb.run(['context', 'get', '-o', 'json'])).stdout).context).toBe('dev');
    const warned = await sb.run(['context', 'use', 'local'], { env: { HOSTCTL_URL: 'http://127.0.0.1:9' } });
    expect(warned.stderr).toContain('HOSTCTL_URL is set');
  });

  it('use and remove without NAME and without a terminal ask for NAME', async () => {
    for (const verb of ['use', 'remove']) {
      const res = await sb.run(['context', verb]);
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toContain('missing NAME');
    }
  });

  it('remove needs --yes without a terminal, and names it', async () => {
    const refused = await sb.run(['context', 'remove', 'down']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(json<{ name: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).map((c) => c.name)).toContain('down');
    const done = await sb.run(['context', 'rm', 'down', '--yes']);
    expect(done.exitCode).toBe(0);
    expect(done.stderr).toContain('removed context "down"');
    expect(json<{ name: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).map((c) => c.name)).not.toContain('down');
  });

  it('remove asks on a terminal: yes removes, no cancels with exit 2', async () => {
    await sb.run(['context', 'add', 'asked', '--state', sb.stateDir, '--token', token]);
    // Each answer is typed once the question shows (no keys sent ahead of the prompt).
    const declined = await sb.drive(['context', 'remove', 'asked'], [{ expect: 'Remove context "asked"', send: ['n', '\r'] }]);
    expect(declined.code, declined.output).toBe(2);
    expect(declined.output).toContain('cancelled');
    const accepted = await sb.drive(['context', 'remove', 'asked'], [{ expect: 'Remove context "asked"', send: ['y', '\r'] }]);
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).toContain('removed context "asked"');
    expect(json<{ name: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).map((c) => c.name)).not.toContain('asked');
  });

  it('removing the current context leaves none current', async () => {
    await sb.run(['context', 'add', 'tmp', '--state', sb.stateDir, '--token', token, '--use']);
    const res = await sb.run(['context', 'remove', 'tmp', '-y']);
    expect(res.stderr).toContain('no current context');
    const show = json((await sb.run(['context', 'get', '-o', 'json'])).stdout);
    expect(show.source).toBe('default local state');
    await sb.run(['context', 'use', 'local']);
  });

  it('rename keeps the context, its token and its place as current; refuses a taken name', async () => {
    await sb.run(['context', 'add', 'before', '--state', sb.stateDir, '--token', token, '--use']);
    const res = await sb.run(['context', 'rename', 'before', 'after']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toBe('renamed context "before" to "after" (the current context)');
    const rows = json<{ name: string; current: boolean; token: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout);
    expect(rows.find((r) => r.name === 'after')).toMatchObject({ current: true, token: mask(token) });
    expect(rows.map((r) => r.name)).not.toContain('before');
    expect((await sb.run(['context', 'rename', 'after', 'local'])).exitCode).toBe(5);
    expect((await sb.run(['context', 'rename', 'nope', 'other'])).exitCode).toBe(3);
    await sb.run(['context', 'use', 'local']);
    await sb.run(['context', 'remove', 'after', '--yes']);
  });

  it('set-token checks the new token against the target, then saves it; a refused token changes nothing', async () => {
    await sb.run(['context', 'add', 'tok', '--state', sb.stateDir, '--no-verify']);
    const refused = await sb.run(['context', 'set-token', 'tok', '--token-stdin'], { input: 'hpat-not-a-real-token-000000' });
    expect(refused.exitCode).toBe(4);
    expect(json<{ name: string; token: string | null }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).find((r) => r.name === 'tok')?.token).toBeNull();
    const done = await sb.run(['context', 'set-token', 'tok', '--token-stdin'], { input: `${token}\n` });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stderr).toContain(`context "tok" now uses token ${mask(token)}`);
    expect(json<{ name: string; token: string | null }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).find((r) => r.name === 'tok')?.token).toBe(mask(token));
    const same = await sb.run(['context', 'update', 'tok', '--token', token]);
    expect([same.exitCode, same.stderr]).toEqual([0, 'context "tok" already uses that token; nothing to do']);
    expect((await sb.run(['context', 'set-token', 'tok'])).exitCode).toBe(2);
    await sb.run(['context', 'remove', 'tok', '--yes']);
  });

  it('remove warns when it drops the only saved copy of a token that still works, and only then', async () => {
    const shared = await sb.run(['context', 'add', 'copy', '--state', sb.stateDir, '--token', token]);
    expect(shared.exitCode).toBe(0);
    // "local" holds the same token: nothing is lost.
    expect((await sb.run(['context', 'remove', 'copy', '--yes'])).stderr).not.toContain('only saved copy');
    // A working token saved only here: warned before the question, which names it.
    const made = json<{ id: number; token: string }>((await sb.run(['tokens', 'create', '--user', 'root', '--name', 'lonely', '--scope', 'read_api', '-o', 'json'])).stdout);
    await sb.run(['context', 'add', 'lonely', '--state', sb.stateDir, '--token', made.token]);
    const lonely = await sb.run(['context', 'remove', 'lonely']);
    expect(lonely.exitCode).toBe(2);
    expect(lonely.stderr).toContain(`warning: context "lonely" holds the only saved copy of token ${mask(made.token)}, which still works; removing it loses the token`);
    expect(lonely.stderr).toContain('and the only copy of its token');
    // Revoked: the target refuses it, so nothing is lost and nothing is said of a loss.
    expect((await sb.run(['tokens', 'revoke', String(made.id), '--yes'])).exitCode).toBe(0);
    const revoked = await sb.run(['context', 'remove', 'lonely']);
    expect(revoked.exitCode).toBe(2);
    expect(revoked.stderr).not.toContain('only saved copy');
    expect(revoked.stderr).not.toContain('only copy of its token');
    expect(revoked.stderr).toContain(`note: context "lonely" holds token ${mask(made.token)}, which its target no longer accepts (revoked or expired): nothing is lost with it`);
    expect((await sb.run(['context', 'remove', 'lonely', '--yes'])).exitCode).toBe(0);
    // A target that cannot be asked: the warning stands, saying why.
    await sb.run(['context', 'add', 'gone', '--state', join(sb.dir, 'no-such-state'), '--token', 'hpat-gone-token-1234abcd', '--no-verify']);
    const gone = await sb.run(['context', 'remove', 'gone', '--yes']);
    expect(gone.exitCode).toBe(0);
    expect(gone.stderr).toContain('warning: context "gone" holds the only saved copy of token hpat-****abcd (its target could not be asked whether it still works)');
  });

  it('add --dry-run contacts nothing and saves nothing', async () => {
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('{}');
    });
    let hits = 0;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await sb.run(['context', 'add', 'dry', '--url', url, '--token', 'hpat-dry-run-token-0000', '--dry-run']);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stderr).toContain('dry run: the target and the token were not checked');
      expect(res.stdout).toBe('');
      expect(hits).toBe(0);
      expect(json<{ name: string }[]>((await sb.run(['context', 'list', '-o', 'json'])).stdout).map((c) => c.name)).not.toContain('dry');
      // What it would write is a message like any other: wrapped at the terminal's width.
      const narrow = await sb.run(['context', 'add', 'dry', '--url', url, '--token', 'hpat-dry-run-token-0000', '--dry-run'], { terminal: { tty: true, columns: 60 } });
      expect(narrow.stderr).toContain('dry run: would add context "dry"');
      for (const line of narrow.stderr.split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  describe('precedence: flag, then HOSTCTL_*, then GITLAB_*, then config', () => {
    const show = async (args: string[], env: Record<string, string> = {}) => {
      const res = await sb.run(['context', 'get', '-o', 'json', ...args], { env });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      return json(res.stdout);
    };
    const envToken = 'hpat-from-the-environment-0001';
    const gitlabToken = 'glpat-from-gitlab-variable-0002';

    it('the config alone', async () => {
      expect(await show([])).toMatchObject({ context: 'local', source: 'current context in config', token_source: 'context local' });
    });

    it('a current context keeps its token and server whatever GITLAB_TOKEN and GITLAB_HOST say; show names them as ignored', async () => {
      const res = await sb.run(['context', 'get', '-o', 'json'], { env: { GITLAB_TOKEN: gitlabToken, GITLAB_HOST: 'gitlab.example.com' } });
      expect(json(res.stdout)).toMatchObject({ context: 'local', source: 'current context in config', token: mask(token), token_source: 'context local', ignored_variables: ['GITLAB_HOST', 'GITLAB_TOKEN'] });
      expect(res.stderr).toContain('GITLAB_HOST and GITLAB_TOKEN are set but not used');
      expect(await show([], { GITLAB_TOKEN: gitlabToken, HOSTCTL_TOKEN: envToken })).toMatchObject({ token: mask(envToken), token_source: 'HOSTCTL_TOKEN' });
    });

    it('with nothing of hostctl set, GITLAB_HOST and GITLAB_TOKEN are used together, and show says why', async () => {
      const bare = cliSandbox();
      try {
        const res = await bare.run(['context', 'get', '-o', 'json'], { env: { GITLAB_HOST: 'git.example.com', GITLAB_TOKEN: gitlabToken } });
        expect(json(res.stdout)).toMatchObject({ context: null, type: 'remote', target: 'https://git.example.com', source: 'GITLAB_HOST', token: mask(gitlabToken), token_source: 'GITLAB_TOKEN' });
        expect(res.stderr).toContain('note: using GITLAB_HOST and GITLAB_TOKEN');
        const alone = await bare.run(['context', 'get', '-o', 'json'], { env: { GITLAB_TOKEN: gitlabToken } });
        expect(json(alone.stdout)).toMatchObject({ source: 'default local state', token: null, ignored_variables: ['GITLAB_TOKEN'] });
      } finally {
        bare.cleanup();
      }
    });

    it('over the wire: a current remote context gets its own token; glab\'s GITLAB_TOKEN reaches no server', async () => {
      // Two servers on 127.0.0.1 that record the credentials they are sent.
      const seen: Record<string, string[]> = { context: [], glab: [] };
      const listen = async (name: string): Promise<[Server, string]> => {
        const server = createServer((req, res) => {
          seen[name]?.push(`${String(req.headers['private-token'] ?? '')}|${String(req.headers.authorization ?? '')}`);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(req.url?.includes('/personal_access_tokens/self') ? { id: 1, name: 'rec', user_id: 1, scopes: ['api'] } : { id: 1, username: 'rec', name: 'Rec', state: 'active' }));
        });
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
        return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
      };
      const [contextServer, contextUrl] = await listen('context');
      const [glabServer, glabUrl] = await listen('glab');
      try {
        expect((await sb.run(['context', 'add', 'rec', '--url', contextUrl, '--token', 'rec-context-token', '--no-verify', '--use'])).exitCode).toBe(0);
        const env = { GITLAB_TOKEN: gitlabToken, GITLAB_HOST: glabUrl };
        const res = await sb.run(['users', 'get', '1', '-o', 'json'], { env });
        expect(res.exitCode, String(res.stderr)).toBe(0);
        expect(seen.context!.length).toBeGreaterThan(0);
        for (const sent of seen.context!) expect(sent).toBe('rec-context-token|');
        expect(seen.glab).toEqual([]);
        expect(JSON.stringify(seen)).not.toContain(gitlabToken);
      } finally {
        await sb.run(['context', 'use', 'local']);
        await sb.run(['context', 'remove', 'rec', '--yes']);
        contextServer.close();
        glabServer.close();
      }
    });

    it('a context named explicitly keeps its own token', async () => {
      expect(await show(['--context', 'dev'], { HOSTCTL_TOKEN: envToken })).toMatchObject({ context: 'dev', source: '--context flag', token_source: 'context dev' });
      const works = await sb.run(['tokens', 'get', 'self', '--context', 'dev', '-o', 'json'], { env: { HOSTCTL_TOKEN: envToken } });
      expect(works.exitCode).toBe(0);
    });

    it('targets: flags over HOSTCTL_* over config; GITLAB_HOST never over a context', async () => {
      expect(await show([], { GITLAB_HOST: 'git.example.com' })).toMatchObject({ type: 'local', target: sb.stateDir, source: 'current context in config' });
      expect(await show([], { GITLAB_HOST: 'git.example.com', HOSTCTL_STATE: sb.dir })).toMatchObject({ type: 'local', target: sb.dir, source: 'HOSTCTL_STATE' });
      expect(await show([], { HOSTCTL_STATE: sb.dir, HOSTCTL_URL: 'http://h.example:8080' })).toMatchObject({ type: 'remote', target: 'http://h.example:8080', source: 'HOSTCTL_URL' });
      expect(await show([], { HOSTCTL_URL: 'http://h.example:8080', HOSTCTL_CONTEXT: 'dev' })).toMatchObject({ context: 'dev', source: 'HOSTCTL_CONTEXT' });
      expect(await show(['--context', 'local'], { HOSTCTL_CONTEXT: 'dev' })).toMatchObject({ context: 'local', source: '--context flag' });
      expect(await show(['--url', 'http://flag.example'], { HOSTCTL_CONTEXT: 'dev', HOSTCTL_URL: 'http://h.example:8080' })).toMatchObject({ target: 'http://flag.example', source: '--url flag' });
      expect(await show(['--state', sb.dir], { HOSTCTL_URL: 'http://h.example:8080' })).toMatchObject({ target: sb.dir, source: '--state flag' });
    });

    it('a local target borrows the token of a context on the same state', async () => {
      expect(await show(['--state', sb.stateDir])).toMatchObject({ context: null, source: '--state flag', token: mask(token) });
    });

    it('show NAME explains that context', async () => {
      expect(await show(['dev'])).toMatchObject({ context: 'dev', source: 'named on the command line', token_source: 'context dev' });
    });
  });

  it('refuses a config file other users can read, with the chmod to run', async () => {
    chmodSync(configFile, 0o644);
    try {
      for (const args of [['context', 'list'], ['tokens', 'list']]) {
        const res = await sb.run(args);
        expect(res.exitCode).toBe(4);
        expect(res.stderr).toContain('mode 0644');
        expect(res.stderr).toContain(`chmod 600 ${configFile}`);
      }
    } finally {
      chmodSync(configFile, 0o600);
    }
    expect((await sb.run(['context', 'list'])).exitCode).toBe(0);
  });

  it('a config file that is not JSON is an error with a hint, not a stack trace', async () => {
    const other = cliSandbox();
    try {
      mkdirSync(other.configDir, { recursive: true, mode: 0o700 });
      writeFileSync(join(other.configDir, 'config.json'), '{oops', { mode: 0o600 });
      const res = await other.run(['context', 'list']);
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain('not valid JSON');
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(other.configDir, 'config.json'), 'utf8')).toBe('{oops');
    } finally {
      other.cleanup();
    }
  });
});
