// User avatars: the stored file name on the user (what `avatar_url` names), and the bytes in
// their own table (at most 200 KiB each), so an avatar changes in the same transaction as the
// user and travels with the database in backups.
import type { Migration } from '../migrate.js';

export const userAvatarsSchema: Migration = {
  version: 34,
  name: 'user-avatars',
  get up() {
    return `
ALTER TABLE users ADD COLUMN avatar TEXT;
CREATE TABLE user_avatars (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  data BLOB NOT NULL,
  updated_at TEXT NOT NULL
);
`;
  },
};
