// Compares the databases of two bench states (directories holding state.db), for checking that
// a change to how a bench builds its state writes the same rows: every table's row count, and
// its rows in rowid order with what differs between two builds of the same code masked (times
// of the build itself, digests and secrets, commit ids); the search indexes by what some
// trigram queries find. Prints each difference; exits 1 when there is one.
//   node bench/compare-states.mjs STATE_A STATE_B
import { join } from 'node:path';
import Database from 'better-sqlite3';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('usage: node bench/compare-states.mjs STATE_A STATE_B\n');
  process.exit(2);
}
const open = (dir) => new Database(join(dir, 'state.db'), { readonly: true, fileMustExist: true });
const dbA = open(a);
const dbB = open(b);

/** A value as compared: a time of this year on (the build's own clock), a digest, a secret or a commit id masked. */
const YEAR = new Date().getUTCFullYear();
function mask(column, value) {
  if (typeof value === 'string') {
    // Times of the build's own clock, whole or inside a text (a release's evidence).
    value = value.replace(/(\d{4})-\d\d-\d\d[T ][\d:.]+Z?/g, (time, year) => (Number(year) >= YEAR ? '<now>' : time));
    if (/digest|password|secret|salt|encrypted|token$|^sha$|_sha$|fingerprint|public_key/i.test(column) && !/name/i.test(column)) return '<secret>';
    if (/^[0-9a-f]{40,64}$/.test(value)) return '<hash>';
  }
  return value;
}

const tables = (db) =>
  db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .filter((t) => !/VIRTUAL TABLE/i.test(t.sql ?? ''));
const ftsTables = (db) => db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%' ORDER BY name").all().map((t) => t.name);
// The FTS5 tables' own storage (segments) differs with how rows were batched; what they find is compared instead.
const shadow = new Set(ftsTables(dbA).flatMap((n) => ['data', 'idx', 'content', 'docsize', 'config'].map((s) => `${n}_${s}`)));

let differences = 0;
const differ = (text) => {
  differences++;
  if (differences <= 60) process.stdout.write(`${text}\n`);
};

const namesA = tables(dbA).map((t) => t.name).filter((n) => !shadow.has(n));
const namesB = new Set(tables(dbB).map((t) => t.name).filter((n) => !shadow.has(n)));
for (const name of namesA) if (!namesB.has(name)) differ(`table ${name}: only in ${a}`);
for (const name of namesA.filter((n) => namesB.has(n))) {
  const withoutRowid = /WITHOUT ROWID/i.test(dbA.prepare("SELECT sql FROM sqlite_master WHERE name = ?").get(name).sql);
  const order = withoutRowid ? dbA.prepare(`SELECT group_concat(name, ', ') AS k FROM pragma_table_info(?) WHERE pk > 0`).get(name).k : 'rowid';
  const read = (db) => db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).all();
  const rowsA = read(dbA);
  const rowsB = read(dbB);
  if (rowsA.length !== rowsB.length) {
    differ(`table ${name}: ${rowsA.length} rows vs ${rowsB.length}`);
    continue;
  }
  let shown = 0;
  for (let i = 0; i < rowsA.length; i++) {
    for (const column of Object.keys(rowsA[i])) {
      const x = mask(column, rowsA[i][column]);
      const y = mask(column, rowsB[i][column]);
      if (x !== y && !(Buffer.isBuffer(x) && Buffer.isBuffer(y) && x.equals(y)) && shown++ < 3) differ(`table ${name} row ${i + 1}: ${column} ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    }
  }
  if (shown > 3) differ(`table ${name}: ${shown} differing values in all`);
}
const probes = ['zeb', 'use', 'pro', 'gro', 'oup', '000', '123', 'tok', 'app', 'bot'];
for (const fts of ftsTables(dbA)) {
  for (const probe of probes) {
    const find = (db) => db.prepare(`SELECT group_concat(rowid) AS ids FROM (SELECT rowid FROM "${fts}" WHERE "${fts}" MATCH ? ORDER BY rowid)`).get(`"${probe}"`).ids;
    if (find(dbA) !== find(dbB)) differ(`search ${fts} '${probe}': results differ`);
  }
}
process.stdout.write(`${differences === 0 ? 'same' : `${differences} difference(s)`}: ${namesA.length} tables, ${ftsTables(dbA).length} search indexes\n`);
process.exit(differences ? 1 : 0);
