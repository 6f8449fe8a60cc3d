// Demo tokens beyond the everyday ones: a rotated token (its predecessor revoked), a revoked
// one, one expiring soon, and a narrowly scoped audit token.
import { daysAfter } from '../../shared/dates.js';
import type { Demo, DemoLog } from './index.js';

export async function seedTokens(demo: Demo, log: DemoLog): Promise<void> {
  const client = demo.admin;
  if (!(await demo.offers('POST', '/users/1/personal_access_tokens', 'rotated, revoked and expiring personal access tokens'))) return;
  const create = async (user: string, body: Record<string, unknown>): Promise<number> => {
    const { data } = await client.post<{ id: number }>(`/users/${demo.users[user]}/personal_access_tokens`, body);
    demo.tokens[String(body.name)] = data.id;
    return data.id;
  };

  const release = await create('bob', { name: 'release-bot', scopes: ['api', 'write_repository'], description: 'tags and publishes releases', expires_at: daysAfter(demo.today, 60) });
  const rotated = await client.post<{ id: number }>(`/personal_access_tokens/${release}/rotate`, { expires_at: daysAfter(demo.today, 90) });
  demo.tokens['release-bot'] = rotated.data.id;

  const lost = await create('carol', { name: 'old-laptop', scopes: ['api'], description: 'laptop reported lost' });
  await client.delete(`/personal_access_tokens/${lost}`);

  await create('dave', { name: 'contract-access', scopes: ['read_api', 'read_repository'], description: 'ends with the contract', expires_at: daysAfter(demo.today, 10) });
  await create('alice', { name: 'quarterly-audit', scopes: ['read_api', 'read_user'], description: 'read-only access for the Q1 audit', expires_at: daysAfter(demo.today, 30) });

  log('demo: tokens rotated, revoked and expiring soon');
}
