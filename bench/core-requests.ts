// What the benches that drive the core in-process share: a JSON call that fails loudly on an
// error status, a timer, a median, and the measure every list-page bench compares at 100 and
// 100,000 rows (the median time of one GET after a warm-up).
import type { ChildProcess } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { openCore, type Core } from '../src/core/app.js';
import { initState } from '../src/core/init.js';
import { Router } from '../src/core/http/router.js';
import { budgetLine, verdict } from './budget.mjs';

/** A fresh state in `dir` whose core logs nothing (a bench's requests would flood stderr). */
export function quietState(dir: string, options: Omit<Parameters<typeof initState>[0], 'stateDir'> = {}): { core: Core; rootToken: string } {
  const { core, rootToken } = initState({ ...options, stateDir: dir });
  core.log = () => undefined;
  return { core, rootToken };
}

/**
 * What every "100 vs 100,000 rows" bench does around its measurements: builds the state twice in
 * a temporary directory (`small` rows, then `large`), hands both to `measure`, then closes both
 * cores and removes the directory, whatever happened. A state is built once per content (see
 * builtState) and copied from the bench cache after that.
 */
export async function atTwoSizes<S extends { core: Core }>(
  build: (dir: string, n: number) => S | Promise<S>,
  measure: (small: S, large: S) => Promise<void>,
  small = 100,
  large = 100_000,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
  const built: S[] = [];
  try {
    built.push(await builtState(build, join(dir, 'small'), small));
    built.push(await builtState(build, join(dir, 'large'), large));
    await measure(built[0] as S, built[1] as S);
  } finally {
    for (const s of built) s.core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where built states are kept between runs (HOSTCTL_BENCH_CACHE=off builds every time). Building
 * 100,000 rows through the schema's triggers is most of a list bench's time. A state depends on
 * the schema (the migrations), on what init writes, on the bench's own source and on the services
 * of the areas its API calls reach (the few users, groups and projects a build makes that way;
 * the bulk rows are SQL). The first three make the key; the areas a build reached are recorded
 * beside the state with a digest of their services, checked before the state is used. So a
 * change to a list's reading code, or to an area the build never called, keeps the states; a
 * change to the schema or to how the build's rows are written builds them again.
 */
const CACHE = process.env.HOSTCTL_BENCH_CACHE ?? join(tmpdir(), 'hostctl-bench-cache');
const ROOT = resolve(import.meta.dirname, '..');
const CORE = join(ROOT, 'src', 'core');

/** A digest of the files under `dir` that `take` accepts (names and contents), in a stable order. */
function digestTree(hash: Hash, dir: string, take: (path: string) => boolean): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) digestTree(hash, path, take);
    else if (entry.isFile() && take(path)) hash.update(`${path.slice(ROOT.length)}\0`).update(readFileSync(path));
  }
}

let sourceDigest: string | undefined;
/** The content every state depends on (see CACHE). */
function sources(): string {
  if (sourceDigest === undefined) {
    const hash = createHash('sha256');
    digestTree(hash, join(CORE, 'db', 'migrations'), (path) => !path.endsWith('.test.ts'));
    const entry = process.argv[2];
    for (const file of [join(CORE, 'init.ts'), join(CORE, 'instance.ts'), join(ROOT, 'bench', 'core-requests.ts'), ...(entry?.endsWith('.ts') ? [resolve(entry)] : [])]) {
      hash.update(readFileSync(file));
    }
    sourceDigest = hash.digest('hex');
  }
  return sourceDigest;
}

/** A digest of the services (the files that write rows) of the areas named. */
function servicesOf(areas: readonly string[]): string {
  const hash = createHash('sha256');
  for (const area of [...areas].sort()) {
    hash.update(`${area}\0`);
    digestTree(hash, join(CORE, 'areas', area), (path) => /(^|[/-])service\.ts$/.test(path));
  }
  return hash.digest('hex');
}

