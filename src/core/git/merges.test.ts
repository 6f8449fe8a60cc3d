import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from './repository.js';

const dir = mkdtempSync(join(tmpdir(), 'merges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function treeOf(repo: GitRepository, files: Record<string, string>, base: string | null = null): Promise<string> {
  const paths = Object.keys(files);
  const blobs = await repo.writeBlobs(paths.map((p) => Buffer.from(files[p] as string)));
  return repo.writeTree(base, paths.map((path, i) => ({ path, mode: '100644', sha: blobs[i] as string })));
}

async function contentAt(repo: GitRepository, tree: string, path: string): Promise<string | undefined> {
  const who = { name: 't', email: 't@example.com', time: new Date(0) };
  const commit = await repo.commitTree(tree, [], 'probe', who, who);
  const entry = (await repo.listTree(commit)).get(path);
  if (!entry) return undefined;
  return (await repo.readObjects([entry.sha])).get(entry.sha)?.data.toString('utf8');
}

describe('mergeTrees', () => {
  it('replays the change from base to theirs onto ours when they touch different lines', async () => {
    const repo = new GitRepository(join(dir, 'clean.git'));
    await repo.init('main');
    const base = await treeOf(repo, { 'a.txt': '1\n2\n3\n4\n5\n', 'b.txt': 'b\n' });
    const ours = await treeOf(repo, { 'a.txt': 'one\n2\n3\n4\n5\n' }, base);
    const theirs = await treeOf(repo, { 'a.txt': '1\n2\n3\n4\nfive\n', 'c.txt': 'c\n' }, base);
    const merged = await repo.mergeTrees(base, ours, theirs);
    expect(merged.clean).toBe(true);
    expect(merged.conflicts).toEqual([]);
    expect(await contentAt(repo, merged.tree, 'a.txt')).toBe('one\n2\n3\n4\nfive\n');
    expect(await contentAt(repo, merged.tree, 'c.txt')).toBe('c\n');
    expect(await repo.branches()).toEqual([]);
  });

  it('reverses a change when base and theirs are swapped (a revert)', async () => {
    const repo = new GitRepository(join(dir, 'revert.git'));
    await repo.init('main');
    const before = await treeOf(repo, { 'a.txt': 'old\n', 'keep.txt': 'k\n' });
    const after = await treeOf(repo, { 'a.txt': 'new\n' }, before);
    const later = await treeOf(repo, { 'keep.txt': 'k2\n' }, after);
    const merged = await repo.mergeTrees(after, later, before);
    expect(merged.clean).toBe(true);
    expect(merged.conflicts).toEqual([]);
    expect(await contentAt(repo, merged.tree, 'a.txt')).toBe('old\n');
    expect(await contentAt(repo, merged.tree, 'keep.txt')).toBe('k2\n');
  });

  it('names the paths both sides changed differently', async () => {
    const repo = new GitRepository(join(dir, 'conflict.git'));
    await repo.init('main');
    const base = await treeOf(repo, { 'a.txt': 'x\n', 'b.txt': 'b\n' });
    const ours = await treeOf(repo, { 'a.txt': 'ours\n' }, base);
    const theirs = await treeOf(repo, { 'a.txt': 'theirs\n' }, base);
    const merged = await repo.mergeTrees(base, ours, theirs);
    expect(merged.clean).toBe(false);
    expect(merged.conflicts).toEqual(['a.txt']);
    expect(merged.tree).toMatch(/^[0-9a-f]{40}$/);
  });

  it('merges against an empty base when none is given', async () => {
    const repo = new GitRepository(join(dir, 'empty.git'));
    await repo.init('main');
    const ours = await treeOf(repo, { 'a.txt': 'a\n' });
    const theirs = await treeOf(repo, { 'b.txt': 'b\n' });
    const merged = await repo.mergeTrees(null, ours, theirs);
    expect(merged.clean).toBe(true);
    expect(merged.conflicts).toEqual([]);
    expect(await contentAt(repo, merged.tree, 'b.txt')).toBe('b\n');
    expect(await contentAt(repo, merged.tree, 'a.txt')).toBe('a\n');
  });
});
