// The default branch's commit count of each project repository, kept beside its size (the
// platform keeps commit_count in ProjectStatistics too): counted once, forgotten by the same
// write hook as the size (src/core/repositories/commit-counts.ts). `commit_branch` is the branch
// counted: a count is read only while it is still the project's default branch, so a default
// branch renamed without a repository write (a name git refuses as a ref) never reads the old
// branch's count. `count_claim` is a reader counting now, as `claim` is for the size; the two
// claims are apart so that a size and a count measured at once do not void each other.
//
// `repository_sizes_by_bytes` walks one kind's kept sizes in order: a project list ordered by
// repository_size or wiki_size reads its page from it instead of sorting every matching project,
// and finds the projects whose size is not kept among the rows whose bytes are NULL. For that
// every project has its repository's and its wiki's rows on the storage it is on from the
// moment it is (the triggers, and the rows of the projects there are now): a project without
// its row would be left out of such a page. A new project's rows, on every storage, start
// empty even where a project with its id had rows (ids of deleted projects may be used again).
import type { Migration } from '../migrate.js';

export const commitCountsSchema: Migration = {
  version: 47,
  name: 'commit-counts',
  // The columns are added only where missing: a state whose version was set back (a test of an
  // older state's upgrade) runs this again, and SQLite has no ADD COLUMN IF NOT EXISTS.
  up: (db) => {
    const has = new Set((db.pragma('table_info(repository_sizes)') as { name: string }[]).map((c) => c.name));
    for (const [name, type] of [['commit_count', 'INTEGER'], ['commit_branch', 'TEXT'], ['count_claim', 'TEXT']] as const) {
      if (!has.has(name)) db.exec(`ALTER TABLE repository_sizes ADD COLUMN ${name} ${type}`);
    }
    db.exec(`
CREATE INDEX IF NOT EXISTS repository_sizes_by_bytes ON repository_sizes (kind, bytes, container_id);
CREATE TRIGGER IF NOT EXISTS projects_size_rows AFTER INSERT ON projects BEGIN
  UPDATE repository_sizes SET bytes = NULL, claim = NULL, commit_count = NULL, commit_branch = NULL, count_claim = NULL
    WHERE kind IN ('project', 'project_wiki') AND container_id = NEW.id;
  INSERT OR REPLACE INTO repository_sizes (kind, container_id, storage) VALUES ('project', NEW.id, NEW.repository_storage), ('project_wiki', NEW.id, NEW.repository_storage);
END;
CREATE TRIGGER IF NOT EXISTS projects_size_rows_moved AFTER UPDATE OF repository_storage ON projects BEGIN
  INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) VALUES ('project', NEW.id, NEW.repository_storage), ('project_wiki', NEW.id, NEW.repository_storage);
END;
INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) SELECT 'project', id, repository_storage FROM projects;
INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) SELECT 'project_wiki', id, repository_storage FROM projects;
`);
  },
};
