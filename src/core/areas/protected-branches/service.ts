// Protecting and unprotecting branches (rows only: protection is metadata about refs, it never
// touches git). Each change runs in one transaction.
import { recordAudit } from '../../audit/record.js';
import type { ProjectRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { ACCESS } from '../../../shared/access-levels.js';
import { rulesFor, type AccessEntryRow, type AccessKind, type ProtectedBranchRow } from './rules.js';

/** Access levels a protected-branch entry may name: No one, Developers + Maintainers, Maintainers, Admins. */
export const PROTECTED_ACCESS_LEVELS = [ACCESS.none, ACCESS.developer, ACCESS.maintainer, ACCESS.admin] as const;

export const KINDS: AccessKind[] = ['push', 'merge', 'unprotect'];

/** One entry of `allowed_to_push` and friends, or a change to an existing entry (update only). */
export interface AccessEntryInput {
  id?: number;
  access_level?: number;
  user_id?: number;
  group_id?: number;
  _destroy?: boolean;
}

export interface ProtectInput {
  name: string;
  levels: Partial<Record<AccessKind, number>>;
  allowedTo: Partial<Record<AccessKind, AccessEntryInput[]>>;
  allowForcePush?: boolean;
  codeOwnerApprovalRequired?: boolean;
}

const KIND_LABEL: Record<AccessKind, string> = { push: 'Push', merge: 'Merge', unprotect: 'Unprotect' };

export function protectedBranchByName(core: CoreState, projectId: number, name: string): ProtectedBranchRow | undefined {
  return core.db.prepare('SELECT * FROM protected_branches WHERE project_id = ? AND name = ?').get(projectId, name) as ProtectedBranchRow | undefined;
}

export function entriesOf(core: CoreState, protectedBranchId: number): AccessEntryRow[] {
  return core.db.prepare('SELECT * FROM protected_branch_access_levels WHERE protected_branch_id = ? ORDER BY id').all(protectedBranchId) as AccessEntryRow[];
}

/** Model validation of entries: users and groups must exist, levels must be allowed ones. */
function checkEntries(core: CoreState, kind: AccessKind, entries: AccessEntryInput[]): string[] {
  const errors: string[] = [];
  for (const e of entries) {
    if (e._destroy) continue;
    const who = [e.access_level, e.user_id, e.group_id].filter((v) => v !== undefined && v !== null).length;
    if (e.id === undefined && who !== 1) {
      errors.push(`${KIND_LABEL[kind]} access levels access level can't be blank`);
      continue;
    }
    if (e.access_level !== undefined && !(PROTECTED_ACCESS_LEVELS as readonly number[]).includes(e.access_level)) {
      errors.push(`${KIND_LABEL[kind]} access levels access level is not included in the list`);
    }
    if (e.user_id !== undefined && !core.db.prepare('SELECT 1 FROM users WHERE id = ?').get(e.user_id)) {
      errors.push(`${KIND_LABEL[kind]} access levels user can't be blank`);
    }
    if (e.group_id !== undefined && !core.db.prepare("SELECT 1 FROM namespaces WHERE id = ? AND kind = 'group'").get(e.group_id)) {
      errors.push(`${KIND_LABEL[kind]} access levels group can't be blank`);
    }
  }
  return errors;
}

function insertEntry(core: CoreState, branchId: number, kind: AccessKind, e: AccessEntryInput, now: string): void {
  core.db
    .prepare(
      `INSERT INTO protected_branch_access_levels (protected_branch_id, kind, access_level, user_id, group_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(branchId, kind, e.user_id !== undefined || e.group_id !== undefined ? null : (e.access_level ?? ACCESS.maintainer), e.user_id ?? null, e.group_id ?? null, now, now);
}

/**
 * The entries a new rule starts with for one kind: the `<kind>_access_level` given (Maintainers
 * when neither it nor any `allowed_to_<kind>` entry is given), plus the allowed_to entries.
 */
function initialEntries(input: ProtectInput, kind: AccessKind): AccessEntryInput[] {
  const allowed = (input.allowedTo[kind] ?? []).filter((e) => !e._destroy);
  const level = input.levels[kind];
  const out: AccessEntryInput[] = [];
  if (level !== undefined) out.push({ access_level: level });
  else if (allowed.length === 0) out.push({ access_level: ACCESS.maintainer });
  return [...out, ...allowed];
}

export function protectBranch(core: CoreState, project: ProjectRow, input: ProtectInput): ProtectedBranchRow {
  return core.tx(() => {
    if (protectedBranchByName(core, project.id, input.name)) throw conflict(`Protected branch '${input.name}' already exists`);
    const errors = KINDS.flatMap((k) => checkEntries(core, k, initialEntries(input, k)));
    if (errors.length > 0) throw unprocessable(errors);
    const now = core.nowIso();
    const info = core.db
      .prepare(
        `INSERT INTO protected_branches (project_id, name, allow_force_push, code_owner_approval_required, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(project.id, input.name, input.allowForcePush ? 1 : 0, input.codeOwnerApprovalRequired ? 1 : 0, now, now);
    const id = Number(info.lastInsertRowid);
    for (const kind of KINDS) for (const e of initialEntries(input, kind)) insertEntry(core, id, kind, e, now);
    recordAudit(core, { name: 'protected_branch_created', entity: { type: 'Project', id: project.id }, target: { type: 'ProtectedBranch', id, details: input.name }, message: `Added protected branch ${input.name}` });
    return core.db.prepare('SELECT * FROM protected_branches WHERE id = ?').get(id) as ProtectedBranchRow;
  });
}

/** PATCH: flags, a new `<kind>_access_level`, and allowed_to entries to add, change or destroy. */
export function updateProtectedBranch(core: CoreState, project: ProjectRow, row: ProtectedBranchRow, input: Omit<ProtectInput, 'name'>): ProtectedBranchRow {
  return core.tx(() => {
    const errors = KINDS.flatMap((k) => checkEntries(core, k, input.allowedTo[k] ?? []));
    const existing = entriesOf(core, row.id);
    for (const kind of KINDS) {
      for (const e of input.allowedTo[kind] ?? []) {
        if (e.id !== undefined && !existing.some((x) => x.id === e.id && x.kind === kind)) errors.push(`${KIND_LABEL[kind]} access levels is invalid`);
      }
    }
    if (errors.length > 0) throw unprocessable(errors);
    const now = core.nowIso();
    for (const kind of KINDS) {
      const level = input.levels[kind];
      if (level !== undefined) {
        const current = existing.filter((x) => x.kind === kind && x.access_level !== null);
        if (current.length > 0) {
          core.db.prepare('UPDATE protected_branch_access_levels SET access_level = ?, updated_at = ? WHERE id = ?').run(level, now, (current[0] as AccessEntryRow).id);
        } else insertEntry(core, row.id, kind, { access_level: level }, now);
      }
      for (const e of input.allowedTo[kind] ?? []) {
        if (e.id !== undefined && e._destroy) core.db.prepare('DELETE FROM protected_branch_access_levels WHERE id = ?').run(e.id);
        else if (e.id !== undefined) {
          core.db
            .prepare('UPDATE protected_branch_access_levels SET access_level = ?, user_id = ?, group_id = ?, updated_at = ? WHERE id = ?')
            .run(e.user_id !== undefined || e.group_id !== undefined ? null : (e.access_level ?? ACCESS.maintainer), e.user_id ?? null, e.group_id ?? null, now, e.id);
        } else if (!e._destroy) insertEntry(core, row.id, kind, e, now);
      }
    }
    core.db
      .prepare('UPDATE protected_branches SET allow_force_push = ?, code_owner_approval_required = ?, updated_at = ? WHERE id = ?')
      .run(
        input.allowForcePush === undefined ? row.allow_force_push : input.allowForcePush ? 1 : 0,
        input.codeOwnerApprovalRequired === undefined ? row.code_owner_approval_required : input.codeOwnerApprovalRequired ? 1 : 0,
        now,
        row.id,
      );
    recordAudit(core, { name: 'protected_branch_updated', entity: { type: 'Project', id: project.id }, target: { type: 'ProtectedBranch', id: row.id, details: row.name }, message: `Changed protected branch ${row.name}` });
    return core.db.prepare('SELECT * FROM protected_branches WHERE id = ?').get(row.id) as ProtectedBranchRow;
  });
}

/**
 * The older branch-level protect call, which speaks in `developers_can_push` / `developers_can_merge`
 * flags: a new rule lets Developers (flag true) or Maintainers (otherwise) push and merge; on an
 * existing rule a given flag replaces that kind's entries with the one level, an absent flag
 * leaves them alone.
 */
export function legacyProtectBranch(core: CoreState, project: ProjectRow, name: string, flags: { push?: boolean; merge?: boolean }): ProtectedBranchRow {
  const levelOf = (flag: boolean | undefined) => (flag ? ACCESS.developer : ACCESS.maintainer);
  return core.tx(() => {
    const row = protectedBranchByName(core, project.id, name);
    if (!row) return protectBranch(core, project, { name, levels: { push: levelOf(flags.push), merge: levelOf(flags.merge) }, allowedTo: {} });
    const now = core.nowIso();
    for (const kind of ['push', 'merge'] as const) {
      const flag = flags[kind];
      if (flag === undefined) continue;
      core.db.prepare('DELETE FROM protected_branch_access_levels WHERE protected_branch_id = ? AND kind = ?').run(row.id, kind);
      insertEntry(core, row.id, kind, { access_level: levelOf(flag) }, now);
    }
    core.db.prepare('UPDATE protected_branches SET updated_at = ? WHERE id = ?').run(now, row.id);
    recordAudit(core, { name: 'protected_branch_updated', entity: { type: 'Project', id: project.id }, target: { type: 'ProtectedBranch', id: row.id, details: row.name }, message: `Changed protected branch ${row.name}` });
    return core.db.prepare('SELECT * FROM protected_branches WHERE id = ?').get(row.id) as ProtectedBranchRow;
  });
}

export function unprotectBranch(core: CoreState, row: ProtectedBranchRow): void {
  core.tx(() => {
    core.db.prepare('DELETE FROM protected_branches WHERE id = ?').run(row.id);
    recordAudit(core, { name: 'protected_branch_removed', entity: { type: 'Project', id: row.project_id }, target: { type: 'ProtectedBranch', id: row.id, details: row.name }, message: `Unprotected branch ${row.name}` });
  });
}

/**
 * The instance's default branch protection: when a project's default branch comes into being
 * and no rule covers it yet, it is protected so that only Maintainers push and merge. Runs in
 * the caller's transaction when there is one.
 */
export function protectDefaultBranch(core: CoreState, project: Pick<ProjectRow, 'id' | 'default_branch'>): void {
  const apply = () => {
    if (rulesFor(core, project.id).some((r) => r.matches(project.default_branch))) return;
    const now = core.nowIso();
    const info = core.db
      .prepare('INSERT INTO protected_branches (project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run(project.id, project.default_branch, now, now);
    const id = Number(info.lastInsertRowid);
    for (const kind of KINDS) insertEntry(core, id, kind, { access_level: ACCESS.maintainer }, now);
  };
  if (core.db.inTransaction) apply();
  else core.tx(apply);
}
