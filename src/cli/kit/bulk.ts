// --from-file: a verb run once per record of a file (kit/bulk-records.ts), with one result per
// record and exit 13 when any failed. Every record is turned into a call and checked before the
// first one runs (a typo on line 30 costs nothing), a verb that asks first asks once for the
// whole file, and the records then run one after another through one client, each with a Cli
// that keeps what the verb would have shown instead of printing it. Nothing here knows a noun.
import type { Command } from 'commander';
import { DryRunStop, redactBody, type DryRunRequest } from '../../client/client.js';
import { TransportError } from '../../client/transport.js';
import { classify } from './error-report.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { flagModel } from './flag-fields.js';
import { readRecords, type FileRecord } from './bulk-records.js';
import { recordCall, type Call, type Spellings } from './bulk-call.js';
import type { Column } from '../render/output.js';
import { showWhole, type Cli } from './verb.js';

export interface BulkRun {
  cmd: Command;
  /** `tokens revoke`, for the question and the messages. */
  title: string;
  /** The verb asks before it acts: asked once, for every record. */
  destructive: boolean;
  /** What the command line gave: it applies to every record. */
  given: Call;
  spellings: Spellings;
  path: string;
  failFast: boolean;
  /** How many records run at once (--parallel; 1: one after another). */
  parallel: number;
  /** The command's Cli: its client serves every record. */
  cli: Cli;
  /**
   * A Cli like it whose client sends reads and stops at the first change (a dry run): each record
   * runs on it first, so the verb's own checks (a cron expression, a scope) refuse a bad record
   * before the first record changes anything.
   */
  preflight: Cli;
  /** Where the client's dry-run requests go (the record running takes them). */
  dryRuns: { take?: (request: DryRunRequest, url: string) => void };
  /** The command's own checks of a call (spellings folded, value shapes, files to read). */
  prepare: (call: Call) => Promise<void>;
  run: (cli: Cli, call: Call) => Promise<void>;
}

export type BulkStatus = 'ok' | 'failed' | 'skipped' | 'dry-run';

/** One record's result: what it was, what became of it, and what the verb showed or said. */
export interface Outcome {
  item: number;
  line?: number;
  status: BulkStatus;
  exit_code?: number;
  /** What the verb showed (the record made or changed), as JSON would show it. */
  result?: unknown;
  /** The verb's last word on stderr (`revoked token 42 "ci"`), or the error's message. */
  message?: string;
  error?: { status?: number; message: string; hint?: string; body?: unknown };
  /** --dry-run: the request the record would send. */
  request?: { method: string; url: string; body?: unknown };
  /** The record as given, the values of secret-looking keys (password, token…) redacted. */
  input: unknown;
}

/** What identifies the thing a record made or changed, for the table. */
const ID_KEYS = ['id', 'iid', 'tag_name', 'name', 'username', 'path', 'slug', 'title', 'environment'] as const;

/**
 * The table's word on a record's result: what the verb printed (a new token's secret, which is
 * shown once and must not be lost to a table), else what identifies the record it showed.
 */
function shownResult(row: Record<string, unknown>): unknown {
  const result = row.result;
  if (typeof result === 'string') return result.trim();
  if (result && typeof result === 'object' && !Array.isArray(result)) {
    for (const k of ID_KEYS) {
      const v = (result as Record<string, unknown>)[k];
      if (typeof v === 'string' || typeof v === 'number') return v;
    }
  }
  return '';
}

export const OUTCOME_COLUMNS: Column[] = [
  { key: 'item' },
  { key: 'status' },
  { key: 'result', get: shownResult, whole: true },
  { key: 'message', get: (row) => row.message ?? (row.request ? `${(row.request as { method: string }).method} ${(row.request as { url: string }).url}` : '') },
];

const OUTCOME_FIELDS = ['item', 'line', 'status', 'exit_code', 'result', 'message', 'error', 'request', 'input'] as const;

const where = (index: number, record: FileRecord) => `record ${index + 1}${record.line !== undefined ? ` (line ${record.line})` : ''}`;

