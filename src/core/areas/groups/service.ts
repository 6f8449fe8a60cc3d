// Creating, changing and deleting groups. A group's full path and full name are stored on it
// and on every descendant, so a rename rewrites the subtree and leaves redirects for every
// project below it. The creator of a group becomes its Owner.
import { recordAudit } from '../../audit/record.js';
import { auditChanges } from '../../audit/subjects.js';
import { groupRepositories, removeRepositories } from '../../resources/owned-repositories.js';
import type { NamespaceRow, ProjectRow, UserRow, Visibility } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure, validationError } from '../../http/errors.js';
import { descendantIds } from '../../auth/access.js';
import {
  fullPathTaken,
  GROUP_NAME_MESSAGE,
  inspectErrors,
  isValidGroupName,
  isValidNamespacePath,
  NAMESPACE_PATH_MESSAGE,
} from '../../resources/paths.js';
import { deleteProject, recordRedirect, VISIBILITY_RANK } from '../projects/service.js';
import { placeholders } from '../../db/sql.js';

export interface GroupInput {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
}

export const groupById = (core: CoreState, id: number): NamespaceRow | undefined =>
  core.db.prepare("SELECT * FROM namespaces WHERE id = ? AND kind = 'group'").get(id) as NamespaceRow | undefined;

type Errors = Record<string, string[]>;

function validateGroup(
  core: CoreState,
  parent: NamespaceRow | null,
  fields: { name: string; path: string; visibility: Visibility },
  self?: NamespaceRow,
): Errors {
  const errors: Errors = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  if (fields.name === '') add('name', "can't be blank");
  else if (fields.name.length > 255) add('name', 'is too long (maximum is 255 characters)');
  else if (!isValidGroupName(fields.name)) add('name', GROUP_NAME_MESSAGE);
  if (fields.path === '') add('path', "can't be blank");
  else if (fields.path.length > 255) add('path', 'is too long (maximum is 255 characters)');
  else if (!isValidNamespacePath(fields.path)) add('path', NAMESPACE_PATH_MESSAGE);
  else {
    const fullPath = parent ? `${parent.full_path}/${fields.path}` : fields.path;
    if (fullPathTaken(core, fullPath, self ? { namespaceId: self.id } : {})) add('path', 'has already been taken');
  }
  const level = VISIBILITY_RANK[fields.visibility];
  if (parent && level > VISIBILITY_RANK[parent.visibility]) {
    add('visibility_level', `${fields.visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`);
  }
  if (self && level < VISIBILITY_RANK[self.visibility]) {
    const ranks = (sql: string) => (core.db.prepare(sql).all(self.id) as { visibility: Visibility }[]).some((r) => VISIBILITY_RANK[r.visibility] > level);
    if (ranks('SELECT visibility FROM projects WHERE namespace_id = ?')) {
      add('visibility_level', `${fields.visibility} is not allowed since this group contains projects with higher visibility.`);
    }
    if (ranks("SELECT visibility FROM namespaces WHERE parent_id = ? AND kind = 'group'")) {
      add('visibility_level', `${fields.visibility} is not allowed since there are sub-groups with higher visibility.`);
    }
  }
  return errors;
}

