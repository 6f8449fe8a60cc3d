// Audit events (issue 24). Two budgets, each against a baseline measured in this run:
//
// 1. Recording adds at most 10% to a write: user create, token rotate and release create through
//    the in-process core, each timed with recording on and with it off (the bench-only switch
//    `benchRecording` in src/core/audit/record.ts makes recordAudit return before it reads or
//    inserts anything), runs interleaved so that load hits both alike; the median of the rounds'
//    ratios (each round one write with recording on and one with it off, back to back).
// 2. The audit event lists stay flat: page 1 (offset) and a deep keyset page (the cursor near the
//    oldest event) of the instance, group and project lists, with every filter, at 1,000,000
//    events against 100 (within 2×). The events are inserted with SQL, the same 100 at each end
//    of both states (see withEvents), so that each page shows as many rows at either size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../src/core/app.js';
import { benchRecording } from '../src/core/audit/record.js';
import { backfillAuditOrdinals } from '../src/core/db/migrations/037-audit-ordinals.js';
import { encodeCursor } from '../src/core/http/pagination.js';
import { budgetLine, verdict } from './budget.mjs';
import { builtState, call, median, quietState } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 30);
/**
 * Rounds of each write, scaled by what one costs (a user create hashes a password). A release
 * create takes 2–3 ms, of which its event is a few percent, and one run in three spans ±10%
 * of that with a commit's fsync and the machine's load: at 30 rounds the median of one run
 * read 0.83×–1.18× of the same code; 120 rounds cost under a second more.
 */
const WRITE_ROUNDS: Record<string, number> = { 'user create': ROUNDS, 'token rotate': ROUNDS * 4, 'release create': ROUNDS * 4 };
const LARGE = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-audit-'));

