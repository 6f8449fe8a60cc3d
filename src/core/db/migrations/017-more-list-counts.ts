// More lists whose pages must cost the same at 100 rows or 100,000: the totals of releases,
// release links, milestones (per state), protected branches, error tracking client keys,
// pipelines (per status), package files, package protection rules, project access tokens, groups
// (per visibility, per parent, per subtree), a namespace's projects and the notification outbox come from one table of
// trigger-kept counts instead of walking up to 10,001 rows; and the orders these lists offer get
// the indexes that let SQLite walk them instead of sorting.
import type { Migration } from '../migrate.js';

/** Insert and delete triggers that keep `list_counts` for rows of `table` grouped by `owner` (and `part`). */
export function kept(list: string, table: string, owner: string, part = "''", when = ''): string {
  const newWhen = when ? ` WHEN ${when.replaceAll('$', 'NEW.')}` : '';
  const oldWhen = when ? ` WHEN ${when.replaceAll('$', 'OLD.')}` : '';
  const newPart = part.replaceAll('$', 'NEW.');
  const oldPart = part.replaceAll('$', 'OLD.');
  return `
INSERT INTO list_counts (list, owner_id, part, n)
  SELECT '${list}', ${owner.replaceAll('$', '')}, ${part.replaceAll('$', '')}, COUNT(*) FROM ${table}${when ? ` WHERE ${when.replaceAll('$', '')}` : ''} GROUP BY 2, 3;
CREATE TRIGGER ${list}_count_insert AFTER INSERT ON ${table}${newWhen} BEGIN
  INSERT INTO list_counts (list, owner_id, part, n) VALUES ('${list}', ${owner.replaceAll('$', 'NEW.')}, ${newPart}, 1)
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER ${list}_count_delete AFTER DELETE ON ${table}${oldWhen} BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = '${list}' AND owner_id = ${owner.replaceAll('$', 'OLD.')} AND part = ${oldPart};
END;`;
}

/** Moves a row between parts when the column that names its part changes. */
function keptPartUpdate(list: string, table: string, owner: string, column: string, when = ''): string {
  const cond = when ? ` AND ${when.replaceAll('$', 'NEW.')}` : '';
  return `
CREATE TRIGGER ${list}_count_update AFTER UPDATE OF ${column} ON ${table} WHEN NEW.${column} <> OLD.${column}${cond} BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = '${list}' AND owner_id = ${owner.replaceAll('$', 'OLD.')} AND part = OLD.${column};
  INSERT INTO list_counts (list, owner_id, part, n) VALUES ('${list}', ${owner.replaceAll('$', 'NEW.')}, NEW.${column}, 1)
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;`;
}

/**
 * The ids of the groups above the namespace whose full path (lower case) is `path`: the
 * namespaces named by each proper prefix of the path that ends at a '/'. Paths hold only
 * [a-z0-9_.-] and '/', so splitting them into a JSON array of segments is safe.
 */
function ancestorsOf(path: string): string {
  const segments = `json('["' || replace(${path}, '/', '","') || '"]')`;
  return `SELECT n.id FROM json_each(${segments}) j JOIN namespaces n
      ON n.full_path_lower = substr(${path}, 1, (SELECT SUM(length(s.value)) FROM json_each(${segments}) s WHERE s.key <= j.key) + j.key)
    WHERE j.key < json_array_length(${segments}) - 1`;
}