/**
 * Every record as a call, checked; a bad one is a usage error naming it, before anything runs.
 * Checked: the keys and values (as the flags' parsers take them), then the verb's own checks, on
 * the dry-run client. Only usage errors count there: an answer of the target may differ once the
 * records before it have run (a group the file creates first), so those are the real run's.
 */
async function checkedCalls(r: BulkRun, records: FileRecord[], width: number): Promise<Call[]> {
  const calls: Call[] = [];
  const problems: [number, string][] = [];
  const problem = (i: number, error: unknown) => {
    if (!(error instanceof UsageError) && !(error instanceof CliError)) throw error;
    problems.push([i, `${where(i, records[i] as FileRecord)}: ${error.message}`]);
  };
  for (const [i, record] of records.entries()) {
    try {
      const call = recordCall(r.cmd, record.value, r.given, r.spellings);
      await r.prepare(call);
      calls[i] = call;
    } catch (error) {
      problem(i, error);
    }
  }
  // (a file already refused is not run dry as well)
  if (!problems.length) await pool(records.length, width, async (i) => {
    const call = calls[i];
    if (!call) return;
    await r.run(recordCli(r.preflight, { messages: [] }, undefined), call).catch((error: unknown) => {
      if (error instanceof UsageError) problem(i, error);
    });
  });
  problems.sort(([a], [b]) => a - b);
  if (problems.length) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more record${problems.length > 2 ? 's' : ''} with problems)` : '';
    throw new UsageError(`--from-file ${r.path === '-' ? '-' : r.path}, ${problems[0]?.[1] ?? ''}${more}; nothing was run`);
  }
  return calls;
}

interface Capture {
  result?: unknown;
  messages: string[];
  text?: string;
  request?: Outcome['request'];
}

/**
 * The Cli one record runs with: the command's client and target, no prompts (a missing value is
 * the record's error), no questions (asked once before), and what it would show kept.
 */
function recordCli(base: Cli, capture: Capture, prefix: string | undefined): Cli {
  const g = base.globals;
  const showsRecord = g.output !== 'table' || g.fields !== undefined || g.jq !== undefined;
  const info = (message: string) => {
    // A lead-in to what the verb prints (`the secret below …:`) has nothing below it here: what it
    // prints is the record's result.
    if (message.endsWith(':')) return;
    capture.messages.push(message);
    // (the checking pass says nothing)
    if (prefix) base.info(`${prefix} ${message}`);
  };
  return {
    globals: { ...g, yes: true },
    term: { ...base.term, canPrompt: false },
    env: base.env,
    target: () => base.target(),
    client: () => base.client(),
    list: (path, query) => base.list(path, query),
    print: (text) => void (capture.text = (capture.text ?? '') + text),
    info,
    note: (message) => void capture.messages.push(message),
    showList: async (rows) => void (capture.result = rows),
    showPages: (path, query, columns, fields, more = {}) => showWhole({ list: base.list, showList: async (rows) => void (capture.result = rows) }, path, query, columns, fields, more),
    showItem: async (item) => void (capture.result = item),
    async showChanged(item, _columns, done) {
      if (showsRecord) capture.result = typeof item === 'function' ? await item() : item;
      if (done !== undefined) info(done);
    },
    confirm: async () => undefined,
    confirmOnTerminal: async () => undefined,
    prompts: async (flag) => {
      throw new UsageError(`missing ${flag} (a record of --from-file is never asked for: give it in the record or on the command line)`);
    },
    close: async () => undefined,
  };
}

/** Runs `work` on each index below `n`, at most `width` at once, in index order of starting. */
export async function pool(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, n)) }, worker));
}

export async function runBulk(r: BulkRun): Promise<void> {
  const records = await readRecords(r.path);
  // A dry run's requests reach one slot (the client's dry-run path knows no record): one at a time.
  const width = r.cli.globals.dryRun ? 1 : r.parallel;
  const calls = await checkedCalls(r, records, width);
  const n = calls.length;
  const name = r.path === '-' ? 'standard input' : r.path;
  if (r.destructive) await r.cli.confirm(`Run ${r.title} for ${n} record${n === 1 ? '' : 's'} of ${name}?`);
  const flagFor = flagModel(r.cmd, r.spellings);
  // JSON lines go out as each record finishes (a long run shows its progress on stdout, and a
  // reader can act on each); the other formats are one document, drawn at the end, in file order.
  const streams = r.cli.globals.output === 'jsonl' && r.cli.globals.jq === undefined;
  const outcomes: Outcome[] = [];
  const count: Record<BulkStatus, number> = { ok: 0, failed: 0, skipped: 0, 'dry-run': 0 };
  const done = async (outcome: Outcome) => {
    count[outcome.status]++;
    if (streams) await r.cli.showList([outcome as unknown as Record<string, unknown>], OUTCOME_COLUMNS, OUTCOME_FIELDS);
    else outcomes.push(outcome);
  };
  /** Why the records left are not run, once one is. */
  let stopped: string | undefined;
  const runRecord = async (i: number): Promise<Outcome> => {
    const call = calls[i] as Call;
    const record = records[i] as FileRecord;
    const base = { item: i + 1, ...(record.line !== undefined ? { line: record.line } : {}) };
    // The record as given, but a password or token in it is not printed back (stdout may be a log).
    const input = redactBody(record.value);
    if (stopped) return { ...base, status: 'skipped', message: `not run (${stopped})`, input };
    const capture: Capture = { messages: [] };
    const prefix = `[${i + 1}/${n}]`;
    r.dryRuns.take = (request, url) => void (capture.request = { method: request.method, url, ...(request.body !== undefined ? { body: request.body } : {}) });
    try {
      await r.run(recordCli(r.cli, capture, prefix), call);
      const message = capture.messages[capture.messages.length - 1] ?? capture.text?.trim().split('\n').pop();
      return {
        ...base,
        status: 'ok',
        exit_code: EXIT.ok,
        ...(capture.result !== undefined ? { result: capture.result } : capture.text !== undefined ? { result: capture.text } : {}),
        ...(message !== undefined ? { message } : {}),
        input,
      };
    } catch (error) {
      if (error instanceof DryRunStop) return { ...base, status: 'dry-run', exit_code: EXIT.ok, ...(capture.request ? { request: capture.request } : {}), input };
      const reported = classify(error, flagFor);
      // Ctrl-C and a closing terminal end the whole run (io/exit-signals.ts exits before this).
      if (!reported) throw error;
      r.cli.info(`${prefix} error: ${reported.message}`);
      // A refused token or a target out of reach fails every record the same way: the rest wait.
      if (reported.status === 401) stopped ??= 'the target refused the token';
      else if (error instanceof TransportError) stopped ??= 'the target could not be reached';
      else if (r.failFast) stopped ??= '--fail-fast: an earlier record failed';
      return {
        ...base,
        status: 'failed',
        exit_code: reported.code,
        message: reported.message,
        error: { ...(reported.status ? { status: reported.status } : {}), message: reported.message, ...(reported.hint ? { hint: reported.hint } : {}), ...(reported.body !== undefined ? { body: reported.body } : {}) },
        input,
      };
    }
  };
  await pool(n, width, async (i) => done(await runRecord(i)));
  r.dryRuns.take = undefined;
  if (!streams) {
    const rows = outcomes.sort((a, b) => a.item - b.item) as unknown as Record<string, unknown>[];
    // A run whose records made nothing to show (deletes, a dry run) has no RESULT column.
    const columns = rows.some((row) => shownResult(row) !== '') ? OUTCOME_COLUMNS : OUTCOME_COLUMNS.filter((c) => c.key !== 'result');
    await r.cli.showList(rows, columns, OUTCOME_FIELDS);
  }
  const { failed, skipped } = count;
  if (failed === 0) {
    r.cli.info(count['dry-run'] > 0 ? `dry run: ${n} record${n === 1 ? '' : 's'} checked; nothing was sent` : `${n} of ${n} record${n === 1 ? '' : 's'} done`);
    return;
  }
  throw new CliError(
    `${failed} of ${n} record${n === 1 ? '' : 's'} failed${skipped ? `, ${skipped} not run (${stopped ?? ''})` : ''}; ${n - failed - skipped} done`,
    EXIT.partial,
    `each record's result says what became of it; -o json keeps every failed record's input for another run (hostctl help bulk)`,
  );
}
