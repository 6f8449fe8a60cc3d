// Extensions: an executable hostctl-NAME on PATH runs as `hostctl NAME` with the words after it,
// and its exit status is hostctl's; a command and then an alias of that name win; the target
// flags before its name reach it as variables and any other flag is refused; relative PATH
// entries are never searched; `hostctl extension list` says which run. Through the built CLI.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';

describe('extensions', () => {
  let box: CliSandbox;
  let first: string;
  let second: string;
  let env: Record<string, string>;
  const script = (dir: string, name: string, body: string, mode = 0o755) => {
    const path = join(dir, `hostctl-${name}`);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, mode);
    return path;
  };

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    first = join(box.dir, 'ext1');
    second = join(box.dir, 'ext2');
    mkdirSync(first);
    mkdirSync(second);
    script(first, 'hello', 'printf "%s|" "$@"; echo "context=$HOSTCTL_CONTEXT url=$HOSTCTL_URL state=$HOSTCTL_STATE"; exit 3');
    script(second, 'hello', 'echo second');
    script(second, 'tokens', 'echo never');
    script(second, 'mine', 'echo never');
    script(second, 'plain', 'echo not executable', 0o644);
    // A relative PATH entry is never searched, whatever it holds.
    script(box.dir, 'here', 'echo from a relative PATH entry');
    env = { PATH: `${relative(process.cwd(), box.dir) || '.'}:${first}:${second}:${process.env.PATH ?? ''}` };
    expect((await box.run(['alias', 'set', 'mine', 'projects list'])).exitCode).toBe(0);
  });
  afterAll(() => box.cleanup());

  it('runs hostctl-NAME with the words after it and takes its exit status; the first on PATH wins', async () => {
    const run = await box.run(['hello', 'a b', '--flag', '-o', 'json'], { env });
    expect([run.exitCode, String(run.stdout)]).toEqual([3, 'a b|--flag|-o|json|context= url= state=']);
    // Target flags before its name reach it as variables, for the hostctl commands it runs.
    const targeted = await box.run(['--context', 'prod', '--url=http://127.0.0.1:9', '--state', '/tmp/s', 'hello'], { env });
    expect(String(targeted.stdout)).toBe('|context=prod url=http://127.0.0.1:9 state=/tmp/s');
    const refused = await box.run(['-o', 'json', 'hello'], { env });
    expect([refused.exitCode, String(refused.stdout)]).toEqual([2, '']);
    expect(String(refused.stderr)).toContain('-o: only --context, --url and --state before an extension reach it');
  });

  it('a command and an alias of that name win; files that are not executable, and relative PATH entries, are no extensions', async () => {
    expect(String((await box.run(['tokens', 'list', '-o', 'json'], { env })).stdout)).toMatch(/^\[/);
    expect(String((await box.run(['mine', '-o', 'json'], { env })).stdout)).toMatch(/^\[/);
    for (const word of ['plain', 'here']) {
      const run = await box.run([word], { env });
      expect([run.exitCode, String(run.stderr)], word).toEqual([2, expect.stringContaining(`unknown command '${word}'`)]);
    }
  });

  it('extension list says which run and what hides the others', async () => {
    const rows = JSON.parse(String((await box.run(['extension', 'list', '-o', 'json'], { env })).stdout)) as Record<string, unknown>[];
    expect(rows).toEqual([
      { name: 'hello', runs: true, path: join(first, 'hostctl-hello') },
      { name: 'hello', runs: false, path: join(second, 'hostctl-hello'), hidden_by: `${join(first, 'hostctl-hello')} comes first on PATH` },
      { name: 'mine', runs: false, path: join(second, 'hostctl-mine'), hidden_by: 'hostctl mine is an alias (hostctl alias list)' },
      { name: 'tokens', runs: false, path: join(second, 'hostctl-tokens'), hidden_by: 'hostctl tokens is a command' },
    ]);
    // hostctl commands tells scripts and agents of the ones that run.
    const described = await box.run(['commands', '-o', 'json', '--jq', '.extensions'], { env });
    expect(JSON.parse(String(described.stdout))).toEqual([{ name: 'hello', path: join(first, 'hostctl-hello') }]);
    const table = await box.run(['extensions', 'list'], { env });
    expect(String(table.stdout).split('\n')[0]).toBe(`hello\ttrue\t${join(first, 'hostctl-hello')}`);
    expect(String(table.stderr)).toContain(`${join(second, 'hostctl-tokens')} never runs: hostctl tokens is a command`);
  });
});
