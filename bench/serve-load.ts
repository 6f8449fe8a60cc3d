// `hostctl serve` throughput against a bare node:http server answering the very same bytes,
// both as separate processes, driven by wrk (a separate process that does not cap the bare
// server). For each endpoint the response of `serve` is fetched first and handed to the bare
// server, then both are loaded alternately with the same settings; the budget is the ratio of
// their request rates. Without wrk (Debian: `apt-get install wrk`) the budgets are skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { budgetLine, verdict } from './budget.mjs';
import { waitForUrl } from './core-requests.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'hostctl.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Seconds serve is loaded before its measured runs of an endpoint: long enough for the JIT to
 * have optimised its request path, since the budget is about a server's steady state. After one
 * or two seconds of load serve's optimising compiler was still running through the measured runs
 * (a quarter of serve's CPU went to it in the six seconds after a two-second warm-up here, under
 * 1% after ten); the bare server, a few lines, is warm after one.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const TOKEN = 'hpat-bench-root-token-0123456789';

// Paths name the first project as `/projects/1/` and the group as `/groups/G/` (replaced by the ids made).
const ENDPOINTS = [
  { name: 'GET /personal_access_tokens/self', path: '/api/v4/personal_access_tokens/self', budget: 0.6 },
  { name: 'GET /projects (20 rows)', path: '/api/v4/projects?per_page=20', budget: 0.35 },
  { name: 'GET /projects/:id/repository/branches', path: '/api/v4/projects/1/repository/branches', budget: 0.2 },
  { name: 'GET /projects/:id/wikis (20 pages)', path: '/api/v4/projects/1/wikis', budget: 0.2 },
  { name: 'GET /projects/:id/releases (20 rows)', path: '/api/v4/projects/1/releases', budget: 0.2 },
  { name: 'GET /groups/:id/packages (20 rows)', path: '/api/v4/groups/G/packages', budget: 0.2 },
];
const RSS_BUDGET_MIB = 160;
/** BENCH_ENDPOINTS=wikis,releases measures only the endpoints whose names contain one of the words. */
const ONLY = (process.env.BENCH_ENDPOINTS ?? '').split(',').filter((w) => w !== '');
const MEASURED = ENDPOINTS.filter((e) => ONLY.length === 0 || ONLY.some((w) => e.name.includes(w)));

/** Resident memory of a running process in MiB (Linux /proc), or NaN where /proc is missing. */
function rssMiB(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** CPU time (user + system) a process has used, in ms (Linux /proc), or NaN where /proc is missing. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Requests per second, and with `pid` the CPU ms that process spent per request. */
function wrk(url: string, seconds: number, headers: Record<string, string>, script?: string, connections = CONNECTIONS, pid?: number): Promise<{ rate: number; cpu: number }> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, ...(script ? ['-s', script] : []), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const before = cpuMs(pid);
  return new Promise((res, rej) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.resume();
    child.once('exit', () => {
      const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
      const n = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
      if (/Non-2xx/.test(out) || !m) rej(new Error(`wrk against ${url}: ${out}`));
      else res({ rate: Number(m[1]), cpu: (cpuMs(pid) - before) / n });
    });
  });
}

