// Creating (lightweight, or annotated when there is a message) and deleting tags. The platform
// answers every tag-create failure with 400, an existing tag too. A deleted tag takes its
// release with it; the release row goes first so that no release is ever left naming a tag
// that git no longer has. Tags made or deleted through this API record their event once the ref
// has moved (git shares no transaction with the database: see auditGitChange); a tag a release
// makes for itself is named by the release's own event instead.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { isSafeRevision, isValidRefName, ZERO_SHA } from '../../git/names.js';
import { RefUpdateError, type TagRef } from '../../git/repository.js';
import { assertStillWritable, assertWritable, projectRepository, userSignature } from '../../repositories/access.js';
import { recordAudit } from '../../audit/record.js';
import { auditGitChange } from '../../audit/subjects.js';

export async function createTag(
  core: CoreState,
  project: ProjectRow,
  user: UserRow,
  name: string,
  ref: string,
  message?: string,
  options: { audited?: boolean } = {},
): Promise<TagRef> {
  assertWritable(project);
  if (!isValidRefName(name)) throw failure(400, 'Tag name invalid');
  const repo = projectRepository(core, project);
  await repo.ensure(project.default_branch);
  if (await repo.tag(name)) throw failure(400, `Tag ${name} already exists`);
  const commit = isSafeRevision(ref) ? await repo.resolveCommit(ref) : null;
  if (!commit) throw failure(400, `Target ${ref} is invalid`);
  const annotation = message?.trim();
  // An annotation is text; git would keep a NUL inside it but no reader shows what follows.
  if (annotation?.includes('\0')) throw failure(400, 'Tag message must not contain NUL bytes');
  assertStillWritable(core, project);
  const target = annotation ? await repo.writeTagObject(name, commit, annotation, userSignature(core, user)) : commit;
  try {
    await repo.updateRef(`refs/tags/${name}`, target, ZERO_SHA, { existingHistory: true });
  } catch (error) {
    if (!(error instanceof RefUpdateError)) throw error;
    if (error.reason === 'exists' || error.reason === 'stale') throw failure(400, `Tag ${name} already exists`);
    throw failure(400, `Failed to create a tag: ${name}`);
  }
  if (options.audited !== false) {
    await auditGitChange(core, {
      name: 'tag_created',
      entity: { type: 'Project', id: project.id },
      target: { type: 'Tag', id: name, details: name },
      message: `Created ${annotation ? 'annotated ' : ''}tag ${name} at ${commit.slice(0, 8)}`,
    });
  }
  return { name, target, objectType: annotation ? 'tag' : 'commit', commitId: commit };
}

/**
 * A lightweight tag made at once, without a git process, when the repository's files say all
 * that is needed (the tag is absent, `ref` names a commit already known): for a write turn that
 * records what depends on the tag in the same transaction. Refuses as createTag does; undefined
 * (nothing written) when createTag must do it. Records no event (the caller's names the tag);
 * the caller runs the repository's housekeeping (housekeepRefs) once its turn is over.
 */
export function createTagNow(core: CoreState, project: ProjectRow, name: string, ref: string, message?: string): TagRef | undefined {
  if (message?.trim()) return undefined;
  assertWritable(project);
  if (!isValidRefName(name)) throw failure(400, 'Tag name invalid');
  const repo = projectRepository(core, project);
  if (!repo.exists()) return undefined;
  const existing = repo.tagNow(name);
  if (existing === undefined) return undefined;
  if (existing) throw failure(400, `Tag ${name} already exists`);
  const commit = isSafeRevision(ref) ? repo.resolveCommitNow(ref) : null;
  if (commit === undefined) return undefined;
  if (commit === null) throw failure(400, `Target ${ref} is invalid`);
  assertStillWritable(core, project);
  try {
    if (!repo.updateRefNow(`refs/tags/${name}`, commit, ZERO_SHA)) return undefined;
  } catch (error) {
    if (!(error instanceof RefUpdateError)) throw error;
    if (error.reason === 'exists' || error.reason === 'stale') throw failure(400, `Tag ${name} already exists`);
    throw failure(400, `Failed to create a tag: ${name}`);
  }
  return { name, target: commit, objectType: 'commit', commitId: commit };
}

export async function deleteTag(core: CoreState, project: ProjectRow, tag: TagRef): Promise<void> {
  assertWritable(project);
  core.tx(() => {
    const release = core.db.prepare('DELETE FROM releases WHERE project_id = ? AND tag = ? RETURNING id').get(project.id, tag.name) as { id: number } | undefined;
    // The release goes with its tag: its own event, in the transaction that deletes it.
    if (release) {
      recordAudit(core, {
        name: 'release_deleted_audit_event',
        entity: { type: 'Project', id: project.id },
        target: { type: 'Release', id: release.id, details: tag.name },
        message: `Deleted release ${tag.name} with its tag`,
      });
    }
  });
  try {
    await projectRepository(core, project).deleteRefs([{ ref: `refs/tags/${tag.name}`, expected: tag.target }]);
  } catch (error) {
    if (error instanceof RefUpdateError) throw failure(400, 'Failed to remove tag');
    throw error;
  }
  await auditGitChange(core, {
    name: 'tag_deleted',
    entity: { type: 'Project', id: project.id },
    target: { type: 'Tag', id: tag.name, details: tag.name },
    message: `Deleted tag ${tag.name} (was ${tag.commitId?.slice(0, 8) ?? tag.target.slice(0, 8)})`,
  });
}
