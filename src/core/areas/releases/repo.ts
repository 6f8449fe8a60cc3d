// What releases need of a project's git repository: find a tag, create one (lightweight, or
// annotated when a message is given) with the platform's refusals, and read the commits
// releases point at, as the platform's Commit JSON.
import type { CoreState } from '../../state.js';
import type { ProjectRow, UserRow } from '../../db/rows.js';
import { isValidRefName } from '../../git/names.js';
import type { GitRepository } from '../../git/repository.js';
import { presentCommit, projectUrl } from '../../repositories/present-commit.js';
import { projectRepository } from '../../repositories/access.js';
import { createTag, createTagNow } from '../tags/service.js';
import type { CommitJson } from './present.js';

export interface TagInfo {
  name: string;
  /** The commit the tag (finally) points at. */
  targetSha: string;
}

export interface ReleaseRepo {
  findTag(name: string): Promise<TagInfo | null>;
  /** Creates `name` at `ref`; annotated (tagger: `by`) when `message` is given. */
  createTag(name: string, ref: string, message: string | undefined, by: UserRow): Promise<TagInfo>;
  /** What findTag answers when the ref files tell it at once; undefined when git must be asked. */
  findTagNow?(name: string): TagInfo | null | undefined;
  /**
   * A lightweight tag made at once without a git process (refusing as createTag does);
   * undefined when createTag must make it (nothing was written). housekeep follows, after the turn.
   */
  createTagNow?(name: string, ref: string, message: string | undefined): TagInfo | undefined;
  /** The repository's housekeeping after a tag made by createTagNow. */
  housekeep?(): Promise<void>;
  /** Deletes tag `name` if it still points at `targetSha` (undoing a tag made for a release that was not recorded). */
  discardTag?(name: string, targetSha: string): Promise<void>;
  /** Commit JSON by sha for the shas that exist. */
  commits(shas: readonly string[]): Promise<Map<string, CommitJson>>;
}

class ProjectReleaseRepo implements ReleaseRepo {
  constructor(
    private readonly core: CoreState,
    private readonly project: ProjectRow,
    private readonly git: GitRepository,
  ) {}

  async findTag(name: string): Promise<TagInfo | null> {
    if (!isValidRefName(name)) return null;
    const tag = await this.git.tag(name);
    return tag?.commitId ? { name, targetSha: tag.commitId } : null;
  }

  async createTag(name: string, ref: string, message: string | undefined, by: UserRow): Promise<TagInfo> {
    // The release's own event names the tag it makes; the tag records none of its own.
    const tag = await createTag(this.core, this.project, by, name, ref, message, { audited: false });
    return { name, targetSha: tag.commitId as string };
  }

  findTagNow(name: string): TagInfo | null | undefined {
    if (!isValidRefName(name)) return null;
    const tag = this.git.tagNow(name);
    if (tag === undefined) return undefined;
    return tag?.commitId ? { name, targetSha: tag.commitId } : null;
  }

  createTagNow(name: string, ref: string, message: string | undefined): TagInfo | undefined {
    const tag = createTagNow(this.core, this.project, name, ref, message);
    return tag ? { name, targetSha: tag.commitId as string } : undefined;
  }

  async housekeep(): Promise<void> {
    // A tag at a commit the repository had: nothing new for the commit-graph.
    await this.git.housekeepRefs(1);
  }

  async discardTag(name: string, targetSha: string): Promise<void> {
    const tag = await this.git.tag(name);
    if (tag && tag.commitId === targetSha) await this.git.deleteRefs([{ ref: `refs/tags/${name}`, expected: tag.target }]);
  }

  async commits(shas: readonly string[]): Promise<Map<string, CommitJson>> {
    const found = await this.git.commits(shas);
    const webUrl = projectUrl(this.core, this.project);
    const out = new Map<string, CommitJson>();
    for (const [sha, c] of found) out.set(sha, presentCommit(webUrl, c));
    return out;
  }
}

export const releaseRepo = (core: CoreState, project: ProjectRow): ReleaseRepo => new ProjectReleaseRepo(core, project, projectRepository(core, project));