async function main(): Promise<void> {
  if (!wrkAvailable()) {
    process.stdout.write('\nserve throughput: wrk is not installed (apt-get install wrk); skipped\n');
    for (const e of ENDPOINTS) budgetLine(`serve ${e.name} / bare node:http`, 'skipped: no wrk', '-', `≥ ${e.budget}`, 'SKIP');
    budgetLine('serve RSS after the write burst', 'skipped: no wrk', '-', `≤ ${RSS_BUDGET_MIB} MiB`, 'SKIP');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
  const children: ChildProcess[] = [];
  try {
    const env = { ...process.env, HOSTCTL_CONFIG_DIR: join(dir, 'config') };
    const state = join(dir, 'state');
    const init = spawnSync(process.execPath, [BIN, 'init', '--state', state, '--root-token', TOKEN], { env, stdio: 'ignore' });
    if (init.status !== 0) throw new Error('init failed');

    const serve = spawn(process.execPath, [BIN, 'serve', '--state', state, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(serve);
    const serveUrl = (await waitForUrl(serve, /at (http:\/\/[^\s]+)\/api\/v4/)).replace(/\/$/, '');
    const headers = { 'private-token': TOKEN };

    // 20 projects (the first with 20 branches) so that the lists are full pages.
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${serveUrl}/api/v4${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 400) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: number };
    };
    const first = await post('/projects', { path: 'bench-0', initialize_with_readme: true });
    for (let i = 1; i < 20; i++) await post('/projects', { path: `bench-${i}`, initialize_with_readme: true });
    for (let i = 1; i < 20; i++) await post(`/projects/${first.id}/repository/branches`, { branch: `topic-${i}`, ref: 'main' });
    // The first project's wiki has 20 pages and its 20 releases Markdown descriptions; a group's
    // project holds 20 generic packages.
    const description = (i: number) => `## Release ${i}\n\nFixes *several* things, see [the docs](https://example.com/docs) and \`code\`.\n\n- one\n- two\n`;
    for (let i = 0; i < 20; i++) await post(`/projects/${first.id}/wikis`, { title: `Page ${i}`, content: `# Page ${i}\n\n${'Some *text* about the page. '.repeat(20)}` });
    for (let i = 0; i < 20; i++) await post(`/projects/${first.id}/releases`, { tag_name: `v1.${i}`, ref: 'main', name: `Release ${i}`, description: description(i) });
    const group = await post('/groups', { name: 'Bench group', path: 'bench-group' });
    const pkgProject = await post('/projects', { path: 'packages', namespace_id: group.id });
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${serveUrl}/api/v4/projects/${pkgProject.id}/packages/generic/pkg-${i}/1.0.${i}/file.txt`, { method: 'PUT', headers, body: `package ${i}\n` });
      if (res.status >= 400) throw new Error(`package upload: ${res.status} ${await res.text()}`);
    }
    const servePathOf = (path: string) => path.replace('/projects/1/', `/projects/${first.id}/`).replace('/groups/G/', `/groups/${group.id}/`);

    // The bare server answers each path with the bytes serve gave for it.
    const bodies: Record<string, string> = {};
    for (const e of ENDPOINTS) {
      const path = servePathOf(e.path);
      const res = await fetch(`${serveUrl}${path}`, { headers });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      bodies[e.path] = await res.text();
    }
    const bareFile = join(dir, 'bare.mjs');
    writeFileSync(
      bareFile,
      `import { createServer } from 'node:http';
const bodies = new Map(Object.entries(${JSON.stringify(bodies)}).map(([k, v]) => [k, Buffer.from(v)]));
const s = createServer((req, res) => {
  const body = bodies.get(req.url) ?? Buffer.from('{}');
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
s.keepAliveTimeout = 5000;
s.listen(0, '127.0.0.1', () => process.stderr.write('listening http://127.0.0.1:' + s.address().port + '\\n'));`,
    );
    const bare = spawn(process.execPath, [bareFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(bare);
    const bareUrl = await waitForUrl(bare, /(http:\/\/[^\s]+)/);

    process.stdout.write(`\nserve throughput (wrk, 1 thread, ${CONNECTIONS} connections, keep-alive; medians of ${ROUNDS} alternating ${SECONDS} s runs)\n`);
    for (const e of MEASURED) {
      const servePath = servePathOf(e.path);
      await wrk(`${bareUrl}${e.path}`, 1, {});
      await wrk(`${serveUrl}${servePath}`, WARMUP_SECONDS, headers);
      // Alternating runs, medians: other load on the machine hits both alike. The CPU each
      // server spends per request is shown too: it moves far less with the machine's load.
      const bs: number[] = [];
      const hs: number[] = [];
      const bc: number[] = [];
      const hc: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const b = await wrk(`${bareUrl}${e.path}`, SECONDS, {}, undefined, CONNECTIONS, bare.pid);
        const h = await wrk(`${serveUrl}${servePath}`, SECONDS, headers, undefined, CONNECTIONS, serve.pid);
        bs.push(b.rate);
        hs.push(h.rate);
        bc.push(b.cpu);
        hc.push(h.cpu);
      }
      const b = median(bs);
      const h = median(hs);
      const ratio = h / b;
      const cpu = `CPU/request serve ${median(hc).toFixed(2)} ms, bare ${median(bc).toFixed(2)} ms`;
      process.stdout.write(`  ${e.name.padEnd(44)} serve ${h.toFixed(0)} req/s, bare ${b.toFixed(0)} req/s → ${ratio.toFixed(3)} (${cpu})\n`);
      budgetLine(`serve ${e.name} / bare node:http`, `${h.toFixed(0)} req/s = ${ratio.toFixed(3)}`, `${b.toFixed(0)} req/s`, `≥ ${e.budget}`, verdict(ratio >= e.budget));
    }
    const afterReads = rssMiB(serve.pid);

    // A write burst: branch creates, release creates and small package uploads, each name new.
    const writes = [
      { name: 'branch create', method: 'POST', path: `/api/v4/projects/${first.id}/repository/branches?ref=main&branch=burst-`, body: '' },
      { name: 'release create', method: 'POST', path: `/api/v4/projects/${first.id}/releases?ref=main&tag_name=burst-`, body: '' },
      { name: 'small upload', method: 'PUT', path: `/api/v4/projects/${pkgProject.id}/packages/generic/burst/1.0.0/file-`, body: 'x'.repeat(1024) },
    ];
    process.stdout.write(`  write burst (${ROUNDS} × ${SECONDS} s per write, 8 connections):`);
    let n = 0;
    for (const w of writes) {
      const rates: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        // Each run numbers its names from its own offset: a name is never made twice.
        const script = join(dir, `write-${++n}.lua`);
        writeFileSync(
          script,
          `local n = ${n * 1_000_000}\nwrk.method = ${JSON.stringify(w.method)}\nwrk.body = ${JSON.stringify(w.body)}\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, ${JSON.stringify(w.path)} .. n)\nend\n`,
        );
        rates.push((await wrk(`${serveUrl}/`, SECONDS, headers, script, 8)).rate);
      }
      process.stdout.write(` ${w.name} ${median(rates).toFixed(0)}/s;`);
    }
    // Settled: what the burst left behind, not what it is still using.
    await new Promise((r) => setTimeout(r, 1000));
    const afterWrites = rssMiB(serve.pid);
    process.stdout.write(`\n  serve RSS: ${afterReads.toFixed(0)} MiB after the reads, ${afterWrites.toFixed(0)} MiB after the write burst\n`);
    budgetLine('serve RSS after the write burst', `${afterWrites.toFixed(0)} MiB`, `after reads ${afterReads.toFixed(0)} MiB`, `≤ ${RSS_BUDGET_MIB} MiB`, Number.isNaN(afterWrites) ? 'SKIP' : verdict(afterWrites <= RSS_BUDGET_MIB));
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
