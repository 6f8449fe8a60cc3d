// Error tracking of a project (Maintainer): the settings (absent until configured; PUT creates
// integrated error tracking, PATCH toggles an existing configuration) and client keys whose DSN
// points error reports at this instance's collector endpoint.
import { auditChanges, auditRow } from '../../audit/subjects.js';
import { createRequire } from 'node:module';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { notFound, recordNotFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { created, ok } from '../../http/reply.js';
import { idParam } from '../../http/params.js';
import type { ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { findProject } from '../../resources/find.js';

interface SettingRow {
  project_id: number;
  active: number;
  integrated: number;
  project_name: string | null;
  tracker_external_url: string | null;
  api_url: string | null;
}

interface KeyRow {
  id: number;
  project_id: number;
  active: number;
  public_key: string;
}

const settingOf = (core: CoreState, projectId: number) =>
  core.db.prepare('SELECT * FROM error_tracking_settings WHERE project_id = ?').get(projectId) as SettingRow | undefined;

const presentSetting = (row: SettingRow) => ({
  active: row.active === 1,
  project_name: row.project_name,
  tracker_external_url: row.tracker_external_url,
  api_url: row.api_url,
  integrated: row.integrated === 1,
});

/**
 * `<scheme>://<public key>@<host>[:port]<path prefix>/api/v4/error_tracking/collector/<project id>`,
 * from the instance's external URL (the port only when it is not the scheme's default).
 */
export function trackerDsn(core: CoreState, key: string, projectId: number): string {
  const url = new URL(core.settings.externalUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${key}@${url.host}${prefix}/api/v4/error_tracking/collector/${projectId}`;
}

const presentKey = (core: CoreState, row: KeyRow) => ({
  id: row.id,
  active: row.active === 1,
  public_key: row.public_key,
  tracker_dsn: trackerDsn(core, row.public_key, row.project_id),
});

const project = (ctx: RequestContext): ProjectRow => findProject(ctx, 'admin_error_tracking');

/** `glet_` and 32 hex digits; node:crypto is loaded only when a key is made (start-up cost). */
const publicKey = (): string => {
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return `glet_${crypto.randomBytes(16).toString('hex')}`;
};

const settingMissing = () => notFound('Error Tracking Setting');

/** One event per changed error tracking setting (a first configuration changes both from nothing). */
function auditSetting(ctx: RequestContext, projectId: number, before: SettingRow | undefined): void {
  const flags = (r: SettingRow | undefined) => ({ active: r ? r.active === 1 : null, integrated: r ? r.integrated === 1 : null });
  auditChanges(ctx.core, { entity: { type: 'Project', id: projectId } }, 'error_tracking_setting', flags(before), flags(settingOf(ctx.core, projectId)), ['active', 'integrated']);
}

export const errorTrackingRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/error_tracking/settings',
    summary: 'Get the error tracking settings of a project (Maintainer); 404 until configured',
    params: [idParam],
    handler: (ctx) => {
      const row = settingOf(ctx.core, project(ctx).id);
      if (!row) throw settingMissing();
      return presentSetting(row);
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/error_tracking/settings',
    summary: 'Configure integrated error tracking (Maintainer): active and integrated, creating the settings',
    params: [idParam, { name: 'active', type: 'boolean', required: true }, { name: 'integrated', type: 'boolean', required: true }],
    handler: (ctx) => {
      const p = project(ctx);
      const now = ctx.core.nowIso();
      ctx.core.tx(() => {
        const before = settingOf(ctx.core, p.id);
        ctx.core.db
          .prepare(
            `INSERT INTO error_tracking_settings (project_id, active, integrated, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (project_id) DO UPDATE SET active = excluded.active, integrated = excluded.integrated, updated_at = excluded.updated_at`,
          )
          .run(p.id, ctx.params.active ? 1 : 0, ctx.params.integrated ? 1 : 0, now, now);
        auditSetting(ctx, p.id, before);
      });
      return presentSetting(settingOf(ctx.core, p.id) as SettingRow);
    },
  },
  {
    method: 'PATCH',
    path: '/projects/:id/error_tracking/settings',
    summary: 'Turn configured error tracking on or off (Maintainer); integrated optionally',
    params: [idParam, { name: 'active', type: 'boolean', required: true }, { name: 'integrated', type: 'boolean' }],
    handler: (ctx) => {
      const p = project(ctx);
      const row = settingOf(ctx.core, p.id);
      if (!row) throw settingMissing();
      const integrated = typeof ctx.params.integrated === 'boolean' ? (ctx.params.integrated ? 1 : 0) : row.integrated;
      ctx.core.tx(() => {
        ctx.core.db
          .prepare('UPDATE error_tracking_settings SET active = ?, integrated = ?, updated_at = ? WHERE project_id = ?')
          .run(ctx.params.active ? 1 : 0, integrated, ctx.core.nowIso(), p.id);
        auditSetting(ctx, p.id, row);
      });
      return presentSetting(settingOf(ctx.core, p.id) as SettingRow);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/error_tracking/client_keys',
    summary: 'List the error tracking client keys of a project (Maintainer)',
    paginated: true,
    params: [idParam],
    handler: (ctx) => {
      const p = project(ctx);
      const base = 'SELECT * FROM error_tracking_client_keys WHERE project_id = ?';
      return paginate(
        ctx,
        (cap) => keptCount(ctx.core.db, 'client_keys', [p.id], cap),
        (limit, offset) => (ctx.core.db.prepare(`${base} ORDER BY id LIMIT ? OFFSET ?`).all(p.id, limit, offset) as KeyRow[]).map((r) => presentKey(ctx.core, r)),
      );
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/error_tracking/client_keys',
    summary: 'Create an error tracking client key (Maintainer); its DSN goes into the application',
    params: [idParam],
    handler: (ctx) => {
      const p = project(ctx);
      const now = ctx.core.nowIso();
      const info = ctx.core.tx(() => {
        const made = ctx.core.db
          .prepare('INSERT INTO error_tracking_client_keys (project_id, active, public_key, created_at, updated_at) VALUES (?, 1, ?, ?, ?)')
          .run(p.id, publicKey(), now, now);
        // Named by id only: the public key is the DSN's secret.
        auditRow(ctx.core, { type: 'Project', id: p.id }, 'error_tracking_client_key_created', { type: 'ErrorTracking::ClientKey', id: Number(made.lastInsertRowid), details: `client key ${made.lastInsertRowid}` }, 'Created error tracking client key');
        return made;
      });
      const row = ctx.core.db.prepare('SELECT * FROM error_tracking_client_keys WHERE id = ?').get(info.lastInsertRowid) as KeyRow;
      return created(presentKey(ctx.core, row));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/error_tracking/client_keys/:key_id',
    summary: 'Delete an error tracking client key (Maintainer); answers with the deleted key',
    params: [idParam, { name: 'key_id', type: 'integer', required: true }],
    handler: (ctx) => {
      const p = project(ctx);
      const row = ctx.core.db.prepare('SELECT * FROM error_tracking_client_keys WHERE id = ? AND project_id = ?').get(ctx.params.key_id, p.id) as KeyRow | undefined;
      if (!row) throw recordNotFound();
      const body = presentKey(ctx.core, row);
      ctx.core.tx(() => {
        ctx.core.db.prepare('DELETE FROM error_tracking_client_keys WHERE id = ?').run(row.id);
        auditRow(ctx.core, { type: 'Project', id: p.id }, 'error_tracking_client_key_deleted', { type: 'ErrorTracking::ClientKey', id: row.id, details: `client key ${row.id}` }, 'Deleted error tracking client key');
      });
      return ok(body);
    },
  },
]);
