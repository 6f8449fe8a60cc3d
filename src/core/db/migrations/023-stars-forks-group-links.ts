// Stars on projects, forks (a project remembers the project it was forked from) and groups
// shared with other groups. Star and fork counts are kept on the project row by triggers, so
// project lists show them without a count per row.
import type { Migration } from '../migrate.js';

export const starsForksGroupLinksSchema: Migration = {
  version: 23,
  name: 'stars-forks-group-links',
  get up() {
    return `
CREATE TABLE project_stars (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, project_id)
);
CREATE INDEX project_stars_project ON project_stars (project_id, id);

ALTER TABLE projects ADD COLUMN star_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN forks_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN forked_from_project_id INTEGER REFERENCES projects (id) ON DELETE SET NULL;
CREATE INDEX projects_forked_from ON projects (forked_from_project_id, id);

CREATE TRIGGER project_stars_insert AFTER INSERT ON project_stars BEGIN
  UPDATE projects SET star_count = star_count + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER project_stars_delete AFTER DELETE ON project_stars BEGIN
  UPDATE projects SET star_count = star_count - 1 WHERE id = OLD.project_id;
END;
CREATE TRIGGER project_forks_link AFTER UPDATE OF forked_from_project_id ON projects
WHEN OLD.forked_from_project_id IS NOT NEW.forked_from_project_id BEGIN
  UPDATE projects SET forks_count = forks_count - 1 WHERE id = OLD.forked_from_project_id;
  UPDATE projects SET forks_count = forks_count + 1 WHERE id = NEW.forked_from_project_id;
END;
CREATE TRIGGER project_forks_gone AFTER DELETE ON projects WHEN OLD.forked_from_project_id IS NOT NULL BEGIN
  UPDATE projects SET forks_count = forks_count - 1 WHERE id = OLD.forked_from_project_id;
END;

CREATE TABLE group_group_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  shared_group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  shared_with_group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  group_access INTEGER NOT NULL,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (shared_group_id, shared_with_group_id)
);
CREATE INDEX group_group_links_with ON group_group_links (shared_with_group_id);
`;
  },
};
