// A user's group list (all_available, the default for GET /groups) reads the groups along its
// order's index and keeps the public and internal ones and the viewer's own. Each index entry
// used to cost a seek into the table row only to read its visibility: about 200 seeks for a
// page when a tenth of 100,000 groups are public. With the visibility as the indexes' last
// column SQLite tests it on the index entry and seeks only the rows it keeps (a deferred
// seek), so the list stays near its cost at 100 groups. The column is last so that every
// plan that used these indexes (kind, then the order) reads them as before.
import type { Migration } from '../migrate.js';

const ORDER_INDEXES: readonly [name: string, columns: string][] = [
  ['namespaces_kind_name', 'kind, name, id'],
  ['namespaces_kind_name_desc', 'kind, name DESC, id'],
  ['namespaces_kind_path', 'kind, path, id'],
  ['namespaces_kind_path_desc', 'kind, path DESC, id'],
  ['namespaces_kind_id', 'kind, id'],
];

export const groupOrderVisibilitySchema: Migration = {
  version: 42,
  name: 'group-order-visibility',
  get up(): string {
    return ORDER_INDEXES.map(([name, columns]) => `DROP INDEX ${name};\nCREATE INDEX ${name} ON namespaces (${columns}, visibility);`).join('\n');
  },
};
