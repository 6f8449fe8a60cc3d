// hostctl alias: command aliases kept in the config file, expanded before the command line is
// parsed ($1… placeholders, the other words appended, flags before the alias kept), shell
// aliases run by sh with `hostctl` meaning this hostctl, and names that could never run refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { expandAlias, splitWords } from '../../src/cli/config/aliases.js';

const json = <T = Record<string, unknown>>(text: unknown): T => JSON.parse(String(text)) as T;

describe('splitting and expanding an alias', () => {
  it('splits words as a shell quotes them, and substitutes nothing', () => {
    expect(splitWords(`users get $1 --fields 'a b' "c \\"d\\"" e\\ f  $HOME`)).toEqual(['users', 'get', '$1', '--fields', 'a b', 'c "d"', 'e f', '$HOME']);
    expect(() => splitWords("tokens list --name 'open")).toThrow("unclosed '");
  });

  it('$N takes the Nth word after the alias, the rest follow; a missing one is a usage error', () => {
    expect(expandAlias('w', 'users get $1', ['alice', '-o', 'json'])).toEqual({ kind: 'command', argv: ['users', 'get', 'alice', '-o', 'json'] });
    expect(expandAlias('w', 'projects list', ['--limit', '5'])).toEqual({ kind: 'command', argv: ['projects', 'list', '--limit', '5'] });
    expect(expandAlias('w', 'tags get $2 -R $1', ['acme/web', 'v1'])).toEqual({ kind: 'command', argv: ['tags', 'get', 'v1', '-R', 'acme/web'] });
    expect(() => expandAlias('w', 'tags get $2 -R $1', ['acme/web'])).toThrow('alias w needs 2 arguments after it');
    expect(expandAlias('s', '!echo "$1" | wc -c', ['x'])).toEqual({ kind: 'shell', script: 'echo "$1" | wc -c', args: ['x'] });
  });
});

