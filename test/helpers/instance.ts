// A running hostctl instance for the contract suite: a fresh state directory on a fake clock,
// reached through the in-process transport or through `serve` over HTTP. The suite is written
// once and run against both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../src/core/clock.js';
import { initState, type InitOptions } from '../../src/core/init.js';
import type { Core } from '../../src/core/app.js';
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

export async function startInstance(kind: TransportKind, options: Partial<InitOptions> = {}): Promise<Instance> {
  const stateDir = mkdtempSync(join(tmpdir(), 'hostctl-contract-'));
  const clock = new FakeClock(FAKE_NOW);
  const { core, rootToken } = initState({ stateDir: join(stateDir, 'state'), clock, ...options });
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
      core.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
