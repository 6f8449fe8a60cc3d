// Release rows → the platform's Release JSON, field for field in the platform's order. What a
// caller sees depends on access: without code access the name is masked and the commit,
// sources, paths and evidences are left out; `edit_url` only for those who may update.
import type { CoreState } from '../../state.js';
import type { ProjectRow, UserRow } from '../../db/rows.js';
import { can } from '../../auth/policy.js';
import { projectFullPath } from '../../resources/find.js';
import { projectWebUrl } from '../../resources/urls.js';
import { userBasicById } from '../users/present.js';
import { presentMilestoneWithStats } from '../milestones/present.js';
import { presentLink, releaseWebUrl } from '../release-links/present.js';
import { evidencesOf, linksOf, milestonesOf, type EvidenceListed, type ReleaseRow } from './queries.js';
import type { RenderMarkdown } from './markdown.js';

/** Archive formats of a release's sources, in the platform's order. */
export const SOURCE_FORMATS = ['zip', 'tar.gz', 'tar.bz2', 'tar'] as const;

/** How one viewer sees one project's releases. */
export interface ProjectView {
  project: ProjectRow;
  fullPath: string;
  webUrl: string;
  canReadCode: boolean;
  canReadMilestone: boolean;
  canUpdate: boolean;
}

export function projectView(core: CoreState, actor: UserRow | null, project: ProjectRow): ProjectView {
  const fullPath = projectFullPath(core, project);
  return {
    project,
    fullPath,
    webUrl: projectWebUrl(core, fullPath),
    canReadCode: can(core, actor, 'read_code', { project }),
    canReadMilestone: can(core, actor, 'read_milestone', { project }),
    canUpdate: can(core, actor, 'update_release', { project }),
  };
}

export type CommitJson = Record<string, unknown>;

export interface PresentOptions {
  /** Set when the caller asked for `include_html_description`. */
  renderHtml?: RenderMarkdown;
  /** Commit JSON by sha (from the repository). */
  commits: ReadonlyMap<string, CommitJson>;
  /** The evidence collected by this request (the create answer shows its sha). */
  evidenceSha?: string;
}

/** `<web_url>/-/archive/<tag>/<project path>-<tag with '/' as '-'>.<format>` */
export function sourceUrl(view: Pick<ProjectView, 'webUrl' | 'project'>, tag: string, format: string): string {
  const prefix = `${view.project.path}-${tag.replace(/\//g, '-')}`;
  return `${view.webUrl}/-/archive/${encodeURI(tag)}/${encodeURI(prefix)}.${format}`;
}

export const evidenceFilepath = (view: Pick<ProjectView, 'webUrl'>, tag: string, evidenceId: number): string =>
  `${releaseWebUrl(view.webUrl, tag)}/evidences/${evidenceId}.json`;

export const isUpcoming = (row: Pick<ReleaseRow, 'released_at'>, now: Date): boolean =>
  Math.floor(Date.parse(row.released_at) / 1000) > Math.floor(now.getTime() / 1000);

export const isHistorical = (row: Pick<ReleaseRow, 'released_at' | 'created_at'>): boolean =>
  Math.floor(Date.parse(row.released_at) / 1000) < Math.floor(Date.parse(row.created_at) / 1000);

function issueListUrl(view: ProjectView, kind: 'issues' | 'merge_requests', tag: string, state: string): string {
  return `${view.webUrl}/-/${kind}?release_tag=${encodeURIComponent(tag)}&scope=all&state=${state}`;
}

/** The name, tag and dates every release shape starts with (the group list's `simple` form). */
export function presentReleaseBasic(core: CoreState, row: ReleaseRow, view: ProjectView) {
  return {
    name: view.canReadCode ? (row.name ?? row.tag) : `Release-${row.id}`,
    tag_name: row.tag,
    description: row.description,
    created_at: row.created_at,
    released_at: row.released_at,
    upcoming_release: isUpcoming(row, core.clock.now()),
  };
}

/** Presents a page of releases, possibly of several projects (group lists). */
export function presentReleases(
  core: CoreState,
  rows: readonly ReleaseRow[],
  viewOf: (projectId: number) => ProjectView,
  options: PresentOptions,
): Record<string, unknown>[] {
  const ids = rows.map((r) => r.id);
  const links = linksOf(core, ids);
  const milestones = milestonesOf(core, ids);
  const evidences = evidencesOf(core, ids);
  // A page's releases are mostly by a few authors: each is read once.
  const authors = new Map<number | null, ReturnType<typeof userBasicById>>();
  const authorOf = (id: number | null) => {
    let author = authors.get(id);
    if (author === undefined) authors.set(id, (author = userBasicById(core, id)));
    return author;
  };
  return rows.map((row) => {
    const view = viewOf(row.project_id);
    const out: Record<string, unknown> = presentReleaseBasic(core, row, view);
    if (options.renderHtml) out.description_html = options.renderHtml(row.description);
    const author = authorOf(row.author_id);
    if (author) out.author = { ...author };
    if (view.canReadCode) out.commit = row.sha ? (options.commits.get(row.sha) ?? null) : null;
    const ms = milestones.get(row.id) ?? [];
    if (ms.length > 0 && view.canReadMilestone) out.milestones = ms.map((m) => presentMilestoneWithStats(core, m));
    if (view.canReadCode) {
      if (row.sha && out.commit) out.commit_path = `/${view.fullPath}/-/commit/${row.sha}`;
      out.tag_path = `/${view.fullPath}/-/tags/${encodeURIComponent(row.tag)}`;
    }
    if (options.evidenceSha) out.evidence_sha = options.evidenceSha;
    const releaseLinks = (links.get(row.id) ?? []).map((l) => presentLink(l, view.webUrl, row.tag));
    const ev: EvidenceListed[] = evidences.get(row.id) ?? [];
    const assets: Record<string, unknown> = { count: releaseLinks.length + (view.canReadCode ? SOURCE_FORMATS.length : 0) };
    if (view.canReadCode) assets.sources = SOURCE_FORMATS.map((format) => ({ format, url: sourceUrl(view, row.tag, format) }));
    assets.links = releaseLinks;
    if (view.canReadCode && ev.length > 0) assets.evidence_file_path = `${releaseWebUrl(view.webUrl, row.tag)}/evidence.json`;
    out.assets = assets;
    if (view.canReadCode) out.evidences = ev.map((e) => ({ sha: e.summary_sha, filepath: evidenceFilepath(view, row.tag, e.id), collected_at: e.created_at }));
    const self = releaseWebUrl(view.webUrl, row.tag);
    out._links = {
      closed_issues_url: issueListUrl(view, 'issues', row.tag, 'closed'),
      closed_merge_requests_url: issueListUrl(view, 'merge_requests', row.tag, 'closed'),
      ...(view.canUpdate ? { edit_url: `${self}/edit` } : {}),
      merged_merge_requests_url: issueListUrl(view, 'merge_requests', row.tag, 'merged'),
      opened_issues_url: issueListUrl(view, 'issues', row.tag, 'opened'),
      opened_merge_requests_url: issueListUrl(view, 'merge_requests', row.tag, 'opened'),
      self,
    };
    return out;
  });
}
