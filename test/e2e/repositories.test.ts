// Branches, commits and tags through the built CLI: files committed from disk, branches made,
// listed, merged-deleted in the background, protected, and tags; `git clone` of the state's
// repository agrees with what the CLI reports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';

describe('branches, commits and tags from the CLI', () => {
  let box: CliSandbox;
  const run = async (args: string[]) => {
    const res = await box.run(args);
    if (res.exitCode !== 0) throw new Error(`hostctl ${args.join(' ')} → ${res.exitCode}: ${String(res.stderr)}`);
    return String(res.stdout);
  };
  const json = async <T>(args: string[]) => JSON.parse(await run([...args, '-o', 'json'])) as T;

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await run(['projects', 'create', '--name', 'web', '--readme']);
  });
  afterAll(() => box.cleanup());

  it('commits files from disk and lists the history', async () => {
    const src = join(box.dir, 'src');
    mkdirSync(src);
    writeFileSync(join(src, 'app.js'), 'console.log("hi");\n');
    writeFileSync(join(src, 'notes.txt'), 'ünïcode notes\n');
    const commit = await json<{ id: string; title: string }>([
      'commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'Add app',
      '--add', join(src, 'app.js'), '--add', `${join(src, 'notes.txt')}=docs/notes.txt`,
    ]);
    expect(commit.title).toBe('Add app');
    const list = await json<{ id: string }[]>(['commits', 'list', '-R', 'root/web']);
    expect(list[0]?.id).toBe(commit.id);
    expect(list.length).toBe(2);
  });

  it('creates, lists, protects and deletes branches; delete needs --yes without a terminal', async () => {
    await run(['branches', 'create', 'feature/ünï.code', '--ref', 'main', '-R', 'root/web']);
    await run(['branches', 'create', 'release/1.0', '--ref', 'main', '-R', 'root/web']);
    const names = (await json<{ name: string }[]>(['branches', 'list', '-R', 'root/web'])).map((b) => b.name);
    expect(names).toEqual(['feature/ünï.code', 'main', 'release/1.0']);
    const one = await json<{ name: string; merged: boolean; default: boolean }>(['branches', 'get', 'feature/ünï.code', '-R', 'root/web']);
    // A branch at the default branch's own tip is not "merged" (the platform's rule).
    expect(one).toMatchObject({ name: 'feature/ünï.code', merged: false, default: false });
    await run(['branches', 'protect', 'release/*', '-R', 'root/web']);
    const rel = await json<{ protected: boolean }>(['branches', 'get', 'release/1.0', '-R', 'root/web']);
    expect(rel.protected).toBe(true);
    const refused = await box.run(['branches', 'delete', 'feature/ünï.code', '-R', 'root/web']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toMatch(/--yes/);
    await run(['branches', 'delete', 'feature/ünï.code', '-R', 'root/web', '--yes']);
    const missing = await box.run(['branches', 'get', 'feature/ünï.code', '-R', 'root/web']);
    expect(missing.exitCode).toBe(3);
  });

  it('deletes merged branches in the background, keeping protected and default ones', async () => {
    await run(['branches', 'create', 'merged-one', '--ref', 'main', '-R', 'root/web']);
    const file = join(box.dir, 'more.txt');
    writeFileSync(file, 'more\n');
    await run(['commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'More', '--add', `${file}=more.txt`]);
    const merged = await json<{ merged: boolean }>(['branches', 'get', 'merged-one', '-R', 'root/web']);
    expect(merged.merged).toBe(true);
    await run(['branches', 'delete-merged', '-R', 'root/web', '--yes']);
    let names: string[] = [];
    for (let i = 0; i < 100; i++) {
      names = (await json<{ name: string }[]>(['branches', 'list', '-R', 'root/web'])).map((b) => b.name);
      if (!names.includes('merged-one')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(names).toEqual(['main', 'release/1.0']);
  });

  it('creates annotated tags and the bare repository agrees with the API', async () => {
    await run(['tags', 'create', 'v1.0', '--ref', 'main', '--message', 'First', '-R', 'root/web']);
    const tag = await json<{ name: string; message: string; target: string }>(['tags', 'get', 'v1.0', '-R', 'root/web']);
    expect(tag).toMatchObject({ name: 'v1.0', message: 'First' });
    const storage = join(box.stateDir, 'storages', 'default', '@projects');
    const repo = join(storage, readdirSync(storage).find((f) => f.endsWith('.git')) as string);
    const clone = join(box.dir, 'clone');
    execFileSync('git', ['clone', '-q', repo, clone], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
    const branches = execFileSync('git', ['-C', clone, 'branch', '-r', '--format=%(refname:short)'], { encoding: 'utf8' })
      .split('\n')
      .filter((b) => b && !b.endsWith('/HEAD'))
      .map((b) => b.replace(/^origin\//, ''));
    expect(branches.sort()).toEqual(['main', 'release/1.0']);
    expect(execFileSync('git', ['-C', clone, 'tag'], { encoding: 'utf8' }).trim()).toBe('v1.0');
    expect(readFileSync(join(clone, 'docs', 'notes.txt'), 'utf8')).toBe('ünïcode notes\n');
    const head = execFileSync('git', ['-C', clone, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const api = await json<{ id: string }[]>(['commits', 'list', '-R', 'root/web']);
    expect(api[0]?.id).toBe(head);
  });
});
