// Groups through the API, as a client of the real platform would create them.
import type { ApiClient } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';
import { unique } from './users.js';

export interface GroupJson {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  parent_id: number | null;
  visibility: 'private' | 'internal' | 'public';
  web_url: string;
  description: string;
  [k: string]: unknown;
}

/**
 * Creates a group with POST /groups (by default as root). `overrides` go into the request body:
 * `parent_id` makes a subgroup, `visibility` defaults to private as on the platform.
 */
export async function createGroup(inst: Instance, client: ApiClient = inst.admin, overrides: Record<string, unknown> = {}): Promise<GroupJson> {
  const path = (overrides.path as string | undefined) ?? unique('group');
  const { data } = await client.post<GroupJson>('/groups', { name: (overrides.name as string | undefined) ?? path, path, ...overrides });
  return data;
}
