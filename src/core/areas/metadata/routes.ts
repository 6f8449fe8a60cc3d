// Instance metadata for signed-in callers: `GET /version` (python-gitlab's `gl.version()`) and
// `GET /metadata` (gitbeaker's `Metadata.show()`), in the platform's shapes. The version is the
// platform API level this instance follows; `enterprise` says whether paid-tier features exist.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';
import { isAdmin } from '../../auth/policy.js';

/** The platform release whose API v4 this core follows. */
export const PLATFORM_VERSION = '17.6.0';
const REVISION = 'hostctl';

const version = () => ({ version: PLATFORM_VERSION, revision: REVISION });

/** The licence the tier stands for (a free instance has none: the platform answers null). */
function license(ctx: RequestContext) {
  const tier = ctx.core.settings.tier;
  if (tier === 'free') return null;
  const users = (ctx.core.db.prepare("SELECT COUNT(*) AS n FROM users WHERE bot = 0 AND state = 'active'").get() as { n: number }).n;
  const created = (ctx.core.db.prepare('SELECT MIN(created_at) AS at FROM users').get() as { at: string | null }).at ?? ctx.core.nowIso();
  return {
    id: 1,
    plan: tier,
    created_at: created,
    starts_at: created.slice(0, 10),
    expires_at: null,
    historical_max: users,
    maximum_user_count: users,
    expired: false,
    overage: 0,
    user_limit: 0,
    active_users: users,
    licensee: { Name: 'hostctl', Email: null, Company: null },
    add_ons: {},
  };
}

export const metadataRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/license',
    summary: "The instance's licence, which reflects its tier (administrators)",
    handler: (ctx: RequestContext) => {
      if (!isAdmin(currentUser(ctx))) throw forbidden();
      return license(ctx);
    },
  },
  {
    method: 'GET',
    path: '/version',
    summary: 'The platform version this instance answers as',
    scopes: ['read_user', 'ai_features'],
    handler: () => version(),
  },
  {
    method: 'GET',
    path: '/metadata',
    summary: 'Instance metadata: version, revision, agent server (none), enterprise features',
    scopes: ['read_user', 'ai_features'],
    handler: (ctx: RequestContext) => ({
      ...version(),
      kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
      enterprise: ctx.core.settings.tier !== 'free',
    }),
  },
]);
