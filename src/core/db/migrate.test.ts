import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { migrate } from './migrate.js';

describe('migrations', () => {
  // Versions are handed out ahead of time to work that lands separately, so a branch may hold
  // version 8 before version 7 arrives; the list must still be distinct, listed in order and
  // start at 1.
  it('have distinct versions, listed in order, starting at 1', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  // Every command loads the migrations to compare versions; SQL held as a plain property would be
  // compiled into the core's code cache and deserialised on every command (docs/architecture.md).
  it('give their SQL through a getter or a function, never a plain string property', () => {
    const plain = migrations.filter((m) => typeof Object.getOwnPropertyDescriptor(m, 'up')?.value === 'string').map((m) => m.version);
    expect(plain).toEqual([]);
  });
});

describe('migration 29 (search indexes)', () => {
  it('indexes the rows a state already holds, and triggers keep the index in step afterwards', () => {
    const db = new Database(':memory:');
    migrate(db, 28);
    const at = '2025-01-01T00:00:00Z';
    db.prepare(`INSERT INTO users (id, username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (1, 'Root', 'root', 'r@x', 'r@x', 'Administrator', ?, ?)`).run(at, at);
    db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (1, 'group', 'Falcons', 'falcons', 'falcons', 'falcons', 'Falcons', 'public', ?, ?)`).run(at, at);
    db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, description, created_at, updated_at, last_activity_at) VALUES (1, 1, 'Old Kestrel', 'kestrel', 'kestrel', 'about hawks', ?, ?, ?)`).run(at, at, at);
    const m29 = migrations.find((x) => x.version === 29);
    db.exec(m29?.up as string);
    const match = (table: string, text: string) => (db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).all(`"${text}"`) as { rowid: number }[]).map((r) => r.rowid);
    expect(match('projects_search', 'KESTREL')).toEqual([1]);
    expect(match('projects_search', 'hawk')).toEqual([1]);
    expect(match('users_search', 'admin')).toEqual([1]);
    expect(match('groups_search', 'falcon')).toEqual([1]);
    db.prepare(`UPDATE projects SET name = 'Osprey', path_lower = 'osprey', description = '' WHERE id = 1`).run();
    expect(match('projects_search', 'kestrel')).toEqual([]);
    expect(match('projects_search', 'osprey')).toEqual([1]);
    db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, owner_id, visibility, created_at, updated_at) VALUES (2, 'user', 'Falconer', 'falconer', 'falconer', 'falconer', 'Falconer', 1, 'public', ?, ?)`).run(at, at);
    // Personal namespaces are not groups: not in the groups' index.
    expect(match('groups_search', 'falcon')).toEqual([1]);
    db.prepare('DELETE FROM projects WHERE id = 1').run();
    expect(match('projects_search', 'osprey')).toEqual([]);
  });
});

describe('migration 43 (personal namespace holders are Owner members)', () => {
  it('adds or raises the holder membership of every project in a personal namespace, and only those', () => {
    const db = new Database(':memory:');
    migrate(db, 42);
    const at = '2025-01-01T00:00:00.000Z';
    for (const [id, name] of [[1, 'alice'], [2, 'bob']] as const) {
      db.prepare(`INSERT INTO users (id, username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(id, name, name, `${name}@x`, `${name}@x`, name, at, at);
      db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, owner_id, visibility, created_at, updated_at) VALUES (?, 'user', ?, ?, ?, ?, ?, ?, 'public', ?, ?)`).run(id, name, name, name, name, name, id, at, at);
    }
    db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (3, 'group', 'g', 'g', 'g', 'g', 'g', 'public', ?, ?)`).run(at, at);
    // 10: moved into alice's namespace (no membership); 11: alice a Developer with an expiry;
    // 12: made there (already an Owner member); 13: in a group; 14: bob's, with alice a Guest.
    for (const [id, ns] of [[10, 1], [11, 1], [12, 1], [13, 3], [14, 2]] as const) {
      db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, description, created_at, updated_at, last_activity_at) VALUES (?, ?, ?, ?, ?, '', ?, ?, ?)`).run(id, ns, `p${id}`, `p${id}`, `p${id}`, at, at, at);
    }
    const member = db.prepare(`INSERT INTO members (source_type, source_id, user_id, access_level, expires_at, created_by_id, created_at, updated_at) VALUES ('project', ?, ?, ?, ?, 1, ?, ?)`);
    member.run(11, 1, 30, '2025-02-01', at, at);
    member.run(12, 1, 50, null, at, at);
    member.run(14, 2, 50, null, at, at);
    member.run(14, 1, 10, null, at, at);
    db.exec(migrations.find((x) => x.version === 43)?.up as string);
    const rows = db.prepare(`SELECT source_id, user_id, access_level, expires_at, updated_at = ? AS untouched FROM members ORDER BY source_id, user_id`).all(at);
    expect(rows).toEqual([
      { source_id: 10, user_id: 1, access_level: 50, expires_at: null, untouched: 0 },
      { source_id: 11, user_id: 1, access_level: 50, expires_at: null, untouched: 0 },
      { source_id: 12, user_id: 1, access_level: 50, expires_at: null, untouched: 1 },
      { source_id: 14, user_id: 1, access_level: 10, expires_at: null, untouched: 1 },
      { source_id: 14, user_id: 2, access_level: 50, expires_at: null, untouched: 1 },
    ]);
    // The kept member counts follow the added row.
    expect(db.prepare(`SELECT n FROM member_counts WHERE source_type = 'project' AND source_id = 10`).get()).toEqual({ n: 1 });
  });
});

describe('migration 47 (commit counts, every project with its size rows)', () => {
  it('gives every project of a state its repository and wiki rows, keeps the sizes there, and new or moved projects get theirs', () => {
    const db = new Database(':memory:');
    migrate(db, 46);
    const at = '2025-01-01T00:00:00.000Z';
    db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (1, 'group', 'g', 'g', 'g', 'g', 'g', 'public', ?, ?)`).run(at, at);
    const project = db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, description, repository_storage, created_at, updated_at, last_activity_at) VALUES (?, 1, ?, ?, ?, '', ?, ?, ?, ?)`);
    project.run(1, 'p1', 'p1', 'p1', 'default', at, at, at);
    project.run(2, 'p2', 'p2', 'p2', 'second', at, at, at);
    // A size kept before the migration stays kept.
    db.prepare(`INSERT INTO repository_sizes (kind, container_id, storage, bytes) VALUES ('project', 1, 'default', 1234)`).run();
    const m47 = migrations.find((x) => x.version === 47)?.up;
    if (typeof m47 === 'function') m47(db);
    else db.exec(m47 as string);
    const rows = () => db.prepare('SELECT kind, container_id AS id, storage, bytes FROM repository_sizes ORDER BY container_id, kind, storage').all();
    expect(rows()).toEqual([
      { kind: 'project', id: 1, storage: 'default', bytes: 1234 },
      { kind: 'project_wiki', id: 1, storage: 'default', bytes: null },
      { kind: 'project', id: 2, storage: 'second', bytes: null },
      { kind: 'project_wiki', id: 2, storage: 'second', bytes: null },
    ]);
    db.prepare("UPDATE repository_sizes SET bytes = 99, commit_count = 3, commit_branch = 'main' WHERE container_id = 2").run();
    db.prepare("UPDATE projects SET repository_storage = 'default' WHERE id = 2").run();
    expect(db.prepare("SELECT bytes FROM repository_sizes WHERE container_id = 2 AND storage = 'default'").all()).toEqual([{ bytes: null }, { bytes: null }]);
    db.prepare('DELETE FROM projects WHERE id = 2').run();
    // Id 2 used again: its rows, on every storage, start empty.
    project.run(2, 'p3', 'p3', 'p3', 'default', at, at, at);
    expect(db.prepare('SELECT kind, storage, bytes, commit_count FROM repository_sizes WHERE container_id = 2 ORDER BY storage, kind').all()).toEqual([
      { kind: 'project', storage: 'default', bytes: null, commit_count: null },
      { kind: 'project_wiki', storage: 'default', bytes: null, commit_count: null },
      { kind: 'project', storage: 'second', bytes: null, commit_count: null },
      { kind: 'project_wiki', storage: 'second', bytes: null, commit_count: null },
    ]);
  });
});

describe('migration 49 (size rows follow their containers)', () => {
  it('removes the rows of containers gone or moved away, gives projects their missing rows, and deletes and moves take their rows along', () => {
    const db = new Database(':memory:');
    migrate(db, 48);
    const at = '2025-01-01T00:00:00.000Z';
    const group = db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, repository_storage, created_at, updated_at) VALUES (?, 'group', ?, ?, ?, ?, ?, 'public', ?, ?, ?)`);
    group.run(1, 'g', 'g', 'g', 'g', 'g', 'default', at, at);
    group.run(2, 'h', 'h', 'h', 'h', 'h', 'second', at, at);
    const project = db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, description, repository_storage, created_at, updated_at, last_activity_at) VALUES (?, 1, ?, ?, ?, '', ?, ?, ?, ?)`);
    project.run(1, 'p1', 'p1', 'p1', 'default', at, at, at);
    project.run(2, 'p2', 'p2', 'p2', 'default', at, at, at);
    db.prepare(`INSERT INTO users (id, username, username_lower, email, email_lower, name, created_at, updated_at) VALUES (1, 'root', 'root', 'r@x', 'r@x', 'root', ?, ?)`).run(at, at);
    const snippet = db.prepare(`INSERT INTO snippets (id, title, visibility, author_id, repository_storage, created_at, updated_at) VALUES (?, 's', 'private', 1, ?, ?, ?)`);
    snippet.run(1, 'default', at, at);
    snippet.run(2, 'default', at, at);
    const row = db.prepare('INSERT OR REPLACE INTO repository_sizes (kind, container_id, storage, bytes) VALUES (?, ?, ?, ?)');
    // Before 49: project 1 moved to "second" left its rows on "default"; project 3 was deleted;
    // project 2 lost its wiki row; snippet 3 and group 3 are gone; group 2's wiki was on "default".
    db.prepare("UPDATE projects SET repository_storage = 'second' WHERE id = 1").run();
    db.prepare("UPDATE repository_sizes SET bytes = 5 WHERE container_id = 1 AND storage = 'second'").run();
    row.run('project', 1, 'default', 10);
    row.run('project', 3, 'default', 30);
    db.prepare("DELETE FROM repository_sizes WHERE kind = 'project_wiki' AND container_id = 2").run();
    for (const [kind, id, storage] of [['snippet', 1, 'default'], ['snippet', 3, 'default'], ['group_wiki', 1, 'default'], ['group_wiki', 2, 'default'], ['group_wiki', 2, 'second'], ['group_wiki', 3, 'default']] as const) row.run(kind, id, storage, 7);
    db.exec(migrations.find((x) => x.version === 49)?.up as string);
    const rows = () => db.prepare('SELECT kind, container_id AS id, storage, bytes FROM repository_sizes ORDER BY kind, container_id, storage').all();
    expect(rows()).toEqual([
      { kind: 'group_wiki', id: 1, storage: 'default', bytes: 7 },
      { kind: 'group_wiki', id: 2, storage: 'second', bytes: 7 },
      { kind: 'project', id: 1, storage: 'second', bytes: 5 },
      { kind: 'project', id: 2, storage: 'default', bytes: null },
      { kind: 'project_wiki', id: 1, storage: 'second', bytes: 5 },
      { kind: 'project_wiki', id: 2, storage: 'default', bytes: null },
      { kind: 'snippet', id: 1, storage: 'default', bytes: 7 },
    ]);
    // From now on: moves and deletes of each kind of container take their rows along.
    db.prepare("UPDATE projects SET repository_storage = 'default' WHERE id = 1").run();
    db.prepare("UPDATE snippets SET repository_storage = 'second' WHERE id = 1").run();
    db.prepare("UPDATE namespaces SET repository_storage = 'default' WHERE id = 2").run();
    db.prepare('DELETE FROM projects WHERE id = 2').run();
    group.run(4, 'k', 'k', 'k', 'k', 'k', 'default', at, at);
    row.run('group_wiki', 4, 'default', 4);
    db.prepare('DELETE FROM namespaces WHERE id = 4').run();
    expect(rows()).toEqual([
      { kind: 'group_wiki', id: 1, storage: 'default', bytes: 7 },
      { kind: 'project', id: 1, storage: 'default', bytes: null },
      { kind: 'project_wiki', id: 1, storage: 'default', bytes: null },
    ]);
    row.run('snippet', 2, 'default', 1);
    db.prepare('DELETE FROM snippets WHERE id = 2').run();
    expect(rows()).toHaveLength(3);
    // A group deleted takes its projects (a cascade): their rows go too.
    db.prepare('DELETE FROM namespaces WHERE id = 1').run();
    expect(rows()).toEqual([]);
  });
});

describe('migration 51 (project search over the routes full paths and names)', () => {
  it("indexes each project's full path and full name beside its own fields, and follows renames and moves of projects and namespaces", () => {
    const db = new Database(':memory:');
    migrate(db, 50);
    const at = '2025-01-01T00:00:00Z';
    const ns = db.prepare(`INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, parent_id, visibility, created_at, updated_at) VALUES (?, 'group', ?, ?, ?, ?, ?, ?, 'public', ?, ?)`);
    ns.run(1, 'Falcons', 'Falcons', 'Falcons', 'falcons', 'Falcons', null, at, at);
    ns.run(2, 'Nest', 'nest', 'Falcons/nest', 'falcons/nest', 'Falcons / Nest', 1, at, at);
    ns.run(3, 'Other', 'other', 'other', 'other', 'Other', null, at, at);
    const project = db.prepare(`INSERT INTO projects (id, namespace_id, name, path, path_lower, description, created_at, updated_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    project.run(1, 2, 'Old Kestrel', 'Kestrel', 'kestrel', 'about hawks', at, at, at);
    db.exec(migrations.find((x) => x.version === 51)?.up as string);
    const match = (query: string) => (db.prepare('SELECT rowid FROM projects_search WHERE projects_search MATCH ?').all(query) as { rowid: number }[]).map((r) => r.rowid);
    const route = (text: string) => match(`{full_path full_name} : "${text}"`);
    const own = (text: string) => match(`{name path description} : "${text}"`);
    // Rows already there: the route across the boundary, the project's own fields without it.
    expect(route('ns/nest/kes')).toEqual([1]);
    expect(route('nest / old k')).toEqual([1]);
    expect(own('falcons')).toEqual([]);
    expect(own('hawk')).toEqual([1]);
    // A project made, renamed, moved to another namespace.
    project.run(2, 3, 'Merlin', 'merlin', 'merlin', '', at, at, at);
    expect(route('other/merlin')).toEqual([2]);
    db.prepare(`UPDATE projects SET name = 'Osprey', path_lower = 'osprey' WHERE id = 1`).run();
    expect(route('nest/kestrel')).toEqual([]);
    expect(route('nest/osprey')).toEqual([1]);
    db.prepare('UPDATE projects SET namespace_id = 3 WHERE id = 1').run();
    expect(route('nest/osprey')).toEqual([]);
    expect(route('other / osprey')).toEqual([1]);
    // A namespace renamed, through the temporary path a subtree rewrite passes through first.
    db.prepare('UPDATE projects SET namespace_id = 2 WHERE id = 1').run();
    const rename = db.prepare('UPDATE namespaces SET full_path = ?, full_path_lower = ?, full_name = ? WHERE id = ?');
    rename.run('\u00002', '\u00002', 'Falcons / Nest', 2);
    rename.run('Falcons/roost', 'falcons/roost', 'Falcons / Roost', 2);
    expect(route('falcons/nest')).toEqual([]);
    expect(route('ons/roost/osp')).toEqual([1]);
    expect(route('falcons / roost / osprey')).toEqual([1]);
    // A name alone, and an update that changes neither column.
    rename.run('Falcons/roost', 'falcons/roost', 'Falcons / Eyrie', 2);
    expect(route('roost')).toEqual([1]);
    expect(route('eyrie')).toEqual([1]);
    db.prepare(`UPDATE namespaces SET name = 'Eyrie', updated_at = '2025-02-02' WHERE id = 2`).run();
    expect(route('eyrie / osprey')).toEqual([1]);
    // Deleted with its namespace (the cascade fires the project's trigger).
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM namespaces WHERE id = 1').run();
    expect(route('osprey')).toEqual([]);
    expect(route('merlin')).toEqual([2]);
  });
});
