import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate } from '../db/migrate.js';
import { forgetAllSizes } from './repository-sizes.js';

describe('forgetAllSizes (a restored state)', () => {
  it('empties every row holding a size, a count or a claim of either, and keeps every row', () => {
    const db = new Database(':memory:');
    migrate(db);
    const at = '2025-01-01T00:00:00Z';
    db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (1, 'group', 'G', 'g', 'g', 'g', 'G', 'public', ?, ?)`).run(at, at);
    const project = db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, created_at, updated_at, last_activity_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?)`);
    for (const id of [1, 2, 3, 4, 5]) project.run(id, `p${id}`, `p${id}`, `p${id}`, at, at, at);
    const rows = () => db.prepare('SELECT kind, container_id, bytes, claim, commit_count, count_claim FROM repository_sizes ORDER BY kind, container_id').all() as Record<string, unknown>[];
    const before = rows().length;
    // Each project's repository row holds one thing kept (project 5's nothing).
    const set = (column: string, value: unknown, id: number) => db.prepare(`UPDATE repository_sizes SET ${column} = ? WHERE kind = 'project' AND container_id = ?`).run(value, id);
    set('bytes', 1234, 1);
    set('claim', 'c-1', 2);
    set('commit_count', 7, 3);
    set('count_claim', 'c-2', 4);
    forgetAllSizes(db);
    const after = rows();
    expect(after.length).toBe(before);
    expect(before).toBeGreaterThanOrEqual(5);
    for (const r of after) expect([r.bytes, r.claim, r.commit_count, r.count_claim], `${r.kind} ${r.container_id}`).toEqual([null, null, null, null]);
  });
});
