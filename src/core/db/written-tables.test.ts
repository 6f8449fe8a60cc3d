import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection.js';
import { migrate } from './migrate.js';
import { tablesWritten } from './written-tables.js';

/** What the journal says a statement wrote in the real schema (its triggers and foreign keys). */
describe('the write journal over the schema', () => {
  let dir: string;
  let db: Database;
  const at = '2025-01-01T00:00:00Z';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-written-'));
    db = openDatabase(join(dir, 'state.db'));
    migrate(db);
    db.prepare(`INSERT INTO users (id, username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (7, 'Ann', 'ann', 'a@x', 'a@x', 'Ann', ?, ?)`).run(at, at);
    db.prepare(
      `INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (3, 'group', 'G', 'g', 'g', 'g', 'G', 'private', ?, ?)`,
    ).run(at, at);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const changes = () => (db.prepare('SELECT total_changes() AS t').get() as { t: number }).t;
  const written = (sql: string, ...args: unknown[]) => {
    const from = changes();
    db.prepare(sql).run(...args);
    const out = tablesWritten(db, from, changes());
    return out && Object.fromEntries([...out].map(([t, c]) => [t, c && [...c].sort()]));
  };

  it('an update of users that no trigger fires for writes those columns of users alone', () => {
    expect(written('UPDATE users SET updated_at = ?, bio = ? WHERE id = 7', at, 'hi')).toEqual({ users: ['bio', 'updated_at'] });
  });

  it('an update of a searched column reaches the search index its trigger keeps', () => {
    expect(written('UPDATE users SET name = ? WHERE id = 7', 'Anne')).toEqual({ users: ['name'], users_search: null });
  });

  it('an update of is_admin reaches what its trigger writes: the enterprise columns of users and the SCIM identities', () => {
    const out = written('UPDATE users SET is_admin = 1 WHERE id = 7');
    expect(out?.users).toEqual(['enterprise_group_associated_at', 'enterprise_group_id', 'is_admin']);
    expect(out?.scim_identities).toBeNull();
  });

  it('an update of the enterprise group reaches its counts and its own trigger', () => {
    const out = written('UPDATE users SET enterprise_group_id = 3 WHERE id = 7');
    expect(out?.users).toEqual(['enterprise_group_associated_at', 'enterprise_group_id']);
    expect(Object.keys(out ?? {}).sort()).toEqual(expect.arrayContaining(['enterprise_user_counts', 'scim_identities', 'users']));
  });

  it('an insert or delete writes whole rows, and a delete reaches what cascades from it', () => {
    expect(written(`INSERT INTO users (username, username_lower, email, email_lower, name, created_at, updated_at) VALUES ('B', 'b', 'b@x', 'b@x', 'B', ?, ?)`, at, at)?.users).toBeNull();
    const out = written('DELETE FROM users WHERE id = 7');
    expect(out?.users).toBeNull();
    expect(out?.members).toBeNull();
    expect(out?.personal_access_tokens).toBeNull();
  });

  it('an update whose assignments cannot be read writes every column', () => {
    expect(written("UPDATE users SET (name, bio) = ('x', 'y') WHERE id = 7")?.users).toBeNull();
  });
});
