// Indexes for the orderings of project and group lists, so that a page is read along an index
// instead of sorting every row.
import type { Migration } from '../migrate.js';

export const projectListsSchema: Migration = {
  version: 4,
  name: 'project-lists',
  get up() {
    return `
CREATE INDEX projects_created_at ON projects (created_at, id);
CREATE INDEX projects_updated_at ON projects (updated_at, id);
CREATE INDEX projects_last_activity_at ON projects (last_activity_at, id);
CREATE INDEX projects_name ON projects (name, id);
CREATE INDEX projects_path ON projects (path_lower, id);
CREATE INDEX namespaces_kind_name ON namespaces (kind, name, id);
CREATE INDEX redirect_routes_project ON redirect_routes (project_id);
`;
  },
};
