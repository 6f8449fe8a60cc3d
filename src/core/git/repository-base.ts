// One bare repository on disk: where it is, whether it exists, and its life cycle (created,
// removed, HEAD pointed at a branch). The jobs done on it are layered on top, one file each:
// object reads (object-reads.ts), ref reads (ref-reads.ts), ref updates (ref-updates.ts), tree
// and commit writes (tree-writes.ts) and merges (merges.ts); GitRepository (repository.ts) is
// the whole.
import { existsSync, mkdirSync, rmSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runGit, runGitSync, type GitResult, type GitRunOptions } from './exec.js';
import { sharedRuntime, type GitRuntime } from './runtime.js';
import { guardedWrite, guardedWriteSync } from './recovery.js';

/**
 * A suffix for temporary names beside a repository. Only uniqueness matters (names also carry
 * the process id where processes could collide), so no CSPRNG: loading node:crypto would cost
 * every command that merely opens the core.
 */
let tempSeq = 0;
const uniqueSuffix = (): string => `${Date.now().toString(36)}-${(tempSeq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export class RepositoryBase {
  protected readonly runtime: GitRuntime;

  constructor(
    readonly path: string,
    runtime?: GitRuntime,
  ) {
    this.runtime = runtime ?? sharedRuntime();
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
    if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
    mkdirSync(dirname(this.path), { recursive: true });
    runGitSync(this.path, ['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
  }

  async init(defaultBranch: string): Promise<void> {
    this.runtime.release(this.path);
    if (existsSync(this.path)) rmSync(this.path, { recursive: true, force: true });
    mkdirSync(dirname(this.path), { recursive: true });
    await this.run(['init', '--bare', '--quiet', '--template=', `--initial-branch=${defaultBranch}`]);
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
    renameSync(this.path, aside);
    rmSync(aside, { recursive: true, force: true });
  }

  /** Points HEAD (what a clone checks out) at `branch`. */
  async setHead(branch: string): Promise<void> {
    if (!this.exists()) return;
    await guardedWrite(this.path, () => this.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }

  setHeadSync(branch: string): void {
    if (this.exists()) guardedWriteSync(this.path, () => runGitSync(this.path, ['symbolic-ref', 'HEAD', `refs/heads/${branch}`]));
  }
}
