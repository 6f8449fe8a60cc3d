// What the benches that drive the core in-process share: a JSON call that fails loudly on an
// error status, a timer, a median, and the measure every list-page bench compares at 100 and
// 100,000 rows (the median time of one GET after a warm-up).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../src/core/app.js';
import { initState } from '../src/core/init.js';
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
 * cores and removes the directory, whatever happened.
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
    built.push(await build(join(dir, 'small'), small));
    built.push(await build(join(dir, 'large'), large));
    await measure(built[0] as S, built[1] as S);
  } finally {
    for (const s of built) s.core.close();
    rmSync(dir, { recursive: true, force: true });
  }
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

export async function medianGetMs(core: Core, token: string, path: string, query: string, rounds: number, warmup = 20): Promise<number> {
  return medianRequestMs(core, { method: 'GET', path, query, headers: { 'private-token': token } }, rounds, warmup);
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
 * The median time of one request of any shape (another API root, another credential header)
 * after a warm-up, as medianGetMs measures a GET; fails on an error status.
 */
export async function medianRequestMs(core: Core, req: Parameters<Core['handle']>[0], rounds: number, warmup = 20): Promise<number> {
  for (let i = 0; i < warmup; i++) await core.handle(req);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    const res = await core.handle(req);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.status >= 400) throw new Error(`${req.method} ${req.path}?${req.query ?? ''}: status ${res.status}: ${String(res.body)}`);
  }
  return median(times);
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
