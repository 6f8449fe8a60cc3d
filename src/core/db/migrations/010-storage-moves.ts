// Repository storage moves of every container kind in one table (ids shared across kinds, so
// `hostctl storage-moves get ID` needs no kind). The state is stored as the platform's integer
// (1 initial, 2 scheduled, 3 started, 4 finished, 5 failed, 6 replicated, 7 cleanup failed).
// `worker` names the process running a move (`host:pid`) so a dead worker's move is resumed;
// `checksums` keeps the verified checksum of each copied repository, which the source must still
// match before it is removed. A container's moves go with the container.
import type { Migration } from '../migrate.js';

export const storageMovesSchema: Migration = {
  version: 10,
  name: 'storage-moves',
  get up() {
    return `
CREATE TABLE repository_storage_moves (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  container_type TEXT NOT NULL CHECK (container_type IN ('project', 'snippet', 'group')),
  container_id INTEGER NOT NULL,
  state INTEGER NOT NULL DEFAULT 1,
  source_storage_name TEXT NOT NULL,
  destination_storage_name TEXT NOT NULL,
  error_message TEXT,
  checksums TEXT,
  worker TEXT,
  heartbeat_at TEXT,
  started_at TEXT,
  switched_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX storage_moves_type ON repository_storage_moves (container_type, created_at, id);
CREATE INDEX storage_moves_container ON repository_storage_moves (container_type, container_id, created_at, id);
CREATE INDEX storage_moves_active ON repository_storage_moves (state, id) WHERE state IN (2, 3, 6);

CREATE TRIGGER storage_moves_project_gone AFTER DELETE ON projects BEGIN
  DELETE FROM repository_storage_moves WHERE container_type = 'project' AND container_id = OLD.id;
END;
CREATE TRIGGER storage_moves_snippet_gone AFTER DELETE ON snippets BEGIN
  DELETE FROM repository_storage_moves WHERE container_type = 'snippet' AND container_id = OLD.id;
END;
CREATE TRIGGER storage_moves_group_gone AFTER DELETE ON namespaces BEGIN
  DELETE FROM repository_storage_moves WHERE container_type = 'group' AND container_id = OLD.id;
END;
`;
  },
};
