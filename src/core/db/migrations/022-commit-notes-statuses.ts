// Comments on commits and the statuses external systems report for them (each status belongs to
// an `external` pipeline of its commit and ref, as on the platform).
import type { Migration } from '../migrate.js';

export const commitNotesStatusesSchema: Migration = {
  version: 22,
  name: 'commit-notes-statuses',
  get up() {
    return `
CREATE TABLE commit_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  commit_sha TEXT NOT NULL,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  note TEXT NOT NULL,
  path TEXT,
  line INTEGER,
  line_type TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX commit_notes_commit ON commit_notes (project_id, commit_sha, created_at, id);

CREATE TABLE commit_statuses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  pipeline_id INTEGER NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
  sha TEXT NOT NULL,
  ref TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  target_url TEXT,
  description TEXT,
  coverage REAL,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX commit_statuses_commit ON commit_statuses (project_id, sha, id);
`;
  },
};
