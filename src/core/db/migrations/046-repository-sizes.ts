// The bytes each repository holds on disk (project, project wiki, group wiki, snippet), kept as
// the platform keeps ProjectStatistics: measured once, forgotten by every write to the
// repository (src/core/repositories/repository-sizes.ts), measured again when next asked for.
// Keyed by the container and the storage the repository is on, so a storage move's copy is a
// repository of its own. `bytes` NULL: not known (never measured, or written since); `claim`:
// a reader measuring it now, whose answer is stored only if no write cleared the claim
// meanwhile. No integer key: a row is found only by its container.
import type { Migration } from '../migrate.js';

export const repositorySizesSchema: Migration = {
  version: 46,
  name: 'repository-sizes',
  get up() {
    return `
CREATE TABLE IF NOT EXISTS repository_sizes (
  kind TEXT NOT NULL,
  container_id INTEGER NOT NULL,
  storage TEXT NOT NULL,
  bytes INTEGER,
  claim TEXT,
  PRIMARY KEY (kind, container_id, storage)
) WITHOUT ROWID;
`;
  },
};
