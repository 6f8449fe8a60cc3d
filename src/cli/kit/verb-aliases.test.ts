import { describe, expect, it } from 'vitest';
import { CliCommand } from './cli-command.js';
import { applyAliases } from './verb.js';
import { UsageError } from './errors.js';

const withOptions = (...flags: string[]) => {
  const cmd = new CliCommand('x');
  for (const f of flags) cmd.option(f);
  return cmd;
};

describe('applyAliases', () => {
  it('folds an alias into its canonical option under commander camelCase names', () => {
    const opts: Record<string, unknown> = { repositoryStorage: 'archive' };
    applyAliases(withOptions('--storage <name>', '--repository-storage <name>'), opts, {});
    expect(opts.storage).toBe('archive');
    const project: Record<string, unknown> = { repo: 'acme/web' };
    applyAliases(withOptions('--project <path>', '--repo <path>'), project, {});
    expect(project.project).toBe('acme/web');
  });

  it('refuses an alias and its canonical option that disagree, and leaves a verb without the canonical option alone', () => {
    expect(() => applyAliases(withOptions('--search <text>', '--query <text>'), { query: 'a', search: 'b' }, {})).toThrow(UsageError);
    const opts: Record<string, unknown> = { query: 'a' };
    applyAliases(withOptions('--query <text>'), opts, {});
    expect(opts).toEqual({ query: 'a' });
  });

  it('takes HOSTCTL_PROJECT as the project when none is given', () => {
    const opts: Record<string, unknown> = {};
    applyAliases(withOptions('--project <path>'), opts, { HOSTCTL_PROJECT: 'acme/web' });
    expect(opts.project).toBe('acme/web');
  });
});
