// Security settings of a project (Ultimate): one record that always exists, of which the API lets
// callers change secret push protection only; the other flags are shown by the API and set
// elsewhere, so a file may not declare them. Nothing is created or deleted: a plan only updates.
import type { SettingsSection, Target } from './project-interface.js';
import { bool, containerPath, fieldChanges, record } from './project-shared.js';

/** The fields a file may declare: the ones PUT /projects/:id/security_settings changes. */
const WRITABLE = ['secret_push_protection_enabled'] as const;

export type SecuritySettingsSpec = Partial<Record<(typeof WRITABLE)[number], boolean>>;

interface Have {
  target: Target;
  settings: Record<string, unknown>;
}

export const securitySettingsSection: SettingsSection<SecuritySettingsSpec, Have> = {
  name: 'security_settings',
  scopes: ['project'],
  order: 40,
  schema: {
    type: 'object',
    description: 'Security settings of the project (Ultimate)',
    additionalProperties: false,
    properties: { secret_push_protection_enabled: { type: 'boolean', description: 'refuse pushes that contain secrets' } },
  },

  parse(value, at) {
    const v = record(value, at, 'security_settings', WRITABLE);
    const out: SecuritySettingsSpec = {};
    for (const field of WRITABLE) if (v[field] !== undefined) out[field] = bool(v[field], { ...at, pointer: [...at.pointer, field] }, field);
    return out;
  },

  references: () => ({}),

  async read(ctx, target) {
    const { data } = await ctx.client.get<Record<string, unknown>>(`${containerPath(target)}/security_settings`);
    return { target, settings: ctx.client.expectRecord(data) };
  },

  plan(d, c) {
    const fields = fieldChanges(d, c.settings);
    if (fields.length === 0) return { changes: [], unchanged: 1 };
    return { changes: [{ op: 'update', section: 'security_settings', target: c.target, key: 'security settings', fields, payload: { want: d } }], unchanged: 0 };
  },

  async apply(ctx, change) {
    const want = (change.payload as { want: SecuritySettingsSpec }).want;
    await ctx.client.put(`${containerPath(change.target)}/security_settings`, want);
  },

  export: (c) => Object.fromEntries(WRITABLE.filter((f) => typeof c.settings[f] === 'boolean').map((f) => [f, c.settings[f]])),
};
