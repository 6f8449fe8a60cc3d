// Deploy and approval specs as people type them and as tables show them: `maintainer`,
// `developer`, `admin`, `user:NAME`, `group:PATH`; a group spec may end in `+inherited` (members
// of its subgroups count too) and an approval spec in `*N` (N approvals required).
import type { Command } from 'commander';
import type { ApiClient } from '../../../client/client.js';
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath, resolveGroupId, resolveUserId } from '../../kit/refs.js';
import { repeat } from '../../kit/project-option.js';

export interface EnvOpts {
  group?: string;
  project?: string;
}

const LEVELS: Record<string, number> = { developer: 30, maintainer: 40, admin: 60 };
const LEVEL_NAMES: Record<number, string> = { 30: 'developer', 40: 'maintainer', 60: 'admin' };

export const addContainerOptions = (cmd: Command): Command =>
  cmd.option('-g, --group <group>', 'a group (id or full path); its environments are deployment tiers').option('-R, --project <project>', 'a project (id or full path)');

export function containerBase(o: EnvOpts): { base: string; label: string; ref: PathValue } {
  if (o.group !== undefined && o.project !== undefined) throw new UsageError('--group and --project exclude each other');
  if (o.group !== undefined) {
    const ref = idOrPath(o.group, '--group');
    return { base: apiPath('/groups/:id/protected_environments', { id: ref }), label: `group ${ref}`, ref };
  }
  if (o.project !== undefined) {
    const ref = idOrPath(o.project, '--project');
    return { base: apiPath('/projects/:id/protected_environments', { id: ref }), label: `project ${ref}`, ref };
  }
  throw new UsageError('missing --group or --project (e.g. --group acme)');
}

export const envPath = (o: EnvOpts, name: string | undefined): string => {
  if (!name?.trim()) throw new UsageError('missing ENVIRONMENT (a tier name such as production for groups)');
  return `${containerBase(o).base}/${encodeURIComponent(name)}`;
};

export const addSpecOptions = (cmd: Command, verb: 'protect' | 'update'): Command => {
  const deployHelp = 'who may deploy: maintainer, developer, admin, user:NAME, group:PATH[+inherited] (repeatable)';
  const approvalHelp = 'who must approve: the same forms with *N for N approvals, e.g. developer*2 (repeatable)';
  cmd.option('--deploy <spec>', deployHelp, repeat, []).option('--approval <spec>', approvalHelp, repeat, []);
  if (verb === 'update') cmd.option('--remove-deploy <spec>', 'remove the deploy entry matching this spec (repeatable)', repeat, []).option('--remove-approval <spec>', 'remove the approval rule matching this spec (repeatable)', repeat, []);
  return cmd;
};

export interface RuleBody {
  access_level?: number;
  /** A number, or digits too long for one (sent exactly as typed). */
  user_id?: number | string;
  group_id?: number;
  group_inheritance_type?: number;
  required_approvals?: number;
}

/** Turns one spec into an API entry, resolving usernames and group paths. */
export async function parseSpec(api: ApiClient, spec: string, flag: string, approval: boolean): Promise<RuleBody> {
  let text = spec.trim();
  const out: RuleBody = {};
  if (approval) {
    const m = /^(.*)\*(\d+)$/.exec(text);
    if (m) {
      text = m[1] as string;
      out.required_approvals = Number(m[2]);
      if (out.required_approvals < 1) throw new UsageError(`${flag}: the number of approvals must be at least 1, got "${spec}"`);
    }
  }
  const level = LEVELS[text.toLowerCase()];
  if (level !== undefined) return { ...out, access_level: level };
  if (text.startsWith('user:')) return { ...out, user_id: await resolveUserId(api, text.slice(5), flag) };
  if (text.startsWith('group:')) {
    const inherited = text.endsWith('+inherited');
    const path = inherited ? text.slice(6, -'+inherited'.length) : text.slice(6);
    return { ...out, group_id: await resolveGroupId(api, path, flag), group_inheritance_type: inherited ? 1 : 0 };
  }
  throw new UsageError(`${flag} must be maintainer, developer, admin, user:NAME or group:PATH${approval ? ' (optionally *N)' : ''}, got "${spec}"`);
}

export async function parseSpecs(api: ApiClient, specs: string[] | undefined, flag: string, approval: boolean): Promise<RuleBody[]> {
  const out: RuleBody[] = [];
  for (const s of specs ?? []) out.push(await parseSpec(api, s, flag, approval));
  return out;
}

/** A deploy access level or approval rule as the API answers it. */
export interface RuleJson {
  id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type?: number;
  required_approvals?: number;
}

/** Renders entries back into specs (what `list` and `get` show in tables). */
export async function specNames(api: ApiClient, envs: Record<string, unknown>[]): Promise<(rule: RuleJson, approval: boolean) => string> {
  const users = new Map<number, string>();
  const groups = new Map<number, string>();
  for (const env of envs) {
    for (const key of ['deploy_access_levels', 'approval_rules']) {
      for (const r of (env[key] as RuleJson[] | undefined) ?? []) {
        if (r.user_id !== null && !users.has(r.user_id)) {
          const res = await api.get<{ username: string }>(`/users/${r.user_id}`).catch(() => null);
          users.set(r.user_id, res?.data.username ?? String(r.user_id));
        }
        if (r.group_id !== null && !groups.has(r.group_id)) {
          const res = await api.get<{ full_path: string }>(`/groups/${r.group_id}`, { with_projects: false }).catch(() => null);
          groups.set(r.group_id, res?.data.full_path ?? String(r.group_id));
        }
      }
    }
  }
  return (r, approval) => {
    let s: string;
    if (r.user_id !== null) s = `user:${users.get(r.user_id) ?? r.user_id}`;
    else if (r.group_id !== null) s = `group:${groups.get(r.group_id) ?? r.group_id}${r.group_inheritance_type === 1 ? '+inherited' : ''}`;
    else s = LEVEL_NAMES[r.access_level ?? 0] ?? String(r.access_level);
    return approval ? `${s}*${r.required_approvals ?? 1}` : s;
  };
}

/** Table rows with `deploy` and `approvals` columns in spec form. */
export async function withSpecColumns(api: ApiClient, envs: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const name = await specNames(api, envs);
  return envs.map((e) => ({
    ...e,
    deploy: ((e.deploy_access_levels as RuleJson[] | undefined) ?? []).map((r) => name(r, false)).join(', '),
    approvals: ((e.approval_rules as RuleJson[] | undefined) ?? []).map((r) => name(r, true)).join(', '),
  }));
}

export const ENV_COLUMNS = [{ key: 'name' }, { key: 'deploy' }, { key: 'approvals' }];
export const ENV_FIELDS = ['name', 'deploy_access_levels', 'approval_rules', 'required_approval_count'] as const;

/** Whether an existing entry is the one a spec names. */
export const matches = (r: RuleJson, want: RuleBody): boolean =>
  (want.access_level !== undefined && r.access_level === want.access_level && r.user_id === null && r.group_id === null) ||
  (want.user_id !== undefined && r.user_id === want.user_id) ||
  (want.group_id !== undefined && r.group_id === want.group_id);

