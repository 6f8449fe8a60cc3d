// Projects and memberships through the API, as a client of the real platform would create them.
import type { ApiClient } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';
import { createGroup, type GroupJson } from './groups.js';
import { createUser, unique, type TestUser } from './users.js';

export interface ProjectJson {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  name_with_namespace: string;
  default_branch: string;
  visibility: 'private' | 'internal' | 'public';
  web_url: string;
  namespace: { id: number; name: string; path: string; kind: 'user' | 'group'; full_path: string; parent_id: number | null };
  [k: string]: unknown;
}

export interface MemberJson {
  id: number;
  username: string;
  access_level: number;
  expires_at: string | null;
  [k: string]: unknown;
}

/**
 * Creates a project with POST /projects (by default as root, in root's personal namespace).
 * `overrides` go into the request body: `namespace_id` places it in a group, `visibility`
 * defaults to private, `initialize_with_readme: true` gives it a first commit on the default branch.
 */
export async function createProject(inst: Instance, client: ApiClient = inst.admin, overrides: Record<string, unknown> = {}): Promise<ProjectJson> {
  const body = { ...overrides };
  if (body.name === undefined && body.path === undefined) body.path = unique('project');
  const { data } = await client.post<ProjectJson>('/projects', body);
  return data;
}

/** Adds `userId` as a member of a project or group (by default as root). */
export async function addMember(
  inst: Instance,
  source: 'projects' | 'groups',
  sourceId: number | string,
  userId: number,
  accessLevel: number,
  client: ApiClient = inst.admin,
  extra: Record<string, unknown> = {},
): Promise<MemberJson> {
  const id = typeof sourceId === 'number' ? String(sourceId) : encodeURIComponent(sourceId);
  const { data } = await client.post<MemberJson>(`/${source}/${id}/members`, { user_id: userId, access_level: accessLevel, ...extra });
  return data;
}

export interface RoleFixture {
  group: GroupJson;
  project: ProjectJson;
  owner: TestUser;
  maintainer: TestUser;
  developer: TestUser;
  reporter: TestUser;
  guest: TestUser;
  /** Signed in, but no membership. */
  nonMember: TestUser;
}

/**
 * A group with one project and a user per role: the owner is an Owner of the group, the others
 * are direct members of the project. Handy for permission matrices.
 */
export async function createProjectWithRoles(inst: Instance, projectOverrides: Record<string, unknown> = {}, groupOverrides: Record<string, unknown> = {}): Promise<RoleFixture> {
  const group = await createGroup(inst, inst.admin, groupOverrides);
  const project = await createProject(inst, inst.admin, { namespace_id: group.id, ...projectOverrides });
  const [owner, maintainer, developer, reporter, guest, nonMember] = await Promise.all([
    createUser(inst),
    createUser(inst),
    createUser(inst),
    createUser(inst),
    createUser(inst),
    createUser(inst),
  ]);
  await addMember(inst, 'groups', group.id, owner.user.id, 50);
  await addMember(inst, 'projects', project.id, maintainer.user.id, 40);
  await addMember(inst, 'projects', project.id, developer.user.id, 30);
  await addMember(inst, 'projects', project.id, reporter.user.id, 20);
  await addMember(inst, 'projects', project.id, guest.user.id, 10);
  return { group, project, owner, maintainer, developer, reporter, guest, nonMember };
}
