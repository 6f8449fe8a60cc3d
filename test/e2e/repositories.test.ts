// Branches, commits and tags through the built CLI: files committed from disk, branches made,
// listed, merged-deleted in the background, protected and unprotected, and tags; every verb's
// refusals with their exit codes, the prompts on a terminal, read-only repositories, and the
// same commands against `hostctl serve`. `git clone` of the state's repository agrees with what
// the CLI reports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { canUseTerminal, runOnTerminal } from './terminal.js';

const STACK = /\n\s+at /;

type Run = (args: string[], options?: { input?: string; env?: Record<string, string> }) => Promise<{ exitCode?: number; stdout: unknown; stderr: unknown }>;

/** A failed command: its exit code, one error line naming `text`, nothing on stdout, no stack. */
async function expectExit(run: Run, args: string[], code: number, text: string, env: Record<string, string> = {}): Promise<void> {
  const res = await run(args, { env });
  expect(res.exitCode, `hostctl ${args.join(' ')}: ${String(res.stderr)}`).toBe(code);
  expect(String(res.stdout)).toBe('');
  expect(String(res.stderr)).toContain(text);
  expect(String(res.stderr)).not.toMatch(STACK);
}

const GIT_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };
const git = (args: string[]): string => execFileSync('git', args, { env: GIT_ENV, encoding: 'utf8' });

/** The one project repository of a state directory. */
function onlyRepository(stateDir: string): string {
  const storage = join(stateDir, 'storages', 'default', '@projects');
  return join(storage, readdirSync(storage).find((f) => f.endsWith('.git')) as string);
}

interface CloneView {
  branches: string[];
  tags: string[];
  files: (path: string) => string | null;
  head: string;
}

