// Migration 7 on a state that already holds data: every table with a plain integer key becomes
// AUTOINCREMENT without losing a row, a foreign key, an index or a trigger, and ids of deleted
// rows are not handed out again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db/connection.js';
import { migrate } from '../../src/core/db/migrate.js';

describe('migration 7 (ids never reused) on existing data', () => {
  it('rebuilds the tables with their rows, keys, indexes and triggers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-mig-'));
    try {
      const db = openDatabase(join(dir, 'state.db'));
      migrate(db, 6);
      const now = '2026-01-01T00:00:00.000Z';
      db.prepare("INSERT INTO users (id, username, username_lower, email, email_lower, name, password_digest, created_at, updated_at) VALUES (1, 'a', 'a', 'a@x', 'a@x', 'A', 'x', ?, ?)").run(now, now);
      db.prepare("INSERT INTO users (id, username, username_lower, email, email_lower, name, password_digest, created_at, updated_at) VALUES (2, 'b', 'b', 'b@x', 'b@x', 'B', 'x', ?, ?)").run(now, now);
      db.prepare("INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, owner_id, visibility, created_at, updated_at) VALUES (1, 'user', 'a', 'a', 'a', 'a', 'a', 1, 'public', ?, ?)").run(now, now);
      db.prepare("INSERT INTO projects (id, namespace_id, name, path, path_lower, description, visibility, default_branch, repository_storage, creator_id, created_at, updated_at, last_activity_at) VALUES (5, 1, 'p', 'p', 'p', '', 'private', 'main', 'default', 1, ?, ?, ?)").run(now, now, now);
      db.prepare("INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, created_at, updated_at) VALUES (1, 't', 'd1', '[\"api\"]', ?, ?)").run(now, now);
      const indexesBefore = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((r) => r.name);
      db.prepare('DELETE FROM users WHERE id = 2').run();

      migrate(db);

      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(7);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // The tables SQLite keeps behind a virtual table (the search indexes' shadow tables) are its own.
      const shadow = new Set((db.prepare("SELECT name FROM pragma_table_list WHERE type = 'shadow'").all() as { name: string }[]).map((r) => r.name));
      const plain = (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string }[])
        .filter((t) => !shadow.has(t.name))
        .filter((t) => /(^|[\s(,])id\s+INTEGER\s+PRIMARY\s+KEY\b(?!\s+AUTOINCREMENT)/i.test(t.sql))
        .map((r) => r.name);
      expect(plain).toEqual([]);
      const indexesAfter = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((r) => r.name);
      expect(indexesAfter).toEqual(expect.arrayContaining(indexesBefore));
      expect((db.prepare('SELECT COUNT(*) AS n FROM projects WHERE id = 5 AND namespace_id = 1').get() as { n: number }).n).toBe(1);
      expect((db.prepare('SELECT COUNT(*) AS n FROM personal_access_tokens').get() as { n: number }).n).toBe(1);
      // The token-count trigger still fires.
      db.prepare("INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, created_at, updated_at) VALUES (1, 't2', 'd2', '[\"api\"]', ?, ?)").run(now, now);
      expect((db.prepare('SELECT COUNT(*) AS n FROM personal_access_tokens').get() as { n: number }).n).toBe(2);
      // Foreign keys still cascade.
      db.prepare('DELETE FROM namespaces WHERE id = 1').run();
      expect((db.prepare('SELECT COUNT(*) AS n FROM projects').get() as { n: number }).n).toBe(0);
      // Deleting the newest row no longer frees its id.
      const next = db.prepare("INSERT INTO users (username, username_lower, email, email_lower, name, password_digest, created_at, updated_at) VALUES ('c', 'c', 'c@x', 'c@x', 'C', 'x', ?, ?)").run(now, now);
      db.prepare('DELETE FROM users WHERE id = ?').run(next.lastInsertRowid);
      const again = db.prepare("INSERT INTO users (username, username_lower, email, email_lower, name, password_digest, created_at, updated_at) VALUES ('d', 'd', 'd@x', 'd@x', 'D', 'x', ?, ?)").run(now, now);
      expect(Number(again.lastInsertRowid)).toBeGreaterThan(Number(next.lastInsertRowid));
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
