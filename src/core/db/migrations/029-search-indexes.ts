// Substring search without reading every row: trigram indexes (SQLite FTS5) over the fields the
// project, user and group lists search. A search of three characters or more reads its
// candidates from these and keeps the exact condition it always had (lower-case LIKE) on them,
// so the index only narrows the rows and never changes which match; shorter terms, which a
// trigram index cannot serve, read the rows as before. Contentless tables (the text stays in
// the rows themselves) kept in step by triggers; existing rows are indexed here.
import type { Migration } from '../migrate.js';

/**
 * One contentless trigram table `name` over `columns` (its column → the table's) of `table`, for
 * the rows where `when(row)` holds, with its triggers.
 */
function searchIndex(name: string, table: string, columns: Record<string, string>, when?: (row: string) => string): string {
  const names = Object.keys(columns);
  const values = (row: 'NEW' | 'OLD' | '') => Object.values(columns).map((c) => (row ? `${row}.${c}` : c)).join(', ');
  const whenNew = when ? ` WHEN ${when('NEW.')}` : '';
  const whenOld = when ? ` WHEN ${when('OLD.')}` : '';
  const source = Object.values(columns).filter((c, i, all) => all.indexOf(c) === i);
  return `
CREATE VIRTUAL TABLE ${name} USING fts5(${names.join(', ')}, content='', contentless_delete=1, tokenize='trigram');
INSERT INTO ${name} (rowid, ${names.join(', ')}) SELECT id, ${values('')} FROM ${table}${when ? ` WHERE ${when('')}` : ''};
CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table}${whenNew} BEGIN
  INSERT INTO ${name} (rowid, ${names.join(', ')}) VALUES (NEW.id, ${values('NEW')});
END;
CREATE TRIGGER ${name}_update AFTER UPDATE OF ${source.join(', ')} ON ${table}${whenNew} BEGIN
  DELETE FROM ${name} WHERE rowid = OLD.id;
  INSERT INTO ${name} (rowid, ${names.join(', ')}) VALUES (NEW.id, ${values('NEW')});
END;
CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table}${whenOld} BEGIN
  DELETE FROM ${name} WHERE rowid = OLD.id;
END;
`;
}

export const searchIndexesSchema: Migration = {
  version: 29,
  name: 'search-indexes',
  get up(): string {
    return [
    searchIndex('projects_search', 'projects', { name: 'name', path: 'path_lower', description: 'description' }),
    searchIndex('users_search', 'users', { username: 'username_lower', name: 'name', public_email: 'public_email' }),
    searchIndex('groups_search', 'namespaces', { name: 'name', path: 'path', full_name: 'full_name', full_path: 'full_path' }, (row) => `${row}kind = 'group'`),
  ].join('');
  },
};
