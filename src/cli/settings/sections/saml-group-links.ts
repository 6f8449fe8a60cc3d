// saml_group_links of a top-level group: SAML group name → role (and optionally a custom member
// role and a provider). The platform has no update: a changed link is deleted and created again.
// Links exist only where SAML is on (a paid tier and a configured provider; hostctl saml).
import { ApiError } from '../../../client/api-error.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { expectString, isRecord, expectMap, onlyKeys } from '../check.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, SettingsFileError, type Locator, type SettingsSection, type Target } from '../section.js';

const LINK_LEVELS = [5, 10, 15, 20, 30, 40, 50] as const;

export interface SamlLink {
  name: string;
  access_level: number;
  member_role_id?: number | null;
  provider?: string | null;
}

const base = (t: Target) => `/groups/${t.id as number}/saml_group_links`;
const keyOf = (l: SamlLink) => (l.provider ? `${l.name} (${l.provider})` : l.name);
const fields = (l: SamlLink): Record<string, unknown> => ({ access_level: roleName(l.access_level), ...(l.member_role_id !== undefined ? { member_role_id: l.member_role_id } : {}) });

function parseLink(name: string, value: unknown, at: Locator): SamlLink {
  if (!isRecord(value)) return { name, access_level: parseRole(value, at, LINK_LEVELS) };
  onlyKeys(value, at, ['access_level', 'member_role_id', 'provider']);
  if (value.access_level === undefined) throw new SettingsFileError(at, `SAML group link ${name} needs access_level`);
  const link: SamlLink = { name, access_level: parseRole(value.access_level, child(at, 'access_level'), LINK_LEVELS) };
  if (value.member_role_id !== undefined) {
    if (value.member_role_id !== null && (typeof value.member_role_id !== 'number' || !Number.isInteger(value.member_role_id) || value.member_role_id < 1)) throw new SettingsFileError(child(at, 'member_role_id'), 'member_role_id must be a custom role id (a positive number) or null');
    link.member_role_id = value.member_role_id as number | null;
  }
  if (value.provider !== undefined && value.provider !== null) link.provider = expectString(value.provider, child(at, 'provider'), 'provider');
  return link;
}

export const samlGroupLinksSection: SettingsSection<SamlLink[], SamlLink[]> = {
  name: 'saml_group_links',
  scopes: ['group'],
  order: 15,
  endpoint: 'saml_group_links',
  summary: 'SAML group links of a top-level group: {saml group name: role} or {name: {access_level, member_role_id, provider}}',
  schema: {
    type: 'object',
    description: 'SAML group name → role, or {access_level, member_role_id, provider} (top-level groups with SAML on)',
    additionalProperties: {
      oneOf: [
        roleSchema(LINK_LEVELS),
        { type: 'object', required: ['access_level'], additionalProperties: false, properties: { access_level: roleSchema(LINK_LEVELS), member_role_id: { type: ['integer', 'null'], minimum: 1 }, provider: { type: ['string', 'null'] } } },
      ],
    },
  },
  parse(value, at) {
    const map = expectMap(value, at, 'saml_group_links');
    const links = Object.entries(map).map(([name, v]) => parseLink(name, v, child(at, name)));
    const seen = new Set<string>();
    for (const [i, l] of links.entries()) {
      if (seen.has(keyOf(l))) throw new SettingsFileError(child(at, Object.keys(map)[i] as string), `SAML group link ${keyOf(l)} is listed twice`, true);
      seen.add(keyOf(l));
    }
    return links;
  },
  references: () => ({}),
  async read(ctx, target) {
    try {
      const data = await ctx.reads.get<{ name: string; access_level: number; member_role_id: number | null; provider: string | null }[]>(base(target));
      return ctx.client.expectList<{ name: string; access_level: number; member_role_id: number | null; provider: string | null }>(data).map((l) => ({ name: l.name, access_level: l.access_level, member_role_id: l.member_role_id ?? null, provider: l.provider ?? null }));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        throw new CliError(`saml_group_links of group ${target.path}: the group has no SAML group links to manage (they need a paid tier, a top-level group and SAML configured), or you may not manage them`, EXIT.auth, `see: hostctl saml show ${target.path}`);
      }
      throw error;
    }
  },
  plan(d, c, { prune }) {
    const declaresRole = new Map(d.map((l) => [keyOf(l), l.member_role_id !== undefined]));
    return planList(d, c, { desired: keyOf, current: keyOf }, { desired: fields, current: (l) => (declaresRole.get(keyOf(l)) === false ? { access_level: roleName(l.access_level) } : fields(l)) }, prune);
  },
  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: SamlLink; current?: SamlLink };
    const t = change.target;
    if (current) await ctx.client.delete(`${base(t)}/${encodeURIComponent(current.name)}`, current.provider ? { provider: current.provider } : undefined);
    if (desired) {
      await ctx.client.post(base(t), {
        saml_group_name: desired.name,
        access_level: desired.access_level,
        ...(desired.member_role_id ? { member_role_id: desired.member_role_id } : {}),
        ...(desired.provider ? { provider: desired.provider } : {}),
      });
    }
  },
  export(c) {
    return Object.fromEntries(c.map((l) => [l.name, l.member_role_id || l.provider ? { access_level: roleName(l.access_level), ...(l.member_role_id ? { member_role_id: l.member_role_id } : {}), ...(l.provider ? { provider: l.provider } : {}) } : roleName(l.access_level)]));
  },
};
