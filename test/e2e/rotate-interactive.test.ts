// `hostctl tokens rotate` with no argument on a terminal: driven in-process on the harness's fake
// terminal, with arrow keys in the token list, a typed expiry that is first refused, and the
// confirmation. The new secret is shown once; the old one stops working.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type DriveResult, type InProcessSandbox as CliSandbox, type PromptStep } from '../helpers/cli-in-process.js';

const DOWN = '\u001b[B';
const ENTER = '\r';
const BACKSPACE = '\u007f';

interface Token {
  id: number;
  name: string;
  expires_at: string | null;
  active: boolean;
  token?: string;
}

describe('interactive tokens rotate on a terminal', () => {
  let box: CliSandbox;

  const json = <T>(args: string[], env?: Record<string, string>): Promise<T> => box.json<T>(args, env);

  /** The position of a token in the picker: active tokens, oldest first. */
  const choiceIndex = async (id: number): Promise<number> => {
    const active = await json<Token[]>(['tokens', 'list', '--active', '--sort', 'created_asc', '--all']);
    const index = active.findIndex((t) => t.id === id);
    expect(index).toBeGreaterThanOrEqual(0);
    return index;
  };

  const onPty = (args: string[], steps: PromptStep[]): Promise<DriveResult> => box.drive(args, steps, { columns: 220 });

  const secretsIn = (output: string): string[] => [...output.matchAll(/hpat-[A-Za-z0-9_-]{20,}/g)].map((m) => m[0]);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await json(['users', 'create', '--username', 'alice', '--name', 'Alice Moreau', '--email', 'alice@example.com']);
    await json(['tokens', 'create', '--user', 'alice', '--name', 'laptop', '--scope', 'api']);
  });

  afterAll(() => box.cleanup());

  it('picks a token with the arrow keys, refuses a past date, confirms and shows the new secret once', async () => {
    const target = await json<Token>(['tokens', 'create', '--user', 'alice', '--name', 'deploy-key', '--scope', 'read_api,read_repository']);
    await json(['tokens', 'create', '--user', 'alice', '--name', 'after', '--scope', 'read_api']);
    const index = await choiceIndex(target.id);

    const result = await onPty(
      ['tokens', 'rotate'],
      [
        { expect: 'Which token should be rotated\\?', send: [...Array<string>(index).fill(DOWN), ENTER] },
        { expect: 'When should the new token expire', send: [...Array<string>(12).fill(BACKSPACE), ...'2026-01-10', ENTER] },
        { expect: 'must be after today \\(2026-01-15\\)', send: [...Array<string>(12).fill(BACKSPACE), ...'2027-06-01', ENTER] },
        // Past the maximum lifetime is refused at the prompt, not after the confirmation.
        { expect: 'must be on or before 2027-02-19 \\(tokens live at most 400 days\\)', send: [...Array<string>(12).fill(BACKSPACE), ...'2026-02-01', ENTER] },
        { expect: `Rotate token ${target.id} "deploy-key".*new token expires 2026-02-01`, send: ['y', ENTER] },
      ],
    );
    expect(result.error, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    // The picker listed the token with its owner, scopes, expiry and last use.
    expect(result.output).toMatch(new RegExp(`#${target.id} deploy-key · alice · scopes read_api,read_repository · expires \\S+ · last used never`));
    expect(result.output).toContain('the secret below is shown only once');

    const secrets = secretsIn(result.output);
    expect(secrets).toHaveLength(1);
    const secret = secrets[0] as string;
    expect(secret).not.toBe(target.token);
    const fresh = await json<Token>(['tokens', 'get', 'self'], { HOSTCTL_TOKEN: secret });
    expect(fresh).toMatchObject({ name: 'deploy-key', expires_at: '2026-02-01', active: true });

    const old = await box.run(['tokens', 'get', 'self'], { env: { HOSTCTL_TOKEN: target.token as string } });
    expect(old.exitCode).toBe(4);
    expect(String(old.stderr)).toContain('revoked');
  });

  it('rotating the token hostctl uses (default expiry) updates the context, which keeps working', async () => {
    const before = await json<Token>(['tokens', 'get', 'self']);
    const index = await choiceIndex(before.id);
    const result = await onPty(
      ['tokens', 'rotate'],
      [
        { expect: 'Which token should be rotated\\?', send: [...Array<string>(index).fill(DOWN), ENTER] },
        // The same default as `rotate ID`: a token that never expired gets the longest lifetime.
        { expect: 'When should the new token expire\\? \\(YYYY-MM-DD; default: the old token never expired; 400 days is the longest allowed\\) \\(2027-02-19\\)', send: [ENTER] },
        { expect: 'the token hostctl is using.*new token expires 2027-02-19', send: ['y', ENTER] },
      ],
    );
    expect(result.error, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('context "local" now uses the new token');
    const secret = secretsIn(result.output).at(-1);

    const configFile = join(box.configDir, 'config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { contexts: Record<string, { token: string }> };
    expect(config.contexts.local?.token).toBe(secret);
    const after = await json<Token>(['tokens', 'get', 'self']);
    expect(after.id).not.toBe(before.id);
    expect(after).toMatchObject({ name: before.name, expires_at: '2027-02-19', active: true });
  });

  it('declining the confirmation changes nothing (exit 2)', async () => {
    const before = await json<Token[]>(['tokens', 'list', '--active']);
    const result = await onPty(
      ['tokens', 'rotate'],
      [
        { expect: 'Which token should be rotated\\?', send: [ENTER] },
        { expect: 'When should the new token expire', send: [ENTER] },
        { expect: 'Rotate token', send: ['n', ENTER] },
      ],
    );
    expect(result.error, result.output).toBeNull();
    expect(result.code).toBe(2);
    expect(result.output).toContain('cancelled');
    expect(secretsIn(result.output)).toEqual([]);
    expect(await json<Token[]>(['tokens', 'list', '--active'])).toEqual(before);
  });

  it('rotate ID and rotate self take the same rule: --expires-at past the maximum or not after today is refused before anything is asked or sent', async () => {
    const target = await json<Token>(['tokens', 'create', '--user', 'alice', '--name', 'bounded', '--scope', 'read_api']);
    for (const ref of [String(target.id), 'self']) {
      // On a terminal: refused before the confirmation would be shown.
      const late = await onPty(['tokens', 'rotate', ref, '--expires-at', '2027-02-20'], []);
      expect([late.code, late.output.trim()]).toEqual([2, expect.stringContaining('--expires-at 2027-02-20: must be on or before 2027-02-19 (tokens live at most 400 days)')]);
      expect(late.output).not.toContain('Rotate token');
      const past = await box.run(['tokens', 'rotate', ref, '--expires-at', '2026-01-15']);
      expect([past.exitCode, past.stderr]).toEqual([2, expect.stringContaining('--expires-at 2026-01-15: must be after today (2026-01-15)')]);
    }
    expect((await json<Token>(['tokens', 'get', String(target.id)])).active).toBe(true);
    expect((await box.run(['tokens', 'rotate', '--help'])).stdout).toMatch(/default: the old token's lifetime from today,\s+capped at 400 days \(400 days for a token that never\s+expired\)/);
  });

  it('--no-input on a terminal still refuses to prompt, naming the argument', async () => {
    const result = await onPty(['tokens', 'rotate', '--no-input'], []);
    expect(result.code).toBe(2);
    expect(result.output).toContain('missing the ID argument');
  });
});
