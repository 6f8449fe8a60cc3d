// Ids are never reused, and a job records which process runs it.
//
// Without AUTOINCREMENT SQLite hands out max(id) + 1, so deleting the newest project and
// creating another gives the new one the old id, and a job queued for the deleted project
// would act on the new one. SQLite cannot add AUTOINCREMENT to an existing primary key, so each
// table with a plain integer key is rebuilt (SQLite's documented procedure: create the new
// table from the stored definition, copy, drop the old, rename, recreate its indexes and
// triggers) with foreign-key enforcement off for the step, and checked before committing. A
// high-water-mark table with triggers was the alternative; it cannot change the id an INSERT
// assigns, so every insert site would have had to pick ids itself.
//
// Jobs get owner_pid and owner_start (the owner's start time), so a job whose process is gone
// is reclaimed at once instead of after a lock timeout.
import type { Database } from '../connection.js';
import type { Migration } from '../migrate.js';

const PLAIN_KEY = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b(?!\s+AUTOINCREMENT)/i;

function rebuildWithAutoincrement(db: Database, table: string, createSql: string): void {
  const dependents = db
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL")
    .all(table) as { sql: string }[];
  const temp = `${table}__rebuild`;
  const head = new RegExp(`^CREATE TABLE\\s+("?)${table}\\1`, 'i');
  const newSql = createSql.replace(head, `CREATE TABLE "${temp}"`).replace(PLAIN_KEY, 'id INTEGER PRIMARY KEY AUTOINCREMENT');
  db.exec(newSql);
  db.exec(`INSERT INTO "${temp}" SELECT * FROM "${table}"`);
  db.exec(`DROP TABLE "${table}"`);
  db.exec(`ALTER TABLE "${temp}" RENAME TO "${table}"`);
  for (const { sql } of dependents) db.exec(sql);
}

export const hardeningSchema: Migration = {
  version: 7,
  name: 'hardening',
  foreignKeysOff: true,
  up: (db) => {
    db.exec('ALTER TABLE jobs ADD COLUMN owner_pid INTEGER');
    db.exec('ALTER TABLE jobs ADD COLUMN owner_start TEXT');
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string; sql: string }[];
    for (const t of tables) if (PLAIN_KEY.test(t.sql)) rebuildWithAutoincrement(db, t.name, t.sql);
  },
};
