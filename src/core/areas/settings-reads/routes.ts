// One settings list or record of many groups or projects in one request (hostctl extension), for
// `hostctl diff`/`apply`/`export`: a plan of 1,000 projects would otherwise cost a request per
// project and section. Each target is answered by the platform route's own handler (the same
// permission checks, tier gates and presenters, so each entry is exactly what
// `GET /projects/:id/<path>` answers), all of them in one read transaction: one snapshot, and
// the read lock taken once. Each entry is at most one page of 100; a longer list says which page
// comes next, and the caller reads the rest through the ordinary route.
import { defineRoutes, type RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { ApiError, paramError, routeNotFound } from '../../http/errors.js';
import { classify } from '../../http/failures.js';
import { Reply } from '../../http/reply.js';
import { MAX_PER_PAGE } from '../../http/pagination.js';
import { readTx } from '../../db/connection.js';
import { offeringIn, tierAtLeast } from '../../instance.js';
import { loadArea, type AreaName } from '../index.js';

/** At most this many targets per request (each answers at most one page of 100 items). */
export const MAX_TARGETS = 100;

/** The reads a settings file plans against, by scope and the path below `/:scope/:id/`. */
export const SETTINGS_READS: Record<'projects' | 'groups', Record<string, AreaName>> = {
  projects: {
    members: 'members',
    notification_settings: 'notification-settings',
    freeze_periods: 'freeze-periods',
    security_settings: 'security-settings',
    protected_branches: 'protected-branches',
    'packages/protection/rules': 'packages',
    'error_tracking/settings': 'error-tracking',
    protected_environments: 'protected-environments',
  },
  groups: {
    members: 'members',
    notification_settings: 'notification-settings',
    protected_environments: 'protected-environments',
    saml_group_links: 'saml-group-links',
  },
};

export interface TargetAnswer {
  status: number;
  body: unknown;
  /** The next page of a longer list (read it through the route itself). */
  next_page?: number;
}

async function routeOf(scope: 'projects' | 'groups', path: string): Promise<RouteDef | undefined> {
  const area = SETTINGS_READS[scope][path];
  if (!area) return undefined;
  const pattern = `/${scope}/:id/${path}`;
  return (await loadArea(area)).find((r) => r.method === 'GET' && r.path === pattern);
}

/** One target through the route's handler, as if it had been requested on its own (first page of 100). */
function answerOne(ctx: RequestContext, route: RouteDef, scope: string, path: string, id: number): TargetAnswer {
  const page = route.paginated ? { page: 1, per_page: MAX_PER_PAGE } : {};
  const one: RequestContext = {
    ...ctx,
    route,
    path: `/${scope}/${id}/${path}`,
    rawQuery: '',
    input: { ...page },
    queryInput: {},
    params: { id: String(id), ...page },
    withoutLinks: true,
  };
  try {
    const result = route.handler(one);
    // Every route listed above answers synchronously; anything else would escape the snapshot.
    if (result instanceof Promise) throw new Error(`GET /${scope}/:id/${path} does not answer synchronously`);
    if (!(result instanceof Reply)) return { status: 200, body: result };
    const next = Number(result.headers['x-next-page'] || 0);
    return { status: result.status, body: result.body, ...(next > 0 ? { next_page: next } : {}) };
  } catch (error) {
    const known = classify(error);
    if (!known || known.status >= 500) throw error;
    return { status: known.status, body: known.body };
  }
}

export const settingsReadRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/hostctl/settings_reads',
    summary: 'One settings list or record of up to 100 groups or projects, each as its own route answers (hostctl extension)',
    params: [
      { name: 'scope', type: 'string', required: true, values: ['projects', 'groups'] },
      { name: 'path', type: 'string', required: true },
      {
        name: 'ids',
        type: 'integer[]',
        required: true,
        commaSeparated: true,
        check: (value: unknown) => (Array.isArray(value) && value.length > MAX_TARGETS ? `ids has more than ${MAX_TARGETS} ids` : undefined),
      },
    ],
    handler: async (ctx) => {
      const scope = ctx.params.scope as 'projects' | 'groups';
      const path = String(ctx.params.path);
      const route = await routeOf(scope, path);
      if (!route) throw paramError(`path does not have a valid value (one of: ${Object.keys(SETTINGS_READS[scope]).join(', ')})`);
      const ids = [...new Set(ctx.params.ids as number[])];
      // A route the instance's tier or offering lacks answers every target as a missing route.
      const absent = (route.tier && !tierAtLeast(ctx.core.settings.tier, route.tier)) || (route.offerings && !offeringIn(ctx.core.settings.offering, route.offerings));
      const out: Record<string, TargetAnswer> = {};
      if (absent) {
        const missing: ApiError = routeNotFound();
        for (const id of ids) out[id] = { status: missing.status, body: missing.body };
        return out;
      }
      readTx(ctx.core.db, () => {
        for (const id of ids) out[id] = answerOne(ctx, route, scope, path, id);
      });
      return out;
    },
  },
]);
