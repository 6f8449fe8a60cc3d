import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RefReader } from './refs.js';

const dir = mkdtempSync(join(tmpdir(), 'refs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (gitDir: string) => ({ PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_DIR: gitDir, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' });
function git(gitDir: string, args: string[], input?: string): { status: number | null; stdout: string } {
  const res = spawnSync('git', args, { env: env(gitDir), input, encoding: 'utf8' });
  return { status: res.status, stdout: res.stdout };
}

/** git's own listing of the refs under `prefix`. */
function gitListing(gitDir: string, prefix: string): [string, string][] {
  const out = git(gitDir, ['for-each-ref', '--format=%(refname) %(objectname)', prefix]).stdout;
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(' ') as [string, string]);
}

/** Dates every loose ref file under `rel` a second back: quiet files, which a reader trusts by their stamps. */
function age(gitDir: string, rel: string): void {
  for (const e of readdirSync(join(gitDir, rel), { withFileTypes: true })) {
    const path = join(gitDir, rel, e.name);
    if (e.isDirectory()) age(gitDir, join(rel, e.name));
    else {
      const t = statSync(path).mtimeMs / 1000 - 1;
      utimesSync(path, t, t);
    }
  }
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('RefReader.list', () => {
  it('matches git after every mix of creates, moves, deletes and packs, whether the listing is updated or made again', () => {
    const gitDir = join(dir, 'mixed.git');
    expect(git(gitDir, ['init', '--bare', '--quiet', '--initial-branch=main']).status).toBe(0);
    const commits: string[] = [];
    let parent: string | null = null;
    for (let i = 0; i < 4; i++) {
      const tree = git(gitDir, ['mktree'], '').stdout.trim();
      const commit: string = git(gitDir, ['commit-tree', tree, '-m', `c${i}`, ...(parent ? ['-p', parent] : [])]).stdout.trim();
      commits.push(commit);
      parent = commit;
    }
    // Many packed refs, as a long-lived repository has.
    let seed = '';
    for (let i = 0; i < 300; i++) seed += `create refs/heads/seed/${String(i).padStart(3, '0')} ${commits[i % 4]}\ncreate refs/tags/t${i} ${commits[(i + 1) % 4]}\n`;
    expect(git(gitDir, ['update-ref', '--stdin'], seed).status).toBe(0);
    expect(git(gitDir, ['pack-refs', '--all']).status).toBe(0);

    const reader = new RefReader(gitDir);
    const next = random(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const names = ['refs/heads/a', 'refs/heads/b/c', 'refs/heads/b/d', 'refs/heads/seed/010', 'refs/heads/seed/299', 'refs/heads/zz', 'refs/heads/Ä', 'refs/tags/t5', 'refs/tags/new', 'refs/tags/x/y'];
    for (let step = 0; step < 60; step++) {
      const ops = 1 + Math.floor(next() * 3);
      for (let k = 0; k < ops; k++) {
        const roll = next();
        const name = pick(names);
        if (roll < 0.08) git(gitDir, ['pack-refs', '--all']);
        else if (roll < 0.3) git(gitDir, ['update-ref', '-d', name]);
        else if (roll < 0.6) git(gitDir, ['update-ref', name, pick(commits)]);
        else {
          // The in-process writer, as the core writes refs.
          const current = reader.get(name);
          reader.write(name, pick(commits), current ?? '0'.repeat(40));
        }
      }
      for (const prefix of ['refs/heads/', 'refs/tags/']) expect([step, prefix, reader.list(prefix)]).toEqual([step, prefix, gitListing(gitDir, prefix)]);
    }
  });

  it('answers single refs as git does while loose files are replaced, deleted and packed, young or quiet', () => {
    const gitDir = join(dir, 'single.git');
    expect(git(gitDir, ['init', '--bare', '--quiet', '--initial-branch=main']).status).toBe(0);
    const tree = git(gitDir, ['mktree'], '').stdout.trim();
    const commits = [0, 1, 2].map((i) => git(gitDir, ['commit-tree', tree, '-m', `c${i}`]).stdout.trim());
    const reader = new RefReader(gitDir);
    const next = random(11);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const names = ['refs/heads/main', 'refs/heads/a/b', 'refs/tags/v1', 'refs/tags/v2'];
    for (let step = 0; step < 60; step++) {
      const roll = next();
      const name = pick(names);
      if (roll < 0.1) git(gitDir, ['pack-refs', '--all']);
      else if (roll < 0.25) git(gitDir, ['update-ref', '-d', name]);
      else if (roll < 0.6) git(gitDir, ['update-ref', name, pick(commits)]);
      else reader.write(name, pick(commits), reader.get(name) ?? '0'.repeat(40));
      // Half the steps read files already quiet (kept by their stamps), half files just written.
      if (next() < 0.5) age(gitDir, 'refs');
      const listed = new Map([...gitListing(gitDir, 'refs/heads/'), ...gitListing(gitDir, 'refs/tags/')]);
      for (const n of names) expect([step, n, reader.get(n)]).toEqual([step, n, listed.get(n) ?? null]);
    }
  });

  it('keeps apart the young packed-refs files of two repositories read in turn', () => {
    const repos = ['young-a.git', 'young-b.git'].map((name) => join(dir, name));
    const readers = repos.map((gitDir) => {
      expect(git(gitDir, ['init', '--bare', '--quiet', '--initial-branch=main']).status).toBe(0);
      return new RefReader(gitDir);
    });
    const tree = git(repos[0] as string, ['mktree'], '').stdout.trim();
    const commits = repos.map((gitDir, i) => [0, 1].map((k) => git(gitDir, ['commit-tree', tree, '-m', `r${i} c${k}`]).stdout.trim()));
    for (let step = 0; step < 6; step++) {
      repos.forEach((gitDir, i) => {
        // Each repository's own refs, packed just now (young files, read again on every look-up).
        let input = '';
        for (let k = 0; k <= step + i * 3; k++) input += `update refs/tags/${i}-${k} ${commits[i]?.[(k + step) % 2]}\n`;
        expect(git(gitDir, ['update-ref', '--stdin'], input).status).toBe(0);
        expect(git(gitDir, ['pack-refs', '--all']).status).toBe(0);
      });
      for (let round = 0; round < 2; round++) {
        repos.forEach((gitDir, i) => {
          const listed = new Map(gitListing(gitDir, 'refs/tags/'));
          for (let k = 0; k <= step + i * 3; k++) expect([step, i, k, readers[i]?.get(`refs/tags/${i}-${k}`)]).toEqual([step, i, k, listed.get(`refs/tags/${i}-${k}`)]);
          expect(readers[i]?.get(`refs/tags/${1 - i}-0`)).toBeNull();
        });
      }
    }
  });
});
