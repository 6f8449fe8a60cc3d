// Indexes that answer a list page's skipping by themselves. A deep offset page (up to 49,980
// rows skipped) reads the ids of its window from an index holding the order and every column
// its conditions test, then reads only the rows of the window (a deferred join): the skipped
// rows are never read from the table. The project orderings carry the visibility and the
// namespace a viewer's condition tests; the package orderings the status, type and version the
// listed packages are chosen by; a narrow index walks the tokens in id order (the table's own
// order reads every token's whole row); a user's project memberships are found with their level
// and expiry without reading the rows.
import type { Migration } from '../migrate.js';

const PACKAGE_ORDERS: Record<string, string> = { created: 'created_at', name: 'name', version: 'version', type: 'type_rank' };

const PROJECT_ORDERS: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  last_activity_at: 'last_activity_at',
  name: 'name',
  path: 'path_lower',
};

export const coveringListIndexesSchema: Migration = {
  version: 30,
  name: 'covering-list-indexes',
  get up(): string {
    return `
${Object.entries(PROJECT_ORDERS)
  .map(([name, column]) => `DROP INDEX projects_${name};\nCREATE INDEX projects_${name} ON projects (${column}, id, visibility, namespace_id);`)
  .join('\n')}
CREATE INDEX projects_id_cover ON projects (id, visibility, namespace_id);
${Object.entries(PACKAGE_ORDERS)
  .map(([name, column]) => `DROP INDEX packages_project_${name};\nCREATE INDEX packages_project_${name} ON packages (project_id, ${column}, id, status, package_type, version);`)
  .join('\n')}
CREATE INDEX pat_id_cover ON personal_access_tokens (id);
CREATE INDEX members_user_cover ON members (user_id, source_type, source_id, access_level, expires_at);
`;
  },
};
