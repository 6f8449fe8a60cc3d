// Group governance: a top-level group's SAML provider and SCIM token, SCIM identities, custom
// member roles, SAML group links, protected environments (group or project) with their deploy
// access levels and approval rules, and a user's enterprise group. Identities are rebuilt so
// that one user may hold a group SAML identity per provider (the platform scopes uniqueness
// by saml_provider_id) while other providers stay one per user.
import type { Migration } from '../migrate.js';

export const governanceSchema: Migration = {
  version: 11,
  name: 'governance',
  get up() {
    return `
CREATE TABLE saml_providers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL UNIQUE REFERENCES namespaces (id) ON DELETE CASCADE,
  enabled INTEGER NOT NULL DEFAULT 1,
  sso_url TEXT NOT NULL,
  certificate_fingerprint TEXT NOT NULL,
  default_membership_role INTEGER NOT NULL DEFAULT 10,
  enforced_sso INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE scim_tokens (
  group_id INTEGER PRIMARY KEY REFERENCES namespaces (id) ON DELETE CASCADE,
  token_digest TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE scim_identities (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  extern_uid TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (group_id, extern_uid),
  UNIQUE (group_id, user_id)
);
CREATE INDEX scim_identities_user ON scim_identities (user_id);

CREATE TABLE member_roles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  base_access_level INTEGER NOT NULL,
  permissions TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  UNIQUE (group_id, name)
);

CREATE TABLE saml_group_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  saml_group_name TEXT NOT NULL,
  access_level INTEGER NOT NULL,
  member_role_id INTEGER REFERENCES member_roles (id) ON DELETE SET NULL,
  provider TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX saml_group_links_name ON saml_group_links (group_id, saml_group_name, COALESCE(provider, ''));

CREATE TABLE protected_environments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  required_approval_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((project_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX protected_environments_project ON protected_environments (project_id, name) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX protected_environments_group ON protected_environments (group_id, name) WHERE group_id IS NOT NULL;

-- kind 'deploy' rows are deploy access levels, kind 'approval' rows approval rules.
CREATE TABLE protected_environment_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  protected_environment_id INTEGER NOT NULL REFERENCES protected_environments (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('deploy', 'approval')),
  access_level INTEGER,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces (id) ON DELETE CASCADE,
  group_inheritance_type INTEGER NOT NULL DEFAULT 0,
  required_approvals INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX protected_environment_rules_env ON protected_environment_rules (protected_environment_id, kind, id);

ALTER TABLE users ADD COLUMN enterprise_group_id INTEGER REFERENCES namespaces (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN enterprise_group_associated_at TEXT;
CREATE INDEX users_enterprise_group ON users (enterprise_group_id, id);

CREATE TABLE identities_scoped (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  extern_uid TEXT NOT NULL,
  saml_provider_id INTEGER REFERENCES saml_providers (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
INSERT INTO identities_scoped (id, user_id, provider, extern_uid, saml_provider_id, created_at)
  SELECT id, user_id, provider, extern_uid, NULL, created_at FROM identities;
DROP TABLE identities;
ALTER TABLE identities_scoped RENAME TO identities;
CREATE UNIQUE INDEX identities_user_provider ON identities (user_id, provider) WHERE saml_provider_id IS NULL;
CREATE UNIQUE INDEX identities_provider_uid ON identities (provider, extern_uid) WHERE saml_provider_id IS NULL;
CREATE UNIQUE INDEX identities_saml_user ON identities (saml_provider_id, user_id) WHERE saml_provider_id IS NOT NULL;
CREATE UNIQUE INDEX identities_saml_uid ON identities (saml_provider_id, extern_uid) WHERE saml_provider_id IS NOT NULL;
`;
  },
};
