// The program's own flags, from their one description (src/cli/program-flags.ts): --version is
// a program option only (after a command it is a usage error naming it), help under a command
// lists only the program flags a command takes, and the completion scripts follow the same scope.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

const root = resolve(import.meta.dirname, '../..');

describe('program flags', () => {
  let sb: InProcessSandbox;
  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init();
  });
  afterAll(() => sb.cleanup());

  it('--version before any command prints the version', async () => {
    const res = await sb.run(['--version']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('-V before any command prints the version too', async () => {
    const res = await sb.run(['-V']);
    expect([res.exitCode, res.stderr]).toEqual([0, '']);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('--version or -V with a command, after it or before it, is a usage error naming the flag, and nothing runs', async () => {
    for (const args of [
      ['tokens', 'revoke', '2', '--version'],
      ['wikis', 'get', 'X', '--version', 'SHA'],
      ['tokens', 'list', '-V'],
      ['--version', 'tokens', 'revoke', '2'],
      ['-V', 'tokens', 'list'],
      ['--no-input', '--version', 'users', 'list'],
    ]) {
      const res = await sb.run(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(/^error: (--version|-V) is a program option and takes no command: give it alone \(hostctl (--version|-V)\)\nhint: see --help for usage$/);
    }
    // The token was not revoked by the refused command.
    const tokens = await sb.json<{ id: number; revoked: boolean }[]>(['tokens', 'list']);
    expect(tokens.every((t) => !t.revoked)).toBe(true);
  });

  it("a command's help lists the program flags it takes, not --version", async () => {
    const res = await sb.run(['tokens', 'list', '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('--output');
    expect(res.stdout).not.toContain('--version');
    expect((await sb.run(['--help'])).stdout).toContain('--version');
  });

  it('the completion scripts offer --version only before any command', () => {
    const bash = readFileSync(resolve(root, 'completions/hostctl.bash'), 'utf8');
    const [below, top] = [...bash.matchAll(/globals='([^']*)'/g)].map((m) => m[1] as string);
    expect(top).toContain('--version');
    expect(below).not.toContain('--version');
    expect(below).toContain('--output');
    const zsh = readFileSync(resolve(root, 'completions/_hostctl'), 'utf8');
    expect(zsh.split('\n').filter((l) => /--version(?![a-z])/.test(l))).toHaveLength(1);
    const fish = readFileSync(resolve(root, 'completions/hostctl.fish'), 'utf8');
    expect(fish).toContain("complete -c hostctl -n '__hostctl_at \\'\\'' -s V -l version");
  });
});
