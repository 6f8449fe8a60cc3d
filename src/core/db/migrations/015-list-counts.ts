// Lists whose pages must cost the same at 100 rows or 100,000. Member lists page in SQL: a
// trigger-kept count of each source's membership rows (expired ones are subtracted at read time
// through the expiry index). Project lists count their unfiltered totals from trigger-kept
// counts per visibility instead of walking up to 10,001 visible rows, and the unfiltered user
// list from a kept count of users.
import type { Migration } from '../migrate.js';

export const listCountsSchema: Migration = {
  version: 15,
  name: 'list-counts',
  get up() {
    return `
CREATE TABLE member_counts (
  source_type TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (source_type, source_id)
) WITHOUT ROWID;
INSERT INTO member_counts (source_type, source_id, n) SELECT source_type, source_id, COUNT(*) FROM members GROUP BY source_type, source_id;
CREATE TRIGGER member_counts_insert AFTER INSERT ON members BEGIN
  INSERT INTO member_counts (source_type, source_id, n) VALUES (NEW.source_type, NEW.source_id, 1)
    ON CONFLICT (source_type, source_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER member_counts_delete AFTER DELETE ON members BEGIN
  UPDATE member_counts SET n = n - 1 WHERE source_type = OLD.source_type AND source_id = OLD.source_id;
END;
CREATE INDEX members_expiry ON members (source_type, source_id, expires_at);
-- Direct members page in membership order: (source, id) through the rowid this index carries.
CREATE INDEX members_source ON members (source_type, source_id);

CREATE TABLE project_counts (
  visibility TEXT PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO project_counts (visibility, n) VALUES ('private', 0), ('internal', 0), ('public', 0);
UPDATE project_counts SET n = (SELECT COUNT(*) FROM projects WHERE projects.visibility = project_counts.visibility);
CREATE TRIGGER project_counts_insert AFTER INSERT ON projects BEGIN
  UPDATE project_counts SET n = n + 1 WHERE visibility = NEW.visibility;
END;
CREATE TRIGGER project_counts_delete AFTER DELETE ON projects BEGIN
  UPDATE project_counts SET n = n - 1 WHERE visibility = OLD.visibility;
END;
CREATE TRIGGER project_counts_update AFTER UPDATE OF visibility ON projects WHEN NEW.visibility <> OLD.visibility BEGIN
  UPDATE project_counts SET n = n - 1 WHERE visibility = OLD.visibility;
  UPDATE project_counts SET n = n + 1 WHERE visibility = NEW.visibility;
END;

CREATE TABLE user_count (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  n INTEGER NOT NULL
);
INSERT INTO user_count (one, n) SELECT 1, COUNT(*) FROM users;
CREATE TRIGGER user_count_insert AFTER INSERT ON users BEGIN
  UPDATE user_count SET n = n + 1;
END;
CREATE TRIGGER user_count_delete AFTER DELETE ON users BEGIN
  UPDATE user_count SET n = n - 1;
END;
`;
  },
};
