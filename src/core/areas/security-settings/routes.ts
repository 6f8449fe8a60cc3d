// Project security settings (Ultimate): the raw settings record, created with its defaults on
// the first read. Developers read, Maintainers change; a signed-in role below that answers 403
// (the platform answers 401; hostctl keeps 401 for a caller without credentials); below Ultimate
// the feature is unlicensed (403); archived projects refuse changes (403).
import { recordAudit } from '../../audit/record.js';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { currentUser } from '../../http/context.js';
import { forbidden, refused } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { can } from '../../auth/policy.js';
import { tierAtLeast } from '../../instance.js';
import type { ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { findProject } from '../../resources/find.js';
import { tryWriteTx } from '../../db/connection.js';

const FLAGS = [
  'auto_fix_container_scanning',
  'auto_fix_dast',
  'auto_fix_dependency_scanning',
  'auto_fix_sast',
  'continuous_vulnerability_scans_enabled',
  'container_scanning_for_registry_enabled',
  'secret_push_protection_enabled',
] as const;

type SecurityRow = { project_id: number; created_at: string; updated_at: string } & Record<(typeof FLAGS)[number], number>;

function settingsOf(core: CoreState, project: ProjectRow): SecurityRow {
  const read = () => core.db.prepare('SELECT * FROM project_security_settings WHERE project_id = ?').get(project.id) as SecurityRow | undefined;
  const row = read();
  if (row) return row;
  const now = core.nowIso();
  // Storing the defaults is bookkeeping of a read: skipped while another process holds the write
  // lock (the defaults are answered all the same, and stored by a later request).
  tryWriteTx(core.db, () => core.db.prepare('INSERT OR IGNORE INTO project_security_settings (project_id, created_at, updated_at) VALUES (?, ?, ?)').run(project.id, now, now));
  return read() ?? defaultSettings(core, project, now);
}

/** The row the first read would have stored: the table's own column defaults. */
function defaultSettings(core: CoreState, project: ProjectRow, now: string): SecurityRow {
  const row = { project_id: project.id, created_at: now, updated_at: now } as SecurityRow;
  const columns = core.db.prepare('SELECT name, dflt_value FROM pragma_table_info(?)').all('project_security_settings') as { name: string; dflt_value: string | null }[];
  for (const flag of FLAGS) row[flag] = Number(columns.find((c) => c.name === flag)?.dflt_value ?? 0);
  return row;
}

function present(row: SecurityRow): Record<string, unknown> {
  const out: Record<string, unknown> = { project_id: row.project_id, created_at: row.created_at, updated_at: row.updated_at };
  for (const flag of FLAGS) out[flag] = row[flag] === 1;
  return out;
}

/** The project, refused in the platform's order: invisible 404, unlicensed 403, role too low 403 (401 anonymous). */
function licensedProject(ctx: RequestContext, ability: 'read_security_settings' | 'admin_security_settings'): ProjectRow {
  const project = findProject(ctx);
  if (!tierAtLeast(ctx.core.settings.tier, 'ultimate')) throw forbidden();
  if (!can(ctx.core, ctx.actor, ability, { project })) throw refused(ctx.actor);
  return project;
}

export const securitySettingRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/security_settings',
    summary: 'Get the security settings of a project (Ultimate; Developer)',
    params: [idParam],
    handler: (ctx) => present(settingsOf(ctx.core, licensedProject(ctx, 'read_security_settings'))),
  },
  {
    method: 'PUT',
    path: '/projects/:id/security_settings',
    summary: 'Turn secret push protection on or off (Ultimate; Maintainer)',
    params: [
      idParam,
      { name: 'secret_push_protection_enabled', type: 'boolean' },
      { name: 'pre_receive_secret_detection_enabled', type: 'boolean', desc: 'the older name of secret_push_protection_enabled' },
    ],
    rules: [{ atLeastOneOf: ['secret_push_protection_enabled', 'pre_receive_secret_detection_enabled'] }],
    handler: (ctx) => {
      currentUser(ctx);
      const project = licensedProject(ctx, 'admin_security_settings');
      // Groups carry no archived flag here, so the project's own flag is the whole answer.
      if (project.archived === 1) throw forbidden();
      const p = ctx.params;
      const value = (p.secret_push_protection_enabled ?? p.pre_receive_secret_detection_enabled) as boolean;
      const row = settingsOf(ctx.core, project);
      if ((row.secret_push_protection_enabled === 1) !== value) {
        ctx.core.tx(() => {
          ctx.core.db
            .prepare('UPDATE project_security_settings SET secret_push_protection_enabled = ?, updated_at = ? WHERE project_id = ?')
            .run(value ? 1 : 0, ctx.core.nowIso(), project.id);
          recordAudit(ctx.core, { name: 'project_security_setting_updated', entity: { type: 'Project', id: project.id }, change: { what: 'secret push protection enabled', from: !value, to: value } });
        });
      }
      return present(settingsOf(ctx.core, project));
    },
  },
]);
