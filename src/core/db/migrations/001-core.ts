// Instance settings, users, namespaces (user and group), projects, members, access tokens,
// redirect routes for moved projects, and the durable job queue.
import type { Migration } from '../migrate.js';

export const coreSchema: Migration = {
  version: 1,
  name: 'core',
  get up() {
    return `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  username_lower TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  email_lower TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'active',
  is_admin INTEGER NOT NULL DEFAULT 0,
  external INTEGER NOT NULL DEFAULT 0,
  bot INTEGER NOT NULL DEFAULT 0,
  password_digest TEXT,
  bio TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  public_email TEXT,
  linkedin TEXT NOT NULL DEFAULT '',
  twitter TEXT NOT NULL DEFAULT '',
  website_url TEXT NOT NULL DEFAULT '',
  organization TEXT NOT NULL DEFAULT '',
  job_title TEXT NOT NULL DEFAULT '',
  pronouns TEXT,
  note TEXT,
  projects_limit INTEGER NOT NULL DEFAULT 100000,
  can_create_group INTEGER NOT NULL DEFAULT 1,
  private_profile INTEGER NOT NULL DEFAULT 0,
  two_factor_enabled INTEGER NOT NULL DEFAULT 0,
  theme_id INTEGER NOT NULL DEFAULT 1,
  color_scheme_id INTEGER NOT NULL DEFAULT 1,
  commit_email TEXT,
  confirmed_at TEXT,
  last_sign_in_at TEXT,
  current_sign_in_at TEXT,
  last_activity_on TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX users_created_at ON users (created_at, id);
CREATE INDEX users_name ON users (name, id);

CREATE TABLE identities (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  extern_uid TEXT NOT NULL,
  saml_provider_id INTEGER,
  created_at TEXT NOT NULL,
  UNIQUE (provider, extern_uid),
  UNIQUE (user_id, provider)
);

CREATE TABLE namespaces (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'group')),
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  full_path TEXT NOT NULL,
  full_path_lower TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  parent_id INTEGER REFERENCES namespaces (id) ON DELETE CASCADE,
  owner_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  visibility TEXT NOT NULL DEFAULT 'private',
  description TEXT NOT NULL DEFAULT '',
  organization_id INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX namespaces_parent ON namespaces (parent_id);
CREATE INDEX namespaces_owner ON namespaces (owner_id);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  path_lower TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private',
  default_branch TEXT NOT NULL DEFAULT 'main',
  repository_storage TEXT NOT NULL DEFAULT 'default',
  repository_read_only INTEGER NOT NULL DEFAULT 0,
  archived INTEGER NOT NULL DEFAULT 0,
  creator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_activity_at TEXT NOT NULL,
  UNIQUE (namespace_id, path_lower)
);
CREATE INDEX projects_storage ON projects (repository_storage, id);
CREATE INDEX projects_visibility ON projects (visibility, id);

-- Old full paths of renamed or transferred projects (lower case) → project id.
CREATE TABLE redirect_routes (
  path_lower TEXT PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);

CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  source_type TEXT NOT NULL CHECK (source_type IN ('project', 'namespace')),
  source_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_level INTEGER NOT NULL,
  expires_at TEXT,
  created_by_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_type, source_id, user_id)
);
CREATE INDEX members_user ON members (user_id, source_type);

CREATE TABLE personal_access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  token_digest TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  impersonation INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT,
  last_used_at TEXT,
  previous_personal_access_token_id INTEGER REFERENCES personal_access_tokens (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX pat_user ON personal_access_tokens (user_id, id);
CREATE INDEX pat_created ON personal_access_tokens (created_at, id);
CREATE INDEX pat_expires ON personal_access_tokens (expires_at, id);
CREATE INDEX pat_last_used ON personal_access_tokens (last_used_at, id);
CREATE INDEX pat_name ON personal_access_tokens (name, id);
CREATE INDEX pat_previous ON personal_access_tokens (previous_personal_access_token_id);

-- Token counts kept by triggers (user_id 0 = the whole instance), so an unfiltered list page
-- costs the same at 100 tokens or 100,000.
CREATE TABLE token_counts (
  user_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
);
INSERT INTO token_counts (user_id, n) VALUES (0, 0);
CREATE TRIGGER pat_count_insert AFTER INSERT ON personal_access_tokens BEGIN
  INSERT INTO token_counts (user_id, n) VALUES (NEW.user_id, 1) ON CONFLICT (user_id) DO UPDATE SET n = n + 1;
  UPDATE token_counts SET n = n + 1 WHERE user_id = 0;
END;
CREATE TRIGGER pat_count_delete AFTER DELETE ON personal_access_tokens BEGIN
  UPDATE token_counts SET n = n - 1 WHERE user_id IN (0, OLD.user_id);
END;

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  locked_by TEXT,
  locked_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_state ON jobs (state, id);
`;
  },
};
