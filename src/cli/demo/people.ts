// Demo users and their tokens.
import type { ApiClient } from '../../client/client.js';
import type { DemoLog } from './index.js';

export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Moreau', email: 'alice@example.com', bio: 'Platform lead' },
  { username: 'bob', name: 'Bob Okafor', email: 'bob@example.com', bio: 'Release manager' },
  { username: 'carol', name: 'Carol Lindqvist', email: 'carol@example.com', bio: 'Security engineer' },
  { username: 'dave', name: 'Dave Nakamura', email: 'dave@example.com', bio: 'Contractor', external: true },
] as const;

export async function seedPeople(client: ApiClient, log: DemoLog): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const { data } = await client.post<{ id: number }>('/users', { ...u, password: 'demo-password-123', skip_confirmation: true });
    ids[u.username] = data.id;
    await client.post(`/users/${data.id}/personal_access_tokens`, { name: `${u.username}-laptop`, scopes: ['api'], description: 'day-to-day work' });
    await client.post(`/users/${data.id}/personal_access_tokens`, { name: `${u.username}-ci`, scopes: ['read_api'] });
  }
  log(`demo: ${DEMO_USERS.length} users with tokens`);
  return ids;
}
