// Milestones (of projects and of groups), releases, their asset links, the milestones a release
// is attached to, and collected release evidence.
import type { Migration } from '../migrate.js';

export const releasesSchema: Migration = {
  version: 3,
  name: 'releases',
  get up() {
    return `
-- A milestone belongs to exactly one project or one group; iid counts within that parent.
CREATE TABLE milestones (
  id INTEGER PRIMARY KEY,
  iid INTEGER NOT NULL,
  project_id INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'closed')),
  due_date TEXT,
  start_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((project_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX milestones_project_iid ON milestones (project_id, iid) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_group_iid ON milestones (group_id, iid) WHERE group_id IS NOT NULL;
CREATE INDEX milestones_project_title ON milestones (project_id, title);
CREATE INDEX milestones_group_title ON milestones (group_id, title);

CREATE TABLE releases (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  name TEXT,
  description TEXT,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The commit the tag pointed at when the release was created.
  sha TEXT,
  released_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, tag)
);
CREATE INDEX releases_project_released ON releases (project_id, released_at, id);
CREATE INDEX releases_project_created ON releases (project_id, created_at, id);
CREATE INDEX releases_released ON releases (released_at, id);

-- link_type: other, runbook, image, package. filepath is stored with its leading '/'.
CREATE TABLE release_links (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  filepath TEXT,
  link_type TEXT NOT NULL DEFAULT 'other',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (release_id, name),
  UNIQUE (release_id, url),
  UNIQUE (release_id, filepath)
);
CREATE INDEX release_links_sorted ON release_links (release_id, created_at, id);

CREATE TABLE milestone_releases (
  milestone_id INTEGER NOT NULL REFERENCES milestones (id) ON DELETE CASCADE,
  release_id INTEGER NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  PRIMARY KEY (milestone_id, release_id)
);
CREATE INDEX milestone_releases_release ON milestone_releases (release_id);

-- summary: the evidence document (JSON) exactly as hashed into summary_sha. job_id makes a
-- retried collection job write its evidence once.
CREATE TABLE release_evidences (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  summary TEXT NOT NULL,
  summary_sha TEXT NOT NULL,
  job_id INTEGER UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX release_evidences_release ON release_evidences (release_id, id);
`;
  },
};
