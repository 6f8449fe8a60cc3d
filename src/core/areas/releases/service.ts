// Release writes. Create checks in the platform's order (conflict, milestones, tag), creates the
// tag in git first when it has to, and then writes the release, its links, milestones and
// evidence in one transaction, so metadata never points at a tag that does not exist.
import { auditRow } from '../../audit/subjects.js';
import type { CoreState } from '../../state.js';
import type { ProjectRow, UserRow } from '../../db/rows.js';
import { conflict, failure, unprocessable } from '../../http/errors.js';
import { tierAtLeast } from '../../instance.js';
import { milestonesByTitles, type MilestoneRow } from '../milestones/queries.js';
import { insertLink } from '../release-links/service.js';
import { validateNewLinks, type LinkDraft } from '../release-links/validate.js';
import { insertEvidence } from './evidence.js';
import { recordNotification } from '../notification-settings/outbox.js';
import { isHistorical, isUpcoming } from './present.js';
import { releaseById, releaseByTag, type ReleaseRow } from './queries.js';
import type { ReleaseRepo } from './repo.js';

export interface CreateReleaseInput {
  tag: string;
  ref?: string;
  tagMessage?: string;
  name?: string;
  description?: string;
  milestones?: string[];
  milestoneIds?: number[];
  links: LinkDraft[];
  releasedAt?: string;
}

export interface UpdateReleaseInput {
  name?: string;
  description?: string | null;
  releasedAt?: string;
  milestones?: string[];
  milestoneIds?: number[];
}

/**
 * Milestones a release of `project` may carry: the project's own and, in paid tiers, those of
 * the project's own group (never of its ancestors).
 */
function milestoneOwners(core: CoreState, project: ProjectRow): { projectIds: number[]; groupIds: number[] } {
  const ns = core.db.prepare('SELECT kind FROM namespaces WHERE id = ?').get(project.namespace_id) as { kind: string };
  const groupIds = ns.kind === 'group' && tierAtLeast(core.settings.tier, 'premium') ? [project.namespace_id] : [];
  return { projectIds: [project.id], groupIds };
}

/** Resolves titles or ids to milestones, or fails with the platform's 400 naming the missing ones. */
function resolveMilestones(core: CoreState, project: ProjectRow, titles: string[] | undefined, ids: number[] | undefined): MilestoneRow[] | undefined {
  const owners = milestoneOwners(core, project);
  if (titles !== undefined) {
    const wanted = [...new Set(titles)];
    const found = milestonesByTitles(core, owners.projectIds, owners.groupIds, wanted);
    const missing = wanted.filter((t) => !found.some((m) => m.title === t));
    if (missing.length > 0) throw failure(400, `Milestone(s) not found: ${missing.join(', ')}`);
    return found;
  }
  if (ids !== undefined) {
    const wanted = [...new Set(ids)];
    const owned = (id: number) =>
      core.db
        .prepare(
          `SELECT * FROM milestones WHERE id = ? AND (project_id = ?${owners.groupIds.length > 0 ? ' OR group_id = ?' : ''})`,
        )
        .get(id, ...owners.projectIds, ...owners.groupIds) as MilestoneRow | undefined;
    const rows = wanted.map((id) => [id, owned(id)] as const);
    const missing = rows.filter(([, row]) => !row).map(([id]) => id);
    if (missing.length > 0) throw failure(400, `Milestone id(s) not found: ${missing.join(', ')}`);
    return rows.map(([, row]) => row as MilestoneRow);
  }
  return undefined;
}

function attachMilestones(core: CoreState, releaseId: number, milestones: MilestoneRow[]): void {
  core.db.prepare('DELETE FROM milestone_releases WHERE release_id = ?').run(releaseId);
  const insert = core.db.prepare('INSERT INTO milestone_releases (milestone_id, release_id) VALUES (?, ?)');
  for (const m of milestones) insert.run(m.id, releaseId);
}

export interface CreatedRelease {
  release: ReleaseRow;
  /** Sha of the evidence collected with the release (none for upcoming or historical ones). */
  evidenceSha?: string;
}

export async function createRelease(core: CoreState, actor: UserRow, project: ProjectRow, repo: ReleaseRepo, input: CreateReleaseInput): Promise<CreatedRelease> {
  if (releaseByTag(core, project.id, input.tag)) throw conflict('Release already exists');
  const milestones = resolveMilestones(core, project, input.milestones, input.milestoneIds) ?? [];
  const problems = validateNewLinks(input.links);
  if (problems.length > 0) throw failure(400, `Validation failed: ${problems.join(', ')}`);

  const now = await createReleaseNow(core, actor, project, repo, input, milestones);
  if (now) return now;

  let tag = await repo.findTag(input.tag);
  let createdTag = false;
  if (!tag) {
    if (!input.ref) throw unprocessable('Ref is not specified');
    tag = await repo.createTag(input.tag, input.ref, input.tagMessage, actor);
    createdTag = true;
  }
  const sha = tag.targetSha;

  try {
    // After the tag's git work: the record takes this process's write turn (core.write).
    return await core.write(() => recordRelease(core, actor, project, input, sha, milestones));
  } catch (error) {
    // The tag was made for this release only: take it back so that a retry starts clean —
    // unless another request recorded a release on it meanwhile.
    if (createdTag && !releaseByTag(core, project.id, input.tag)) {
      await repo.discardTag?.(input.tag, sha).catch((e: unknown) => core.log(`could not remove tag ${input.tag}: ${String(e)}`));
    }
    throw error;
  }
}

