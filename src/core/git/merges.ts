// Three-way merges of trees without a work tree, for changes that replay one commit onto another
// (revert, cherry-pick) and for edits made against an older version (wiki pages). git's own
// merge (`merge-tree --write-tree`) does the work, so renames, modes and conflicts are judged as
// git judges them; the merged tree is written into the repository, nothing else changes.
import { runGit, text } from './exec.js';
import { commitText, EMPTY_TREE, writeObject } from './object-writer.js';
import { TreeWrites } from './tree-writes.js';
import type { Signature } from './repository-types.js';

export interface TreeMerge {
  /** The merged tree; with conflicts it holds git's conflict markers in the conflicting files. */
  tree: string;
  /** False when git found conflicts (some, such as a rename against a delete, name no path). */
  clean: boolean;
  /** Paths that could not be merged cleanly. */
  conflicts: string[];
}

/**
 * The commits `merge-tree` is given exist only to name the merge base: git before 2.40 takes no
 * `--merge-base`, so base, ours and theirs become three parentless-or-one-parent commits whose
 * only common ancestor is the base. They are never referenced and go with the next gc.
 */
const SCAFFOLD: Signature = { name: 'merge', email: 'merge@localhost', time: new Date(0) };

export class Merges extends TreeWrites {
  /**
   * Merges the change from `base` to `theirs` into `ours` (all tree ids). `base` null means the
   * empty tree. The repository's refs are not touched: the caller commits the tree and moves a
   * ref as it sees fit.
   */
  async mergeTrees(base: string | null, ours: string, theirs: string): Promise<TreeMerge> {
    return this.writing(async () => {
      const baseTree = base ?? EMPTY_TREE;
      const commit = (tree: string, parents: string[]) =>
        writeObject(this.path, 'commit', Buffer.from(commitText(tree, parents, 'merge scaffold\n', SCAFFOLD, SCAFFOLD), 'utf8'));
      const root = await commit(baseTree, []);
      const [left, right] = await Promise.all([commit(ours, [root]), commit(theirs, [root])]);
      // Exit 1 means "merged with conflicts", which is an answer, not a failure.
      const res = await runGit(this.path, ['merge-tree', '--write-tree', '-z', '--name-only', '--no-messages', left, right], { okCodes: [1] });
      const [tree = '', ...rest] = text(res).split('\0');
      if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(tree.trim())) throw new Error(`merge-tree printed no tree: ${tree.slice(0, 80)}`);
      return { tree: tree.trim(), clean: res.code === 0, conflicts: [...new Set(rest.filter((p) => p !== ''))] };
    });
  }
}
