// One bare repository on disk: where it is, whether it exists, and its life cycle (created,
// removed, HEAD pointed at a branch). The jobs done on it are layered on top, one file each:
// object reads (object-reads.ts), ref reads (ref-reads.ts), ref updates (ref-updates.ts), tree
// and commit writes (tree-writes.ts) and merges (merges.ts); GitRepository (repository.ts) is
// the whole.
import { existsSync, mkdirSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runGit, runGitSync, type GitResult, type GitRunOptions } from './exec.js';
import { sharedRuntime, type GitRuntime } from './runtime.js';
import { guardedWrite, guardedWriteSync, releaseWriterRecord } from './recovery.js';
import { isValidRefName } from './names.js';

/**
 * A suffix for temporary names beside a repository. Only uniqueness matters (names also carry
 * the process id where processes could collide), so no CSPRNG: loading node:crypto would cost
 * every command that merely opens the core.
 */
let tempSeq = 0;
export const uniqueSuffix = (): string => `${Date.now().toString(36)}-${(tempSeq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** What `git init --bare --template=` writes as config on a file system with file modes. */
const BARE_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n';

/**
 * Writes what `git init --bare --template= --initial-branch=<branch>` writes (HEAD, config and
 * the empty object and ref directories) without starting git, under a temporary name renamed
 * into place, so the repository appears whole or not at all. Only where git would probe file
 * modes as working (not on Windows), for a branch name the platform accepts; false: nothing was
 * written and git must do it (and word any refusal).
 */
export function writeBareRepositorySync(path: string, branch: string): boolean {
  if (process.platform === 'win32' || existsSync(path) || !isValidRefName(branch)) return false;
  const temp = `${path}.init-${process.pid}-${uniqueSuffix()}`;
  try {
    for (const dir of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags']) mkdirSync(join(temp, dir), { recursive: true });
    writeFileSync(join(temp, 'HEAD'), `ref: refs/heads/${branch}\n`);
    writeFileSync(join(temp, 'config'), BARE_CONFIG);
    renameSync(temp, path);
    return true;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * What a repository tells of its writes (RepositoryStore passes the instance's: what is kept
 * about the files, their size and commit count, is forgotten: repositories/repository-sizes.ts).
 */
export interface WriteHooks {
  /**
   * Before a write touches the files, once it is registered as a writer: makes what is kept
   * about them not to be trusted, durably. It may throw; then nothing has been written.
   */
  starting(): void;
  /**
   * After a write that no writer record covered (the directory created or replaced as a whole).
   * Best-effort: it never throws, so a write that happened is never reported failed.
   */
  ended(): void;
}

export class RepositoryBase {
  protected readonly runtime: GitRuntime;

  constructor(
    readonly path: string,
    runtime?: GitRuntime,
    private readonly hooks?: WriteHooks,
  ) {
    this.runtime = runtime ?? sharedRuntime();
  }

  /** Says a write is about to change the repository's files (see WriteHooks.starting). */
  protected starting(): void {
    this.hooks?.starting();
  }

  /**
   * Says the repository's files changed by a write that was not registered as a writer (the
   * directory created or replaced as a whole); see WriteHooks.ended.
   */
  ended(): void {
    this.hooks?.ended();
  }

  /**
   * Runs a write to the repository: registered as a writer (crash recovery, recovery.ts), then
   * announced before it starts. Nothing is announced after it: the record stays until the write
   * has ended (and after, if the process is killed), and a reader stores nothing it measured while
   * a live writer's record was there (recovery.ts's writeUnderWay), so the after-write step that
   * a killed process would never run, and that a busy database could fail, is not needed.
   */
  async writing<T>(fn: () => Promise<T>): Promise<T> {
    return guardedWrite(this.path, () => {
      this.starting();
      return fn();
    });
  }

  writingSync<T>(fn: () => T): T {
    return guardedWriteSync(this.path, () => {
      this.starting();
      return fn();
    });
  }

  protected run(args: readonly string[], options?: GitRunOptions): Promise<GitResult> {
    return runGit(this.path, args, options);
  }

  exists(): boolean {
    return existsSync(join(this.path, 'HEAD'));
  }

  /** Creates the bare repository (replacing any leftover at the path) with HEAD on `branch`. */
  initSync(defaultBranch: string): void {
    this.runtime.release(this.path);
    this.starting();
    try {
      if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
      mkdirSync(dirname(this.path), { recursive: true });
      if (!writeBareRepositorySync(this.path, defaultBranch)) runGitSync(this.path, ['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
    } finally {
      this.ended();
    }
  }

  async init(defaultBranch: string): Promise<void> {
    this.runtime.release(this.path);
    this.starting();
    try {
      if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
      mkdirSync(dirname(this.path), { recursive: true });
      if (!writeBareRepositorySync(this.path, defaultBranch)) await this.run(['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
    } finally {
      this.ended();
    }
  }

  /** Creates the repository when it is not there yet (a project made before it had one). */
  async ensure(defaultBranch: string): Promise<void> {
    if (!this.exists()) await this.init(defaultBranch);
  }

  /**
   * Removes the repository. It is first renamed aside so that a crash part-way through never
   * leaves a half-deleted repository at the live path.
   */
  remove(): void {
    this.runtime.release(this.path);
    if (!existsSync(this.path)) return;
    const aside = `${this.path}.deleting-${uniqueSuffix()}`;
    // A write like any other: its writer record, made in the directory, leaves with it.
    this.writingSync(() => renameSync(this.path, aside));
    rmSync(aside, { recursive: true, force: true });
  }

  /**
   * Puts this repository, written under a temporary name, at `target`'s path in one rename, so
   * it appears there whole or not at all. Anything already at that path is debris no row owns (a
   * repository whose row never committed, under an id handed out again): it is replaced.
   */
  moveTo(target: RepositoryBase): void {
    this.runtime.release(this.path);
    target.runtime.release(target.path);
    // This process's record of its writes here would move with the directory and stay there.
    releaseWriterRecord(this.path);
    target.starting();
    try {
      if (existsSync(target.path)) rmSync(target.path, { recursive: true, force: true });
      renameSync(this.path, target.path);
    } finally {
      // What was kept of the path's size (debris under a reused id) is no longer true.
      target.ended();
    }
  }

  /** Points HEAD (what a clone checks out) at `branch`. */
  async setHead(branch: string): Promise<void> {
    if (!this.exists()) return;
    await this.writing(() => this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }

  setHeadSync(branch: string): void {
    if (this.exists()) this.writingSync(() => runGitSync(this.path, ['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }
}