export const moreListCountsSchema: Migration = {
  version: 17,
  name: 'more-list-counts',
  get up(): string {
    return `
-- n rows of list \`list\` belong to owner \`owner_id\` (a project, group, release, package or
-- user; 0 for a list of everything) in \`part\` (a state or status, '' when the list has none).
CREATE TABLE list_counts (
  list TEXT NOT NULL,
  owner_id INTEGER NOT NULL,
  part TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (list, owner_id, part)
) WITHOUT ROWID;
${kept('releases', 'releases', '$project_id')}
${kept('release_links', 'release_links', '$release_id')}
${kept('project_milestones', 'milestones', '$project_id', '$state', '$project_id IS NOT NULL')}
${keptPartUpdate('project_milestones', 'milestones', '$project_id', 'state', '$project_id IS NOT NULL')}
${kept('group_milestones', 'milestones', '$group_id', '$state', '$group_id IS NOT NULL')}
${keptPartUpdate('group_milestones', 'milestones', '$group_id', 'state', '$group_id IS NOT NULL')}
${kept('protected_branches', 'protected_branches', '$project_id')}
${kept('client_keys', 'error_tracking_client_keys', '$project_id')}
${kept('pipelines', 'pipelines', '$project_id', '$status')}
${keptPartUpdate('pipelines', 'pipelines', '$project_id', 'status')}
${kept('package_files', 'package_files', '$package_id')}
${kept('package_protection_rules', 'package_protection_rules', '$project_id')}
${kept('outbox', 'notification_outbox', '$user_id')}
${kept('outbox_all', 'notification_outbox', '0')}

-- Groups per visibility: all of them (owner 0) and the direct subgroups of each parent.
${kept('groups', 'namespaces', '0', '$visibility', "$kind = 'group'")}
${keptPartUpdate('groups', 'namespaces', '0', 'visibility', "$kind = 'group'")}
${kept('subgroups', 'namespaces', '$parent_id', '$visibility', "$kind = 'group' AND $parent_id IS NOT NULL")}
${keptPartUpdate('subgroups', 'namespaces', '$parent_id', 'visibility', "$kind = 'group' AND $parent_id IS NOT NULL")}
CREATE TRIGGER subgroups_count_move AFTER UPDATE OF parent_id ON namespaces WHEN NEW.kind = 'group' AND NEW.parent_id IS NOT OLD.parent_id AND NEW.visibility = OLD.visibility BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'subgroups' AND owner_id = OLD.parent_id AND part = OLD.visibility;
  INSERT INTO list_counts (list, owner_id, part, n) SELECT 'subgroups', NEW.parent_id, NEW.visibility, 1 WHERE NEW.parent_id IS NOT NULL
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
-- Access tokens of each project's bot members, per revoked flag ('0', '1'). A bot's membership
-- or token coming or going moves the count; a deleted bot user is subtracted before its
-- memberships and tokens go (their own triggers then no longer see a bot). A bot's memberships
-- are found by user (the unary \`+\` keeps SQLite off the index that leads with source_type).
INSERT INTO list_counts (list, owner_id, part, n)
  SELECT 'project_tokens', m.source_id, CAST(t.revoked AS TEXT), COUNT(*) FROM members m JOIN users u ON u.id = m.user_id AND u.bot = 1
    JOIN personal_access_tokens t ON t.user_id = m.user_id WHERE m.source_type = 'project' GROUP BY 2, 3;
CREATE TRIGGER project_tokens_count_insert AFTER INSERT ON personal_access_tokens WHEN (SELECT bot FROM users WHERE id = NEW.user_id) = 1 BEGIN
  INSERT INTO list_counts (list, owner_id, part, n)
    SELECT 'project_tokens', source_id, CAST(NEW.revoked AS TEXT), 1 FROM members WHERE user_id = NEW.user_id AND +source_type = 'project'
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER project_tokens_count_delete AFTER DELETE ON personal_access_tokens WHEN (SELECT bot FROM users WHERE id = OLD.user_id) = 1 BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'project_tokens' AND part = CAST(OLD.revoked AS TEXT)
    AND owner_id IN (SELECT source_id FROM members WHERE user_id = OLD.user_id AND +source_type = 'project');
END;
CREATE TRIGGER project_tokens_count_revoke AFTER UPDATE OF revoked ON personal_access_tokens
  WHEN NEW.revoked <> OLD.revoked AND (SELECT bot FROM users WHERE id = NEW.user_id) = 1 BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'project_tokens' AND part = CAST(OLD.revoked AS TEXT)
    AND owner_id IN (SELECT source_id FROM members WHERE user_id = NEW.user_id AND +source_type = 'project');
  INSERT INTO list_counts (list, owner_id, part, n)
    SELECT 'project_tokens', source_id, CAST(NEW.revoked AS TEXT), 1 FROM members WHERE user_id = NEW.user_id AND +source_type = 'project'
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER project_tokens_count_member_insert AFTER INSERT ON members
  WHEN NEW.source_type = 'project' AND (SELECT bot FROM users WHERE id = NEW.user_id) = 1 BEGIN
  INSERT INTO list_counts (list, owner_id, part, n)
    SELECT 'project_tokens', NEW.source_id, CAST(revoked AS TEXT), COUNT(*) FROM personal_access_tokens WHERE user_id = NEW.user_id GROUP BY revoked
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER project_tokens_count_member_delete AFTER DELETE ON members
  WHEN OLD.source_type = 'project' AND (SELECT bot FROM users WHERE id = OLD.user_id) = 1 BEGIN
  UPDATE list_counts SET n = n - (SELECT COUNT(*) FROM personal_access_tokens WHERE user_id = OLD.user_id AND CAST(revoked AS TEXT) = list_counts.part)
    WHERE list = 'project_tokens' AND owner_id = OLD.source_id;
END;
CREATE TRIGGER project_tokens_count_bot_delete BEFORE DELETE ON users WHEN OLD.bot = 1 BEGIN
  UPDATE list_counts SET n = n - (SELECT COUNT(*) FROM personal_access_tokens WHERE user_id = OLD.id AND CAST(revoked AS TEXT) = list_counts.part)
    WHERE list = 'project_tokens' AND owner_id IN (SELECT source_id FROM members WHERE user_id = OLD.id AND +source_type = 'project');
END;

-- Descendants of each group (any depth). A group's ancestors are found from its full path; a
-- group deleted with its parent (a cascade) finds no parent and leaves the count alone, as its
-- topmost deleted ancestor has already subtracted the whole subtree.
INSERT INTO list_counts (list, owner_id, part, n)
  SELECT 'descendants', a.id, '', COUNT(*) FROM namespaces a JOIN namespaces d
    ON d.full_path_lower > a.full_path_lower || '/' AND d.full_path_lower < a.full_path_lower || '0'
  WHERE a.kind = 'group' GROUP BY a.id;
CREATE TRIGGER descendants_count_insert AFTER INSERT ON namespaces WHEN NEW.kind = 'group' AND NEW.parent_id IS NOT NULL BEGIN
  INSERT INTO list_counts (list, owner_id, part, n) SELECT 'descendants', id, '', 1 FROM (${ancestorsOf('NEW.full_path_lower')}) WHERE true
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER descendants_count_delete BEFORE DELETE ON namespaces
  WHEN OLD.kind = 'group' AND OLD.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM namespaces WHERE id = OLD.parent_id) BEGIN
  UPDATE list_counts SET n = n - 1 - COALESCE((SELECT c.n FROM list_counts c WHERE c.list = 'descendants' AND c.owner_id = OLD.id AND c.part = ''), 0)
    WHERE list = 'descendants' AND part = '' AND owner_id IN (${ancestorsOf('OLD.full_path_lower')});
END;

-- Projects per namespace and visibility (a group's or a user's project list); a transfer
-- moves the project between namespaces.
${kept('ns_projects', 'projects', '$namespace_id', '$visibility')}
${keptPartUpdate('ns_projects', 'projects', '$namespace_id', 'visibility')}
CREATE TRIGGER ns_projects_count_move AFTER UPDATE OF namespace_id ON projects
  WHEN NEW.namespace_id <> OLD.namespace_id AND NEW.visibility = OLD.visibility BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'ns_projects' AND owner_id = OLD.namespace_id AND part = OLD.visibility;
  INSERT INTO list_counts (list, owner_id, part, n) VALUES ('ns_projects', NEW.namespace_id, NEW.visibility, 1)
    ON CONFLICT (list, owner_id, part) DO UPDATE SET n = n + 1;
END;
-- A namespace's projects page along these, in each order the list offers.
CREATE INDEX projects_ns_id ON projects (namespace_id, id);
CREATE INDEX projects_ns_created_at ON projects (namespace_id, created_at, id);
CREATE INDEX projects_ns_updated_at ON projects (namespace_id, updated_at, id);
CREATE INDEX projects_ns_last_activity_at ON projects (namespace_id, last_activity_at, id);
CREATE INDEX projects_ns_name ON projects (namespace_id, name, id);

-- Group lists page along these: every order in both directions (ties by id ascending), among
-- all groups and among one parent's subgroups.
CREATE INDEX namespaces_kind_name_desc ON namespaces (kind, name DESC, id);
CREATE INDEX namespaces_kind_path ON namespaces (kind, path, id);
CREATE INDEX namespaces_kind_path_desc ON namespaces (kind, path DESC, id);
CREATE INDEX namespaces_kind_id ON namespaces (kind, id);
CREATE INDEX namespaces_parent_name ON namespaces (parent_id, name, id);
CREATE INDEX namespaces_parent_name_desc ON namespaces (parent_id, name DESC, id);
CREATE INDEX namespaces_parent_path ON namespaces (parent_id, path, id);
CREATE INDEX namespaces_parent_path_desc ON namespaces (parent_id, path DESC, id);

-- Milestones page by due date (undated last), newest first among equals, per owner and state.
CREATE INDEX milestones_project_due ON milestones (project_id, due_date IS NULL, due_date, id DESC);
CREATE INDEX milestones_project_state_due ON milestones (project_id, state, due_date IS NULL, due_date, id DESC);
CREATE INDEX milestones_group_due ON milestones (group_id, due_date IS NULL, due_date, id DESC);
CREATE INDEX milestones_group_state_due ON milestones (group_id, state, due_date IS NULL, due_date, id DESC);
-- Protected branches page in id order within their project.
CREATE INDEX protected_branches_project ON protected_branches (project_id, id);
-- Each order the pipeline list offers, and its status filter.
CREATE INDEX pipelines_project_status ON pipelines (project_id, status, id);
CREATE INDEX pipelines_project_ref ON pipelines (project_id, ref, id);
CREATE INDEX pipelines_project_updated ON pipelines (project_id, updated_at, id);
CREATE INDEX pipelines_project_user ON pipelines (project_id, user_id, id);
-- Package protection rules in id order within their project.
CREATE INDEX package_protection_rules_project ON package_protection_rules (project_id, id);
-- Package files by creation time.
CREATE INDEX package_files_created ON package_files (package_id, created_at, id);
`;
  },
};
