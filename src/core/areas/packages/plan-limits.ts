// The one plan limit this instance enforces, the largest generic package file, read and set the
// platform's way (`GET`/`PUT /application/plan_limits`, administrators). Uploads read it from
// the database, so a change made by one process applies to a running `serve` at once.
import type { RouteDef } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';
import { isAdmin } from '../../auth/policy.js';
import { writeSettings } from '../../instance.js';
import { recordAudit } from '../../audit/record.js';
import { INSTANCE } from '../../audit/subjects.js';
import type { CoreState } from '../../state.js';

const KEY = 'generic_packages_max_file_size';

export function genericMaxFileSize(core: CoreState): number {
  const row = core.db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  return row ? Number(JSON.parse(row.value)) : core.settings.genericPackagesMaxFileSize;
}

function requireAdmin(ctx: RequestContext): void {
  if (!isAdmin(currentUser(ctx))) throw forbidden();
}

const planParam = { name: 'plan_name', type: 'string' as const, values: ['default'], default: 'default' };

export const planLimitRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/application/plan_limits',
    summary: 'Show the plan limits this instance enforces (administrators)',
    params: [planParam],
    handler: (ctx) => {
      requireAdmin(ctx);
      return { [KEY]: genericMaxFileSize(ctx.core) };
    },
  },
  {
    method: 'PUT',
    path: '/application/plan_limits',
    summary: 'Change the plan limits this instance enforces (administrators)',
    params: [planParam, { name: KEY, type: 'integer', check: (v) => ((v as number) < 0 ? `${KEY} does not have a valid value` : undefined) }],
    handler: (ctx) => {
      requireAdmin(ctx);
      const value = ctx.params[KEY] as number | undefined;
      if (value !== undefined) {
        const before = genericMaxFileSize(ctx.core);
        ctx.core.tx(() => {
          writeSettings(ctx.core.db, { genericPackagesMaxFileSize: value });
          if (before !== value) recordAudit(ctx.core, { name: 'plan_limits_updated', entity: INSTANCE, change: { what: KEY, from: before, to: value } });
        });
        (ctx.core.settings as { genericPackagesMaxFileSize: number }).genericPackagesMaxFileSize = value;
      }
      return { [KEY]: genericMaxFileSize(ctx.core) };
    },
  },
];
