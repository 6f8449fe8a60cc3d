// Release rows and their satellites (links, milestones, evidences), fetched in batches so a
// page of releases costs a fixed number of queries.
import type { CoreState } from '../../state.js';
import { placeholders } from '../../db/sql.js';
import { milestoneDatesTitleOrder, type MilestoneRow } from '../milestones/queries.js';

export interface ReleaseRow {
  id: number;
  project_id: number;
  tag: string;
  name: string | null;
  description: string | null;
  author_id: number | null;
  sha: string | null;
  released_at: string;
  created_at: string;
  updated_at: string;
}

export type LinkType = 'other' | 'runbook' | 'image' | 'package';
export const LINK_TYPES: readonly LinkType[] = ['other', 'runbook', 'image', 'package'];

export interface LinkRow {
  id: number;
  release_id: number;
  name: string;
  url: string;
  filepath: string | null;
  link_type: LinkType;
  created_at: string;
  updated_at: string;
}

export interface EvidenceRow {
  id: number;
  release_id: number;
  summary: string;
  summary_sha: string;
  job_id: number | null;
  created_at: string;
}

export const releaseById = (core: CoreState, id: number): ReleaseRow | undefined =>
  core.db.prepare('SELECT * FROM releases WHERE id = ?').get(id) as ReleaseRow | undefined;

export const releaseByTag = (core: CoreState, projectId: number, tag: string): ReleaseRow | undefined =>
  core.db.prepare('SELECT * FROM releases WHERE project_id = ? AND tag = ?').get(projectId, tag) as ReleaseRow | undefined;

/** The release the permalink names: the newest by release date. */
export const latestRelease = (core: CoreState, projectId: number): ReleaseRow | undefined =>
  core.db.prepare('SELECT * FROM releases WHERE project_id = ? ORDER BY released_at DESC, id DESC LIMIT 1').get(projectId) as ReleaseRow | undefined;

function groupBy<T extends { release_id: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.release_id);
    if (list) list.push(r);
    else out.set(r.release_id, [r]);
  }
  return out;
}

/** Links of each release, newest first (the platform's `sorted` order). */
export function linksOf(core: CoreState, releaseIds: number[]): Map<number, LinkRow[]> {
  if (releaseIds.length === 0) return new Map();
  return groupBy(
    core.db
      .prepare(`SELECT * FROM release_links WHERE release_id IN (${placeholders(releaseIds.length)}) ORDER BY release_id, created_at DESC, id DESC`)
      .all(...releaseIds) as LinkRow[],
  );
}

/** Milestones of each release, ordered by dates then title. */
export function milestonesOf(core: CoreState, releaseIds: number[]): Map<number, MilestoneRow[]> {
  if (releaseIds.length === 0) return new Map();
  const rows = core.db
    .prepare(
      `SELECT mr.release_id AS release_id, m.* FROM milestone_releases mr JOIN milestones m ON m.id = mr.milestone_id
       WHERE mr.release_id IN (${placeholders(releaseIds.length)}) ORDER BY ${milestoneDatesTitleOrder('m.')}`,
    )
    .all(...releaseIds) as (MilestoneRow & { release_id: number })[];
  const grouped = groupBy(rows);
  const out = new Map<number, MilestoneRow[]>();
  for (const [id, list] of grouped) out.set(id, list.map(({ release_id: _drop, ...m }) => m as MilestoneRow));
  return out;
}

/** What a release shows of an evidence (its summary document is read only when asked for). */
export type EvidenceListed = Pick<EvidenceRow, 'id' | 'release_id' | 'summary_sha' | 'created_at'>;

/** Evidences of each release, oldest first. */
export function evidencesOf(core: CoreState, releaseIds: number[]): Map<number, EvidenceListed[]> {
  if (releaseIds.length === 0) return new Map();
  return groupBy(
    core.db
      .prepare(`SELECT id, release_id, summary_sha, created_at FROM release_evidences WHERE release_id IN (${placeholders(releaseIds.length)}) ORDER BY release_id, id`)
      .all(...releaseIds) as EvidenceListed[],
  );
}

export const linkOfRelease = (core: CoreState, releaseId: number, linkId: number): LinkRow | undefined =>
  core.db.prepare('SELECT * FROM release_links WHERE id = ? AND release_id = ?').get(linkId, releaseId) as LinkRow | undefined;

export const linkByFilepath = (core: CoreState, releaseId: number, filepath: string): LinkRow | undefined =>
  core.db.prepare('SELECT * FROM release_links WHERE release_id = ? AND filepath = ?').get(releaseId, filepath) as LinkRow | undefined;
