// `hostctl serve` answering GET /personal_access_tokens/self under concurrent load, against a
// bare node:http server answering a fixed JSON body, both as separate processes measured in
// this run with the same load generator (undici, keep-alive, fixed request count).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'undici';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'hostctl.js');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

function waitForUrl(child: ChildProcess, pattern: RegExp): Promise<string> {
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

async function load(origin: string, path: string, headers: Record<string, string>) {
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const start = process.hrtime.bigint();
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { rps: REQUESTS / seconds, p50: latencies[Math.floor(latencies.length / 2)] as number, p99: latencies[Math.floor(latencies.length * 0.99)] as number };
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
const children: ChildProcess[] = [];
try {
  const env = { ...process.env, HOSTCTL_CONFIG_DIR: join(dir, 'config') };
  const token = 'hpat-bench-root-token-0123456789';
  const init = spawn(process.execPath, [BIN, 'init', '--state', join(dir, 'state'), '--root-token', token], { env, stdio: 'ignore' });
  await new Promise((r) => init.once('exit', r));

  const bareFile = join(dir, 'bare.mjs');
  writeFileSync(
    bareFile,
    `import { createServer } from 'node:http';
const body = JSON.stringify({ id: 1, name: 'hostctl-root', revoked: false, created_at: '2026-01-01T00:00:00.000Z', description: null, scopes: ['api'], user_id: 1, last_used_at: null, active: true, expires_at: null, expired: false });
const s = createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
s.listen(0, '127.0.0.1', () => process.stderr.write('listening http://127.0.0.1:' + s.address().port + '\\n'));`,
  );
  const bare = spawn(process.execPath, [bareFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(bare);
  const bareUrl = await waitForUrl(bare, /(http:\/\/[^\s]+)/);

  const serve = spawn(process.execPath, [BIN, 'serve', '--state', join(dir, 'state'), '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(serve);
  const serveUrl = (await waitForUrl(serve, /at (http:\/\/[^\s]+)\/api\/v4/)) as string;

  const headers = { 'private-token': token };
  await load(bareUrl, '/', {});
  await load(serveUrl, '/api/v4/personal_access_tokens/self', headers);
  const b = await load(bareUrl, '/', {});
  const h = await load(serveUrl, '/api/v4/personal_access_tokens/self', headers);
  process.stdout.write(`\nserve under load (${REQUESTS} requests, ${CONCURRENCY} concurrent, keep-alive)\n`);
  process.stdout.write(`  bare node:http, fixed JSON            ${b.rps.toFixed(0)} req/s, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms\n`);
  process.stdout.write(`  hostctl serve, /personal_access_tokens/self  ${h.rps.toFixed(0)} req/s, p50 ${h.p50.toFixed(2)} ms, p99 ${h.p99.toFixed(2)} ms\n`);
  process.stdout.write(`  throughput ratio (serve / bare)         ${(h.rps / b.rps).toFixed(2)}\n`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
