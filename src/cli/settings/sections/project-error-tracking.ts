// Error tracking settings of a project: whether it is on and whether it is the integrated
// tracker. Absent until configured (PUT creates it; PATCH changes it; nothing removes it, so
// --prune leaves it alone). Client keys and their DSNs are secrets: this section neither reads
// nor writes nor exports them, and a file cannot name them.
import { ApiError } from '../../../client/api-error.js';
import { diffFields } from '../plan-list.js';
import { child, type SettingsSection } from '../section.js';
import { bool, containerPath, fail, record } from './project-shared.js';

const FIELDS = ['active', 'integrated'] as const;

export interface ErrorTrackingSpec {
  active: boolean;
  integrated: boolean;
}

const NOT_CONFIGURED = /Error Tracking Setting/i;

/** The section's state: null while error tracking was never configured for the project. */
export const errorTrackingSection: SettingsSection<ErrorTrackingSpec, ErrorTrackingSpec | null> = {
  name: 'error_tracking',
  summary: 'error tracking of a project: active and integrated (never client keys)',
  scopes: ['project'],
  order: 60,
  endpoint: 'error_tracking/settings',
  schema: {
    type: 'object',
    description: 'Error tracking of the project (client keys are secrets and are never part of a file)',
    additionalProperties: false,
    required: ['active', 'integrated'],
    properties: {
      active: { type: 'boolean', description: 'error tracking is on' },
      integrated: { type: 'boolean', description: 'the integrated tracker (not an external Sentry)' },
    },
  },

  parse(value, at) {
    const v = record(value, at, 'error_tracking', FIELDS);
    for (const field of FIELDS) if (v[field] === undefined) fail(at, `error_tracking needs ${field} (true or false)`);
    return { active: bool(v.active, child(at, 'active'), 'active'), integrated: bool(v.integrated, child(at, 'integrated'), 'integrated') };
  },

  references: () => ({}),

  async read(ctx, target) {
    const path = `${containerPath(target)}/error_tracking/settings`;
    const res = await ctx.reads.request<Record<string, unknown>>(path);
    if (res.status === 404 && NOT_CONFIGURED.test(JSON.stringify(res.data))) return null;
    if (res.status >= 400) throw new ApiError(res.status, res.data, {}, 'GET', path);
    const data = ctx.client.expectRecord<Record<string, unknown>>(res.data);
    // Only the two flags are kept: nothing else of the answer can reach a plan or an export.
    return { active: data.active === true, integrated: data.integrated === true };
  },

  plan(d, c) {
    const desired = { active: d.active, integrated: d.integrated };
    if (c === null) return { changes: [{ op: 'create', key: 'error tracking', fields: diffFields(undefined, desired), payload: { desired } }], unchanged: 0 };
    const fields = diffFields({ ...c }, desired);
    return fields.length === 0 ? { changes: [], unchanged: 1 } : { changes: [{ op: 'update', key: 'error tracking', fields, payload: { desired } }], unchanged: 0 };
  },

  async apply(ctx, change) {
    const { desired } = change.payload as { desired: ErrorTrackingSpec };
    const path = `${containerPath(change.target)}/error_tracking/settings`;
    if (change.op === 'create') await ctx.client.put(path, desired);
    else if (change.op === 'update') await ctx.client.patch(path, desired);
  },

  export: (c) => (c ? { active: c.active, integrated: c.integrated } : undefined),
};
