// Releases and milestones through the API, as a client of the real platform would create them.
import type { ApiClient } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';
import { unique } from './users.js';

export interface MilestoneJson {
  id: number;
  iid: number;
  project_id?: number;
  group_id?: number;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  due_date: string | null;
  start_date: string | null;
  web_url: string;
  [k: string]: unknown;
}

export interface LinkJson {
  id: number;
  name: string;
  url: string;
  direct_asset_url: string;
  link_type: string;
}

export interface ReleaseJson {
  name: string;
  tag_name: string;
  description: string | null;
  created_at: string;
  released_at: string;
  upcoming_release: boolean;
  commit?: { id: string; [k: string]: unknown } | null;
  milestones?: (MilestoneJson & { issue_stats: { total: number; closed: number } })[];
  assets: { count: number; sources?: { format: string; url: string }[]; links: LinkJson[]; evidence_file_path?: string };
  evidences?: { sha: string; filepath: string; collected_at: string }[];
  evidence_sha?: string;
  _links: Record<string, string>;
  [k: string]: unknown;
}

const seg = (id: number | string): string => (typeof id === 'number' ? String(id) : encodeURIComponent(id));

/** Creates a milestone of a project or group (by default as root). */
export async function createMilestone(
  inst: Instance,
  parent: 'projects' | 'groups',
  parentId: number | string,
  overrides: Record<string, unknown> = {},
  client: ApiClient = inst.admin,
): Promise<MilestoneJson> {
  const { data } = await client.post<MilestoneJson>(`/${parent}/${seg(parentId)}/milestones`, { title: unique('milestone'), ...overrides });
  return data;
}

/**
 * Creates a release with POST /projects/:id/releases (by default as root). Without a `tag_name`
 * a fresh one is made; without `ref` the tag is created from the default branch.
 */
export async function createRelease(inst: Instance, projectId: number | string, overrides: Record<string, unknown> = {}, client: ApiClient = inst.admin): Promise<ReleaseJson> {
  const body: Record<string, unknown> = { tag_name: unique('v'), ...overrides };
  if (!('ref' in overrides)) body.ref = 'main';
  const { data } = await client.post<ReleaseJson>(`/projects/${seg(projectId)}/releases`, body);
  return data;
}

/** Adds a commit that creates `path` on `branch` (by default as root). */
export async function addCommit(inst: Instance, projectId: number, branch = 'main', path = `${unique('file')}.txt`, client: ApiClient = inst.admin): Promise<{ id: string }> {
  const { data } = await client.post<{ id: string }>(`/projects/${projectId}/repository/commits`, {
    branch,
    commit_message: `Add ${path}`,
    actions: [{ action: 'create', file_path: path, content: `content of ${path}\n` }],
  });
  return data;
}

/** `/projects/<id>/releases/<encoded tag>` and deeper paths. */
export const releasePath = (projectId: number, tag: string, rest = ''): string => `/projects/${projectId}/releases/${encodeURIComponent(tag)}${rest}`;