describe('hostctl alias', () => {
  let sb: InProcessSandbox;
  const aliases = () => json<{ aliases?: Record<string, string> }>(readFileSync(join(sb.configDir, 'config.json'), 'utf8')).aliases;

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('set saves the alias, and the alias runs its command with every flag and word given after it', async () => {
    const set = await sb.run(['alias', 'set', 'who', 'users get $1 --fields username,state', '-o', 'json']);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(json(set.stdout)).toEqual({ name: 'who', expansion: 'users get $1 --fields username,state', shell: false });
    expect(set.stderr).toBe('added alias who: hostctl who runs hostctl users get $1 --fields username,state');
    expect(aliases()).toEqual({ who: 'users get $1 --fields username,state' });
    const who = await sb.run(['who', 'alice']);
    expect([who.exitCode, who.stdout]).toEqual([0, 'username\talice\nstate\tactive']);
    // Flags before the alias stay where they were; words after it follow the expansion.
    const asJson = await sb.run(['-o', 'json', 'who', 'bob']);
    expect(json(asJson.stdout)).toEqual({ username: 'bob', state: 'active' });
    const missing = await sb.run(['who']);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringContaining('alias who needs 1 argument after it ($1 in: users get $1 --fields username,state)')]);
    // A command's own name always wins over an alias, and an unknown word stays an unknown command.
    expect((await sb.run(['nope'])).stderr).toContain("unknown command 'nope'");
  });

  it('refuses names that would never run, expansions that are no command, and a second alias of a name without --clobber', async () => {
    const cases: [string[], number, string][] = [
      [['alias', 'set', 'tokens', 'projects list'], 2, '"tokens" is a command; an alias of that name would never run'],
      [['alias', 'set', 'token', 'projects list'], 2, '"token" is an alias of the command tokens'],
      [['alias', 'set', 'help', 'projects list'], 2, '"help" is a command'],
      [['alias', 'set', '-x', 'projects list'], 2, ''],
      [['alias', 'set', 'x', 'deploy now'], 2, 'EXPANSION must start with a hostctl command, and "deploy" is none (a shell command takes --shell)'],
      [['alias', 'set', 'x', '  '], 2, 'EXPANSION is empty'],
      [['alias', 'set', 'x', 'tokens', 'list'], 2, "give EXPANSION as one quoted word: hostctl alias set x 'tokens list'"],
      [['alias', 'set', 'who', 'users list'], 5, 'alias who exists already (expands to: users get $1 --fields username,state)'],
    ];
    for (const [args, code, said] of cases) {
      const res = await sb.run(args);
      expect([args.join(' '), res.exitCode], res.stderr).toEqual([args.join(' '), code]);
      expect(res.stderr).toContain(said);
    }
    expect(Object.keys(aliases() ?? {})).toEqual(['who']);
    const same = await sb.run(['alias', 'set', 'who', 'users get $1 --fields username,state']);
    expect([same.exitCode, same.stderr]).toEqual([0, 'alias who already expands to: users get $1 --fields username,state; nothing to do']);
    const replaced = await sb.run(['alias', 'set', 'who', 'users get $1', '--clobber']);
    expect([replaced.exitCode, replaced.stderr]).toEqual([0, expect.stringContaining('replaced alias who')]);
  });

  it('list shows every alias; delete asks first and forgets it; the contexts are kept through both', async () => {
    expect((await sb.run(['alias', 'set', 'mine', 'projects list --owned'])).exitCode).toBe(0);
    expect((await sb.run(['alias', 'set', 'n', '--shell', 'hostctl projects list --all | wc -l'])).exitCode).toBe(0);
    const listed = json<{ name: string; expansion: string; shell: boolean }[]>((await sb.run(['alias', 'list', '-o', 'json'])).stdout);
    expect(listed).toEqual([
      { name: 'mine', expansion: 'projects list --owned', shell: false },
      { name: 'n', expansion: '!hostctl projects list --all | wc -l', shell: true },
      { name: 'who', expansion: 'users get $1', shell: false },
    ]);
    expect((await sb.run(['alias', 'list'])).stdout).toBe('mine\tprojects list --owned\nn\t!hostctl projects list --all | wc -l\nwho\tusers get $1');
    const refused = await sb.run(['alias', 'delete', 'mine']);
    expect([refused.exitCode, refused.stderr]).toEqual([2, 'error: Remove alias mine (projects list --owned): confirmation needed; re-run with --yes\nhint: see --help for usage']);
    const removed = await sb.run(['alias', 'rm', 'mine', '--yes']);
    expect([removed.exitCode, removed.stdout, removed.stderr]).toEqual([0, '', 'removed alias mine']);
    expect((await sb.run(['alias', 'delete', 'mine', '--yes'])).exitCode).toBe(3);
    expect(Object.keys(aliases() ?? {}).sort()).toEqual(['n', 'who']);
    // A context change rewrites the file: the aliases stay.
    expect((await sb.run(['context', 'rename', 'local', 'here'])).exitCode).toBe(0);
    expect(Object.keys(aliases() ?? {}).sort()).toEqual(['n', 'who']);
    expect((await sb.run(['context', 'rename', 'here', 'local'])).exitCode).toBe(0);
  });
});

describe('shell aliases, the built CLI', () => {
  let box: CliSandbox;
  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('run with sh: the words after the alias are $1…, `hostctl` is this hostctl, and its exit status is the command\'s', async () => {
    const script = 'hostctl projects list --all -o json --jq "length"; echo "$0 got [$1] [$2]"; exit 7';
    expect((await box.run(['alias', 'set', 'count', '--shell', script])).exitCode).toBe(0);
    // PATH without any hostctl on it: the function the alias's shell gets is what runs.
    const res = await box.run(['count', 'a b', 'c'], { env: { PATH: '/usr/bin:/bin' } });
    expect([res.exitCode, String(res.stdout)]).toEqual([7, '8\ncount got [a b] [c]']);
    const flagged = await box.run(['-o', 'json', 'count']);
    expect([flagged.exitCode, String(flagged.stderr)]).toEqual([2, expect.stringContaining('-o json: flags before a shell alias are not passed to it')]);
  });
});
