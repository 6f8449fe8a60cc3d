// Protected-branch rows → the platform's ProtectedBranch entity, with one list of access
// entries per action.
import type { CoreState } from '../../state.js';
import { entriesOf } from './service.js';
import type { AccessEntryRow, AccessKind, ProtectedBranchRow } from './rules.js';

const LEVEL_DESCRIPTIONS: Record<number, string> = {
  0: 'No one',
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  60: 'Admins',
};

function describe(core: CoreState, e: AccessEntryRow): string {
  if (e.user_id !== null) {
    const u = core.db.prepare('SELECT name FROM users WHERE id = ?').get(e.user_id) as { name: string } | undefined;
    return u?.name ?? '';
  }
  if (e.group_id !== null) {
    const g = core.db.prepare('SELECT name FROM namespaces WHERE id = ?').get(e.group_id) as { name: string } | undefined;
    return g?.name ?? '';
  }
  return LEVEL_DESCRIPTIONS[e.access_level ?? 40] ?? String(e.access_level);
}

function presentEntry(core: CoreState, e: AccessEntryRow) {
  return {
    id: e.id,
    access_level: e.access_level,
    access_level_description: describe(core, e),
    ...(e.kind === 'push' ? { deploy_key_id: null } : {}),
    user_id: e.user_id,
    group_id: e.group_id,
  };
}

export function presentProtectedBranch(core: CoreState, row: ProtectedBranchRow, entries: AccessEntryRow[] = entriesOf(core, row.id)) {
  const of = (kind: AccessKind) => entries.filter((e) => e.kind === kind).map((e) => presentEntry(core, e));
  return {
    id: row.id,
    name: row.name,
    push_access_levels: of('push'),
    merge_access_levels: of('merge'),
    unprotect_access_levels: of('unprotect'),
    allow_force_push: row.allow_force_push === 1,
    code_owner_approval_required: row.code_owner_approval_required === 1,
    inherited: false,
  };
}
