// search_namespaces reads its candidates from the projects' trigram index too. The index
// (`projects_search`, migration 29) holds, beside the project's name, path and description, the
// two columns Project.search(include_namespace: true) tests in their place: the route's full path
// (the namespace's full path, '/', the path) and full name (the namespace's full name, ' / ', the
// name), each whole, so a term across the boundary ('oup/pro', 'nest / har') is found like any
// other. Lists ask a column set of it: `{name path description}` without search_namespaces,
// `{full_path full_name description}` with it; the LIKE condition still decides on the rows found.
//
// One table rather than a second one beside it: SQLite parses the whole schema when a command
// first opens the database, and every table and trigger costs that start-up. So this replaces
// migration 29's table and its three triggers with one table and four: the project's own three
// (which now read its namespace's full path and name, and follow a move to another namespace)
// and one on namespaces, which re-indexes a namespace's own projects when its full path or full
// name changes. Every way those change (a group renamed, moved, or below one that was — each
// namespace of the subtree is updated, so each re-indexes its own projects —, a user's personal
// namespace renamed) updates those columns, whoever writes them. The temporary paths a subtree
// rewrite passes through (`\u0000<id>`, src/core/areas/groups/service.ts) are skipped: the final
// update comes in the same transaction.
import type { Migration } from '../migrate.js';

const COLUMNS = 'rowid, name, path, description, full_path, full_name';

/** The index row of project `p` (NEW or OLD in a trigger), its namespace read by id. */
const projectRow = (p: string) => `${p}.id, ${p}.name, ${p}.path_lower, ${p}.description,
    (SELECT n.full_path_lower FROM namespaces n WHERE n.id = ${p}.namespace_id) || '/' || ${p}.path_lower,
    (SELECT n.full_name FROM namespaces n WHERE n.id = ${p}.namespace_id) || ' / ' || ${p}.name`;

export const projectRouteSearchSchema: Migration = {
  version: 51,
  name: 'project-route-search',
  get up(): string {
    return `
DROP TRIGGER IF EXISTS projects_search_insert;
DROP TRIGGER IF EXISTS projects_search_update;
DROP TRIGGER IF EXISTS projects_search_delete;
DROP TRIGGER IF EXISTS projects_search_namespace;
DROP TABLE IF EXISTS projects_search;
CREATE VIRTUAL TABLE projects_search USING fts5(name, path, description, full_path, full_name, content='', contentless_delete=1, tokenize='trigram');
INSERT INTO projects_search (${COLUMNS})
  SELECT p.id, p.name, p.path_lower, p.description, n.full_path_lower || '/' || p.path_lower, n.full_name || ' / ' || p.name
  FROM projects p LEFT JOIN namespaces n ON n.id = p.namespace_id;
CREATE TRIGGER projects_search_insert AFTER INSERT ON projects BEGIN
  INSERT INTO projects_search (${COLUMNS}) VALUES (${projectRow('NEW')});
END;
CREATE TRIGGER projects_search_update AFTER UPDATE OF name, path_lower, description, namespace_id ON projects BEGIN
  DELETE FROM projects_search WHERE rowid = OLD.id;
  INSERT INTO projects_search (${COLUMNS}) VALUES (${projectRow('NEW')});
END;
CREATE TRIGGER projects_search_delete AFTER DELETE ON projects BEGIN
  DELETE FROM projects_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER projects_search_namespace AFTER UPDATE OF full_path_lower, full_name ON namespaces
  WHEN (NEW.full_path_lower IS NOT OLD.full_path_lower OR NEW.full_name IS NOT OLD.full_name) AND substr(NEW.full_path_lower, 1, 1) <> char(0) BEGIN
  DELETE FROM projects_search WHERE rowid IN (SELECT id FROM projects WHERE namespace_id = NEW.id);
  INSERT INTO projects_search (${COLUMNS})
    SELECT id, name, path_lower, description, NEW.full_path_lower || '/' || path_lower, NEW.full_name || ' / ' || name FROM projects WHERE namespace_id = NEW.id;
END;
`;
  },
};
