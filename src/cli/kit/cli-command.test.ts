import { describe, expect, it } from 'vitest';
import { Option } from 'commander';
import { CliCommand, CliOption } from './cli-command.js';

describe('CliCommand and CliOption', () => {
  it("name an option's value as commander does", () => {
    for (const flags of ['--per-page <n>', '-o, --output <format>', '--no-input', '--repository-storage <name>', '-y']) {
      expect(new CliOption(flags).attributeName()).toBe(new Option(flags).attributeName());
    }
  });

  it('make the options of .option(), .version() and the help flag, and subcommands, of their own kind', () => {
    const cmd = new CliCommand('x').version('1.0', '-V, --version').option('--per-page <n>');
    const sub = cmd.command('sub');
    expect(cmd.options.every((o) => o instanceof CliOption)).toBe(true);
    expect(sub).toBeInstanceOf(CliCommand);
    expect((cmd as unknown as { _getHelpOption(): Option })._getHelpOption()).toBeInstanceOf(CliOption);
  });

  it('parse option values under the same names', () => {
    const cmd = new CliCommand('x').exitOverride().option('--per-page <n>').option('--no-input').addOption(new CliOption('--dry-run'));
    cmd.parse(['--per-page', '5', '--no-input', '--dry-run'], { from: 'user' });
    expect(cmd.opts()).toEqual({ perPage: '5', input: false, dryRun: true });
  });
});
