// Writing a repository's objects without a work tree: blobs, trees (only the directories that
// change) and commits are stored directly as loose objects (src/core/git/object-writer.ts).
import { commitText, serializeTree, writeObject, writeObjectSync, writeTreeChanges } from './object-writer.js';
import { ZERO_SHA } from './names.js';
import { RefUpdates } from './ref-updates.js';
import type { Signature, TreeChange } from './repository-types.js';

const clean = (s: string): string => s.replace(/[<>\n\r\0]/g, '').trim();

/** GIT_AUTHOR_* / GIT_COMMITTER_* variables; dates come from the caller (the core clock). */
export function identityEnv(author: Signature, committer: Signature): Record<string, string> {
  const date = (d: Date) => `${Math.floor(d.getTime() / 1000)} +0000`;
  return {
    GIT_AUTHOR_NAME: clean(author.name) || clean(author.email) || 'unknown',
    GIT_AUTHOR_EMAIL: clean(author.email),
    GIT_AUTHOR_DATE: date(author.time),
    GIT_COMMITTER_NAME: clean(committer.name) || clean(committer.email) || 'unknown',
    GIT_COMMITTER_EMAIL: clean(committer.email),
    GIT_COMMITTER_DATE: date(committer.time),
  };
}


export class TreeWrites extends RefUpdates {
  /** Stores blobs; returns their ids in order. */
  async writeBlobs(contents: readonly Uint8Array[]): Promise<string[]> {
    return this.writing(() => Promise.all(contents.map((data) => writeObject(this.path, 'blob', data))));
  }

  /** Applies changes to `baseTree` (null: empty), rewriting only the directories that change. */
  async writeTree(baseTree: string | null, changes: readonly TreeChange[]): Promise<string> {
    return this.writing(() =>
      writeTreeChanges(this.path, baseTree, changes, async (id) => {
        const obj = await this.runtime.objects.read(this.path, id);
        return obj && obj.type === 'tree' ? obj.data : null;
      }),
    );
  }

  async commitTree(tree: string, parents: readonly string[], message: string, author: Signature, committer: Signature): Promise<string> {
    const id = await this.writing(() => writeObject(this.path, 'commit', Buffer.from(commitText(tree, parents, message, author, committer), 'utf8')));
    this.runtime.rememberCommitId(this.path, id);
    return id;
  }

  /** An annotated tag object for `commit`. */
  async writeTagObject(name: string, commit: string, message: string, tagger: Signature): Promise<string> {
    const env = identityEnv(tagger, tagger);
    const ident = `${env.GIT_COMMITTER_NAME} <${env.GIT_COMMITTER_EMAIL}> ${env.GIT_COMMITTER_DATE}`;
    const body = `object ${commit}\ntype commit\ntag ${name}\ntagger ${ident}\n\n${message.endsWith('\n') ? message : `${message}\n`}`;
    // Stored directly, as commits are: the same bytes `git mktag` would store, without a process.
    return this.writing(() => writeObject(this.path, 'tag', Buffer.from(body, 'utf8')));
  }

  /**
   * The whole of a first commit, synchronously (used while a project row is being created):
   * one file on a new branch.
   */
  initialCommitSync(branch: string, file: { path: string; content: string }, message: string, author: Signature, committer: Signature): string {
    if (file.path === '' || file.path.includes('/')) throw new Error(`initial commit file must be at the top level: ${file.path}`);
    // Written in-process (three objects and a ref): a project made with a README would otherwise
    // start four git processes while its row's transaction waits.
    return this.writingSync(() => {
      const blob = writeObjectSync(this.path, 'blob', Buffer.from(file.content, 'utf8'));
      const tree = writeObjectSync(this.path, 'tree', serializeTree([{ mode: '100644', raw: Buffer.from(file.path, 'utf8'), sha: blob }]));
      const commit = writeObjectSync(this.path, 'commit', Buffer.from(commitText(tree, [], message, author, committer), 'utf8'));
      this.updateRefSync(`refs/heads/${branch}`, commit, ZERO_SHA);
      return commit;
    });
  }
}
