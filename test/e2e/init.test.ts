// hostctl init as a process: the root token printed once, the context it creates, refusal to
// touch an existing state, and usage errors that name the flag.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

let box: CliSandbox;
afterEach(() => box?.cleanup());

describe('hostctl init', () => {
  it('creates the state, prints only the token on stdout and adds a current context', async () => {
    box = cliSandbox();
    const res = await box.run(['init', '--state', box.stateDir]);
    expect(res.exitCode).toBe(0);
    const token = String(res.stdout).trim();
    expect(token).toMatch(/^hpat-[A-Za-z0-9_-]+$/);
    expect(String(res.stderr)).toMatch(/created hostctl state/);
    expect(existsSync(join(box.stateDir, 'state.db'))).toBe(true);
    const file = join(box.configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const config = JSON.parse(readFileSync(file, 'utf8'));
    expect(config.currentContext).toBe('local');
    expect(config.contexts.local).toMatchObject({ type: 'local', state: box.stateDir, token });
    // The token works, and only its digest is stored.
    const self = await box.run(['tokens', 'get', 'self', '-o', 'json']);
    expect(JSON.parse(String(self.stdout))).toMatchObject({ name: 'hostctl-root', scopes: ['api'], user_id: 1 });
    expect(readFileSync(join(box.stateDir, 'state.db')).includes(Buffer.from(token))).toBe(false);
  });

  it('honours --root-token, --tier and --offering, and -o json', async () => {
    box = cliSandbox();
    const secret = 'hpat-chosen-secret-0123456789';
    const res = await box.run(['init', '--state', box.stateDir, '--root-token', secret, '--tier', 'free', '--offering', 'hosted', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(String(res.stdout))).toMatchObject({ token: secret, tier: 'free', offering: 'hosted', context: 'local' });
    const self = await box.run(['tokens', 'get', 'self', '-o', 'json'], { env: { HOSTCTL_TOKEN: secret } });
    expect(self.exitCode).toBe(0);
  });

  it('refuses an existing state and leaves it untouched (exit 5)', async () => {
    box = cliSandbox();
    const token = await box.init();
    const before = statSync(join(box.stateDir, 'state.db')).mtimeMs;
    const again = await box.run(['init', '--state', box.stateDir]);
    expect(again.exitCode).toBe(5);
    expect(String(again.stderr)).toMatch(/already exists/);
    expect(String(again.stdout)).toBe('');
    expect(statSync(join(box.stateDir, 'state.db')).mtimeMs).toBe(before);
    const still = await box.run(['tokens', 'get', 'self'], { env: { HOSTCTL_TOKEN: token } });
    expect(still.exitCode).toBe(0);
  });

  it('names the bad flag in usage errors (exit 2)', async () => {
    box = cliSandbox();
    const tier = await box.run(['init', '--state', box.stateDir, '--tier', 'gold']);
    expect(tier.exitCode).toBe(2);
    expect(String(tier.stderr)).toMatch(/--tier/);
    const storage = await box.run(['init', '--state', box.stateDir, '--storage', 'nope']);
    expect(storage.exitCode).toBe(2);
    expect(String(storage.stderr)).toMatch(/--storage/);
    const url = await box.run(['init', '--state', box.stateDir, '--external-url', 'git.example.com']);
    expect(url.exitCode).toBe(2);
    expect(url.stderr).toContain('--external-url must be an http(s) URL, got "git.example.com"');
    expect(existsSync(join(box.stateDir, 'state.db'))).toBe(false);
  });

  it('--external-url is where the web URLs of the local state point', async () => {
    box = cliSandbox();
    await box.init(['--external-url', 'https://git.example.com/']);
    const me = await box.json<{ web_url: string }>(['api', 'user']);
    expect(me.web_url).toBe('https://git.example.com/root');
  });

  it('gives a second state a context of its own without stealing the current one', async () => {
    box = cliSandbox();
    await box.init();
    const other = join(box.dir, 'other');
    const res = await box.run(['init', '--state', other]);
    expect(res.exitCode).toBe(0);
    const config = JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8'));
    expect(config.currentContext).toBe('local');
    expect(config.contexts['local-2']).toMatchObject({ state: other });
  });
});
