// Security settings of a project (Ultimate): one record that always exists, of which the API lets
// callers change secret push protection only; the other flags are shown by the API and set
// elsewhere, so a file may not declare them. Nothing is created or deleted: a plan only updates.
import { diffFields } from '../plan-list.js';
import { child, type SettingsSection } from '../section.js';
import { bool, containerPath, record } from './project-shared.js';

/** The fields a file may declare: the ones PUT /projects/:id/security_settings changes. */
const WRITABLE = ['secret_push_protection_enabled'] as const;

export type SecuritySettingsSpec = Partial<Record<(typeof WRITABLE)[number], boolean>>;

export const securitySettingsSection: SettingsSection<SecuritySettingsSpec, Record<string, unknown>> = {
  name: 'security_settings',
  summary: 'security settings of a project (Ultimate): secret push protection',
  scopes: ['project'],
  order: 40,
  endpoint: 'security_settings',
  schema: {
    type: 'object',
    description: 'Security settings of the project (Ultimate)',
    additionalProperties: false,
    properties: { secret_push_protection_enabled: { type: 'boolean', description: 'refuse pushes that contain secrets' } },
  },

  parse(value, at) {
    const v = record(value, at, 'security_settings', WRITABLE);
    const out: SecuritySettingsSpec = {};
    for (const field of WRITABLE) if (v[field] !== undefined) out[field] = bool(v[field], child(at, field), field);
    return out;
  },

  references: () => ({}),

  async read(ctx, target) {
    return ctx.client.expectRecord(await ctx.reads.get<Record<string, unknown>>(`${containerPath(target)}/security_settings`));
  },

  plan(d, c) {
    const fields = diffFields(c, d);
    return fields.length === 0 ? { changes: [], unchanged: 1 } : { changes: [{ op: 'update', key: 'security settings', fields, payload: { desired: d } }], unchanged: 0 };
  },

  async apply(ctx, change) {
    const { desired } = change.payload as { desired: SecuritySettingsSpec };
    await ctx.client.put(`${containerPath(change.target)}/security_settings`, desired);
  },

  export: (c) => Object.fromEntries(WRITABLE.filter((f) => typeof c[f] === 'boolean').map((f) => [f, c[f]])),
};