/** Creates a group (or a subgroup of `parent`) owned by `creator`. */
export function createGroup(core: CoreState, creator: UserRow, parent: NamespaceRow | null, input: GroupInput & { name: string; path: string }): NamespaceRow {
  return core.tx(() => {
    const visibility = input.visibility ?? 'private';
    const errors = validateGroup(core, parent, { name: input.name, path: input.path, visibility });
    if (Object.keys(errors).length > 0) throw failure(400, `Failed to save group ${inspectErrors(errors)}`);
    const now = core.nowIso();
    const fullPath = parent ? `${parent.full_path}/${input.path}` : input.path;
    const fullName = parent ? `${parent.full_name} / ${input.name}` : input.name;
    const info = core.db
      .prepare(
        `INSERT INTO namespaces (kind, name, path, full_path, full_path_lower, full_name, parent_id, visibility, description, created_at, updated_at)
         VALUES ('group', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(input.name, input.path, fullPath, fullPath.toLowerCase(), fullName, parent?.id ?? null, visibility, input.description ?? '', now, now);
    const id = Number(info.lastInsertRowid);
    core.db
      .prepare(
        `INSERT INTO members (source_type, source_id, user_id, access_level, created_by_id, created_at, updated_at)
         VALUES ('namespace', ?, ?, 50, ?, ?, ?)`,
      )
      .run(id, creator.id, creator.id, now, now);
    recordAudit(core, { name: 'group_created', entity: { type: 'Group', id, path: fullPath }, message: 'Added group' });
    return groupById(core, id) as NamespaceRow;
  });
}

/** Changes a group. A new path or name is carried down to every descendant namespace. */
export function updateGroup(core: CoreState, group: NamespaceRow, input: GroupInput): NamespaceRow {
  return core.tx(() => {
    const parent = group.parent_id === null ? null : (groupById(core, group.parent_id) ?? null);
    const name = input.name ?? group.name;
    const path = input.path ?? group.path;
    const visibility = input.visibility ?? group.visibility;
    const errors = validateGroup(core, parent, { name, path, visibility }, group);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const now = core.nowIso();
    const fullPath = parent ? `${parent.full_path}/${path}` : path;
    const fullName = parent ? `${parent.full_name} / ${name}` : name;
    if (fullPath !== group.full_path || fullName !== group.full_name) rewriteSubtree(core, group, fullPath, fullName);
    core.db
      .prepare('UPDATE namespaces SET name = ?, path = ?, visibility = ?, description = ?, updated_at = ? WHERE id = ?')
      .run(name, path, visibility, input.description ?? group.description, now, group.id);
    const updated = groupById(core, group.id) as NamespaceRow;
    auditChanges(core, { entity: { type: 'Group', id: group.id } }, 'group', group, updated, ['name', 'path', 'description', ['visibility', 'group_visibility_level_updated']]);
    return updated;
  });
}

const transferFailed = (message: string) => failure(400, `Transfer failed: ${message}`);

/**
 * Moves a group under another group, or to the top level (`parent` null), with its subgroups and
 * projects: full paths below it change and every project's old path redirects, as a rename's
 * do. A parent less visible than the group lowers it and everything below it to the parent's
 * visibility. The checks and their messages are the platform's transfer service's, in its order.
 */
export function transferGroup(core: CoreState, group: NamespaceRow, parent: NamespaceRow | null, allowed: boolean, actor: UserRow): NamespaceRow {
  return core.tx(() => {
    if (!parent && group.parent_id === null) throw transferFailed('Group is already a root group.');
    if (parent && parent.id === group.parent_id) throw transferFailed('Group is already associated to the parent group.');
    if (!allowed) throw transferFailed("You don't have enough permissions.");
    const fullPath = parent ? `${parent.full_path}/${group.path}` : group.path;
    if (fullPathTaken(core, fullPath, { namespaceId: group.id })) throw transferFailed('The parent group already has a subgroup or a project with the same path.');
    const subtree = descendantIds(core, group.id);
    if (parent && subtree.includes(parent.id)) throw transferFailed('Cannot transfer group to one of its subgroup.');
    const from = group.full_path;
    if (parent && VISIBILITY_RANK[parent.visibility] < VISIBILITY_RANK[group.visibility]) {
      const marks = placeholders(subtree.length);
      const lower = Object.entries(VISIBILITY_RANK)
        .filter(([, rank]) => rank > VISIBILITY_RANK[parent.visibility])
        .map(([v]) => v);
      const vis = placeholders(lower.length);
      core.db.prepare(`UPDATE namespaces SET visibility = ? WHERE id IN (${marks}) AND visibility IN (${vis})`).run(parent.visibility, ...subtree, ...lower);
      core.db.prepare(`UPDATE projects SET visibility = ? WHERE namespace_id IN (${marks}) AND visibility IN (${vis})`).run(parent.visibility, ...subtree, ...lower);
    }
    core.db.prepare('UPDATE namespaces SET parent_id = ?, updated_at = ? WHERE id = ?').run(parent?.id ?? null, core.nowIso(), group.id);
    rewriteSubtree(core, group, fullPath, parent ? `${parent.full_name} / ${group.name}` : group.name);
    // A group made top-level without an Owner gets the caller as its Owner, so someone owns it.
    if (!parent) {
      const owner = core.db.prepare("SELECT 1 FROM members WHERE source_type = 'namespace' AND source_id = ? AND access_level = 50").get(group.id);
      if (!owner) {
        const now = core.nowIso();
        core.db
          .prepare(
            `INSERT INTO members (source_type, source_id, user_id, access_level, created_by_id, created_at, updated_at) VALUES ('namespace', ?, ?, 50, ?, ?, ?)
             ON CONFLICT (source_type, source_id, user_id) DO UPDATE SET access_level = 50, updated_at = excluded.updated_at`,
          )
          .run(group.id, actor.id, actor.id, now, now);
      }
    }
    recordAudit(core, { name: 'group_transferred', entity: { type: 'Group', id: group.id, path: fullPath }, change: { what: 'full path', from, to: fullPath } });
    return groupById(core, group.id) as NamespaceRow;
  });
}

/** Replaces the full path and full name prefix of `group` and its descendants; old project paths redirect. */
function rewriteSubtree(core: CoreState, group: NamespaceRow, fullPath: string, fullName: string): void {
  const ids = descendantIds(core, group.id);
  const marks = placeholders(ids.length);
  const pathChanged = fullPath !== group.full_path;
  if (pathChanged) {
    const projects = core.db
      .prepare(`SELECT p.id, p.path, n.full_path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.namespace_id IN (${marks})`)
      .all(...ids) as { id: number; path: string; full_path: string }[];
    for (const p of projects) recordRedirect(core, `${p.full_path}/${p.path}`, p.id);
  }
  const rows = core.db.prepare(`SELECT id, full_path, full_name FROM namespaces WHERE id IN (${marks})`).all(...ids) as Pick<
    NamespaceRow,
    'id' | 'full_path' | 'full_name'
  >[];
  // Two passes through temporary paths keep the unique index happy when paths swap within the subtree.
  const update = core.db.prepare('UPDATE namespaces SET full_path = ?, full_path_lower = ?, full_name = ? WHERE id = ?');
  for (const r of rows) update.run(`\u0000${r.id}`, `\u0000${r.id}`, r.full_name, r.id);
  for (const r of rows) {
    const newPath = fullPath + r.full_path.slice(group.full_path.length);
    const newName = fullName + r.full_name.slice(group.full_name.length);
    update.run(newPath, newPath.toLowerCase(), newName, r.id);
  }
  if (pathChanged) {
    // A project now living at a path that used to redirect elsewhere owns that path.
    const moved = core.db
      .prepare(`SELECT p.path, n.full_path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.namespace_id IN (${marks})`)
      .all(...ids) as { path: string; full_path: string }[];
    const claim = core.db.prepare('DELETE FROM redirect_routes WHERE path_lower = ?');
    for (const p of moved) claim.run(`${p.full_path}/${p.path}`.toLowerCase());
  }
}

/** Deletes a group with its subgroups, their projects and all memberships. */
export async function deleteGroup(core: CoreState, group: NamespaceRow): Promise<void> {
  const ids = descendantIds(core, group.id);
  const marks = placeholders(ids.length);
  const projects = core.db.prepare(`SELECT * FROM projects WHERE namespace_id IN (${marks})`).all(...ids) as ProjectRow[];
  for (const project of projects) await deleteProject(core, project);
  const wikis = groupRepositories(core, group.id);
  core.tx(() => {
    recordAudit(core, { name: 'group_destroyed', entity: { type: 'Group', id: group.id, path: group.full_path }, message: 'Group destroyed' });
    core.db.prepare(`DELETE FROM members WHERE source_type = 'namespace' AND source_id IN (${marks})`).run(...ids);
    core.db.prepare('DELETE FROM namespaces WHERE id = ?').run(group.id);
  });
  removeRepositories(core, wikis);
}