/** Clones a bare repository and reads back its branches (`name sha`), tags (`name target`) and files. */
function cloneView(repo: string): CloneView {
  const root = mkdtempSync(join(tmpdir(), 'hostctl-e2e-clone-'));
  const dir = join(root, 'clone');
  try {
    git(['clone', '--quiet', '--no-local', repo, dir]);
    const lines = (text: string) => text.split('\n').filter(Boolean);
    const branches = lines(git(['-C', dir, 'for-each-ref', '--format=%(refname:lstrip=3) %(objectname)', 'refs/remotes/origin/'])).filter((l) => !l.startsWith('HEAD '));
    const tags = lines(git(['-C', dir, 'for-each-ref', '--format=%(refname:lstrip=2) %(objectname)', 'refs/tags/']));
    const head = git(['-C', dir, 'rev-parse', 'HEAD']).trim();
    const paths = git(['-C', dir, 'ls-files', '-z']).split('\0').filter(Boolean);
    const contents = new Map(paths.map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
    return { branches: branches.sort(), tags: tags.sort(), files: (path) => contents.get(path) ?? null, head };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

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

  it('commits get shows one commit by SHA, short SHA, branch or tag; unknown ones exit 3', async () => {
    const [tip] = await json<{ id: string; short_id: string; title: string }[]>(['commits', 'list', '-R', 'root/web', '--per-page', '1']);
    for (const ref of [tip?.id as string, tip?.short_id as string, 'main', 'v1.0']) {
      const one = await json<{ id: string; title: string; stats?: unknown; project_id: number }>(['commits', 'get', ref, '-R', 'root/web']);
      expect(one).toMatchObject({ id: tip?.id, title: 'More', stats: { additions: 1, deletions: 0, total: 1 } });
    }
    expect(await json<Record<string, unknown>>(['commits', 'get', 'main', '-R', 'root/web', '--no-stats'])).not.toHaveProperty('stats');
    expect(await run(['commits', 'get', 'main', '-R', 'root/web'])).toContain('More');
    await expectExit(box.run, ['commits', 'get', 'f'.repeat(40), '-R', 'root/web'], 3, '404 Commit Not Found');
    // A SHA that reads as an option reaches the API as a name, and names nothing.
    await expectExit(box.run, ['commits', 'get', '-R', 'root/web', '--', '--output=/tmp/x'], 3, '404 Commit Not Found');
    await expectExit(box.run, ['commits', 'get', '-R', 'root/web'], 2, 'missing');
    await expectExit(box.run, ['commits', 'get', 'main', '-R', 'nobody/nothing'], 3, '404 Project Not Found');
  });

  it('commits create updates, deletes, starts branches, and refuses with exit codes', async () => {
    const file = join(box.dir, 'more.txt');
    writeFileSync(file, 'more, changed\n');
    const update = await json<{ id: string; stats: { additions: number; deletions: number } }>([
      'commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'Change more', '--add', `${file}=more.txt`,
    ]);
    expect(update.stats).toMatchObject({ additions: 1, deletions: 1 });
    const removal = await json<{ id: string; stats: { additions: number; deletions: number } }>([
      'commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'Drop more', '--delete', 'more.txt',
    ]);
    expect(removal.stats).toMatchObject({ additions: 0, deletions: 1 });
    expect((await json<{ id: string }[]>(['commits', 'list', '-R', 'root/web', '--path', 'more.txt'])).map((c) => c.id)[0]).toBe(removal.id);
    const topic = await json<{ id: string; parent_ids: string[]; author_name: string }>([
      'commits', 'create', '-R', 'root/web', '--branch', 'topic/cli', '--start-branch', 'main', '-m', 'Topic',
      '--add', `${file}=topic/more.txt`, '--author-name', 'Ada Lovelace', '--author-email', 'ada@example.com',
    ]);
    expect(topic).toMatchObject({ parent_ids: [removal.id], author_name: 'Ada Lovelace' });
    expect((await json<{ commit: { id: string } }>(['branches', 'get', 'topic/cli', '-R', 'root/web'])).commit.id).toBe(topic.id);
    expect((await json<{ id: string }[]>(['commits', 'list', '-R', 'root/web', '--ref', 'topic/cli', '--path', 'topic'])).map((c) => c.id)).toEqual([topic.id]);
    expect(await json<unknown[]>(['commits', 'list', '-R', 'root/web', '--ref', 'main', '--since', '2027-01-01'])).toEqual([]);

    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'x', '--delete', 'missing.txt'], 5, "A file with this name doesn't exist");
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'x', '--add', `${file}=../escape.txt`], 5, 'Path cannot include directory traversal');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'nowhere', '-m', 'x', '--add', file], 5, 'You can only create or edit files when you are on a branch');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'a..b', '--start-branch', 'main', '-m', 'x', '--add', file], 5, 'Branch name is invalid');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '-m', 'x', '--add', file], 2, '--branch');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'main', '--add', file], 2, '--message');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'x'], 2, 'nothing to commit');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'main', '-m', 'x', '--add', join(box.dir, 'absent.txt')], 2, 'no such file');
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'b', '--start-branch', 'main', '--start-sha', 'abc', '-m', 'x', '--add', file], 2, 'exclude each other');
    await expectExit(box.run, ['commits', 'list', '-R', 'root/web', '--since', 'yesterday'], 2, '--since');
  });

  it('branches list filters and sorts; create, get and delete refuse with exit codes', async () => {
    const names = async (extra: string[]) => (await json<{ name: string }[]>(['branches', 'list', '-R', 'root/web', ...extra])).map((b) => b.name);
    expect(await names(['--search', '^topic'])).toEqual(['topic/cli']);
    expect(await names(['--regex', '^(main|release/.*)$'])).toEqual(['main', 'release/1.0']);
    // Every commit carries the same (fake) time, so update order falls back to names.
    expect(await names(['--sort', 'updated_desc'])).toEqual(['main', 'release/1.0', 'topic/cli']);
    const fields = await json<Record<string, unknown>[]>(['branches', 'list', '-R', 'root/web', '--fields', 'name,merged']);
    expect(fields).toEqual([
      { name: 'main', merged: false },
      // main moved on after release/1.0 was made from it.
      { name: 'release/1.0', merged: true },
      { name: 'topic/cli', merged: false },
    ]);
    await expectExit(box.run, ['branches', 'list', '-R', 'root/web', '--sort', 'size'], 2, '--sort');
    await expectExit(box.run, ['branches', 'list', '-R', 'root/web', '--regex', '('], 5, 'regex is invalid');

    await expectExit(box.run, ['branches', 'create', 'topic/cli', '--ref', 'main', '-R', 'root/web'], 5, 'Branch already exists');
    await expectExit(box.run, ['branches', 'create', 'from-nothing', '--ref', 'nope', '-R', 'root/web'], 5, "invalid reference name 'nope'");
    await expectExit(box.run, ['branches', 'create', 'a..b', '--ref', 'main', '-R', 'root/web'], 5, 'Branch name is invalid');
    await expectExit(box.run, ['branches', 'create', 'topic', '--ref', 'main', '-R', 'root/web'], 5, 'Branch name conflicts with existing branch hierarchy');
    await expectExit(box.run, ['branches', 'create', 'no-ref', '-R', 'root/web'], 2, '--ref');
    await expectExit(box.run, ['branches', 'create', 'no-project', '--ref', 'main'], 2, '--project');

    await expectExit(box.run, ['branches', 'get', 'a..b', '-R', 'root/web'], 5, 'The branch refname is invalid');
    await expectExit(box.run, ['branches', 'get', 'missing', '-R', 'root/web'], 3, '404 Branch Not Found');
    await expectExit(box.run, ['branches', 'delete', 'main', '-R', 'root/web', '--yes'], 5, 'The default branch of a project cannot be deleted.');
    await expectExit(box.run, ['branches', 'delete', 'missing', '-R', 'root/web', '--yes'], 3, '404 Branch Not Found');
    await expectExit(box.run, ['branches', 'delete-merged', '-R', 'root/web'], 2, '--yes');
    // Nothing was asked, so nothing was deleted.
    expect(await names([])).toEqual(['main', 'release/1.0', 'topic/cli']);
  });

  it('protect and unprotect branches and wildcards, with exit codes', async () => {
    const rule = await json<{ name: string; push_access_levels: { access_level: number }[]; merge_access_levels: { access_level: number }[] }>([
      'branches', 'protect', 'hotfix/*', '-R', 'root/web', '--push', 'developer', '--merge', 'no-one',
    ]);
    expect(rule).toMatchObject({ name: 'hotfix/*', push_access_levels: [{ access_level: 30 }], merge_access_levels: [{ access_level: 0 }] });
    await run(['branches', 'create', 'hotfix/1', '--ref', 'main', '-R', 'root/web']);
    expect(await json<Record<string, unknown>>(['branches', 'get', 'hotfix/1', '-R', 'root/web'])).toMatchObject({
      protected: true,
      developers_can_push: true,
      developers_can_merge: false,
    });
    await expectExit(box.run, ['branches', 'protect', 'hotfix/*', '-R', 'root/web'], 5, "Protected branch 'hotfix/*' already exists");
    await expectExit(box.run, ['branches', 'protect', 'other', '-R', 'root/web', '--push', 'everyone'], 2, '--push');

    const unprotected = await box.run(['branches', 'unprotect', 'hotfix/*', '-R', 'root/web', '--yes']);
    expect(unprotected.exitCode, String(unprotected.stderr)).toBe(0);
    expect(String(unprotected.stderr)).toContain('unprotected hotfix/*');
    expect((await json<{ protected: boolean }>(['branches', 'get', 'hotfix/1', '-R', 'root/web'])).protected).toBe(false);
    // A repeat succeeds saying so, and asks nothing.
    await expectExit(box.run, ['branches', 'unprotect', 'hotfix/*', '-R', 'root/web'], 0, 'branch hotfix/* is already unprotected; nothing to do');
    await expectExit(box.run, ['branches', 'unprotect', '-R', 'root/web'], 2, 'missing');
    // The default branch's own protection can go as well; then it is an ordinary branch.
    await run(['branches', 'unprotect', 'main', '-R', 'root/web', '--yes']);
    expect((await json<{ protected: boolean; default: boolean }>(['branches', 'get', 'main', '-R', 'root/web']))).toMatchObject({ protected: false, default: true });
    await run(['branches', 'protect', 'main', '-R', 'root/web']);
    await run(['branches', 'delete', 'hotfix/1', '-R', 'root/web', '--yes']);
  });

  it('tags list, create and delete, with exit codes', async () => {
    await run(['tags', 'create', 'v1.1', '--ref', 'topic/cli', '-R', 'root/web']);
    const names = async (extra: string[]) => (await json<{ name: string }[]>(['tags', 'list', '-R', 'root/web', ...extra])).map((t) => t.name);
    expect(await names(['--order-by', 'name', '--sort', 'asc'])).toEqual(['v1.0', 'v1.1']);
    expect(await names(['--order-by', 'version', '--sort', 'desc'])).toEqual(['v1.1', 'v1.0']);
    expect(await names(['--search', '1$'])).toEqual(['v1.1']);
    const light = await json<{ message: string | null; target: string; commit: { id: string } }>(['tags', 'get', 'v1.1', '-R', 'root/web']);
    expect(light.message).toBeNull();
    expect(light.target).toBe(light.commit.id);
    await expectExit(box.run, ['tags', 'list', '-R', 'root/web', '--order-by', 'size'], 2, '--order-by');
    await expectExit(box.run, ['tags', 'create', 'v1.0', '--ref', 'main', '-R', 'root/web'], 5, 'Tag v1.0 already exists');
    await expectExit(box.run, ['tags', 'create', 'bad name', '--ref', 'main', '-R', 'root/web'], 5, 'Tag name invalid');
    await expectExit(box.run, ['tags', 'create', 'v9', '--ref', 'nope', '-R', 'root/web'], 5, 'Target nope is invalid');
    await expectExit(box.run, ['tags', 'create', 'v9', '-R', 'root/web'], 2, '--ref');

    await expectExit(box.run, ['tags', 'delete', 'v1.1', '-R', 'root/web'], 2, '--yes');
    const deleted = await box.run(['tags', 'delete', 'v1.1', '-R', 'root/web', '--yes']);
    expect(deleted.exitCode, String(deleted.stderr)).toBe(0);
    expect(String(deleted.stderr)).toContain('deleted tag v1.1');
    await expectExit(box.run, ['tags', 'get', 'v1.1', '-R', 'root/web'], 3, '404 Tag Not Found');
    await expectExit(box.run, ['tags', 'delete', 'v1.1', '-R', 'root/web', '--yes'], 3, '404 Tag Not Found');
    expect(await names([])).toEqual(['v1.0']);
  });

  it.skipIf(!canUseTerminal)('branches delete and delete-merged ask on a terminal', async () => {
    await run(['branches', 'create', 'ask-me', '--ref', 'main', '-R', 'root/web']);
    const declined = await runOnTerminal(box, ['branches', 'delete', 'ask-me', '-R', 'root/web'], { input: 'n\r' });
    expect(declined.output).toContain('Delete branch ask-me?');
    expect(declined.exitCode).toBe(2);
    expect(declined.output).toContain('cancelled');
    expect((await json<{ name: string }>(['branches', 'get', 'ask-me', '-R', 'root/web'])).name).toBe('ask-me');
    const accepted = await runOnTerminal(box, ['branches', 'delete', 'ask-me', '-R', 'root/web'], { input: 'y\r' });
    expect(accepted.exitCode, accepted.output).toBe(0);
    expect(accepted.output).toContain('deleted branch ask-me');
    await expectExit(box.run, ['branches', 'get', 'ask-me', '-R', 'root/web'], 3, '404 Branch Not Found');

    const merged = await runOnTerminal(box, ['branches', 'delete-merged', '-R', 'root/web'], { input: 'n\r' });
    expect(merged.output).toContain('merged into its default branch?');
    expect(merged.exitCode).toBe(2);
  });

  it('refuses every write while the repository is read-only', async () => {
    const db = new Database(join(box.stateDir, 'state.db'));
    const readOnly = 'The repository is temporarily read-only. Please try again later.';
    const file = join(box.dir, 'ro.txt');
    writeFileSync(file, 'ro\n');
    db.prepare('UPDATE projects SET repository_read_only = 1').run();
    try {
      await expectExit(box.run, ['branches', 'create', 'ro', '--ref', 'main', '-R', 'root/web'], 5, readOnly);
      await expectExit(box.run, ['branches', 'delete', 'topic/cli', '-R', 'root/web', '--yes'], 5, readOnly);
      await expectExit(box.run, ['branches', 'delete-merged', '-R', 'root/web', '--yes'], 5, readOnly);
      await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'topic/cli', '-m', 'x', '--add', file], 5, readOnly);
      await expectExit(box.run, ['tags', 'create', 'ro', '--ref', 'main', '-R', 'root/web'], 5, readOnly);
      await expectExit(box.run, ['tags', 'delete', 'v1.0', '-R', 'root/web', '--yes'], 5, readOnly);
      // Reads still answer.
      expect((await json<{ name: string }[]>(['branches', 'list', '-R', 'root/web'])).map((b) => b.name)).toEqual(['main', 'release/1.0', 'topic/cli']);
      expect((await json<{ name: string }[]>(['tags', 'list', '-R', 'root/web'])).map((t) => t.name)).toEqual(['v1.0']);
    } finally {
      db.prepare('UPDATE projects SET repository_read_only = 0').run();
      db.close();
    }
  });

  it('refuses writes below Developer with exit code 4', async () => {
    const created = JSON.parse(
      await run(['api', 'users', '-f', 'username=rita', '-f', 'name=Rita Reporter', '-f', 'email=rita@example.com', '-f', 'password=correct-horse-battery']),
    ) as { id: number };
    await run(['api', 'projects/root%2Fweb/members', '-f', `user_id=${created.id}`, '-f', 'access_level=20']);
    const { token } = JSON.parse(await run(['api', `users/${created.id}/personal_access_tokens`, '-f', 'name=cli', '-f', 'scopes[]=api'])) as { token: string };
    const env = { HOSTCTL_TOKEN: token };
    const file = join(box.dir, 'rita.txt');
    writeFileSync(file, 'rita\n');
    const asRita = (args: string[]) => box.run(args, { env });
    expect((await asRita(['branches', 'list', '-R', 'root/web', '-o', 'json'])).exitCode).toBe(0);
    await expectExit(box.run, ['branches', 'create', 'rita', '--ref', 'main', '-R', 'root/web'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['branches', 'delete', 'topic/cli', '-R', 'root/web', '--yes'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['branches', 'delete-merged', '-R', 'root/web', '--yes'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['branches', 'protect', 'rita/*', '-R', 'root/web'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['branches', 'unprotect', 'main', '-R', 'root/web', '--yes'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['commits', 'create', '-R', 'root/web', '--branch', 'topic/cli', '-m', 'x', '--add', file], 4, '403 Forbidden', env);
    await expectExit(box.run, ['tags', 'create', 'rita', '--ref', 'main', '-R', 'root/web'], 4, '403 Forbidden', env);
    await expectExit(box.run, ['tags', 'delete', 'v1.0', '-R', 'root/web', '--yes'], 4, '403 Forbidden', env);
  });

  it('a clone of the repository shows exactly the branches, tags and files the CLI reports', async () => {
    const branches = await json<{ name: string; commit: { id: string } }[]>(['branches', 'list', '-R', 'root/web', '--all']);
    const tags = await json<{ name: string; target: string }[]>(['tags', 'list', '-R', 'root/web', '--all']);
    const view = cloneView(onlyRepository(box.stateDir));
    expect(view.branches).toEqual(branches.map((b) => `${b.name} ${b.commit.id}`).sort());
    expect(view.tags).toEqual(tags.map((t) => `${t.name} ${t.target}`).sort());
    expect(view.head).toBe(branches.find((b) => b.name === 'main')?.commit.id);
    expect(view.files('more.txt')).toBeNull();
    // A file added from outside the working directory lands at the top under its own name.
    expect(view.files('app.js')).toBe('console.log("hi");\n');
    expect(view.files('docs/notes.txt')).toBe('ünïcode notes\n');
  });
});

describe('branches, commits and tags through hostctl serve', () => {
  let box: CliSandbox;
  let token: string;
  let server: ResultPromise;
  let url = '';

  const remote: Run = (args, options = {}) => box.run([...args, '--url', url], { ...options, env: { HOSTCTL_TOKEN: token, ...(options.env ?? {}) } });
  const remoteJson = async <T>(args: string[]): Promise<T> => {
    const res = await remote([...args, '-o', 'json']);
    expect(res.exitCode, `${args.join(' ')}: ${String(res.stderr)}`).toBe(0);
    return JSON.parse(String(res.stdout)) as T;
  };

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    expect((await box.run(['projects', 'create', '--name', 'served', '--readme'])).exitCode).toBe(0);
    const served = await startServe(box);
    server = served.proc;
    url = served.url;
  });
  afterAll(async () => {
    if (server.exitCode === undefined || server.exitCode === null) server.kill('SIGKILL');
    await server.catch(() => undefined);
    box.cleanup();
  });

  it('every verb works against the server and answers what the local state answers', async () => {
    const file = join(box.dir, 'served.txt');
    writeFileSync(file, 'served\n');
    const commit = await remoteJson<{ id: string }>(['commits', 'create', '-R', 'root/served', '--branch', 'main', '-m', 'Served commit', '--add', `${file}=served.txt`]);
    await remoteJson(['branches', 'create', 'feature/ünï.code', '--ref', 'main', '-R', 'root/served']);
    await remoteJson(['branches', 'create', 'doomed', '--ref', 'main', '-R', 'root/served']);
    await remoteJson(['branches', 'protect', 'release/*', '-R', 'root/served', '--push', 'developer']);
    await remoteJson(['branches', 'create', 'release/1', '--ref', 'main', '-R', 'root/served']);
    await remoteJson(['tags', 'create', 'v1', '--ref', 'main', '-R', 'root/served', '--message', 'One']);
    await remoteJson(['tags', 'create', 'gone', '--ref', 'main', '-R', 'root/served']);
    expect((await remote(['branches', 'delete', 'doomed', '-R', 'root/served', '--yes'])).exitCode).toBe(0);
    expect((await remote(['tags', 'delete', 'gone', '-R', 'root/served', '--yes'])).exitCode).toBe(0);
    expect((await remote(['branches', 'unprotect', 'release/*', '-R', 'root/served', '--yes'])).exitCode).toBe(0);

    for (const args of [
      ['branches', 'list', '-R', 'root/served', '-o', 'json'],
      ['branches', 'get', 'feature/ünï.code', '-R', 'root/served', '-o', 'json'],
      ['commits', 'list', '-R', 'root/served', '-o', 'json'],
      ['commits', 'get', commit.id, '-R', 'root/served', '-o', 'json'],
      ['tags', 'list', '-R', 'root/served', '-o', 'json'],
      ['tags', 'get', 'v1', '-R', 'root/served', '-o', 'json'],
    ]) {
      const local = await box.run(args);
      const far = await remote(args);
      expect(local.exitCode, String(local.stderr)).toBe(0);
      expect(far.exitCode, String(far.stderr)).toBe(0);
      // While serve runs, local commands build web URLs from its address too: the same answers.
      expect(far.stdout).toBe(local.stdout);
    }

    await expectExit(remote, ['branches', 'get', 'doomed', '-R', 'root/served'], 3, '404 Branch Not Found');
    await expectExit(remote, ['branches', 'create', 'x', '--ref', 'nope', '-R', 'root/served'], 5, "invalid reference name 'nope'");
    await expectExit(remote, ['tags', 'create', 'v1', '--ref', 'main', '-R', 'root/served'], 5, 'Tag v1 already exists');
    await expectExit(remote, ['branches', 'delete', 'main', '-R', 'root/served', '--yes'], 5, 'The default branch of a project cannot be deleted.');
    await expectExit(remote, ['branches', 'list', '-R', 'root/served'], 4, '401', { HOSTCTL_TOKEN: 'hpat-wrong-token-000000000000' });

    // The existence check of a branch answers over HTTP without a body.
    const head = await fetch(`${url}/api/v4/projects/root%2Fserved/repository/branches/${encodeURIComponent('feature/ünï.code')}`, { method: 'HEAD', headers: { 'private-token': token } });
    expect(head.status).toBe(204);
    const missing = await fetch(`${url}/api/v4/projects/root%2Fserved/repository/branches/doomed`, { method: 'HEAD', headers: { 'private-token': token } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');

    const branches = await remoteJson<{ name: string; commit: { id: string } }[]>(['branches', 'list', '-R', 'root/served']);
    expect(branches.map((b) => b.name)).toEqual(['feature/ünï.code', 'main', 'release/1']);
    const view = cloneView(onlyRepository(box.stateDir));
    expect(view.branches).toEqual(branches.map((b) => `${b.name} ${b.commit.id}`).sort());
    expect(view.tags.map((t) => t.split(' ')[0])).toEqual(['v1']);
    expect(view.head).toBe(commit.id);
    expect(view.files('served.txt')).toBe('served\n');
  });
});

describe('repository history of the demo data', () => {
  let box: CliSandbox;
  const json = <T>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('has branches (merged, unmerged, protected), tags and history, and the repository on disk agrees', async () => {
    type Branch = { name: string; merged: boolean; protected: boolean; default: boolean; commit: { id: string } };
    const branches = await json<Branch[]>(['branches', 'list', '-R', 'acme/platform/api-gateway']);
    const by = (name: string) => branches.find((b) => b.name === name);
    expect(by('main')).toMatchObject({ default: true, protected: true, merged: false });
    expect(by('chore/readme-badges')).toMatchObject({ merged: true, protected: false });
    expect(by('feature/request-ids')).toMatchObject({ merged: false, protected: false });
    expect(by('release/0.2')).toMatchObject({ protected: true });
    const tags = await json<{ name: string; message: string | null; target: string }[]>(['tags', 'list', '-R', 'acme/platform/api-gateway', '--order-by', 'version', '--sort', 'asc']);
    // The releases of the demo add their own tags; the version tags are the repository's.
    expect(tags.filter((t) => t.name.startsWith('v')).map((t) => [t.name, t.message !== null])).toEqual([
      ['v0.1.0', false],
      ['v0.2.0', true],
      ['v0.2.1', true],
    ]);
    const history = await json<{ title: string; author_name: string }[]>(['commits', 'list', '-R', 'acme/platform/api-gateway', '--all']);
    expect(history.length).toBeGreaterThanOrEqual(3);
    expect(new Set(history.map((c) => c.author_name)).size).toBeGreaterThan(1);

    const projects = await json<{ id: number; path_with_namespace: string }[]>(['projects', 'list', '--all']);
    const gateway = projects.find((p) => p.path_with_namespace === 'acme/platform/api-gateway') as { id: number };
    const view = cloneView(join(box.stateDir, 'storages', 'default', '@projects', `${gateway.id}.git`));
    expect(view.branches).toEqual(branches.map((b) => `${b.name} ${b.commit.id}`).sort());
    expect(view.tags).toEqual(tags.map((t) => `${t.name} ${t.target}`).sort());
    expect(view.head).toBe(by('main')?.commit.id);
  });
});