/** Runs `build`, noting the area of every route its requests reached. */
async function recordingAreas<S>(build: () => S | Promise<S>): Promise<{ state: S; areas: string[] }> {
  const areas = new Set<string>();
  const match = Router.prototype.match;
  Router.prototype.match = function (this: Router, method: string, path: string) {
    const outcome = match.call(this, method, path);
    if (outcome.kind === 'match') areas.add(outcome.match.route.area);
    return outcome;
  };
  try {
    return { state: await build(), areas: [...areas] };
  } finally {
    Router.prototype.match = match;
  }
}

interface KeptAreas {
  areas: string[];
  services: string;
}

/** Whether the services the kept state's build reached are still the ones it was built with. */
function stillValid(kept: string): boolean {
  try {
    const noted = JSON.parse(readFileSync(join(kept, 'areas.json'), 'utf8')) as KeptAreas;
    return existsSync(join(kept, 'answer.json')) && servicesOf(noted.areas) === noted.services;
  } catch {
    return false;
  }
}

const seconds = (since: bigint): string => (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);

/**
 * The state `build` makes with `n` rows, in `dir`: copied from the cache when one was built from
 * the same sources, else built and then kept. What `build` answers besides the core (tokens, ids)
 * is kept beside it as JSON; a state whose answer is not plain data is never kept. How long the
 * state took (built, or copied) goes to stderr. `dependsOn` names more of src/core whose every
 * change builds the state again (a bench that measures the repositories a build wrote: 'git').
 */
export async function builtState<S extends { core: Core }>(build: (dir: string, n: number) => S | Promise<S>, dir: string, n: number, dependsOn: readonly string[] = []): Promise<S> {
  const started = process.hrtime.bigint();
  const name = basename(process.argv[2] ?? 'bench', '.ts');
  if (CACHE === 'off') {
    const state = await build(dir, n);
    process.stderr.write(`bench state ${name} ${n}: built in ${seconds(started)} s\n`);
    return state;
  }
  const hash = createHash('sha256').update(sources()).update(build.toString()).update(String(n));
  for (const part of dependsOn) digestTree(hash, join(CORE, part), (path) => !path.endsWith('.test.ts'));
  const key = hash.digest('hex').slice(0, 16);
  const kept = join(CACHE, `${name}-${n}-${key}`);
  if (stillValid(kept)) {
    cpSync(join(kept, 'state'), dir, { recursive: true });
    const core = openCore({ stateDir: dir });
    core.log = () => undefined;
    process.stderr.write(`bench state ${name} ${n}: copied from the bench cache in ${seconds(started)} s\n`);
    return { ...(JSON.parse(readFileSync(join(kept, 'answer.json'), 'utf8')) as Omit<S, 'core'>), core } as S;
  }
  const { state, areas } = await recordingAreas(() => build(dir, n));
  process.stderr.write(`bench state ${name} ${n}: built in ${seconds(started)} s\n`);
  const { core, ...answer } = state;
  const text = JSON.stringify(answer);
  if (JSON.stringify(JSON.parse(text)) !== text || !isPlain(answer)) return state;
  try {
    // The database whole in its main file, then copied beside the answer and renamed into place
    // (another run building the same state at once keeps whichever came first).
    core.db.pragma('wal_checkpoint(TRUNCATE)');
    mkdirSync(CACHE, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(join(CACHE, '.staging-'));
    cpSync(dir, join(staging, 'state'), { recursive: true, filter: (src) => !/-(wal|shm)$/.test(src) });
    writeFileSync(join(staging, 'answer.json'), text);
    writeFileSync(join(staging, 'areas.json'), JSON.stringify({ areas, services: servicesOf(areas) } satisfies KeptAreas));
    // States of older sources for the same bench and size go.
    for (const old of readdirSync(CACHE)) if (old.startsWith(`${name}-${n}-`)) rmSync(join(CACHE, old), { recursive: true, force: true });
    try {
      renameSync(staging, kept);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  } catch (error) {
    process.stderr.write(`bench cache: state not kept (${(error as Error).message})\n`);
  }
  return state;
}

const isPlain = (value: unknown): boolean =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) ? value.every(isPlain) : typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.values(value as object).every(isPlain));

