import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { declareApiFields, flagModel } from './flag-fields.js';

/** A command as the kit builds one: visible options, hidden spellings, then parsed. */
function parsed(argv: string[]): Command {
  const cmd = new Command('x')
    .exitOverride()
    .option('-R, --project <project>', 'project')
    .option('--expires <date>', 'expiry')
    .option('--storage <name>', 'storage')
    .option('--link-url <url>', 'where')
    .option('--name <name>', 'name')
    .option('--user <user>', 'owner')
    .option('--scope <scope>', 'scopes', (v: string, p: string[] = []) => [...p, v]);
  cmd.addOption(new Option('--repo <project>', 'same as --project').hideHelp());
  cmd.addOption(new Option('--repository-storage <name>', 'same as --storage').hideHelp());
  cmd.action(() => undefined);
  cmd.parse(argv, { from: 'user' });
  return cmd;
}

const SPELLINGS = [['repo', 'project'], ['repository-storage', 'storage']] as const;

describe('the flag model', () => {
  it('derives each field\'s flag from the option definitions', () => {
    const flagFor = flagModel(parsed(['--expires', '2020-01-01', '--user', 'bob']), SPELLINGS);
    expect(flagFor('expires_at')?.flag).toBe('--expires');
    expect(flagFor('user_id')?.flag).toBe('--user');
    expect(flagFor('name')?.flag).toBe('--name');
    expect(flagFor('identities.name')?.flag).toBe('--name');
    expect(flagFor('base')).toBeUndefined();
  });

  it('names the flag a verb declares for a field, over the last-words rule', () => {
    const cmd = new Command('x').exitOverride().option('--tag <tag>', 'tag').option('--name <name>', 'name').option('--notes <text>', 'notes');
    cmd.action(() => undefined);
    cmd.parse(['--tag', 'v1', '--notes', 'n'], { from: 'user' });
    expect(flagModel(cmd, [])('tag_name')?.flag).toBe('--name');
    declareApiFields(cmd, { tag_name: 'tag', description: 'notes' });
    expect(flagModel(cmd, [])('tag_name')).toEqual({ flag: '--tag', typed: true });
    expect(flagModel(cmd, [])('description')).toEqual({ flag: '--notes', typed: true });
  });

  it('names a positional argument for its field, not an option named after the field\'s last word', () => {
    const cmd = new Command('x').exitOverride().argument('<file-name>').option('--name <name>', 'package name');
    cmd.action(() => undefined);
    cmd.parse(['--name', 'cli', 'a%2Fb'], { from: 'user' });
    expect(flagModel(cmd, [])('file_name')).toEqual({ flag: 'FILE-NAME', typed: true });
    expect(flagModel(cmd, [])('package_name')?.flag).toBe('--name');
  });

  it('names the spelling the user typed', () => {
    expect(flagModel(parsed(['--storage', 'cold']), SPELLINGS)('repository_storage')?.flag).toBe('--storage');
    expect(flagModel(parsed(['--repository-storage', 'cold']), SPELLINGS)('repository_storage')?.flag).toBe('--repository-storage');
    // Not typed at all: the visible spelling, never a hidden one.
    expect(flagModel(parsed([]), SPELLINGS)('repository_storage')).toEqual({ flag: '--storage', typed: false });
    expect(flagModel(parsed(['--repo', 'a/b']), SPELLINGS)('project_id')?.flag).toBe('--repo');
  });

  it('finds a field sent under another name by the value the user typed', () => {
    const cmd = parsed(['--link-url', 'notaurl', '--name', 'x', '--scope', 'api', '--scope', 'read_api']);
    const flagFor = flagModel(cmd, SPELLINGS);
    expect(flagFor('url', { url: 'notaurl', name: 'x' })?.flag).toBe('--link-url');
    expect(flagFor('scopes', { scopes: ['api', 'read_api'] })?.flag).toBe('--scope');
    expect(flagFor('url', { url: 'elsewhere' })).toBeUndefined();
    // A value two typed options share says nothing.
    expect(flagModel(parsed(['--link-url', 'x', '--name', 'x']), SPELLINGS)('title', { title: 'x' })).toBeUndefined();
  });
});
