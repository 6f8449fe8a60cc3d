// The package registry: packages and their files (bytes stored once by SHA-256 under the state
// directory, so rows only name them), tags, protection rules, and the minimal pipeline records
// packages point to. Ids are never reused (AUTOINCREMENT): a queued destroy job never acts on a
// newer package that took an old id.
import type { Migration } from '../migrate.js';

export const packagesSchema: Migration = {
  version: 13,
  name: 'packages',
  get up() {
    return `
CREATE TABLE pipelines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  iid INTEGER NOT NULL,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  sha TEXT NOT NULL,
  ref TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'created',
  source TEXT NOT NULL DEFAULT 'api',
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- Digest of the pipeline's job token; NULL until one is issued (it is shown once).
  job_token_digest TEXT UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, iid)
);
CREATE INDEX pipelines_project ON pipelines (project_id, id);

CREATE TABLE packages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- NULL for versionless packages (e.g. maven plugin metadata).
  version TEXT,
  package_type TEXT NOT NULL,
  -- The platform's stored type number, which order_by=type sorts by.
  type_rank INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'default' CHECK (status IN ('default', 'hidden', 'processing', 'error', 'pending_destruction', 'deprecated')),
  conan_package_name TEXT,
  last_downloaded_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX packages_project_created ON packages (project_id, created_at, id);
CREATE INDEX packages_project_name ON packages (project_id, name, id);
CREATE INDEX packages_project_version ON packages (project_id, version, id);
CREATE INDEX packages_project_type ON packages (project_id, type_rank, id);
CREATE INDEX packages_lookup ON packages (project_id, package_type, name, version);

-- Package counts by the columns list filters use, kept by triggers, so that a list page knows
-- its totals without counting rows (a page from 100,000 packages costs what one from 100 does).
CREATE TABLE package_counts (
  project_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  package_type TEXT NOT NULL,
  versioned INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, status, package_type, versioned)
) WITHOUT ROWID;
CREATE TRIGGER package_count_insert AFTER INSERT ON packages BEGIN
  INSERT INTO package_counts (project_id, status, package_type, versioned, n) VALUES (NEW.project_id, NEW.status, NEW.package_type, NEW.version IS NOT NULL, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER package_count_delete AFTER DELETE ON packages BEGIN
  UPDATE package_counts SET n = n - 1
    WHERE project_id = OLD.project_id AND status = OLD.status AND package_type = OLD.package_type AND versioned = (OLD.version IS NOT NULL);
END;
CREATE TRIGGER package_count_update AFTER UPDATE OF project_id, status, package_type, version ON packages BEGIN
  UPDATE package_counts SET n = n - 1
    WHERE project_id = OLD.project_id AND status = OLD.status AND package_type = OLD.package_type AND versioned = (OLD.version IS NOT NULL);
  INSERT INTO package_counts (project_id, status, package_type, versioned, n) VALUES (NEW.project_id, NEW.status, NEW.package_type, NEW.version IS NOT NULL, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- The distinct package names of each project, so that a fuzzy name filter matches names, not
-- every package row (registries hold many versions of few names).
CREATE TABLE package_names (
  project_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, name)
) WITHOUT ROWID;
CREATE TRIGGER package_name_insert AFTER INSERT ON packages BEGIN
  INSERT INTO package_names (project_id, name, n) VALUES (NEW.project_id, NEW.name, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER package_name_delete AFTER DELETE ON packages BEGIN
  DELETE FROM package_names WHERE project_id = OLD.project_id AND name = OLD.name AND n = 1;
  UPDATE package_names SET n = n - 1 WHERE project_id = OLD.project_id AND name = OLD.name;
END;
CREATE TRIGGER package_name_update AFTER UPDATE OF project_id, name ON packages BEGIN
  DELETE FROM package_names WHERE project_id = OLD.project_id AND name = OLD.name AND n = 1;
  UPDATE package_names SET n = n - 1 WHERE project_id = OLD.project_id AND name = OLD.name;
  INSERT INTO package_names (project_id, name, n) VALUES (NEW.project_id, NEW.name, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE package_tags (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  package_id INTEGER NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX package_tags_package ON package_tags (package_id, id);

CREATE TABLE package_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  package_id INTEGER NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  size INTEGER NOT NULL,
  file_md5 TEXT NOT NULL,
  file_sha1 TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  pipeline_id INTEGER REFERENCES pipelines (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX package_files_package ON package_files (package_id, id);
CREATE INDEX package_files_name ON package_files (package_id, file_name, id);
CREATE INDEX package_files_sha256 ON package_files (file_sha256);

-- Which pipelines published a package (the platform's build infos).
CREATE TABLE package_pipelines (
  package_id INTEGER NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  pipeline_id INTEGER NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
  PRIMARY KEY (package_id, pipeline_id)
);
CREATE INDEX package_pipelines_pipeline ON package_pipelines (pipeline_id, package_id);

CREATE TABLE package_protection_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  package_name_pattern TEXT NOT NULL,
  package_type TEXT NOT NULL,
  -- Access levels (40 maintainer, 50 owner, 60 admin); NULL means the default.
  minimum_access_level_for_push INTEGER,
  minimum_access_level_for_delete INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, package_type, package_name_pattern)
);
`;
  },
};
