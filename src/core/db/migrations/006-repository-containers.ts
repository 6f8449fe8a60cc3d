// Every container that owns git repositories names the storage they live on and can be made
// read-only while a storage move copies them: projects had both since the first schema; groups
// (whose wiki is a repository) and snippets (each one a repository) get them here. Snippet ids
// are never reused (AUTOINCREMENT), so a queued job never acts on a different snippet.
import type { Migration } from '../migrate.js';

export const repositoryContainersSchema: Migration = {
  version: 6,
  name: 'repository-containers',
  get up() {
    return `
ALTER TABLE namespaces ADD COLUMN repository_storage TEXT NOT NULL DEFAULT 'default';
ALTER TABLE namespaces ADD COLUMN repository_read_only INTEGER NOT NULL DEFAULT 0;
CREATE INDEX namespaces_storage ON namespaces (repository_storage, id);

CREATE TABLE snippets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- NULL for a personal snippet.
  project_id INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  visibility TEXT NOT NULL DEFAULT 'internal' CHECK (visibility IN ('private', 'internal', 'public')),
  repository_storage TEXT NOT NULL DEFAULT 'default',
  repository_read_only INTEGER NOT NULL DEFAULT 0,
  imported INTEGER NOT NULL DEFAULT 0,
  imported_from TEXT NOT NULL DEFAULT 'none',
  expires_at TEXT,
  user_agent TEXT,
  ip_address TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX snippets_author ON snippets (author_id, id);
CREATE INDEX snippets_project ON snippets (project_id, id);
CREATE INDEX snippets_visibility ON snippets (visibility, id);
CREATE INDEX snippets_storage ON snippets (repository_storage, id);
`;
  },
};
