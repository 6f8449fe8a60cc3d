// A client that acts as one of the demo users, over the same transport as the administrator's.
import { ApiClient } from '../../client/client.js';
import type { Demo } from './index.js';

export function actAs(demo: Demo, username: string): ApiClient {
  const secret = demo.secrets[username];
  if (!secret) throw new Error(`demo user ${username} has no token`);
  return new ApiClient(demo.admin.transport, { token: secret, userAgent: 'hostctl-demo' });
}
