// Instance metadata for signed-in callers: `GET /version` (python-gitlab's `gl.version()`) and
// `GET /metadata` (gitbeaker's `Metadata.show()`), in the platform's shapes. The version is the
// platform API level this instance follows; `enterprise` says whether paid-tier features exist.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';

/** The platform release whose API v4 this core follows. */
export const PLATFORM_VERSION = '17.6.0';
const REVISION = 'hostctl';

const version = () => ({ version: PLATFORM_VERSION, revision: REVISION });

export const metadataRoutes = defineRoutes([
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
