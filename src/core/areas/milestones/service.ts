// Milestone writes: create (next iid of the parent), update (fields and state events), delete.
// Titles are unique across the milestones of a project and of the groups around it, with the
// platform's message.
import type { CoreState } from '../../state.js';
import { ancestorIds, descendantIds } from '../../auth/access.js';
import { failure } from '../../http/errors.js';
import { inspectErrors } from '../../resources/paths.js';
import { milestoneById, type MilestoneParent, type MilestoneRow } from './queries.js';
import { placeholders } from '../../db/sql.js';
import { recordAudit, type AuditEntity } from '../../audit/record.js';

/** The project or group a milestone belongs to, as an audit entity. */
const milestoneEntity = (row: MilestoneRow): AuditEntity =>
  row.project_id !== null ? { type: 'Project', id: row.project_id } : { type: 'Group', id: row.group_id as number };

function auditMilestone(core: CoreState, row: MilestoneRow, name: string, message: string): void {
  recordAudit(core, { name, entity: milestoneEntity(row), target: { type: 'Milestone', id: row.id, details: row.title }, message });
}

export interface MilestoneInput {
  title?: string;
  description?: string | null;
  due_date?: string | null;
  start_date?: string | null;
  state_event?: 'close' | 'activate';
}

const TITLE_TAKEN = 'already being used for another group or project milestone.';

/** Ids of the projects and groups whose milestone titles `parent`'s milestones must not repeat. */
function titleScope(core: CoreState, parent: MilestoneParent): { projectIds: number[]; groupIds: number[] } {
  if (parent.kind === 'project') {
    const ns = core.db.prepare('SELECT kind FROM namespaces WHERE id = ?').get(parent.namespaceId) as { kind: string } | undefined;
    return { projectIds: [parent.id], groupIds: ns?.kind === 'group' ? ancestorIds(core, parent.namespaceId) : [] };
  }
  const below = descendantIds(core, parent.id);
  const groupIds = [...new Set([...ancestorIds(core, parent.id), ...below])];
  const projectIds = (
    core.db.prepare(`SELECT id FROM projects WHERE namespace_id IN (${placeholders(below.length)})`).all(...below) as { id: number }[]
  ).map((r) => r.id);
  return { projectIds, groupIds };
}

function titleTaken(core: CoreState, parent: MilestoneParent, title: string, exceptId?: number): boolean {
  const { projectIds, groupIds } = titleScope(core, parent);
  const owners: string[] = [];
  if (projectIds.length > 0) owners.push(`project_id IN (${placeholders(projectIds.length)})`);
  if (groupIds.length > 0) owners.push(`group_id IN (${placeholders(groupIds.length)})`);
  if (owners.length === 0) return false;
  const row = core.db
    .prepare(`SELECT id FROM milestones WHERE title = ? AND id != ? AND (${owners.join(' OR ')}) LIMIT 1`)
    .get(title, exceptId ?? -1, ...projectIds, ...groupIds);
  return row !== undefined;
}

function validate(core: CoreState, parent: MilestoneParent, m: { title: string; due_date: string | null; start_date: string | null }, exceptId?: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (m.title.trim() === '') add('title', "can't be blank");
  else if (m.title.length > 255) add('title', 'is too long (maximum is 255 characters)');
  else if (titleTaken(core, parent, m.title, exceptId)) add('title', TITLE_TAKEN);
  if (m.due_date && m.start_date && m.due_date <= m.start_date) add('due_date', 'must be greater than start date');
  return errors;
}

