// Creating (lightweight, or annotated when there is a message) and deleting tags. The platform
// answers every tag-create failure with 400, an existing tag too. A deleted tag takes its
// release with it; the release row goes first so that no release is ever left naming a tag
// that git no longer has.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { isSafeRevision, isValidRefName, ZERO_SHA } from '../../git/names.js';
import { RefUpdateError, type TagRef } from '../../git/repository.js';
import { assertStillWritable, assertWritable, projectRepository, userSignature } from '../../repositories/access.js';

export async function createTag(core: CoreState, project: ProjectRow, user: UserRow, name: string, ref: string, message?: string): Promise<TagRef> {
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
  return { name, target, objectType: annotation ? 'tag' : 'commit', commitId: commit };
}

export async function deleteTag(core: CoreState, project: ProjectRow, tag: TagRef): Promise<void> {
  assertWritable(project);
  core.tx(() => {
    core.db.prepare('DELETE FROM releases WHERE project_id = ? AND tag = ?').run(project.id, tag.name);
  });
  try {
    await projectRepository(core, project).deleteRefs([{ ref: `refs/tags/${tag.name}`, expected: tag.target }]);
  } catch (error) {
    if (error instanceof RefUpdateError) throw failure(400, 'Failed to remove tag');
    throw error;
  }
}
