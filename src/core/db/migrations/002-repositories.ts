// Protected branches of project repositories: a name or wildcard pattern (`release/*`) with
// the access levels, users or groups allowed to push, merge and unprotect. Branches, tags and
// commits themselves live in git, not here.
import type { Migration } from '../migrate.js';

export const repositoriesSchema: Migration = {
  version: 2,
  name: 'repositories',
  get up() {
    return `
CREATE TABLE protected_branches (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  allow_force_push INTEGER NOT NULL DEFAULT 0,
  code_owner_approval_required INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);

-- kind: push, merge or unprotect. Exactly one of access_level, user_id, group_id says who.
CREATE TABLE protected_branch_access_levels (
  id INTEGER PRIMARY KEY,
  protected_branch_id INTEGER NOT NULL REFERENCES protected_branches (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('push', 'merge', 'unprotect')),
  access_level INTEGER,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((access_level IS NOT NULL) + (user_id IS NOT NULL) + (group_id IS NOT NULL) = 1)
);
CREATE INDEX protected_branch_access_levels_branch ON protected_branch_access_levels (protected_branch_id, kind, id);
`;
  },
};