/**
 * The usual case, whole in the request's write turn: the tag is absent and made in-process at a
 * commit the repository's files name (or is there and known), and the release is recorded in the
 * same turn — one transaction, one commit, no git process. The tag's ref file is written first,
 * so a release never names a tag that is not there; a tag made for a release that is then not
 * recorded (a refusal, a failed commit) is taken back. Undefined, with nothing written, when the
 * repository must be asked (createRelease goes on as before).
 */
async function createReleaseNow(core: CoreState, actor: UserRow, project: ProjectRow, repo: ReleaseRepo, input: CreateReleaseInput, milestones: MilestoneRow[]): Promise<CreatedRelease | undefined> {
  let tag = repo.findTagNow?.(input.tag);
  if (tag === undefined) return undefined;
  let createdTag = false;
  if (!tag) {
    if (!input.ref) throw unprocessable('Ref is not specified');
    tag = repo.createTagNow?.(input.tag, input.ref, input.tagMessage);
    if (!tag) return undefined;
    createdTag = true;
  }
  const sha = tag.targetSha;
  const undo = async (error: unknown): Promise<never> => {
    if (createdTag && !releaseByTag(core, project.id, input.tag)) {
      await repo.discardTag?.(input.tag, sha).catch((e: unknown) => core.log(`could not remove tag ${input.tag}: ${String(e)}`));
    }
    throw error;
  };
  let created: CreatedRelease;
  try {
    created = recordRelease(core, actor, project, input, sha, milestones);
  } catch (error) {
    return undo(error);
  }
  // Asked before any await: the turn that commits is the one running now.
  const committed = core.committed();
  await committed.catch(undo);
  if (createdTag) await repo.housekeep?.();
  return created;
}

function recordRelease(core: CoreState, actor: UserRow, project: ProjectRow, input: CreateReleaseInput, sha: string, milestones: MilestoneRow[]): CreatedRelease {
  return core.tx(() => {
    // Re-checked under the write lock: a concurrent create of the same release lost the race.
    if (releaseByTag(core, project.id, input.tag)) throw conflict('Release already exists');
    const now = core.nowIso();
    const release = core.db
      .prepare(
        `INSERT INTO releases (project_id, tag, name, description, author_id, sha, released_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(project.id, input.tag, input.name ?? input.tag, input.description ?? null, actor.id, sha, input.releasedAt ?? now, now, now) as ReleaseRow;
    for (const link of input.links) insertLink(core, release.id, link);
    // A new release has no milestones to take off.
    if (milestones.length > 0) attachMilestones(core, release.id, milestones);
    recordNotification(core, 'new_release', project, actor, release.tag);
    auditRow(core, { type: 'Project', id: project.id }, 'release_created', { type: 'Release', id: release.id, details: release.tag }, `Created release ${release.tag}`);
    if (isUpcoming(release, core.clock.now()) || isHistorical(release)) return { release };
    return { release, evidenceSha: insertEvidence(core, release, null, milestones.length === 0 ? [] : undefined).summary_sha };
  });
}

export function updateRelease(core: CoreState, project: ProjectRow, release: ReleaseRow, input: UpdateReleaseInput): ReleaseRow {
  const empty = input.name === undefined && input.description === undefined && input.releasedAt === undefined && input.milestones === undefined && input.milestoneIds === undefined;
  if (empty) throw failure(400, 'params is empty');
  const milestones = resolveMilestones(core, project, input.milestones, input.milestoneIds);
  return core.tx(() => {
    const now = core.nowIso();
    core.db
      .prepare('UPDATE releases SET name = ?, description = ?, released_at = ?, updated_at = ? WHERE id = ?')
      .run(
        input.name !== undefined ? input.name : release.name,
        input.description !== undefined ? input.description : release.description,
        input.releasedAt ?? release.released_at,
        now,
        release.id,
      );
    if (milestones !== undefined) attachMilestones(core, release.id, milestones);
    auditRow(core, { type: 'Project', id: release.project_id }, 'release_updated', { type: 'Release', id: release.id, details: release.tag }, `Updated release ${release.tag}`);
    return releaseById(core, release.id) as ReleaseRow;
  });
}

/** Deletes the release record; the git tag stays. */
export function deleteRelease(core: CoreState, release: ReleaseRow): void {
  core.tx(() => {
    core.db.prepare('DELETE FROM releases WHERE id = ?').run(release.id);
    auditRow(core, { type: 'Project', id: release.project_id }, 'release_deleted_audit_event', { type: 'Release', id: release.id, details: release.tag }, `Deleted release ${release.tag}`);
  });
}
