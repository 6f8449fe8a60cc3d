'use strict';
// The least a Node process does to answer `tokens list` from a state: load the SQLite addon
// itself (no driver wrapper, no code of hostctl), open the state file, run one query and print
// its rows. bench/cli-startup.mjs measures it beside `node -e 0` and hostctl, so the table shows
// how much of a local command's start-up any Node program reading this state pays, and how much
// is hostctl's own. Not a budget: a floor. Usage: node startup-floor.cjs <state.db>
const path = require('node:path');

const addon = require(path.join(__dirname, '..', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));
addon.setErrorConstructor(Error);
const file = process.argv[2];
// The native class's arguments: filename, filename given, anonymous, read-only, must exist,
// busy timeout, verbose, buffer.
const db = new addon.Database(file, file, false, false, true, 5000, null, null);
const sql = 'SELECT t.id, t.name, u.username, t.scopes, t.expires_at, t.last_used_at FROM personal_access_tokens t JOIN users u ON u.id = t.user_id ORDER BY t.id LIMIT 20';
const rows = db.prepare(sql, {}, false).all();
process.stdout.write(`${rows.map((r) => Object.values(r).join('\t')).join('\n')}\n`);
