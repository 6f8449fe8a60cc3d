// Demo users and their everyday tokens.
import type { Demo, DemoLog } from './index.js';

export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Moreau', email: 'alice@example.com', bio: 'Platform lead', organization: 'Acme', job_title: 'Staff engineer' },
  { username: 'bob', name: 'Bob Okafor', email: 'bob@example.com', bio: 'Release manager', organization: 'Acme', job_title: 'Release manager' },
  { username: 'carol', name: 'Carol Lindqvist', email: 'carol@example.com', bio: 'Security engineer', organization: 'Acme', job_title: 'Security engineer' },
  { username: 'dave', name: 'Dave Nakamura', email: 'dave@example.com', bio: 'Contractor', external: true, organization: 'Nakamura Consulting' },
] as const;

export async function seedPeople(demo: Demo, log: DemoLog): Promise<void> {
  const client = demo.admin;
  for (const u of DEMO_USERS) {
    const { data } = await client.post<{ id: number }>('/users', { ...u, password: 'demo-password-123', skip_confirmation: true });
    demo.users[u.username] = data.id;
    const laptop = await client.post<{ id: number; token: string }>(`/users/${data.id}/personal_access_tokens`, {
      name: `${u.username}-laptop`,
      scopes: ['api'],
      description: 'day-to-day work',
    });
    demo.secrets[u.username] = laptop.data.token;
    demo.tokens[`${u.username}-laptop`] = laptop.data.id;
    const ci = await client.post<{ id: number }>(`/users/${data.id}/personal_access_tokens`, { name: `${u.username}-ci`, scopes: ['read_api'] });
    demo.tokens[`${u.username}-ci`] = ci.data.id;
  }
  log(`demo: ${DEMO_USERS.length} users with tokens`);
}
