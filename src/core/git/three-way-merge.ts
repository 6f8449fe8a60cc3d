// A three-way merge of trees with an explicit base, without a work tree: what reverting and
// cherry-picking a commit onto a branch need. `git merge-tree --write-tree` (git >= 2.38) merges
// two commits over their merge base, but takes no base of its own before git 2.40; so the three
// trees are wrapped in throw-away commits whose only common ancestor is the base. They are never
// referenced and go with git's own pruning.
import { runGit } from './exec.js';
import { commitText, writeObject } from './object-writer.js';
import type { Signature } from './repository.js';

export type MergeOutcome = { tree: string } | { conflict: true };

const FIXED: Signature = { name: 'merge', email: 'merge@localhost', time: new Date(0) };

async function wrap(gitDir: string, tree: string, parents: string[]): Promise<string> {
  return writeObject(gitDir, 'commit', Buffer.from(commitText(tree, parents, 'merge\n', FIXED, FIXED), 'utf8'));
}

/** Merges `theirs` into `ours` (tree ids) as changes made since `base` (a tree id). */
export async function mergeTrees(gitDir: string, base: string, ours: string, theirs: string): Promise<MergeOutcome> {
  const root = await wrap(gitDir, base, []);
  const [a, b] = await Promise.all([wrap(gitDir, ours, [root]), wrap(gitDir, theirs, [root])]);
  const res = await runGit(gitDir, ['merge-tree', '--write-tree', '--no-messages', a, b], { okCodes: [1] });
  if (res.code === 1) return { conflict: true };
  const tree = res.stdout.toString('utf8').split('\n')[0]?.trim() ?? '';
  if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`merge-tree printed no tree: ${tree}`);
  return { tree };
}
