// A context that keeps a command printing its token instead of the token (--token-command): the
// config file never holds the secret, the command runs when a command needs the token, and each
// way it can fail is an authentication error (exit 4) that names the command and not its output.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { BIN, cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { KEY, drivePty, hasCommand } from './terminal.js';

const json = <T = Record<string, unknown>>(text: unknown): T => JSON.parse(String(text)) as T;
const mask = (token: string) => `${/^[a-z]+-/.exec(token)?.[0] ?? ''}****${token.slice(-4)}`;

describe('contexts with a token command', () => {
  let sb: InProcessSandbox;
  let root: string;
  /** A password store stand-in: the secret on the first line, more lines after it (as pass keeps them). */
  let store: string;
  let command: string;
  const config = () => readFileSync(join(sb.configDir, 'config.json'), 'utf8');

  beforeAll(async () => {
    sb = inProcessSandbox();
    root = await sb.init();
    store = join(sb.dir, 'store.txt');
    writeFileSync(store, `${root}\nlogin: root\nurl: local\n`);
    command = `cat '${store}'`;
  });
  afterAll(() => sb.cleanup());

  it('add runs the command once to check the token it prints, and saves the command, not the token', async () => {
    const res = await sb.run(['context', 'add', 'vault', '--state', sb.stateDir, '--token-command', command, '--use', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('token "hostctl-root" of root works');
    expect(json(res.stdout)).toMatchObject({ name: 'vault', current: true, token: null, token_command: command });
    const saved = json<{ contexts: Record<string, Record<string, unknown>> }>(config()).contexts.vault;
    expect(saved).toEqual({ type: 'local', state: sb.stateDir, tokenCommand: command });
    // The secret is in the file only as the other context's token (from init), never as vault's.
    expect(config().split(root).length - 1).toBe(1);
    const listed = await sb.run(['context', 'list']);
    expect(listed.stdout).toContain(`*\tvault\tlocal\t${sb.stateDir}\tcommand: ${command}\t`);
  });

  it('commands use the token the command prints (its first line); get and whoami say where it came from', async () => {
    const whoami = json<{ user: { username: string }; token_source: string }>((await sb.run(['whoami', '-o', 'json'])).stdout);
    expect(whoami).toMatchObject({ user: { username: 'root' }, token_source: "context vault's token command" });
    const got = json((await sb.run(['context', 'get', '-o', 'json'])).stdout);
    expect(got).toMatchObject({ context: 'vault', token: null, token_command: command, token_source: "context vault's token command" });
    const table = await sb.run(['context', 'get']);
    expect(table.stderr).not.toContain('anonymous');
    // HOSTCTL_TOKEN wins over the current context's command, as over its token; the command is not run.
    const env = await sb.run(['context', 'get', '-o', 'json'], { env: { HOSTCTL_TOKEN: 'hpat-from-the-environment-00' } });
    expect(json(env.stdout)).toMatchObject({ token: mask('hpat-from-the-environment-00'), token_command: null, token_source: 'HOSTCTL_TOKEN' });
  });

  it('a command that fails, prints nothing or prints more than a token is exit 4, naming the command, never its output', async () => {
    const cases: [string, string][] = [
      ['echo "not this: $0" >&2; exit 3', 'exited with status 3'],
      ['true', 'printed no token (its first line is empty)'],
      // What it printed ("sec-ret words") appears nowhere, not even in the command's text.
      ["printf '%s-%s words' sec ret", 'printed a first line with whitespace inside'],
      // Standard input is not a terminal here, so the command gets none (hostctl's own input stays hostctl's).
      ['cat', 'printed no token (its first line is empty)'],
      ['no-such-command-anywhere', 'exited with status 127'],
    ];
    for (const [bad, why] of cases) {
      expect((await sb.run(['context', 'set-token', 'vault', '--token-command', bad, '--no-verify'])).exitCode).toBe(0);
      const res = await sb.run(['tokens', 'list']);
      expect([bad, res.exitCode], res.stderr).toEqual([bad, 4]);
      expect(res.stderr).toContain(`error: the token command of context "vault" ${why}`);
      expect(res.stderr).toContain(`hint: check it in a shell (${bad})`);
      expect(res.stderr).not.toContain('sec-ret');
    }
    // set-token checks a new command as it checks a new token, and keeps the old one when refused.
    const refused = await sb.run(['context', 'set-token', 'vault', '--token-command', 'echo hpat-not-a-real-token-0000']);
    expect(refused.exitCode).toBe(4);
    expect(json<{ contexts: Record<string, Record<string, unknown>> }>(config()).contexts.vault?.tokenCommand).toBe('no-such-command-anywhere');
    const fixed = await sb.run(['context', 'set-token', 'vault', '--token-command', command]);
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain(`context "vault" now uses the token command: ${command} (was the token command: no-such-command-anywhere)`);
    expect((await sb.run(['tokens', 'list'])).exitCode).toBe(0);
  });

  it('a token and a command exclude each other: given together a usage error, and set-token replaces the one by the other', async () => {
    const both = await sb.run(['context', 'add', 'x', '--state', sb.stateDir, '--token', root, '--token-command', command]);
    expect([both.exitCode, both.stderr]).toEqual([2, expect.stringContaining('give either --token-command or --token, not both')]);
    const empty = await sb.run(['context', 'add', 'x', '--state', sb.stateDir, '--token-command', '  ']);
    expect([empty.exitCode, empty.stderr]).toEqual([2, expect.stringContaining('--token-command is empty')]);
    expect((await sb.run(['context', 'add', 'swap', '--state', sb.stateDir, '--token-command', command])).exitCode).toBe(0);
    const toToken = await sb.run(['context', 'set-token', 'swap', '--token-stdin'], { input: `${root}\n` });
    expect(toToken.stderr).toContain(`context "swap" now uses token ${mask(root)} (was the token command: ${command})`);
    expect(json<{ contexts: Record<string, Record<string, unknown>> }>(config()).contexts.swap).toEqual({ type: 'local', state: sb.stateDir, token: root });
    const same = await sb.run(['context', 'set-token', 'vault', '--token-command', command]);
    expect([same.exitCode, same.stderr]).toEqual([0, 'context "vault" already uses that token command; nothing to do']);
    // Removing a context that keeps a command loses no secret: nothing is said of one.
    const removed = await sb.run(['context', 'remove', 'swap', '--yes']);
    expect(removed.exitCode).toBe(0);
  });

  it('rotating the token in use cannot update the store the command reads: the new secret is printed and the user told so', async () => {
    const made = json<{ token: string }>((await sb.run(['tokens', 'create', '--user', 'root', '--name', 'stored', '--scope', 'api', '-o', 'json'])).stdout);
    writeFileSync(store, `${made.token}\n`);
    const before = config();
    const rotated = await sb.run(['tokens', 'rotate', 'self', '-o', 'json']);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const fresh = json<{ token: string }>(rotated.stdout).token;
    expect(fresh).toMatch(/^hpat-/);
    expect(rotated.stderr).toContain(`warning: the token in use came from context vault's token command (${command}), which still gives the old, now revoked token; store the new secret where it reads it`);
    expect(config()).toBe(before);
    // The store still holds the revoked token: the next command is refused until it is updated.
    expect((await sb.run(['tokens', 'list'])).exitCode).toBe(4);
    writeFileSync(store, `${fresh}\n`);
    expect((await sb.run(['tokens', 'list'])).exitCode).toBe(0);
    // Revoking it warns that the command now gives a dead token.
    const revoked = await sb.run(['tokens', 'revoke', 'self', '--yes']);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`warning: context vault's token command (${command}) used this token; it no longer works`);
  });
});

describe.runIf(hasCommand('python3'))('a token command on a terminal', () => {
  let box: CliSandbox;
  let store: string;
  beforeAll(async () => {
    box = cliSandbox();
    const token = await box.init();
    store = join(box.dir, 'store.txt');
    writeFileSync(store, `${token}\n`);
  });
  afterAll(() => box.cleanup());

  it('may ask on the terminal (a store to unlock), and gets no input with --no-input', async () => {
    // The stand-in asks for a passphrase on stderr and reads it from its standard input.
    const command = `printf 'passphrase: ' >&2; read p; [ "$p" = open ] && cat '${store}'`;
    expect((await box.run(['context', 'add', 'locked', '--state', box.stateDir, '--token-command', command, '--no-verify', '--use'])).exitCode).toBe(0);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.dir, TERM: 'xterm-256color', ...box.env };
    const asked = await drivePty([process.execPath, BIN, 'whoami', '-o', 'json', '--jq', '.user.username'], env, [{ expect: 'passphrase: ', send: ['open', KEY.enter] }], 80);
    expect([asked.code, asked.output], asked.error ?? '').toEqual([0, expect.stringMatching(/passphrase: open\s+root/)]);
    // Prompts off: the command's read gets end of input at once, and the failure names the command.
    const refused = await drivePty([process.execPath, BIN, 'whoami', '--no-input'], env, [], 80);
    expect(refused.code).toBe(4);
    expect(refused.output).toContain('error: the token command of context "locked" exited with status 1');
  });
});
