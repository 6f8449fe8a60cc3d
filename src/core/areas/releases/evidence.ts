// Release evidence: a JSON snapshot of the release, its project and its milestones (with the
// issues assigned to them) at collection time, stored with its SHA-256. Collected inline when a
// release is created, and by the durable `release_evidence` job when asked for later.
import { createHash } from 'node:crypto';
import type { CoreState } from '../../state.js';
import type { JobRow } from '../../jobs/queue.js';
import { milestonesOf, releaseById, type EvidenceRow, type ReleaseRow } from './queries.js';
import type { MilestoneRow } from '../milestones/queries.js';
import { UNAUTHENTICATED, withAuditor, type Auditor } from '../../audit/record.js';
import { auditRow } from '../../audit/subjects.js';

export const EVIDENCE_JOB = 'release_evidence';

export interface EvidenceJobPayload {
  release_id: number;
  /** Who asked for the collection: the job's event names them (absent in jobs queued before). */
  auditor?: Auditor;
}

/**
 * The evidence document of a release as it stands now (`milestones`: its milestones in list
 * order, when the caller already has them).
 */
export function evidenceSummary(core: CoreState, release: ReleaseRow, known?: readonly MilestoneRow[]): Record<string, unknown> {
  const project = core.db.prepare('SELECT id, name, description, created_at FROM projects WHERE id = ?').get(release.project_id) as {
    id: number;
    name: string;
    description: string;
    created_at: string;
  };
  const milestones = known ?? milestonesOf(core, [release.id]).get(release.id) ?? [];
  return {
    release: {
      id: release.id,
      tag_name: release.tag,
      name: release.name ?? release.tag,
      description: release.description,
      created_at: release.created_at,
      project: { id: project.id, name: project.name, description: project.description, created_at: project.created_at },
      milestones: milestones.map((m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        state: m.state,
        iid: m.iid,
        created_at: m.created_at,
        due_date: m.due_date,
        // The service keeps no issue tracker: no issue is ever assigned to a milestone.
        issues: [],
      })),
      report_artifacts: [],
    },
  };
}

/** Collects and stores evidence for `release`; call inside a transaction. */
export function insertEvidence(core: CoreState, release: ReleaseRow, jobId: number | null = null, milestones?: readonly MilestoneRow[]): EvidenceRow {
  const summary = JSON.stringify(evidenceSummary(core, release, milestones));
  const sha = createHash('sha256').update(summary).digest('hex');
  return core.db
    .prepare('INSERT INTO release_evidences (release_id, summary, summary_sha, job_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *')
    .get(release.id, summary, sha, jobId, core.nowIso()) as EvidenceRow;
}

/**
 * The job: a release deleted meanwhile needs no evidence; a retried job writes its evidence once.
 * The evidence and its event, which names the user who asked, commit together.
 */
export function collectEvidenceJob(core: CoreState, payload: unknown, job: JobRow): void {
  const { release_id: releaseId, auditor } = payload as EvidenceJobPayload;
  const acting = withAuditor(core, auditor ?? UNAUTHENTICATED);
  core.tx(() => {
    const release = releaseById(core, releaseId);
    if (!release) return;
    const done = core.db.prepare('SELECT 1 FROM release_evidences WHERE job_id = ?').get(job.id);
    if (done) return;
    const evidence = insertEvidence(core, release, job.id);
    auditRow(acting, { type: 'Project', id: release.project_id }, 'release_evidence_collected', { type: 'Release', id: release.id, details: release.tag }, `Collected evidence ${evidence.id} for release ${release.tag}`);
  });
}
