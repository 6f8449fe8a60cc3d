// Project lists take order_by=star_count (both directions, ties by id in the same direction).
// As for the other orders, the instance-wide lists page along an index holding the order and
// the columns a viewer's condition tests (see migration 030), and a namespace's list (a group's
// or a user's projects) along one led by the namespace (see migration 017), so a deep page costs
// what page 1 does at 100,000 projects. A star changes the count on the project row (migration
// 023's triggers), which now moves one entry in each index. IF NOT EXISTS: a state whose
// user_version was set back runs the migration again over the indexes it already has.
import type { Migration } from '../migrate.js';

export const projectStarOrderSchema: Migration = {
  version: 44,
  name: 'project-star-order',
  get up() {
    return `
CREATE INDEX IF NOT EXISTS projects_star_count ON projects (star_count, id, visibility, namespace_id);
CREATE INDEX IF NOT EXISTS projects_ns_star_count ON projects (namespace_id, star_count, id);
`;
  },
};
