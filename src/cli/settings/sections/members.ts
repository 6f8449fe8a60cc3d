// members of a group or a project: username → role (by name or number), optionally with an
// expiry date. Only direct members are compared (inherited ones belong to the parent group).
import { MEMBER_ACCESS_LEVELS } from '../../../shared/access-levels.js';
import { expectMap, isRecord, onlyKeys } from '../check.js';
import { planList } from '../plan-list.js';
import { parseRole, roleName, roleSchema } from '../roles.js';
import { child, SettingsFileError, type Locator, type SettingsSection, type Target } from '../section.js';

export interface Member {
  username: string;
  access_level: number;
  /** YYYY-MM-DD; undefined when the file does not manage it, null for "never expires". */
  expires_at?: string | null;
  at?: Locator;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const base = (t: Target) => `/${t.scope === 'group' ? 'groups' : 'projects'}/${t.id as number}/members`;

function parseMember(username: string, value: unknown, at: Locator): Member {
  if (!isRecord(value)) return { username, access_level: parseRole(value, at, MEMBER_ACCESS_LEVELS), at };
  onlyKeys(value, at, ['access_level', 'expires_at']);
  if (value.access_level === undefined) throw new SettingsFileError(at, `member ${username} needs access_level`);
  const m: Member = { username, access_level: parseRole(value.access_level, child(at, 'access_level'), MEMBER_ACCESS_LEVELS), at };
  if (value.expires_at !== undefined) {
    // YAML reads an unquoted 2027-01-31 as a date.
    const raw = value.expires_at instanceof Date ? value.expires_at.toISOString().slice(0, 10) : value.expires_at;
    if (raw !== null && (typeof raw !== 'string' || !DATE.test(raw))) throw new SettingsFileError(child(at, 'expires_at'), `expires_at must be a date YYYY-MM-DD (or null), got ${JSON.stringify(raw)}`);
    m.expires_at = raw as string | null;
  }
  return m;
}

const fields = (m: Member): Record<string, unknown> => ({ access_level: roleName(m.access_level), ...(m.expires_at !== undefined ? { expires_at: m.expires_at } : {}) });

export const membersSection: SettingsSection<Member[], Member[]> = {
  name: 'members',
  scopes: ['group', 'project'],
  order: 10,
  endpoint: 'members',
  summary: 'Direct members and their roles: {username: role} or {username: {access_level, expires_at}}',
  schema: {
    type: 'object',
    description: 'Direct members: username → role (name or number), or {access_level, expires_at}',
    additionalProperties: {
      oneOf: [
        roleSchema(MEMBER_ACCESS_LEVELS),
        { type: 'object', required: ['access_level'], additionalProperties: false, properties: { access_level: roleSchema(MEMBER_ACCESS_LEVELS), expires_at: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } },
      ],
    },
  },
  parse(value, at) {
    const map = expectMap(value, at, 'members');
    const seen = new Set<string>();
    return Object.entries(map).map(([username, v]) => {
      if (seen.has(username.toLowerCase())) throw new SettingsFileError(child(at, username), `member ${username} is listed twice`, true);
      seen.add(username.toLowerCase());
      return parseMember(username, v, child(at, username));
    });
  },
  references: (d) => ({ users: d.map((m) => ({ name: m.username, at: m.at as Locator })) }),
  async read(ctx, target) {
    const rows = await ctx.reads.list<{ id: number; username: string; access_level: number; expires_at: string | null }>(base(target));
    return rows.map((m) => ({ username: m.username, access_level: m.access_level, expires_at: m.expires_at ? m.expires_at.slice(0, 10) : null }));
  },
  plan(d, c, { prune }) {
    const key = (m: Member) => m.username.toLowerCase();
    // Fields the file leaves out (expires_at) are not compared: they are not managed.
    const byName = new Map(d.map((m) => [key(m), m]));
    return planList(d, c, { desired: key, current: key }, { desired: fields, current: (m) => {
      const wanted = byName.get(key(m));
      return { access_level: roleName(m.access_level), ...(wanted?.expires_at !== undefined || !wanted ? { expires_at: m.expires_at } : {}) };
    } }, prune);
  },
  async apply(ctx, change) {
    const { desired, current } = change.payload as { desired?: Member; current?: Member };
    const t = change.target;
    if (change.op === 'delete') {
      const id = await ctx.names.userId((current as Member).username);
      await ctx.client.delete(`${base(t)}/${id}`);
      return;
    }
    const m = desired as Member;
    const id = await ctx.names.userId(m.username);
    const body = { access_level: m.access_level, ...(m.expires_at !== undefined ? { expires_at: m.expires_at ?? '' } : {}) };
    if (change.op === 'create') await ctx.client.post(base(t), { user_id: id, ...body });
    else await ctx.client.put(`${base(t)}/${id}`, body);
  },
  names: (change) => ({ users: [change.key] }),
  export(c) {
    return Object.fromEntries(c.map((m) => [m.username, m.expires_at ? { access_level: roleName(m.access_level), expires_at: m.expires_at } : roleName(m.access_level)]));
  },
};
