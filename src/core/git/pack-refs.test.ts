import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LOOSE_IN_PROCESS, packRefs } from './pack-refs.js';
import { RefReader } from './refs.js';

const dir = mkdtempSync(join(tmpdir(), 'pack-refs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (gitDir: string) => ({ PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_DIR: gitDir, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' });
function git(gitDir: string, args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync('git', args, { env: env(gitDir), input, encoding: 'utf8' });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** Every ref with its value and, for annotated tags, the commit it peels to — as git sees them. */
const gitRefs = (gitDir: string): string => git(gitDir, ['show-ref', '-d']).stdout;

/** The loose ref files under refs/ (lock files aside). */
function looseFiles(root: string, rel = 'refs'): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const name = `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...looseFiles(root, name));
    else if (!e.name.endsWith('.lock')) out.push(name);
  }
  return out;
}

/** A bare repository with `n` commits; returns its path and the commits. */
function repository(name: string, n = 4): { gitDir: string; commits: string[] } {
  const gitDir = join(dir, name);
  expect(git(gitDir, ['init', '--bare', '--quiet', '--initial-branch=main']).status).toBe(0);
  const commits: string[] = [];
  let parent: string | null = null;
  for (let i = 0; i < n; i++) {
    const tree = git(gitDir, ['mktree'], '').stdout.trim();
    const commit: string = git(gitDir, ['commit-tree', tree, '-m', `c${i}`, ...(parent ? ['-p', parent] : [])]).stdout.trim();
    commits.push(commit);
    parent = commit;
  }
  return { gitDir, commits };
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('packRefs', () => {
  it('changes no ref git or the reader sees, keeps peeled tags right, and leaves no loose ref behind, through every mix of writes and packs', () => {
    const { gitDir, commits } = repository('mixed.git');
    let seed = '';
    for (let i = 0; i < 200; i++) seed += `create refs/heads/seed/${String(i).padStart(3, '0')} ${commits[i % 4]}\ncreate refs/tags/t${i} ${commits[(i + 1) % 4]}\n`;
    expect(git(gitDir, ['update-ref', '--stdin'], seed).status).toBe(0);
    // Annotated tags, packed by git with their peeled lines.
    for (let i = 0; i < 3; i++) expect(git(gitDir, ['tag', '-a', `annotated-${i}`, '-m', `tag ${i}`, commits[i] as string]).status).toBe(0);
    expect(git(gitDir, ['pack-refs', '--all']).status).toBe(0);

    const reader = new RefReader(gitDir);
    const next = random(11);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const names = ['refs/heads/a', 'refs/heads/b/c', 'refs/heads/b/d', 'refs/heads/seed/010', 'refs/heads/seed/199', 'refs/heads/Ä', 'refs/tags/t5', 'refs/tags/new', 'refs/tags/x/y', 'refs/tags/annotated-1'];
    for (let step = 0; step < 30; step++) {
      const ops = 1 + Math.floor(next() * 4);
      for (let k = 0; k < ops; k++) {
        const roll = next();
        const name = pick(names);
        if (roll < 0.1) git(gitDir, ['pack-refs', '--all']);
        else if (roll < 0.25) git(gitDir, ['update-ref', '-d', name]);
        else if (roll < 0.35 && name.startsWith('refs/tags/')) git(gitDir, ['tag', '-f', '-a', name.slice('refs/tags/'.length), '-m', `step ${step}`, pick(commits)]);
        else if (roll < 0.6) git(gitDir, ['update-ref', name, pick(commits)]);
        else reader.write(name, pick(commits), reader.get(name) ?? '0'.repeat(40));
      }
      const before = gitRefs(gitDir);
      expect(packRefs(gitDir)).toBe('packed');
      expect([step, gitRefs(gitDir)]).toEqual([step, before]);
      expect([step, looseFiles(gitDir)]).toEqual([step, []]);
      for (const prefix of ['refs/heads/', 'refs/tags/']) {
        const listed = git(gitDir, ['for-each-ref', '--format=%(refname) %(objectname)', prefix]).stdout.split('\n').filter((l) => l !== '').map((l) => l.split(' '));
        expect([step, reader.list(prefix)]).toEqual([step, listed]);
      }
    }
    // git reads the file as its own: it packs it again without a complaint, and nothing moves.
    const before = gitRefs(gitDir);
    const res = git(gitDir, ['pack-refs', '--all']);
    expect([res.status, res.stderr]).toEqual([0, '']);
    expect(gitRefs(gitDir)).toBe(before);
  });

  it('writes the refs sorted by name, and removes the directories it emptied', () => {
    const { gitDir, commits } = repository('sorted.git');
    const reader = new RefReader(gitDir);
    for (const name of ['refs/heads/z', 'refs/heads/deep/a/b', 'refs/heads/a', 'refs/tags/v1', 'refs/heads/deep/a/c']) reader.write(name, commits[0] as string, '0'.repeat(40));
    expect(packRefs(gitDir)).toBe('packed');
    const lines = readFileSync(join(gitDir, 'packed-refs'), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(lines.map((l) => l.slice(41))).toEqual(['refs/heads/a', 'refs/heads/deep/a/b', 'refs/heads/deep/a/c', 'refs/heads/z', 'refs/tags/v1']);
    expect(existsSync(join(gitDir, 'refs', 'heads', 'deep'))).toBe(false);
    expect(existsSync(join(gitDir, 'refs', 'heads'))).toBe(true);
    // Once the refs below it are deleted, the name of an emptied directory can be a ref again.
    expect(git(gitDir, ['update-ref', '--stdin'], 'delete refs/heads/deep/a/b\ndelete refs/heads/deep/a/c\n').status).toBe(0);
    expect(reader.write('refs/heads/deep', commits[1] as string, '0'.repeat(40))).toBe('ok');
    expect(git(gitDir, ['rev-parse', 'refs/heads/deep']).stdout.trim()).toBe(commits[1]);
  });

  it('leaves a ref whose lock another writer holds loose, at the value that writer left', () => {
    const { gitDir, commits } = repository('locked.git');
    const reader = new RefReader(gitDir);
    reader.write('refs/heads/free', commits[0] as string, '0'.repeat(40));
    reader.write('refs/heads/held', commits[0] as string, '0'.repeat(40));
    writeFileSync(join(gitDir, 'refs', 'heads', 'held.lock'), `${commits[1]}\n`);
    expect(packRefs(gitDir)).toBe('packed');
    expect(looseFiles(gitDir)).toEqual(['refs/heads/held']);
    expect(existsSync(join(gitDir, 'refs', 'heads', 'held.lock'))).toBe(true);
    rmSync(join(gitDir, 'refs', 'heads', 'held.lock'));
    expect(git(gitDir, ['rev-parse', 'refs/heads/free', 'refs/heads/held']).stdout.trim().split('\n')).toEqual([commits[0], commits[0]]);
  });

  it('answers busy and touches nothing while another writer holds packed-refs.lock', () => {
    const { gitDir, commits } = repository('busy.git');
    const reader = new RefReader(gitDir);
    reader.write('refs/heads/x', commits[0] as string, '0'.repeat(40));
    writeFileSync(join(gitDir, 'packed-refs.lock'), 'theirs');
    expect(packRefs(gitDir)).toBe('busy');
    expect(readFileSync(join(gitDir, 'packed-refs.lock'), 'utf8')).toBe('theirs');
    expect(looseFiles(gitDir)).toEqual(['refs/heads/x']);
  });

  it('leaves a batch larger than it packs itself to git, unchanged', () => {
    const { gitDir, commits } = repository('large.git');
    const reader = new RefReader(gitDir);
    for (let i = 0; i <= MAX_LOOSE_IN_PROCESS; i++) reader.write(`refs/tags/t${i}`, commits[0] as string, '0'.repeat(40));
    expect(packRefs(gitDir)).toBe('fallback');
    expect(existsSync(join(gitDir, 'packed-refs.lock'))).toBe(false);
    expect(existsSync(join(gitDir, 'packed-refs'))).toBe(false);
    expect(looseFiles(gitDir)).toHaveLength(MAX_LOOSE_IN_PROCESS + 1);
  });

  it('leaves a repository with a symbolic or unreadable ref to git, unchanged', () => {
    const { gitDir, commits } = repository('symbolic.git');
    const reader = new RefReader(gitDir);
    reader.write('refs/heads/x', commits[0] as string, '0'.repeat(40));
    mkdirSync(join(gitDir, 'refs', 'remotes', 'origin'), { recursive: true });
    writeFileSync(join(gitDir, 'refs', 'remotes', 'origin', 'HEAD'), 'ref: refs/heads/x\n');
    expect(packRefs(gitDir)).toBe('fallback');
    expect(existsSync(join(gitDir, 'packed-refs.lock'))).toBe(false);
    expect(looseFiles(gitDir).sort()).toEqual(['refs/heads/x', 'refs/remotes/origin/HEAD']);
    rmSync(join(gitDir, 'refs', 'remotes'), { recursive: true });
    writeFileSync(join(gitDir, 'refs', 'heads', 'broken'), 'not an id\n');
    expect(packRefs(gitDir)).toBe('fallback');
    expect(looseFiles(gitDir).sort()).toEqual(['refs/heads/broken', 'refs/heads/x']);
  });
});