/**
 * Runs `load`, a bulk insert of many rows, in one write transaction with the non-unique indexes
 * of `tables` dropped, and puts them back from their own SQL after: one sort per index instead of
 * an insertion per row (about half of what a row costs with its indexes and count triggers). The
 * rows and the indexes are the same; the triggers stay, so trigger-kept counts and search indexes
 * are written as the API writes them. A table that some trigger reads keeps its indexes (without
 * them that trigger would scan the table for every row), as does every unique index (upserts and
 * constraints need them).
 *
 * Rows inserted through `stage` (see Stage) reach their tables in one INSERT … SELECT per
 * statement when `load` returns (or at `stage.flush()`): a statement per row costs a savepoint
 * per row, and the search indexes' triggers then flush their FTS5 tables row by row, about ten
 * times the cost of the same rows in one statement.
 */
export function bulkLoad<T>(core: Core, tables: readonly string[], load: (stage: Stage) => T): T {
  const db = core.db;
  const read = new Set<string>();
  for (const { sql } of db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all() as { sql: string }[]) {
    const body = sql.slice(Math.max(0, sql.search(/\bBEGIN\b/i)));
    for (const m of body.matchAll(/\b(?:FROM|JOIN|UPDATE)\s+["`[]?(\w+)/gi)) read.add((m[1] as string).toLowerCase());
  }
  const free = tables.filter((t) => !read.has(t.toLowerCase()));
  return core.tx(() => {
    const indexes = free.length
      ? (db
          .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN (${free.map(() => '?').join(', ')}) ORDER BY name`)
          .all(...free) as { name: string; sql: string }[])
      : [];
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    const stage = stager(core);
    const out = load(stage);
    stage.flush();
    for (const index of indexes) db.exec(index.sql);
    return out;
  });
}

/** What a staged statement's run answers: the id its row will have, as a prepared INSERT's run does. */
export interface StagedInsert {
  run(...values: unknown[]): { lastInsertRowid: number };
}

/**
 * Stages rows for the tables of a bulkLoad: `stage(sql)` takes an `INSERT INTO t (columns)
 * VALUES (…)` whose values are `?` or literals and answers a statement whose rows wait in memory
 * with the id each will have in `t` (the next after the table's largest, or its AUTOINCREMENT
 * sequence). `flush()` writes what waits, table by table in the order each first got a row
 * (parents before the rows that name them, as a loop writes them), each by INSERT … SELECT over
 * the rows as one JSON array, in the order staged. The rows, their ids and what the triggers
 * write are those of the same inserts made one by one.
 */
export interface Stage {
  (sql: string): StagedInsert;
  flush(): void;
}

interface Pending {
  copy: string;
  rows: unknown[][];
}

/** Rows per INSERT … SELECT: a JSON text of some megabytes. */
const CHUNK = 50_000;

function stager(core: Core): Stage {
  const db = core.db;
  /** The statements with rows waiting, in the order they first got one since the last flush. */
  let order: Pending[] = [];
  const next = new Map<string, number>();
  const nextId = (table: string): number => {
    let id = next.get(table);
    if (id === undefined) {
      const max = (db.prepare(`SELECT COALESCE(MAX(rowid), 0) AS m FROM "${table}"`).get() as { m: number }).m;
      const hasSequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
      const seq = hasSequence ? ((db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as { seq: number } | undefined)?.seq ?? 0) : 0;
      id = Math.max(max, seq) + 1;
    }
    next.set(table, id + 1);
    return id;
  };
  const stage = ((sql: string): StagedInsert => {
    const m = /^\s*INSERT\s+INTO\s+["`[]?(\w+)["`\]]?\s*\(([^)]*)\)\s*VALUES\s*\(([^]*)\)\s*$/i.exec(sql);
    if (!m) throw new Error(`bulkLoad stage: not a plain INSERT … VALUES: ${sql}`);
    const table = m[1] as string;
    const columns = (m[2] as string).split(',').map((c) => c.trim());
    const values = splitValues(m[3] as string);
    if (values.length !== columns.length) throw new Error(`bulkLoad stage: ${columns.length} columns, ${values.length} values: ${sql}`);
    // The integer primary key (the rowid), given each row explicitly so that run can answer it.
    const keys = (db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(table) as { name: string; type: string; pk: number }[]).filter((c) => c.pk > 0);
    const key = keys.length === 1 && keys[0]?.type.toUpperCase() === 'INTEGER' ? keys[0].name : undefined;
    if (key !== undefined && columns.includes(key)) throw new Error(`bulkLoad stage: ${table}.${key} is given its ids here`);
    const params = values.filter((v) => v === '?').length;
    let at = key === undefined ? 0 : 1;
    const selected = [...(key === undefined ? [] : ['value ->> 0']), ...values.map((v) => (v === '?' ? `value ->> ${at++}` : v))];
    const copy = `INSERT INTO "${table}" (${[...(key === undefined ? [] : [key]), ...columns].join(', ')}) SELECT ${selected.join(', ')} FROM json_each(?) ORDER BY key`;
    const pending: Pending = { copy, rows: [] };
    return {
      run(...args: unknown[]) {
        if (args.length !== params) throw new Error(`bulkLoad stage: ${params} values expected, ${args.length} given: ${sql}`);
        if (pending.rows.length === 0) order.push(pending);
        if (key === undefined) {
          pending.rows.push(args);
          return { lastInsertRowid: 0 };
        }
        const id = nextId(table);
        pending.rows.push([id, ...args]);
        return { lastInsertRowid: id };
      },
    };
  }) as Stage;
  stage.flush = () => {
    for (const p of order) {
      const insert = db.prepare(p.copy);
      for (let i = 0; i < p.rows.length; i += CHUNK) insert.run(JSON.stringify(p.rows.slice(i, i + CHUNK)));
      p.rows = [];
    }
    order = [];
    // Ids come from the tables again: rows inserted otherwise since take theirs as usual.
    next.clear();
  };
  return stage;
}

/** The values of a VALUES list, split at the commas outside quotes and parentheses. */
function splitValues(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** A user made through the API, with a personal access token of `api` scope. */
export async function userWithToken(core: Core, rootToken: string, username: string): Promise<{ id: number; token: string }> {
  const name = username.charAt(0).toUpperCase() + username.slice(1);
  const { id } = (await call(core, rootToken, 'POST', '/users', { username, name, email: `${username}@example.com`, password: 'a-long-password-1' })) as { id: number };
  const { token } = (await call(core, rootToken, 'POST', `/users/${id}/personal_access_tokens`, { name: 'bench', scopes: ['api'] })) as { token: string };
  return { id, token };
}

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** One request through the core as `token`; the parsed JSON answer, or an error for 4xx/5xx. */
export async function call(core: Core, token: string, method: string, path: string, body?: unknown, query = ''): Promise<unknown> {
  const res = await core.handle({
    method,
    path,
    query,
    headers: { 'private-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${String(res.body)}`);
  return typeof res.body === 'string' && res.body ? JSON.parse(res.body) : null;
}

/** Milliseconds one call of `fn` takes. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * One row of a "100 vs 100,000 rows" comparison: printed for people and, when `unbudgeted` is
 * not given, as a BUDGET line of the bench table (within 2×). `unbudgeted` says why a row has
 * no budget (a filter that must count its matches).
 */
export function scaleRow(name: string, label: string, smallMs: number, largeMs: number, unbudgeted?: string): void {
  const ratio = largeMs / smallMs;
  const outcome = unbudgeted ?? `budget 2×: ${ratio <= 2 ? 'within' : 'OVER'}`;
  process.stdout.write(`  ${label.padEnd(44)} ${smallMs.toFixed(2)} ms vs ${largeMs.toFixed(2)} ms  → ${ratio.toFixed(2)}× (${outcome})\n`);
  if (unbudgeted === undefined) budgetLine(`${name} at 100,000 vs 100: ${label}`, `${largeMs.toFixed(2)} ms = ${ratio.toFixed(2)}×`, `${smallMs.toFixed(2)} ms`, '≤ 2×', verdict(ratio <= 2));
}

/**
 * How long one row's requests may take: a row stops after `rounds` turns (a request at each
 * size) or, once it has MIN_ROUNDS, after twice ROW_SECONDS (its warm-up after half of that), so
 * that a slow row (a filter that counts its matches, a list that answers every row) takes
 * seconds, not minutes, while a fast one keeps all its rounds. BENCH_ROW_SECONDS sets it.
 */
const ROW_SECONDS = Number(process.env.BENCH_ROW_SECONDS ?? 3);
const MIN_ROUNDS = 5;

/** One GET of a scale comparison: a core, the caller's token, a path and a query. */
export interface ScaleGet {
  core: Core;
  token: string;
  path: string;
  query: string;
}

/** One request of a scale comparison at one size: the core it goes to and the request itself. */
export interface ScaleRequest {
  core: Core;
  req: Parameters<Core['handle']>[0];
}

/**
 * The median times of the same GET at the two sizes of a scale row (medianPairRequestMs).
 */
export function medianPairGetMs(small: ScaleGet, large: ScaleGet, rounds: number, warmup = 20): Promise<[number, number]> {
  const get = (s: ScaleGet): ScaleRequest => ({ core: s.core, req: { method: 'GET', path: s.path, query: s.query, headers: { 'private-token': s.token } } });
  return medianPairRequestMs([get(small), get(large)], rounds, warmup);
}

/**
 * The median times of the same request at the two sizes of a scale row, the two taking turns
 * request by request (warm-up included) so that whatever else the machine does in those
 * seconds weighs on both alike; measured one after the other, a busy second on one side alone
 * read as a list growing with its rows. A row stops after `rounds` turns or, once it has MIN_ROUNDS, after twice ROW_SECONDS.
 */
export async function medianPairRequestMs([small, large]: [ScaleRequest, ScaleRequest], rounds: number, warmup = 20): Promise<[number, number]> {
  const sides = [small, large].map((s) => ({ ...s, times: [] as number[] }));
  const elapsed = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
  const warming = process.hrtime.bigint();
  for (let i = 0; i < warmup && (i < 2 || elapsed(warming) < ROW_SECONDS / 2); i++) for (const side of sides) await side.core.handle(side.req);
  const started = process.hrtime.bigint();
  let n = 0;
  while (n < rounds && (n < MIN_ROUNDS || elapsed(started) < 2 * ROW_SECONDS)) {
    // Which side goes first alternates too: a request right after the other size's may find
    // the caches warm or cold.
    for (const side of n % 2 === 0 ? sides : [...sides].reverse()) {
      const start = process.hrtime.bigint();
      const res = await side.core.handle(side.req);
      side.times.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (res.status >= 400) throw new Error(`${side.req.method} ${side.req.path}?${side.req.query ?? ''}: status ${res.status}: ${String(res.body)}`);
    }
    n++;
  }
  return [median(sides[0]!.times), median(sides[1]!.times)];
}

/** The first capture of `pattern` in what a started server writes to stderr (its URL). */
export function waitForUrl(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((res, rej) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d.toString();
      const m = pattern.exec(buf);
      if (m) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        res(m[1] as string);
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => rej(new Error(`server exited early (${code}): ${buf}`)));
  });
}