/** The time of one call of `fn`, in ms. */
async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function recordingOverhead(): Promise<void> {
  const { core, rootToken } = quietState(join(dir, 'writes'));
  try {
    const project = (await call(core, rootToken, 'POST', '/projects', { path: 'app', initialize_with_readme: true })) as { id: number };
    const owner = (await call(core, rootToken, 'POST', '/users', { username: 'owner', name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1' })) as { id: number };
    let tokenId = ((await call(core, rootToken, 'POST', `/users/${owner.id}/personal_access_tokens`, { name: 'rotated', scopes: ['api'], expires_at: '2027-01-01' })) as { id: number }).id;
    let n = 0;
    const ops: [string, () => Promise<unknown>][] = [
      ['user create', () => call(core, rootToken, 'POST', '/users', { username: `u${++n}`, name: `U ${n}`, email: `u${n}@example.com`, password: 'a-long-password-1' })],
      [
        'token rotate',
        async () => {
          tokenId = ((await call(core, rootToken, 'POST', `/personal_access_tokens/${tokenId}/rotate`, { expires_at: '2027-01-01' })) as { id: number }).id;
        },
      ],
      ['release create', () => call(core, rootToken, 'POST', `/projects/${project.id}/releases`, { tag_name: `v${++n}`, ref: 'main', name: `R ${n}` })],
    ];
    const events = () => (core.db.prepare('SELECT count(*) AS n FROM audit_events').get() as { n: number }).n;
    process.stdout.write(`\nAudit recording overhead (interleaved rounds, medians, in-process core)\n`);
    for (const [name, op] of ops) {
      for (let i = 0; i < 3; i++) await op();
      const on: number[] = [];
      const off: number[] = [];
      const rounds = WRITE_ROUNDS[name] ?? ROUNDS;
      for (let i = 0; i < rounds; i++) {
        // Alternate which goes first, so neither always follows the other's work.
        for (const enabled of i % 2 ? [true, false] : [false, true]) {
          benchRecording.enabled = enabled;
          const before = events();
          const ms = await time(op);
          const added = events() - before;
          if (enabled ? added < 1 : added !== 0) throw new Error(`${name}: ${added} events with recording ${enabled ? 'on' : 'off'}`);
          (enabled ? on : off).push(ms);
        }
      }
      benchRecording.enabled = true;
      // The median of each round's ratio: the two writes of a round run back to back, so the
      // machine's load at that moment divides out, where a ratio of the two medians still moves
      // with the load of the rounds each median happens to pick (release create, twelve runs of
      // the same code at load 2–2.5: 1.01–1.06× this way, 1.01–1.10× as a ratio of the medians of
      // the same rounds; four runs at load 4 read 0.97–1.13× as a ratio of the medians).
      const ratio = median(on.map((ms, i) => ms / (off[i] as number)));
      // The means too: one write in 32 settles a batch of events (src/core/audit/record.ts), which
      // a median does not show.
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      process.stdout.write(
        `  ${`${name} (${rounds}×2)`.padEnd(26)} ${median(off).toFixed(2)} ms without events, ${median(on).toFixed(2)} ms with → +${((ratio - 1) * 100).toFixed(1)}% (median of the rounds' ratios; ratio of the medians ${(median(on) / median(off)).toFixed(3)}×; means ${mean(off).toFixed(2)} and ${mean(on).toFixed(2)} ms)\n`,
      );
      budgetLine(`audit recording: ${name} with / without its event`, `${median(on).toFixed(2)} ms = ${ratio.toFixed(3)}×`, `${median(off).toFixed(2)} ms`, '≤ 1.10×', verdict(ratio <= 1.1));
    }
  } finally {
    benchRecording.enabled = true;
    core.close();
  }
}

interface Listed {
  core: Core;
  token: string;
  group: number;
  project: number;
}

const TYPES = ['Project', 'User', 'Group', 'Gitlab::Audit::InstanceScope'];
const NAMES = ['project_created', 'user_created', 'member_added', 'personal_access_token_created', 'personal_access_token_revoked', 'release_created', 'protected_branch_created', 'group_created'];

/**
 * A state with `n` audit events. Between its oldest and newest 100 they are spread over types,
 * entities, groups, 50 authors, eight names and time (`spread`); those 200 at the ends are laid
 * out alike in both states (`dense`), so that every filter fills its first page from the newest
 * and its deep page from the oldest at either size. At 100 events, the state is those 100 alone.
 * (With the spread layout throughout, a 100-event list held two events of author 7 and none in
 * the dated month, so its "page 1" showed two rows or none against twenty at 1,000,000: what
 * that compared was the rows shown, not the size of the table.)
 */
async function withEvents(stateDir: string, n: number): Promise<Listed> {
  const { core, rootToken } = quietState(stateDir);
  const group = (await call(core, rootToken, 'POST', '/groups', { name: 'Bench', path: 'bench' })) as { id: number };
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'app', namespace_id: group.id })) as { id: number };
  core.db.prepare('DELETE FROM audit_events').run();
  // A million rows go in without the table's indexes, which are put back from their own SQL
  // afterwards (an index built at once costs a fraction of a million updates); the rows'
  // list ordinals are then set as migration 037 backfills them.
  const schema = core.db
    .prepare("SELECT name, sql FROM sqlite_master WHERE tbl_name = 'audit_events' AND type = 'index' AND sql IS NOT NULL")
    .all() as { name: string; sql: string }[];
  for (const item of schema) core.db.exec(`DROP INDEX ${item.name}`);
  const types = TYPES.map((t) => JSON.stringify(t)).join(',');
  const names = NAMES.map((t) => JSON.stringify(t)).join(',');
  // Row i, spread: type i % 4, name (i / 4) % 8 (every type has every name), a Project event names
  // the bench project one time in eight (else another id), Project and Group events list under
  // the bench group half of the time, author 1 + i % 50. Row i, dense (j its place among the
  // 100 at its end): type j % 4, every Project and Group event the bench project's or group's and
  // every User event user 1's, author 7 and name release_created four times in five. One event a
  // minute from 2025-02-01 (the dated month holds the first 40,320), so created_at rises with id.
  core.db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < @n),
       rows(i, dense, j) AS (SELECT i, i < 100 OR i >= @n - 100, CASE WHEN i < 100 THEN i ELSE i - (@n - 100) END FROM seq),
       t(k, v) AS (SELECT key, value FROM json_each('[${types}]')),
       e(k, v) AS (SELECT key, value FROM json_each('[${names}]'))
       INSERT INTO audit_events (author_id, entity_type, entity_id, group_id, event_name, target_type, target_id, details, created_at)
       SELECT CASE WHEN NOT dense THEN 1 + i % 50 WHEN j % 5 = 4 THEN 1 + j % 50 ELSE 7 END,
              t.v,
              CASE WHEN dense THEN (CASE t.v WHEN 'Project' THEN @project WHEN 'Group' THEN @group ELSE 1 END)
                   WHEN t.v = 'Project' THEN (CASE WHEN i % 8 = 0 THEN @project ELSE 100000 + i % 1000 END) WHEN t.v = 'Group' THEN @group ELSE 1 + i % 1000 END,
              CASE WHEN t.v IN ('Project', 'Group') THEN (CASE WHEN dense OR i % 16 < 8 THEN @group ELSE 200000 + i % 100 END) END,
              CASE WHEN dense AND j % 5 <> 3 THEN 'release_created' ELSE e.v END,
              t.v, CAST(i AS TEXT),
              json_object('author_name', 'Bench ' || (1 + i % 50), 'author_class', 'User', 'target_id', i, 'target_type', t.v, 'target_details', 'bench/app', 'custom_message', 'bench event ' || i, 'ip_address', '127.0.0.1', 'entity_path', 'bench/app'),
              strftime('%Y-%m-%dT%H:%M:%fZ', '2025-02-01', '+' || i || ' minutes')
       FROM rows JOIN t ON t.k = (CASE WHEN dense THEN j ELSE i END) % 4 JOIN e ON e.k = ((CASE WHEN dense THEN j ELSE i END) / 4) % 8`,
    )
    .run({ n, project: project.id, group: group.id });
  core.db.exec(backfillAuditOrdinals());
  for (const item of schema) core.db.exec(item.sql);
  return { core, token: rootToken, group: group.id, project: project.id };
}

/**
 * The median time of a GET: ROUNDS of them after a warm-up, or fewer (at least 3) when they
 * take more than LIST_SECONDS in all, so that a slow row does not hold the whole bench.
 */
const LIST_SECONDS = 3;
async function listMs(core: Core, token: string, path: string, query: string): Promise<number> {
  const req = { method: 'GET', path, query, headers: { 'private-token': token } };
  for (let i = 0; i < 2; i++) await core.handle(req);
  const times: number[] = [];
  const started = process.hrtime.bigint();
  while (times.length < ROUNDS && (times.length < 3 || Number(process.hrtime.bigint() - started) / 1e9 < LIST_SECONDS)) {
    const t = process.hrtime.bigint();
    const res = await core.handle(req);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.status >= 400) throw new Error(`GET ${path}?${query}: status ${res.status}: ${String(res.body)}`);
  }
  return median(times);
}

async function listsAtScale(): Promise<void> {
  const t0 = process.hrtime.bigint();
  // Built once per source (bench/core-requests.ts keeps them), copied from the cache after that.
  const small = await builtState(withEvents, join(dir, 'small'), 100);
  const large = await builtState(withEvents, join(dir, 'large'), LARGE);
  const built = Number(process.hrtime.bigint() - t0) / 1e9;
  try {
    process.stdout.write(`\nAudit event lists at ${LARGE.toLocaleString('en')} vs 100 events (built or copied from the bench cache in ${built.toFixed(0)} s; medians of up to ${ROUNDS} GETs, at least 3, within ${LIST_SECONDS} s)\n`);
    // The deep page starts below the 60th event: the oldest there is in both states.
    const deep = `pagination=keyset&per_page=20&cursor=${encodeCursor({ id: '60', _kd: 'n' })}`;
    const lists: [string, (s: Listed) => string][] = [
      ['instance', () => '/audit_events'],
      ['group', (s) => `/groups/${s.group}/audit_events`],
      ['project', (s) => `/projects/${s.project}/audit_events`],
    ];
    const filters: [string, string, boolean][] = [
      ['no filter', '', true],
      ['entity_type=Project', 'entity_type=Project', false],
      ['entity_type=User&entity_id=1', 'entity_type=User&entity_id=1', false],
      ['author_id=7', 'author_id=7', true],
      ['event_name=release_created', 'event_name=release_created', true],
      ['created_after/before (a month)', 'created_after=2025-02-01T00:00:00Z&created_before=2025-03-01T00:00:00Z', true],
    ];
    for (const [list, path] of lists) {
      for (const [label, query, everyList] of filters) {
        if (!everyList && list !== 'instance') continue;
        for (const [page, paging] of [
          ['page 1', 'per_page=20'],
          ['deep keyset page', deep],
        ] as const) {
          const q = [query, paging].filter(Boolean).join('&');
          const a = await listMs(small.core, small.token, path(small), q);
          const b = await listMs(large.core, large.token, path(large), q);
          const ratio = b / a;
          const name = `audit events (${list}) at ${LARGE.toLocaleString('en')} vs 100: ${label}, ${page}`;
          process.stdout.write(`  ${`${list}: ${label}, ${page}`.padEnd(60)} ${a.toFixed(2)} ms vs ${b.toFixed(2)} ms → ${ratio.toFixed(2)}×\n`);
          budgetLine(name, `${b.toFixed(2)} ms = ${ratio.toFixed(2)}×`, `${a.toFixed(2)} ms`, '≤ 2×', verdict(ratio <= 2));
        }
      }
    }
  } finally {
    small.core.close();
    large.core.close();
  }
}

// BENCH_AUDIT_PART=recording or =lists runs one half (the recording rows are the noisy ones, and
// are worth many runs of their own).
const PART = process.env.BENCH_AUDIT_PART ?? '';
try {
  if (PART !== 'lists') await recordingOverhead();
  if (PART !== 'recording') await listsAtScale();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
