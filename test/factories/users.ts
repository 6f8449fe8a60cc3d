// Test data through the API itself, as a client of the real platform would create it.
import type { ApiClient } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';

let seq = 0;
export const unique = (prefix: string): string => `${prefix}${++seq}${Math.random().toString(36).slice(2, 6)}`;

export interface UserJson {
  id: number;
  username: string;
  name: string;
  email: string;
  [k: string]: unknown;
}

export interface TestUser {
  user: UserJson;
  token: string;
  tokenId: number;
  client: ApiClient;
}

/** Creates a user through POST /users and a token for it through the admin token API. */
export async function createUser(inst: Instance, overrides: Record<string, unknown> = {}, scopes: string[] = ['api']): Promise<TestUser> {
  const username = (overrides.username as string | undefined) ?? unique('user');
  const { data: user } = await inst.admin.post<UserJson>('/users', {
    username,
    email: `${username}@example.com`,
    name: `User ${username}`,
    password: 'correct-horse-battery',
    skip_confirmation: true,
    ...overrides,
  });
  const { data: token } = await inst.admin.post<{ token: string; id: number }>(`/users/${user.id}/personal_access_tokens`, { name: 'test', scopes });
  return { user, token: token.token, tokenId: token.id, client: inst.client(token.token) };
}
