// More lists whose pages must cost the same at 100 rows or 100,000: snippets, repository
// storage moves, enterprise users, freeze periods and a group's SCIM users count their totals
// from trigger-kept counts instead of walking up to 10,001 rows (SCIM answers an exact total);
// indexes let the paged queries walk their order (personal snippets by visibility, a project's
// snippets by author, a group's SCIM identities, SAML group links and group SAML identities
// in id order), and a user's identities are read through an index of their own.
import type { Migration } from '../migrate.js';

export const areaListCountsSchema: Migration = {
  version: 16,
  name: 'area-list-counts',
  get up() {
    return `
-- Snippets per visibility: project_id 0 holds personal snippets, -1 every snippet.
CREATE TABLE snippet_counts (
  project_id INTEGER NOT NULL,
  visibility TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, visibility)
) WITHOUT ROWID;
INSERT INTO snippet_counts (project_id, visibility, n) SELECT -1, visibility, COUNT(*) FROM snippets GROUP BY visibility;
INSERT INTO snippet_counts (project_id, visibility, n) SELECT COALESCE(project_id, 0), visibility, COUNT(*) FROM snippets GROUP BY COALESCE(project_id, 0), visibility;
CREATE TABLE snippet_author_counts (
  author_id INTEGER NOT NULL,
  personal INTEGER NOT NULL,
  visibility TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (author_id, personal, visibility)
) WITHOUT ROWID;
INSERT INTO snippet_author_counts (author_id, personal, visibility, n)
  SELECT author_id, project_id IS NULL, visibility, COUNT(*) FROM snippets GROUP BY author_id, project_id IS NULL, visibility;
CREATE TABLE snippet_storage_counts (
  repository_storage TEXT PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO snippet_storage_counts (repository_storage, n) SELECT repository_storage, COUNT(*) FROM snippets GROUP BY repository_storage;

CREATE TRIGGER snippet_counts_insert AFTER INSERT ON snippets BEGIN
  INSERT INTO snippet_counts (project_id, visibility, n) VALUES (-1, NEW.visibility, 1), (COALESCE(NEW.project_id, 0), NEW.visibility, 1)
    ON CONFLICT (project_id, visibility) DO UPDATE SET n = n + 1;
  INSERT INTO snippet_author_counts (author_id, personal, visibility, n) VALUES (NEW.author_id, NEW.project_id IS NULL, NEW.visibility, 1)
    ON CONFLICT (author_id, personal, visibility) DO UPDATE SET n = n + 1;
  INSERT INTO snippet_storage_counts (repository_storage, n) VALUES (NEW.repository_storage, 1)
    ON CONFLICT (repository_storage) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER snippet_counts_delete AFTER DELETE ON snippets BEGIN
  UPDATE snippet_counts SET n = n - 1 WHERE project_id IN (-1, COALESCE(OLD.project_id, 0)) AND visibility = OLD.visibility;
  UPDATE snippet_author_counts SET n = n - 1 WHERE author_id = OLD.author_id AND personal = (OLD.project_id IS NULL) AND visibility = OLD.visibility;
  UPDATE snippet_storage_counts SET n = n - 1 WHERE repository_storage = OLD.repository_storage;
END;
CREATE TRIGGER snippet_counts_visibility AFTER UPDATE OF visibility ON snippets WHEN NEW.visibility <> OLD.visibility BEGIN
  UPDATE snippet_counts SET n = n - 1 WHERE project_id IN (-1, COALESCE(OLD.project_id, 0)) AND visibility = OLD.visibility;
  INSERT INTO snippet_counts (project_id, visibility, n) VALUES (-1, NEW.visibility, 1), (COALESCE(NEW.project_id, 0), NEW.visibility, 1)
    ON CONFLICT (project_id, visibility) DO UPDATE SET n = n + 1;
  UPDATE snippet_author_counts SET n = n - 1 WHERE author_id = OLD.author_id AND personal = (OLD.project_id IS NULL) AND visibility = OLD.visibility;
  INSERT INTO snippet_author_counts (author_id, personal, visibility, n) VALUES (NEW.author_id, NEW.project_id IS NULL, NEW.visibility, 1)
    ON CONFLICT (author_id, personal, visibility) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER snippet_counts_storage AFTER UPDATE OF repository_storage ON snippets WHEN NEW.repository_storage <> OLD.repository_storage BEGIN
  UPDATE snippet_storage_counts SET n = n - 1 WHERE repository_storage = OLD.repository_storage;
  INSERT INTO snippet_storage_counts (repository_storage, n) VALUES (NEW.repository_storage, 1)
    ON CONFLICT (repository_storage) DO UPDATE SET n = n + 1;
END;
-- Public personal snippets page along this; a project's snippets by one author are counted through the other.
CREATE INDEX snippets_personal ON snippets (visibility, id) WHERE project_id IS NULL;
CREATE INDEX snippets_project_author ON snippets (project_id, author_id, visibility);

-- Storage moves per kind (container_id 0) and per container.
CREATE TABLE storage_move_counts (
  container_type TEXT NOT NULL,
  container_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (container_type, container_id)
) WITHOUT ROWID;
INSERT INTO storage_move_counts (container_type, container_id, n) SELECT container_type, 0, COUNT(*) FROM repository_storage_moves GROUP BY container_type;
INSERT INTO storage_move_counts (container_type, container_id, n)
  SELECT container_type, container_id, COUNT(*) FROM repository_storage_moves GROUP BY container_type, container_id;
CREATE TRIGGER storage_move_counts_insert AFTER INSERT ON repository_storage_moves BEGIN
  INSERT INTO storage_move_counts (container_type, container_id, n) VALUES (NEW.container_type, 0, 1), (NEW.container_type, NEW.container_id, 1)
    ON CONFLICT (container_type, container_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER storage_move_counts_delete AFTER DELETE ON repository_storage_moves BEGIN
  UPDATE storage_move_counts SET n = n - 1 WHERE container_type = OLD.container_type AND container_id IN (0, OLD.container_id);
END;

-- Enterprise users per group, state and two-factor setting (the list's kept filters).
CREATE TABLE enterprise_user_counts (
  group_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  two_factor_enabled INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (group_id, state, two_factor_enabled)
) WITHOUT ROWID;
INSERT INTO enterprise_user_counts (group_id, state, two_factor_enabled, n)
  SELECT enterprise_group_id, state, two_factor_enabled, COUNT(*) FROM users WHERE enterprise_group_id IS NOT NULL GROUP BY enterprise_group_id, state, two_factor_enabled;
CREATE TRIGGER enterprise_user_counts_insert AFTER INSERT ON users WHEN NEW.enterprise_group_id IS NOT NULL BEGIN
  INSERT INTO enterprise_user_counts (group_id, state, two_factor_enabled, n) VALUES (NEW.enterprise_group_id, NEW.state, NEW.two_factor_enabled, 1)
    ON CONFLICT (group_id, state, two_factor_enabled) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER enterprise_user_counts_delete AFTER DELETE ON users WHEN OLD.enterprise_group_id IS NOT NULL BEGIN
  UPDATE enterprise_user_counts SET n = n - 1 WHERE group_id = OLD.enterprise_group_id AND state = OLD.state AND two_factor_enabled = OLD.two_factor_enabled;
END;
CREATE TRIGGER enterprise_user_counts_update AFTER UPDATE OF enterprise_group_id, state, two_factor_enabled ON users
  WHEN (OLD.enterprise_group_id IS NOT NULL OR NEW.enterprise_group_id IS NOT NULL)
   AND (OLD.enterprise_group_id IS NOT NEW.enterprise_group_id OR OLD.state IS NOT NEW.state OR OLD.two_factor_enabled IS NOT NEW.two_factor_enabled) BEGIN
  UPDATE enterprise_user_counts SET n = n - 1 WHERE group_id = OLD.enterprise_group_id AND state = OLD.state AND two_factor_enabled = OLD.two_factor_enabled;
  INSERT INTO enterprise_user_counts (group_id, state, two_factor_enabled, n)
    SELECT NEW.enterprise_group_id, NEW.state, NEW.two_factor_enabled, 1 WHERE NEW.enterprise_group_id IS NOT NULL
    ON CONFLICT (group_id, state, two_factor_enabled) DO UPDATE SET n = n + 1;
END;

-- Freeze periods per project.
CREATE TABLE freeze_period_counts (
  project_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO freeze_period_counts (project_id, n) SELECT project_id, COUNT(*) FROM freeze_periods GROUP BY project_id;
CREATE TRIGGER freeze_period_counts_insert AFTER INSERT ON freeze_periods BEGIN
  INSERT INTO freeze_period_counts (project_id, n) VALUES (NEW.project_id, 1) ON CONFLICT (project_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER freeze_period_counts_delete AFTER DELETE ON freeze_periods BEGIN
  UPDATE freeze_period_counts SET n = n - 1 WHERE project_id = OLD.project_id;
END;

-- A group's SCIM identities: the exact total of the SCIM Users list, and its id order.
CREATE TABLE scim_identity_counts (
  group_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO scim_identity_counts (group_id, n) SELECT group_id, COUNT(*) FROM scim_identities GROUP BY group_id;
CREATE TRIGGER scim_identity_counts_insert AFTER INSERT ON scim_identities BEGIN
  INSERT INTO scim_identity_counts (group_id, n) VALUES (NEW.group_id, 1) ON CONFLICT (group_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER scim_identity_counts_delete AFTER DELETE ON scim_identities BEGIN
  UPDATE scim_identity_counts SET n = n - 1 WHERE group_id = OLD.group_id;
END;
CREATE INDEX scim_identities_group ON scim_identities (group_id, id);

CREATE INDEX saml_group_links_group ON saml_group_links (group_id, id);
CREATE INDEX identities_saml_provider ON identities (saml_provider_id, id) WHERE saml_provider_id IS NOT NULL;
-- A user's identities (every user entity shows them): the unique indexes are partial, so without
-- this each presented user read the whole table once group SAML identities exist.
CREATE INDEX identities_user ON identities (user_id, id);
`;
  },
};
