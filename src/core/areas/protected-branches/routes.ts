// Protected branches of a project: list, get, protect (names or wildcards such as `release/*`),
// change, unprotect. Maintainers and above.
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { paramError, recordNotFound } from '../../http/errors.js';
import { cappedCount, paginate } from '../../http/pagination.js';
import { keptCount } from '../../db/list-counts.js';
import { idParam, squishedSearchParam, parseBoolean, type ParamDecl } from '../../http/params.js';
import { created, noContent } from '../../http/reply.js';
import { tierAtLeast } from '../../instance.js';
import { findProject } from '../../resources/find.js';
import { presentProtectedBranch } from './present.js';
import type { ProtectedBranchRow } from './rules.js';
import {
  KINDS,
  PROTECTED_ACCESS_LEVELS,
  protectBranch,
  protectedBranchByName,
  unprotectBranch,
  updateProtectedBranch,
  type AccessEntryInput,
  type ProtectInput,
} from './service.js';
import { patternSearch } from '../../db/sql.js';

const nameParam: ParamDecl = { name: 'name', type: 'string', required: true };

const optionParams: ParamDecl[] = [
  { name: 'push_access_level', type: 'integer', values: PROTECTED_ACCESS_LEVELS },
  { name: 'merge_access_level', type: 'integer', values: PROTECTED_ACCESS_LEVELS },
  { name: 'unprotect_access_level', type: 'integer', values: PROTECTED_ACCESS_LEVELS },
  { name: 'allow_force_push', type: 'boolean' },
  { name: 'code_owner_approval_required', type: 'boolean' },
  { name: 'allowed_to_push', type: 'hash[]' },
  { name: 'allowed_to_merge', type: 'hash[]' },
  { name: 'allowed_to_unprotect', type: 'hash[]' },
];

const integerField = (value: unknown): number | undefined | null => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
};

/** `allowed_to_<kind>` entries, checked the way Grape checks nested params. */
function allowedEntries(ctx: RequestContext, kind: string): AccessEntryInput[] {
  const raw = ctx.params[`allowed_to_${kind}`] as Record<string, unknown>[] | undefined;
  if (!raw) return [];
  return raw.map((item) => {
    const out: AccessEntryInput = {};
    for (const key of ['id', 'access_level', 'user_id', 'group_id'] as const) {
      const v = integerField(item[key]);
      if (v === null) throw paramError(`allowed_to_${kind}[${key}] is invalid`);
      if (v !== undefined) out[key] = v;
    }
    if (out.access_level !== undefined && !(PROTECTED_ACCESS_LEVELS as readonly number[]).includes(out.access_level)) {
      throw paramError(`allowed_to_${kind}[access_level] does not have a valid value`);
    }
    if (parseBoolean(item._destroy) === true) out._destroy = true;
    return out;
  });
}

/** The options of a create or update. User and group entries are a paid-tier feature. */
function protectOptions(ctx: RequestContext): Omit<ProtectInput, 'name'> {
  const p = ctx.params;
  const paid = tierAtLeast(ctx.core.settings.tier, 'premium');
  const levels: ProtectInput['levels'] = {};
  const allowedTo: ProtectInput['allowedTo'] = {};
  for (const kind of KINDS) {
    const level = p[`${kind}_access_level`] as number | undefined;
    if (level !== undefined) levels[kind] = level;
    if (paid) allowedTo[kind] = allowedEntries(ctx, kind);
  }
  return {
    levels,
    allowedTo,
    ...(p.allow_force_push !== undefined ? { allowForcePush: p.allow_force_push as boolean } : {}),
    ...(p.code_owner_approval_required !== undefined ? { codeOwnerApprovalRequired: p.code_owner_approval_required as boolean } : {}),
  };
}

function findRule(ctx: RequestContext): { project: ReturnType<typeof findProject>; row: ProtectedBranchRow } {
  const project = findProject(ctx, 'admin_project');
  const row = protectedBranchByName(ctx.core, project.id, ctx.params.name as string);
  if (!row) throw recordNotFound();
  return { project, row };
}

export const protectedBranchRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/projects/:id/protected_branches',
    summary: "List a project's protected branches",
    paginated: true,
    params: [idParam, squishedSearchParam()],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_project');
      const search = ctx.params.search as string | undefined;
      const match = search ? patternSearch(['name'], search) : undefined;
      const where = match ? `project_id = ? AND ${match.sql}` : 'project_id = ?';
      const args: unknown[] = [project.id, ...(match?.args ?? [])];
      const base = `SELECT * FROM protected_branches WHERE ${where}`;
      return paginate(
        ctx,
        (cap) => (search ? (ctx.core.db.prepare(cappedCount(base, cap)).get(...args) as { n: number }).n : keptCount(ctx.core.db, 'protected_branches', [project.id], cap)),
        (limit, offset) =>
          (ctx.core.db.prepare(`${base} ORDER BY id LIMIT ? OFFSET ?`).all(...args, limit, offset) as ProtectedBranchRow[]).map((row) =>
            presentProtectedBranch(ctx.core, row),
          ),
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/protected_branches/:name',
    summary: 'Get a protected branch or wildcard',
    params: [idParam, nameParam],
    handler: (ctx) => presentProtectedBranch(ctx.core, findRule(ctx).row),
  },
  {
    method: 'POST',
    path: '/projects/:id/protected_branches',
    summary: 'Protect a branch or wildcard',
    params: [idParam, nameParam, ...optionParams],
    handler: (ctx) => {
      const project = findProject(ctx, 'admin_project');
      const row = protectBranch(ctx.core, project, { name: ctx.params.name as string, ...protectOptions(ctx) });
      return created(presentProtectedBranch(ctx.core, row));
    },
  },
  {
    method: 'PATCH',
    path: '/projects/:id/protected_branches/:name',
    summary: 'Change a protected branch',
    params: [idParam, nameParam, ...optionParams],
    handler: (ctx) => {
      const { project, row } = findRule(ctx);
      return presentProtectedBranch(ctx.core, updateProtectedBranch(ctx.core, project, row, protectOptions(ctx)));
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/protected_branches/:name',
    summary: 'Unprotect a branch or wildcard',
    params: [idParam, nameParam],
    handler: (ctx) => {
      unprotectBranch(ctx.core, findRule(ctx).row);
      return noContent();
    },
  },
]);
