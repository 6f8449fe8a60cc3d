// A repository's kept size and count rows (repository_sizes, migrations 46 and 47) live as long
// as the repository they describe: the rows of a project, group wiki or snippet go with its row,
// and a container moved to another storage loses the rows it had under the old one (the
// storage's copy there is gone or about to be). Without this every deleted project and every
// move left rows behind for good, and the table and the size orders' index grew with them. Done
// by triggers, in the transaction of the delete or the move whichever path makes it (the
// service, a cascade, another process). The rows a state already holds for containers gone or
// moved away are removed here, and any project missing its rows gets them (empty) back.
//
// A reader that claims a row to measure inserts it only for a container still on that storage
// (src/core/repositories/repository-sizes.ts, commit-counts.ts), so a reader that read a
// container before its delete or move cannot put its row back afterwards.
import type { Migration } from '../migrate.js';

export const sizeRowsFollowContainersSchema: Migration = {
  version: 49,
  name: 'size-rows-follow-containers',
  get up() {
    return `
CREATE TRIGGER IF NOT EXISTS projects_size_rows_gone AFTER DELETE ON projects BEGIN
  DELETE FROM repository_sizes WHERE kind IN ('project', 'project_wiki') AND container_id = OLD.id;
END;
DROP TRIGGER IF EXISTS projects_size_rows_moved;
CREATE TRIGGER projects_size_rows_moved AFTER UPDATE OF repository_storage ON projects BEGIN
  DELETE FROM repository_sizes WHERE kind IN ('project', 'project_wiki') AND container_id = NEW.id AND storage <> NEW.repository_storage;
  INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) VALUES ('project', NEW.id, NEW.repository_storage), ('project_wiki', NEW.id, NEW.repository_storage);
END;
CREATE TRIGGER IF NOT EXISTS snippets_size_rows_gone AFTER DELETE ON snippets BEGIN
  DELETE FROM repository_sizes WHERE kind = 'snippet' AND container_id = OLD.id;
END;
CREATE TRIGGER IF NOT EXISTS snippets_size_rows_moved AFTER UPDATE OF repository_storage ON snippets BEGIN
  DELETE FROM repository_sizes WHERE kind = 'snippet' AND container_id = NEW.id AND storage <> NEW.repository_storage;
END;
CREATE TRIGGER IF NOT EXISTS groups_size_rows_gone AFTER DELETE ON namespaces WHEN OLD.kind = 'group' BEGIN
  DELETE FROM repository_sizes WHERE kind = 'group_wiki' AND container_id = OLD.id;
END;
CREATE TRIGGER IF NOT EXISTS groups_size_rows_moved AFTER UPDATE OF repository_storage ON namespaces WHEN NEW.kind = 'group' BEGIN
  DELETE FROM repository_sizes WHERE kind = 'group_wiki' AND container_id = NEW.id AND storage <> NEW.repository_storage;
END;
DELETE FROM repository_sizes WHERE kind IN ('project', 'project_wiki')
  AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = repository_sizes.container_id AND p.repository_storage = repository_sizes.storage);
DELETE FROM repository_sizes WHERE kind = 'snippet'
  AND NOT EXISTS (SELECT 1 FROM snippets s WHERE s.id = repository_sizes.container_id AND s.repository_storage = repository_sizes.storage);
DELETE FROM repository_sizes WHERE kind = 'group_wiki'
  AND NOT EXISTS (SELECT 1 FROM namespaces n WHERE n.id = repository_sizes.container_id AND n.kind = 'group' AND n.repository_storage = repository_sizes.storage);
DELETE FROM repository_sizes WHERE kind NOT IN ('project', 'project_wiki', 'snippet', 'group_wiki');
INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) SELECT 'project', id, repository_storage FROM projects;
INSERT OR IGNORE INTO repository_sizes (kind, container_id, storage) SELECT 'project_wiki', id, repository_storage FROM projects;
`;
  },
};