export function createMilestone(core: CoreState, parent: MilestoneParent, input: MilestoneInput & { title: string }): MilestoneRow {
  return core.tx(() => {
    const draft = { title: input.title, due_date: input.due_date ?? null, start_date: input.start_date ?? null };
    const errors = validate(core, parent, draft);
    if (Object.keys(errors).length > 0) throw failure(400, `Failed to create milestone ${inspectErrors(errors)}`);
    const column = parent.kind === 'project' ? 'project_id' : 'group_id';
    const next = core.db.prepare(`SELECT COALESCE(MAX(iid), 0) + 1 AS iid FROM milestones WHERE ${column} = ?`).get(parent.id) as { iid: number };
    const now = core.nowIso();
    const info = core.db
      .prepare(
        `INSERT INTO milestones (iid, ${column}, title, description, state, due_date, start_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
      )
      .run(next.iid, parent.id, input.title, input.description ?? null, draft.due_date, draft.start_date, now, now);
    const made = milestoneById(core, Number(info.lastInsertRowid)) as MilestoneRow;
    auditMilestone(core, made, 'milestone_created', `Created milestone ${made.title}`);
    return made;
  });
}

export function updateMilestone(core: CoreState, parent: MilestoneParent, row: MilestoneRow, input: MilestoneInput): MilestoneRow {
  return core.tx(() => {
    const next = {
      title: input.title ?? row.title,
      description: input.description !== undefined ? input.description : row.description,
      due_date: input.due_date !== undefined ? input.due_date : row.due_date,
      start_date: input.start_date !== undefined ? input.start_date : row.start_date,
      state: input.state_event === 'close' ? 'closed' : input.state_event === 'activate' ? 'active' : row.state,
    };
    const errors = validate(core, parent, next, row.id);
    if (Object.keys(errors).length > 0) throw failure(400, `Failed to update milestone ${inspectErrors(errors)}`);
    const changed =
      next.title !== row.title ||
      next.description !== row.description ||
      next.due_date !== row.due_date ||
      next.start_date !== row.start_date ||
      next.state !== row.state;
    if (changed) {
      core.db
        .prepare('UPDATE milestones SET title = ?, description = ?, due_date = ?, start_date = ?, state = ?, updated_at = ? WHERE id = ?')
        .run(next.title, next.description, next.due_date, next.start_date, next.state, core.nowIso(), row.id);
      auditMilestone(core, row, 'milestone_updated', `Updated milestone ${next.title}`);
    }
    return milestoneById(core, row.id) as MilestoneRow;
  });
}

/** Deletes a milestone; releases that referred to it simply lose it. */
export function deleteMilestone(core: CoreState, row: MilestoneRow): void {
  core.tx(() => {
    auditMilestone(core, row, 'milestone_deleted', `Deleted milestone ${row.title}`);
    core.db.prepare('DELETE FROM milestones WHERE id = ?').run(row.id);
  });
}

/**
 * Promotes a project milestone to its group, as the platform's promote service does: a group
 * milestone takes its title, dates and state, the releases of it and of every milestone with
 * that title in the group's projects move to the new one, and those project milestones go.
 */
export function promoteMilestone(core: CoreState, groupId: number, row: MilestoneRow): MilestoneRow {
  return core.tx(() => {
    if (row.project_id === null) throw failure(400, 'Only project milestones can be promoted.');
    const clash = core.db.prepare('SELECT 1 FROM milestones WHERE group_id = ? AND title = ?').get(groupId, row.title);
    if (clash) throw failure(400, `Failed to create milestone ${inspectErrors({ title: [TITLE_TAKEN] })}`);
    const next = core.db.prepare('SELECT COALESCE(MAX(iid), 0) + 1 AS iid FROM milestones WHERE group_id = ?').get(groupId) as { iid: number };
    const now = core.nowIso();
    const info = core.db
      .prepare(
        `INSERT INTO milestones (iid, group_id, title, description, state, due_date, start_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(next.iid, groupId, row.title, row.description, row.state, row.due_date, row.start_date, now, now);
    const groupMilestone = Number(info.lastInsertRowid);
    const merged = (
      core.db
        .prepare('SELECT id FROM milestones WHERE title = ? AND project_id IN (SELECT id FROM projects WHERE namespace_id = ?)')
        .all(row.title, groupId) as { id: number }[]
    ).map((r) => r.id);
    if (!merged.includes(row.id)) merged.push(row.id);
    const list = placeholders(merged.length);
    // A release attached to two merged milestones keeps one link to the group milestone.
    core.db.prepare(`UPDATE OR IGNORE milestone_releases SET milestone_id = ? WHERE milestone_id IN (${list})`).run(groupMilestone, ...merged);
    core.db.prepare(`DELETE FROM milestones WHERE id IN (${list})`).run(...merged);
    const promoted = milestoneById(core, groupMilestone) as MilestoneRow;
    // On the project it came from, naming the group milestone it became.
    recordAudit(core, {
      name: 'milestone_promoted',
      entity: { type: 'Project', id: row.project_id },
      target: { type: 'Milestone', id: promoted.id, details: promoted.title },
      message: `Promoted milestone ${row.title} to a group milestone`,
    });
    return promoted;
  });
}
