// Repository data through the API (projects with a README, commits, branches, tags), and a
// way to look at the bare repository on disk with plain git, as a user cloning it would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../src/client/client.js';
import { expandPath } from '../../src/shared/path.js';
import type { Instance } from '../helpers/instance.js';
import { createProject, type ProjectJson } from './projects.js';

export interface CommitJson {
  id: string;
  short_id: string;
  title: string;
  message: string;
  parent_ids: string[];
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  created_at: string;
  trailers: Record<string, string>;
  extended_trailers?: Record<string, string[]>;
  web_url: string;
  stats?: { additions: number; deletions: number; total: number };
  [k: string]: unknown;
}

export interface BranchJson {
  name: string;
  merged: boolean;
  protected: boolean;
  default: boolean;
  developers_can_push: boolean;
  developers_can_merge: boolean;
  can_push: boolean;
  web_url: string;
  commit: CommitJson;
}

export interface TagJson {
  name: string;
  message: string | null;
  target: string;
  commit: CommitJson;
  release: { tag_name: string; description: string | null } | null;
  protected: boolean;
  created_at: string | null;
}

/** A project whose default branch starts with a README commit. */
export function createRepoProject(inst: Instance, client: ApiClient = inst.admin, overrides: Record<string, unknown> = {}): Promise<ProjectJson> {
  return createProject(inst, client, { initialize_with_readme: true, ...overrides });
}

export type FileSpec = Record<string, string | null>;

/**
 * One commit on `branch`: each path gets the content given (created, or updated when
 * `update` lists it), null deletes it.
 */
export async function commitFiles(
  client: ApiClient,
  projectId: number,
  branch: string,
  files: FileSpec,
  opts: { message?: string; update?: string[]; startBranch?: string; startSha?: string } = {},
): Promise<CommitJson> {
  const actions = Object.entries(files).map(([path, content]) =>
    content === null
      ? { action: 'delete', file_path: path }
      : { action: opts.update?.includes(path) ? 'update' : 'create', file_path: path, content },
  );
  const { data } = await client.post<CommitJson>(expandPath('/projects/:id/repository/commits', { id: projectId }), {
    branch,
    commit_message: opts.message ?? `Change ${Object.keys(files).join(', ')}`,
    actions,
    ...(opts.startBranch ? { start_branch: opts.startBranch } : {}),
    ...(opts.startSha ? { start_sha: opts.startSha } : {}),
  });
  return data;
}

export async function createBranch(client: ApiClient, projectId: number, branch: string, ref: string): Promise<BranchJson> {
  const { data } = await client.post<BranchJson>(expandPath('/projects/:id/repository/branches', { id: projectId }), { branch, ref });
  return data;
}

export async function createTag(client: ApiClient, projectId: number, tag: string, ref: string, message?: string): Promise<TagJson> {
  const { data } = await client.post<TagJson>(expandPath('/projects/:id/repository/tags', { id: projectId }), {
    tag_name: tag,
    ref,
    ...(message !== undefined ? { message } : {}),
  });
  return data;
}

export const branchPath = (projectId: number, branch: string): string =>
  expandPath('/projects/:id/repository/branches/:branch', { id: projectId, branch });

/** The bare repository of a project in the default storage. */
export const repositoryDir = (inst: Instance, projectId: number): string => join(inst.core.repos.storagePath('default'), '@projects', `${projectId}.git`);

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
};

/** Runs plain git (no user configuration) and returns its output. */
export const git = (args: string[], cwd?: string): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });

/** Clones the project's repository directory into a temporary directory; `use` sees the clone. */
export function withClone<T>(inst: Instance, projectId: number, use: (dir: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'hostctl-clone-'));
  const dir = join(root, 'clone');
  try {
    git(['clone', '--quiet', '--no-local', repositoryDir(inst, projectId), dir]);
    return use(dir);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
