// Where repositories live. Storages are named directories (instance setting `storages`; a
// relative directory is inside the state directory). A project's repository is addressed by the
// project's id, not its path, so renaming or transferring a project never moves git data:
// `<storage>/@projects/<id>.git`. The same holds for every other container of repositories:
// a project's wiki `<storage>/@projects/<id>.wiki.git` (on the project's storage), a group's
// wiki `<storage>/@groups/<id>.wiki.git` and a snippet's repository `<storage>/@snippets/<id>.git`,
// each on the storage its container's row names (`repository_storage`).
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { storageDirIn } from '../../shared/state-layout.js';
import { GitRepository } from './repository.js';
import { uniqueSuffix, type WriteHooks } from './repository-base.js';
import { GitRuntime } from './runtime.js';
import { currentProcess } from '../jobs/owner.js';
import { STAGING_DIR } from '../repositories/staging-leftovers.js';

export interface RepositoryOwner {
  id: number;
  repository_storage: string;
}

export class UnknownStorageError extends Error {
  constructor(readonly storage: string) {
    super(`unknown repository storage: ${storage}`);
  }
}

/** The kinds of repositories a container owns (what `containerOf` tells from a path). */
export type RepositoryKind = 'project' | 'project_wiki' | 'group_wiki' | 'snippet';

/**
 * Told of every write to a repository of the store, by its storage and path in the storage:
 * `starting` before the write (it may throw, and then nothing is written), `ended` after a write
 * no writer record covered (best-effort: see WriteHooks in repository-base.ts).
 */
export interface WriteListener {
  starting(storage: string, relative: string): void;
  ended(storage: string, relative: string): void;
}

export class RepositoryStore {
  /** Object readers and ref caches of this store's repositories (started on first use). */
  private runtime: GitRuntime | null = null;

  /**
   * `listener` hears of every write to a repository the store hands out, from the repository
   * itself (RepositoryBase.writing), before the write starts: the one place through which
   * commits, ref updates, wiki and snippet writes, creations and deletions reach the disk.
   */
  constructor(
    private readonly stateDir: string,
    private readonly storages: () => Record<string, string>,
    private readonly listener?: WriteListener,
  ) {}

  storageNames(): string[] {
    return Object.keys(this.storages());
  }

  /** Absolute directory of a storage. */
  storagePath(name: string): string {
    // Read once: the storages are a live setting (a query each time they are asked for).
    const all = this.storages();
    const dir = Object.prototype.hasOwnProperty.call(all, name) ? all[name] : undefined;
    if (dir === undefined) throw new UnknownStorageError(name);
    return storageDirIn(this.stateDir, dir);
  }

  /** A repository at a path relative to a storage (never outside it). */
  at(storage: string, relative: string): GitRepository {
    const rel = normalize(relative);
    if (isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) throw new Error(`repository path outside its storage: ${relative}`);
    const listener = this.listener;
    const hooks: WriteHooks | undefined = listener && { starting: () => listener.starting(storage, rel), ended: () => listener.ended(storage, rel) };
    return new GitRepository(join(this.storagePath(storage), rel), (this.runtime ??= new GitRuntime()), hooks);
  }

  /**
   * Says a repository's files changed by other means than its own writes: a directory renamed
   * into place or removed as a whole (storage moves).
   */
  written(storage: string, relative: string): void {
    this.listener?.ended(storage, normalize(relative));
  }

  /** Ends the object readers (when the core closes). */
  close(): void {
    this.runtime?.close();
    this.runtime = null;
  }

  static projectRelativePath(projectId: number): string {
    return join('@projects', `${projectId}.git`);
  }

  static projectWikiRelativePath(projectId: number): string {
    return join('@projects', `${projectId}.wiki.git`);
  }

  static groupWikiRelativePath(groupId: number): string {
    return join('@groups', `${groupId}.wiki.git`);
  }

  static snippetRelativePath(snippetId: number): string {
    return join('@snippets', `${snippetId}.git`);
  }

  /**
   * A repository to be written before its owner's row exists (its id names the final path): in
   * the storage's `@staging/` directory, on the storage the row will name, so that `moveTo` is
   * one rename on one file system. Its name carries the writing process (pid and start time), so
   * a crash's leftover is told from a write in flight (repositories/staging-leftovers.ts), and is
   * never taken for a repository: listing `@projects`, `@groups` or `@snippets` never meets it.
   */
  staging(storage: string): GitRepository {
    const { pid, start } = currentProcess();
    return this.at(storage, join(STAGING_DIR, `${pid}-${start}-${uniqueSuffix()}.tmp`));
  }

  /**
   * Puts a staged repository at its owner's path (moveTo), making the directory of its kind
   * first: the staging directory is beside it, not in it, so a storage's first snippet finds none.
   */
  place(staged: GitRepository, target: GitRepository): void {
    mkdirSync(dirname(target.path), { recursive: true });
    staged.moveTo(target);
  }

  /** Which container's repository a path in a storage is (the inverse of the paths above). */
  static containerOf(relative: string): { kind: RepositoryKind; id: number } | null {
    const m = /^@(projects|groups|snippets)[\\/](\d+)(\.wiki)?\.git$/.exec(normalize(relative));
    if (!m) return null;
    const id = Number(m[2]);
    if (m[1] === 'projects') return { kind: m[3] ? 'project_wiki' : 'project', id };
    if (m[1] === 'groups') return m[3] ? { kind: 'group_wiki', id } : null;
    return m[3] ? null : { kind: 'snippet', id };
  }

  /** The project's repository in the storage its row names. */
  project(owner: RepositoryOwner): GitRepository {
    return this.at(owner.repository_storage, RepositoryStore.projectRelativePath(owner.id));
  }

  /** The project's wiki repository, beside the project's repository. */
  projectWiki(owner: RepositoryOwner): GitRepository {
    return this.at(owner.repository_storage, RepositoryStore.projectWikiRelativePath(owner.id));
  }

  /** A group's wiki repository in the storage the group's row names. */
  groupWiki(owner: RepositoryOwner): GitRepository {
    return this.at(owner.repository_storage, RepositoryStore.groupWikiRelativePath(owner.id));
  }

  /** A snippet's repository in the storage the snippet's row names. */
  snippet(owner: RepositoryOwner): GitRepository {
    return this.at(owner.repository_storage, RepositoryStore.snippetRelativePath(owner.id));
  }
}
