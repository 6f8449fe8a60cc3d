// What a person sees on a terminal (a pseudo-terminal of 80 columns): tables fitted to the width
// with an ellipsis and no trailing spaces, relative times, "no results", coloured states,
// releases get rendered like gh release view; and prompts: Esc and Ctrl-D cancel (exit 2),
// Ctrl-C interrupts (130), rotation by id asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { drivePty, hasCommand, type Step } from './terminal.js';

const ESC = '\u001b';

describe.runIf(hasCommand('python3'))('on an 80-column terminal', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  const env = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: sb.dir, TERM: 'xterm-256color', ...sb.env, ...extra });
  /** Runs to the end with nothing typed; output as the terminal showed it (ANSI codes removed by the driver). */
  const show = (args: string[], extra: Record<string, string> = {}, steps: Step[] = []) => drivePty([process.execPath, BIN, ...args], env(extra), steps, 80);
  const lines = (out: string) => out.replace(/\n+$/, '').split('\n');

  it('tables fit 80 columns: paths whole, low-priority columns left out and named, no wrapping, no trailing spaces', async () => {
    const res = await show(['projects', 'list', '--all']);
    expect(res.code, res.output).toBe(0);
    const rows = lines(res.output);
    expect(rows[0]).toMatch(/^ID\s+PATH\s+VISIBILITY/);
    for (const row of rows) {
      expect([...row].length, row).toBeLessThanOrEqual(80);
      expect(row, 'trailing space').toBe(row.trimEnd());
      expect(row).not.toContain('\t');
    }
    expect(res.output).toContain('acme/platform/infra/terraform-modules');
    // Every project is one line: 8 projects, the header and the note on what was left out.
    expect(rows).toHaveLength(10);
    expect(rows[9]).toMatch(/^\(\+2 columns: default branch, archived; -o wide or --fields\)$/);
    expect(res.output).toMatch(/\d+ (minute|hour|day|week|month)s? ago|just now/);
    expect(res.output).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });

  const cli = `"${process.execPath}" "${BIN}"`;
  // Lines a prompt redrew run into the next once escape codes are gone; every other line fits.
  const fitsExceptRedraws = (out: string) => {
    for (const row of lines(out).filter((l) => !/✔|navigate|^\? /.test(l))) expect([...row].length, row).toBeLessThanOrEqual(80);
  };

  it('the token picker, help and a narrow table fit 80 columns, in one terminal session', async () => {
    const script = [`${cli} tokens rotate`, `${cli} packages --help`, `${cli} tokens associations`].join('; ');
    // The whole picker is on the screen once its key help is.
    const res = await drivePty(['/bin/sh', '-c', script], env(), [{ expect: 'navigate', send: [ESC] }], 80);
    expect(res.error, res.output).toBeNull();
    fitsExceptRedraws(res.output);
    // A token's row too long for the line goes on below its text, not at the margin.
    expect(res.output).toMatch(/#1 hostctl-root · root · [^\n]*\n {4}\S[^\n]*by hostctl\)\n/);
    expect(res.output).toContain('Usage: hostctl packages');
    // A URL gives way before the name that identifies the row.
    expect(res.output).toMatch(/^project\s+3\s+acme\/platform\/infra\/terraform-modules\s/m);
    expect(res.output).toContain('(+1 column: url; -o wide or --fields)');
  }, 60_000);

  it('usernames in token tables, one STATE column', async () => {
    const res = await show(['tokens', 'list', '--user', 'bob']);
    const header = lines(res.output)[0] as string;
    expect(header).toMatch(/^ID\s+NAME\s+USER\s+SCOPES\s+STATE\s+EXPIRES/);
    expect(header).not.toContain('REVOKED');
    expect(res.output).toMatch(/release-bot\s+bob\s+\S+\s+revoked/);
  });

  it('an empty list says "no results"', async () => {
    const res = await show(['users', 'list', '--search', 'no-such-person']);
    expect(res.code).toBe(0);
    expect(res.output.trim()).toBe('no results');
  });

  it('FORCE_COLOR colours state words even through a pipe; --color never wins', async () => {
    await sb.run(['users', 'block', 'carol', '--yes']);
    try {
      const raw = await drivePty(['/bin/sh', '-c', `"${process.execPath}" "${BIN}" users list | od -c | grep -c '033' || true`], env({ NO_COLOR: '', FORCE_COLOR: '1' }), [], 80);
      expect(Number(raw.output.trim().split('\n').pop())).toBeGreaterThan(0);
      // The driver strips colour codes from what it shows; count them through a pipe we control.
      const plain = await drivePty(['/bin/sh', '-c', `"${process.execPath}" "${BIN}" users list --color never | od -c | grep -c '033' || true`], env({ NO_COLOR: '', FORCE_COLOR: '1' }), [], 80);
      expect(plain.output.trim().split('\n').pop()).toBe('0');
    } finally {
      await sb.run(['users', 'unblock', 'carol', '--yes']);
    }
  });

  it('releases get shows the rendered notes and the assets like gh release view', async () => {
    const res = await show(['releases', 'get', 'v1.1.0', '-R', 'acme/web/storefront']);
    expect(res.code).toBe(0);
    const out = res.output;
    expect(lines(out)[0]).toBe('Storefront 1.1');
    expect(out).toMatch(/v1\.1\.0 · released .* by bob · commit [0-9a-f]{8}/);
    expect(out).toContain('Highlights');
    expect(out).not.toContain('## Highlights');
    expect(out).toContain('• One-page checkout');
    expect(out).toContain('See the runbook (https://runbooks.example.com/storefront) for the rollout.');
    expect(out).toContain('Assets (3 attached, 4 source archives)');
    expect(out).toMatch(/Rollout runbook\s+runbook\s+https:\/\/runbooks\.example\.com\/storefront\/1\.1/);
  });

  describe('prompts', () => {
    const pick: Step = { expect: 'Which token should be rotated', send: [] };

    it('Esc at a prompt cancels with exit 2', async () => {
      const res = await show(['tokens', 'rotate'], {}, [{ ...pick, send: [ESC] }]);
      expect(res.code, res.output).toBe(2);
      expect(res.output).toContain('cancelled');
    });

    it('Ctrl-D at a prompt cancels with exit 2', async () => {
      const res = await show(['tokens', 'rotate'], {}, [{ ...pick, send: ['\u0004'] }]);
      expect(res.code, res.output).toBe(2);
      expect(res.output).toContain('cancelled');
    });

    it('Ctrl-C at a prompt interrupts with exit 130', async () => {
      const res = await show(['tokens', 'rotate'], {}, [{ ...pick, send: ['\u0003'] }]);
      expect(res.code, res.output).toBe(130);
    });

    it('a missing required value is asked for, with choices from the target', async () => {
      const res = await show(['tags', 'list'], {}, [{ expect: '--project', send: ['storefront'] }, { expect: 'acme/web/storefront', send: ['\r'] }]);
      expect(res.code, res.output).toBe(0);
      expect(res.output).toMatch(/v1\.1\.0/);
      const typed = await show(['milestones', 'create', '-R', 'acme/web/storefront', '-o', 'json'], {}, [{ expect: '--title', send: ['From a prompt', '\r'] }]);
      expect(typed.code, typed.output).toBe(0);
      expect(typed.output).toContain('"title": "From a prompt"');
      // Without a terminal it stays a usage error naming the flag.
      const piped = await sb.run(['tags', 'list']);
      expect(piped.exitCode).toBe(2);
      expect(String(piped.stderr)).toContain('missing --project');
    });

    it('rotating a token by id asks first on a terminal; no keeps it', async () => {
      const before = await sb.json<{ id: number; active: boolean }>(['tokens', 'get', '5']);
      const res = await show(['tokens', 'rotate', '5'], {}, [{ expect: 'Rotate token 5', send: ['n', '\r'] }]);
      expect(res.code, res.output).toBe(2);
      expect(res.output).toContain('cancelled');
      const after = await sb.json<{ id: number; active: boolean }>(['tokens', 'get', '5']);
      expect(after.active).toBe(before.active);
      expect(after.active).toBe(true);
    });
  });
});
