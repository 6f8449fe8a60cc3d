// The token command's own rules, beside the CLI tests (test/e2e/context-token-command.test.ts):
// the first line is the token, and a command that hangs or floods is stopped and refused.
import { describe, expect, it } from 'vitest';
import { CliError } from '../kit/errors.js';
import { runTokenCommand } from './token-command.js';

const refusal = (run: () => unknown): CliError => {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('the command was not refused');
};

describe('runTokenCommand', () => {
  it('returns the first line, trimmed, whatever the line ends are', () => {
    expect(runTokenCommand('printf "  hpat-abc123  \\r\\nlogin: root\\n"', 'context "t"')).toBe('hpat-abc123');
    expect(runTokenCommand('printf hpat-no-newline', 'context "t"')).toBe('hpat-no-newline');
  });

  it('stops a command that outlives its time and refuses one that prints more than a token could be', () => {
    const slow = refusal(() => runTokenCommand('exec sleep 30', 'context "t"', { timeoutMs: 1_000 }));
    expect([slow.message, slow.exitCode]).toEqual(['the token command of context "t" did not finish within 1 s', 4]);
    const flood = refusal(() => runTokenCommand('head -c 200000 /dev/zero | tr "\\000" a', 'context "t"'));
    expect([flood.message, flood.exitCode]).toEqual(['the token command of context "t" printed more than 64 KiB; a token command prints the token', 4]);
  });
});
