// A running hostctl instance for the contract suite: a fresh state directory on a fake clock,
// reached through the in-process transport or through `serve` over HTTP. The suite is written
// once and run against both.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { FakeClock } from '../../src/core/clock.js';
import { initState, type InitOptions } from '../../src/core/init.js';
import { openCore, type Core } from '../../src/core/app.js';
import { AUDIT_EVENT_NAMES } from '../../src/core/audit/names.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { LocalTransport } from '../../src/client/local-transport.js';
import { HttpTransport } from '../../src/client/http-transport.js';
import { ApiClient } from '../../src/client/client.js';
import type { Transport } from '../../src/client/transport.js';
import type { ApiResponse } from '../../src/shared/wire.js';
import { hasActiveMoves } from '../../src/core/areas/storage-moves/service.js';

export type TransportKind = 'local' | 'http';
export const TRANSPORTS: TransportKind[] = ['local', 'http'];
export const FAKE_NOW = '2026-01-15T10:00:00.000Z';

export interface Instance {
  kind: TransportKind;
  core: Core;
  clock: FakeClock;
  stateDir: string;
  rootToken: string;
  /** The server's base URL (`http://127.0.0.1:PORT`) for the http kind; undefined in-process. */
  url?: string;
  /** Base of the web URLs the instance answers with: the served address over HTTP, else the stored setting. */
  webBase: string;
  transport: Transport;
  /** Client authenticated as root (admin). */
  admin: ApiClient;
  /** A client with the given token (none: anonymous). */
  client(token?: string, sudo?: string): ApiClient;
  /** Sends a raw request (exact path, query, headers, body) through the transport. */
  raw(method: string, path: string, init?: { query?: string; headers?: Record<string, string>; body?: string | Uint8Array }): Promise<ApiResponse & { json: unknown }>;
  /** Waits until the job queue is empty and no storage move has work left (workers run in the background, as in production). */
  settleJobs(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The password-hashing cost of the suite's states: the lowest, as the platform's test
 * environment lowers its hashing stretches. Hashing at the production cost for every user a
 * test makes cost a tenth of a contract file's CPU; what is tested (a hash, never the password,
 * is stored; the right password and only it verifies) does not depend on the cost, and the
 * production cost is tested in src/core/auth/secrets.test.ts. Pass `passwordHashCost` to
 * startInstance for a state at another cost.
 */
export const TEST_PASSWORD_COST = 1;

export async function startInstance(kind: TransportKind, options: Partial<InitOptions> = {}): Promise<Instance> {
  const stateDir = mkdtempSync(join(tmpdir(), 'hostctl-contract-'));
  const clock = new FakeClock(FAKE_NOW);
  const { core, rootToken } = freshState(join(stateDir, 'state'), clock, { passwordHashCost: TEST_PASSWORD_COST, ...options });
  core.log = () => undefined;
  let server: RunningServer | undefined;
  let transport: Transport;
  let draining: Promise<unknown> = Promise.resolve();
  if (kind === 'http') {
    server = await startServer({ core, port: 0, log: null, jobPollMs: 50 });
    transport = new HttpTransport({ baseUrl: server.url, maxRetries: 0 });
  } else {
    // Like the detached worker a local command starts: jobs run after the answer is given.
    transport = new LocalTransport(`local:${stateDir}`, async (req) => {
      const before = core.jobs.enqueuedCount;
      const res = await core.handle(req);
      if (core.jobs.enqueuedCount !== before) draining = draining.then(() => core.jobs.drain(core, 'test-worker'));
      return res;
    });
  }
  // Every secret the suite sees (in answers and in request bodies) is looked for in the audit
  // events this instance recorded when it closes: an event never carries one.
  const secrets = new Set<string>([rootToken]);
  transport = collectingSecrets(transport, secrets);
  const client = (token?: string, sudo?: string) => new ApiClient(transport, { ...(token ? { token } : {}), ...(sudo ? { sudo } : {}) });
  return {
    kind,
    core,
    clock,
    stateDir,
    rootToken,
    ...(server ? { url: server.url } : {}),
    webBase: server ? server.url : core.settings.externalUrl,
    transport,
    admin: client(rootToken),
    client,
    async raw(method, path, init = {}) {
      const res = await transport.request({ method, path, query: init.query ?? '', headers: init.headers ?? {}, ...(init.body !== undefined ? { body: init.body } : {}) });
      let json: unknown = null;
      if (typeof res.body === 'string' && (res.headers['content-type'] ?? '').includes('json') && res.body) json = JSON.parse(res.body);
      return { ...res, json };
    },
    async settleJobs(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        await draining;
        if (core.jobs.pendingCount() === 0 && !hasActiveMoves(core)) return;
        if (Date.now() > until) throw new Error('jobs did not finish in time');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await transport.close();
      await server?.close();
      await draining;
      const leaked = secretsInAuditEvents(core, secrets);
      const unnamed = unlistedAuditNames(core);
      if (leaked.length > 0 || unnamed.length > 0) {
        core.close();
        rmSync(stateDir, { recursive: true, force: true });
        throw new Error(leaked.length > 0 ? `audit events carry secrets: ${leaked.join('; ')}` : `audit event names missing from src/core/audit/names.ts: ${unnamed.join(', ')}`);
      }
      core.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** One freshly initialised state per set of init options, made once per test process and copied. */
const templates = new Map<string, { dir: string; rootToken: string }>();

/**
 * A new state as `initState` makes it, on `clock`. Creating the schema (every migration, each
 * commit synced) costs far more than copying its result, and a file starts several instances
 * with the same options; so the first one of a kind is initialised for real into a template
 * and every instance gets a copy of it (the state holds no absolute paths; the fake clock is
 * fixed, so a copy is what initState would have written). The copies share the root token.
 */
function freshState(target: string, clock: FakeClock, options: Partial<InitOptions>): { core: Core; rootToken: string } {
  const copyable = options.stateDir === undefined && options.clock === undefined && Object.values(options.storages ?? {}).every((p) => !isAbsolute(p));
  if (!copyable) return initState({ stateDir: target, clock, ...options });
  const rootToken = copyStateTemplate(target, options);
  return { core: openCore({ stateDir: target, clock }), rootToken };
}

/**
 * Copies to `target` the state `initState` makes with `options` on the fake clock (made once
 * per test process, see freshState); returns its root token. `options` must not name a state
 * directory, a clock or an absolute storage path.
 */
export function copyStateTemplate(target: string, options: Partial<InitOptions>): string {
  const key = JSON.stringify(options);
  let template = templates.get(key);
  if (!template) {
    if (templates.size === 0) process.once('exit', () => templates.forEach((t) => rmSync(t.dir, { recursive: true, force: true })));
    const dir = mkdtempSync(join(process.env.HOSTCTL_TEST_TEMPLATES ?? tmpdir(), 'hostctl-template-'));
    const made = initState({ stateDir: join(dir, 'state'), clock: new FakeClock(FAKE_NOW), ...options });
    made.core.close();
    template = { dir, rootToken: made.rootToken };
    templates.set(key, template);
  }
  cpSync(join(template.dir, 'state'), target, { recursive: true });
  return template.rootToken;
}

/** Field names whose string values are secrets (tokens, DSNs and their keys, passwords). */
const SECRET_FIELD = /token|dsn|public_key|password|secret/i;

function collectSecrets(text: string, into: Set<string>): void {
  if (!SECRET_FIELD.test(text)) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  const walk = (v: unknown, key: string, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') {
      if (SECRET_FIELD.test(key) && v.length >= 8 && !/^\d{4}-\d{2}-\d{2}/.test(v)) into.add(v);
      return;
    }
    if (Array.isArray(v)) for (const item of v) walk(item, key, depth + 1);
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, k, depth + 1);
  };
  walk(value, '', 0);
}

/** A transport that notes every secret passing through it, both ways. */
function collectingSecrets(inner: Transport, secrets: Set<string>): Transport {
  const decode = (b: unknown) => (typeof b === 'string' ? b : b instanceof Uint8Array && b.length < 1_000_000 ? Buffer.from(b).toString('utf8') : '');
  return {
    target: inner.target,
    async request(req) {
      if (req.body !== undefined) collectSecrets(decode(req.body), secrets);
      const res = await inner.request(req);
      if (!res.stream) collectSecrets(decode(res.body), secrets);
      return res;
    },
    close: () => inner.close(),
  } as Transport;
}

/** Names of recorded events that neither of the catalogue's lists holds (none, always). */
function unlistedAuditNames(core: Core): string[] {
  const rows = core.db.prepare('SELECT DISTINCT event_name FROM audit_events').all() as { event_name: string }[];
  return rows.map((r) => r.event_name).filter((name) => !AUDIT_EVENT_NAMES.has(name));
}

/** The secrets found in any audit event of the instance (none, always). */
function secretsInAuditEvents(core: Core, secrets: Set<string>): string[] {
  const rows = core.db.prepare('SELECT id, details FROM audit_events').all() as { id: number; details: string }[];
  const leaked: string[] = [];
  for (const row of rows) for (const s of secrets) if (row.details.includes(s)) leaked.push(`event ${row.id} holds ${s.slice(0, 6)}…`);
  return leaked;
}
