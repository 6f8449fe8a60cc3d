// Protected-branch rules of a project and what they allow. A rule's name is a branch name or a
// wildcard pattern (`*` matches any run of characters, `/` included). A branch is protected when
// any rule matches it; an action (push, merge, unprotect) is allowed when any access entry of
// any matching rule lets the user through.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { accessLevelOf, can, isAdmin } from '../../auth/policy.js';
import { groupAccessLevel } from '../../auth/access.js';
import { ACCESS } from '../../../shared/access-levels.js';

export type AccessKind = 'push' | 'merge' | 'unprotect';

export interface AccessEntryRow {
  id: number;
  protected_branch_id: number;
  kind: AccessKind;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProtectedBranchRow {
  id: number;
  project_id: number;
  name: string;
  allow_force_push: number;
  code_owner_approval_required: number;
  created_at: string;
  updated_at: string;
}

export interface ProtectedRule {
  row: ProtectedBranchRow;
  entries: AccessEntryRow[];
  matches(branch: string): boolean;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const isWildcard = (name: string): boolean => name.includes('*');

export function matcherFor(name: string): (branch: string) => boolean {
  if (!isWildcard(name)) return (branch) => branch === name;
  const re = new RegExp(`^${escapeRegex(name).replace(/\\\*/g, '.*?')}$`, 's');
  return (branch) => re.test(branch);
}

export function rulesFor(core: CoreState, projectId: number): ProtectedRule[] {
  const rows = core.db.prepare('SELECT * FROM protected_branches WHERE project_id = ? ORDER BY id').all(projectId) as ProtectedBranchRow[];
  if (rows.length === 0) return [];
  const entries = core.db
    .prepare(
      `SELECT a.* FROM protected_branch_access_levels a JOIN protected_branches b ON b.id = a.protected_branch_id
        WHERE b.project_id = ? ORDER BY a.id`,
    )
    .all(projectId) as AccessEntryRow[];
  return rows.map((row) => ({ row, entries: entries.filter((e) => e.protected_branch_id === row.id), matches: matcherFor(row.name) }));
}

/**
 * Protection of one project's branches as seen by one user: computed once per request and
 * asked about many branches (a list page asks about each branch it shows).
 */
export class BranchProtection {
  private readonly level: number;
  private readonly admin: boolean;
  private readonly pushCode: boolean;
  private readonly groupLevels = new Map<number, number>();

  constructor(
    private readonly core: CoreState,
    project: ProjectRow,
    private readonly user: UserRow | null,
    readonly rules: ProtectedRule[] = rulesFor(core, project.id),
  ) {
    this.admin = isAdmin(user);
    this.level = user ? accessLevelOf(core, user, { project }) : 0;
    this.pushCode = !!user && project.archived !== 1 && can(core, user, 'push_code', { project });
  }

  matching(branch: string): ProtectedRule[] {
    return this.rules.filter((r) => r.matches(branch));
  }

  isProtected(branch: string): boolean {
    return this.rules.some((r) => r.matches(branch));
  }

  /** Some matching rule lets Developers do `kind`. */
  developersCan(kind: AccessKind, branch: string): boolean {
    return this.matching(branch).some((r) => r.entries.some((e) => e.kind === kind && e.access_level === ACCESS.developer));
  }

  private entryAllows(e: AccessEntryRow): boolean {
    if (!this.user) return false;
    if (e.access_level !== null) {
      if (e.access_level === ACCESS.none) return false;
      if (e.access_level === ACCESS.admin) return this.admin;
      return this.admin || this.level >= e.access_level;
    }
    if (e.user_id !== null) return e.user_id === this.user.id && this.level >= ACCESS.developer;
    if (e.group_id !== null) {
      let level = this.groupLevels.get(e.group_id);
      if (level === undefined) {
        level = groupAccessLevel(this.core, this.user.id, { id: e.group_id });
        this.groupLevels.set(e.group_id, level);
      }
      return level > 0;
    }
    return false;
  }

  private allowed(kind: AccessKind, branch: string): boolean {
    const rules = this.matching(branch);
    return rules.some((r) => r.entries.some((e) => e.kind === kind && this.entryAllows(e)));
  }

  /** May the user push to `branch` (create commits on it, create it, move it)? */
  canPush(branch: string): boolean {
    if (!this.pushCode) return false;
    if (!this.isProtected(branch)) return true;
    return this.allowed('push', branch);
  }

  canMerge(branch: string): boolean {
    if (!this.pushCode) return false;
    if (!this.isProtected(branch)) return true;
    return this.allowed('merge', branch);
  }

  /** Protected branches are deleted by Maintainers and above; others follow push rights. */
  canDelete(branch: string): boolean {
    if (!this.isProtected(branch)) return this.canPush(branch);
    return this.pushCode && (this.admin || this.level >= ACCESS.maintainer);
  }
}
