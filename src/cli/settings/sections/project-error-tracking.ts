// Error tracking settings of a project: whether it is on and whether it is the integrated
// tracker. Absent until configured (PUT creates it; PATCH changes it; nothing removes it, so
// --prune leaves it alone). Client keys and their DSNs are secrets: this section neither reads
// nor writes nor exports them, and a file cannot name them.
import { ApiError } from '../../../client/api-error.js';
import type { SettingsSection, Target } from './project-interface.js';
import { below, bool, containerPath, fail, fieldChanges, newFields, record } from './project-shared.js';

const FIELDS = ['active', 'integrated'] as const;

export interface ErrorTrackingSpec {
  active: boolean;
  integrated: boolean;
}

interface Have {
  target: Target;
  /** null: error tracking was never configured for the project. */
  settings: ErrorTrackingSpec | null;
}

const NOT_CONFIGURED = /Error Tracking Setting/i;

export const errorTrackingSection: SettingsSection<ErrorTrackingSpec, Have> = {
  name: 'error_tracking',
  scopes: ['project'],
  order: 60,
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
    return { active: bool(v.active, below(at, 'active'), 'active'), integrated: bool(v.integrated, below(at, 'integrated'), 'integrated') };
  },

  references: () => ({}),

  async read(ctx, target) {
    const path = `${containerPath(target)}/error_tracking/settings`;
    const res = await ctx.client.request<Record<string, unknown>>('GET', path, { allowError: true });
    if (res.status === 404 && NOT_CONFIGURED.test(JSON.stringify(res.data))) return { target, settings: null };
    if (res.status >= 400) throw new ApiError(res.status, res.data, res.headers, 'GET', path);
    const data = ctx.client.expectRecord<Record<string, unknown>>(res.data);
    // Only the two flags are kept: nothing else of the answer can reach a plan or an export.
    return { target, settings: { active: data.active === true, integrated: data.integrated === true } };
  },

  plan(d, c) {
    const want = { active: d.active, integrated: d.integrated };
    if (c.settings === null) return { changes: [{ op: 'create', section: 'error_tracking', target: c.target, key: 'error tracking', fields: newFields(want), payload: { want } }], unchanged: 0 };
    const fields = fieldChanges(want, { ...c.settings });
    if (fields.length === 0) return { changes: [], unchanged: 1 };
    return { changes: [{ op: 'update', section: 'error_tracking', target: c.target, key: 'error tracking', fields, payload: { want } }], unchanged: 0 };
  },

  async apply(ctx, change) {
    const { want } = change.payload as { want: ErrorTrackingSpec };
    const path = `${containerPath(change.target)}/error_tracking/settings`;
    if (change.op === 'create') await ctx.client.put(path, want);
    else if (change.op === 'update') await ctx.client.patch(path, want);
  },

  export: (c) => (c.settings ? { active: c.settings.active, integrated: c.settings.integrated } : undefined),
};
