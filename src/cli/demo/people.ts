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
  // Administrators create users' personal access tokens on self-managed and dedicated offerings
  // only; elsewhere each user gets an impersonation token to act with.
  const personal = await demo.offers('POST', '/users/1/personal_access_tokens', "users' personal access tokens (created by an administrator; impersonation tokens stand in)");
  for (const u of DEMO_USERS) {
    const { data } = await client.post<{ id: number }>('/users', { ...u, password: 'demo-password-123', skip_confirmation: true });
    demo.users[u.username] = data.id;
    if (!personal) {
      const act = await client.post<{ token: string }>(`/users/${data.id}/impersonation_tokens`, { name: `${u.username}-demo`, scopes: ['api'] });
      demo.secrets[u.username] = act.data.token;
      continue;
    }
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
  log(`demo: ${DEMO_USERS.length} users with ${personal ? 'tokens' : 'impersonation tokens'}`);
}
