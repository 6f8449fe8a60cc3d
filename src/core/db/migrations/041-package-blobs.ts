// Small package file bodies (up to INLINE_MAX, src/core/areas/packages/blobs.ts) are kept here,
// by content, written in the transaction that inserts their file row: one durable commit instead
// of a file flushed, renamed into place and its directory flushed before the commit. Bytes held
// as files under `<state>/blobs/sha256/` before this migration stay there and keep working.
//
// Shared content is released with its last file row by a trigger, so that every delete of a
// file row (one file, a package's destroy job, a project's cascade) releases it in its own
// transaction, and a row left naming no bytes is impossible.
import type { Migration } from '../migrate.js';

export const packageBlobsSchema: Migration = {
  version: 41,
  name: 'package-blobs',
  get up() {
    return `
CREATE TABLE package_blobs (
  sha256 TEXT PRIMARY KEY,
  data BLOB NOT NULL
);
CREATE TRIGGER package_blobs_release AFTER DELETE ON package_files
WHEN NOT EXISTS (SELECT 1 FROM package_files WHERE file_sha256 = OLD.file_sha256)
BEGIN
  DELETE FROM package_blobs WHERE sha256 = OLD.file_sha256;
END;
`;
  },
};
