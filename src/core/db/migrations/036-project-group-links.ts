// Projects shared with groups: the members of the group (and of the groups that reach it) get
// access to the project up to the share's level, until the share expires or is removed.
import type { Migration } from '../migrate.js';

export const projectGroupLinksSchema: Migration = {
  version: 36,
  name: 'project-group-links',
  get up() {
    return `
CREATE TABLE project_group_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  group_access INTEGER NOT NULL,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, group_id)
);
CREATE INDEX project_group_links_group ON project_group_links (group_id, project_id);
`;
  },
};
