// Several processes writing one state: two `serve` processes and CLI commands at once (every
// acknowledged write must be there afterwards), then writers killed with SIGKILL at random
// points (afterwards the database passes integrity_check, every repository passes git fsck,
// metadata and git agree, no lock is left behind, and the next writes succeed).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Driver from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';
import { withCpuBurner } from '../helpers/cpu-burner.js';
import { STATE_DB } from '../../src/core/app.js';

const api = (url: string, token: string, method: string, path: string, body?: unknown, timeoutMs = 20_000): Promise<Response> =>
  fetch(`${url}/api/v4${path}`, {
    method,
    headers: { 'private-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });

/** Sends a write, retrying 503 + Retry-After as the CLI's transport does; the final status (0: connection failed). */
async function write(url: string, token: string, method: string, path: string, body?: unknown): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await api(url, token, method, path, body);
      await res.arrayBuffer();
      if (res.status !== 503 || attempt >= 10) return res.status;
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 100));
    } catch {
      return 0;
    }
  }
}

function bareRepositories(stateDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const p = join(dir, e.name);
      if (e.name.endsWith('.git') && existsSync(join(p, 'HEAD'))) out.push(p);
      else if (!e.name.includes('.deleting-')) walk(p);
    }
  };
  walk(join(stateDir, 'storages'));
  return out;
}

function locksIn(repo: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.lock') || e.name.startsWith('hostctl-index-')) found.push(p);
    }
  };
  walk(repo);
  return found;
}

const git = (repo: string, args: string[]): string => execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('several writer processes on one state', () => {
  let box: CliSandbox;
  let token: string;

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
  });
  afterAll(() => box.cleanup());

  it('keeps every acknowledged write from two serve processes and CLI commands', async () => {
    const servers = await Promise.all([startServe(box), startServe(box)]);
    try {
      const acknowledged: string[] = [];
      const failed: string[] = [];
      const writes = Array.from({ length: 40 }, async (_, i) => {
        const status = await write(servers[i % 2]!.url, token, 'POST', '/projects', { name: `mw-${i}` });
        if (status === 201) acknowledged.push(`mw-${i}`);
        else failed.push(`serve mw-${i}: ${status}`);
      });
      const cli = Array.from({ length: 6 }, async (_, i) => {
        const res = await box.run(['--state', box.stateDir, 'projects', 'create', '--name', `cli-${i}`, '-o', 'json'], { env: { HOSTCTL_TOKEN: token } });
        if (res.exitCode === 0) acknowledged.push(`cli-${i}`);
        else failed.push(`cli-${i}: ${String(res.stderr)}`);
      });
      await Promise.all([...writes, ...cli]);
      const found = (await (await api(servers[0]!.url, token, 'GET', '/projects?per_page=100')).json()) as { name: string }[];
      const names = new Set(found.map((p) => p.name));
      const missing = acknowledged.filter((n) => !names.has(n));
      console.log(`[writers] writes sent: 46 (40 over two serve processes, 6 CLI commands), acknowledged: ${acknowledged.length}, found afterwards: ${acknowledged.length - missing.length}`);
      expect(missing).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      for (const s of servers) s.proc.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.proc));
    }
  });

  it('refuses none of 16 writers × 100 operations over two serve processes while the other cores are busy', async () => {
    const servers = await Promise.all([startServe(box), startServe(box)]);
    try {
      const project = (await (await api(servers[0]!.url, token, 'POST', '/projects', { name: 'busy', initialize_with_readme: true })).json()) as { id: number };
      const ops = (lane: number, i: number): [string, string, unknown] => {
        const n = `w${lane}-${i}`;
        switch (i % 4) {
          case 0:
            return ['POST', `/projects/${project.id}/milestones`, { title: n }];
          case 1:
            return ['PUT', `/projects/${project.id}`, { description: n }];
          case 2:
            return ['POST', `/projects/${project.id}/repository/branches`, { branch: `b-${n}`, ref: 'main' }];
          default:
            return ['POST', '/groups', { name: n, path: n }];
        }
      };
      const run = async (): Promise<{ statuses: Map<number, number>; ms: number }> => {
        const statuses = new Map<number, number>();
        const started = performance.now();
        // No retries: every answer counts as it is.
        await Promise.all(
          Array.from({ length: 16 }, async (_, lane) => {
            for (let i = 0; i < 100; i++) {
              const [method, path, body] = ops(lane, i);
              // Patient enough for a loaded machine: only a refusal fails, not slowness.
              const res = await api(servers[lane % 2]!.url, token, method, path, body, 600_000);
              await res.arrayBuffer();
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            }
          }),
        );
        return { statuses, ms: performance.now() - started };
      };
      const { statuses, ms } = await withCpuBurner(run);
      console.log(`[writers] 16 writers × 100 operations over two serve processes beside a CPU burner: ${JSON.stringify(Object.fromEntries(statuses))} in ${(ms / 1000).toFixed(1)} s`);
      expect(Object.fromEntries(statuses)).toEqual({ 200: 400, 201: 1200 });
      const milestones = await api(servers[1]!.url, token, 'GET', `/projects/${project.id}/milestones?per_page=1`);
      expect(milestones.headers.get('x-total')).toBe('400');
    } finally {
      for (const s of servers) s.proc.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.proc));
    }
  }, 900_000);

  it('survives writers killed mid-write: integrity, fsck, agreement, and the next write', async () => {
    let server = await startServe(box);
    const created = await api(server.url, token, 'POST', '/projects', { name: 'crash', initialize_with_readme: true });
    const projectId = ((await created.json()) as { id: number }).id;
    let seed = 12345;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let kills = 0;
    let sent = 0;
    for (let round = 0; round < 6; round++) {
      const victim: ServeProcess = round === 0 ? server : await startServe(box);
      let stop = false;
      const traffic = Array.from({ length: 4 }, async (_, lane) => {
        for (let i = 0; !stop; i++) {
          const n = `r${round}l${lane}i${i}`;
          const kind = i % 5;
          sent++;
          if (kind === 0) await write(victim.url, token, 'POST', `/projects/${projectId}/repository/branches`, { branch: `b-${n}`, ref: 'main' });
          else if (kind === 1) await write(victim.url, token, 'POST', `/projects/${projectId}/repository/commits`, { branch: 'main', commit_message: n, actions: [{ action: 'create', file_path: `f/${n}.txt`, content: n }] });
          else if (kind === 2) await write(victim.url, token, 'POST', `/projects/${projectId}/releases`, { tag_name: `v-${n}`, ref: 'main', name: n });
          else if (kind === 3) await write(victim.url, token, 'POST', '/projects', { name: `p-${n}`, initialize_with_readme: true });
          else await write(victim.url, token, 'DELETE', `/projects/${projectId}/repository/merged_branches`);
        }
      });
      await new Promise((r) => setTimeout(r, 300 + Math.floor(rand() * 900)));
      victim.proc.kill('SIGKILL');
      kills++;
      await victim.proc;
      stop = true;
      await Promise.all(traffic);
    }

    // The next writes succeed, on the repository the killed writers were working in.
    server = await startServe(box);
    try {
      expect(await write(server.url, token, 'POST', `/projects/${projectId}/repository/branches`, { branch: 'after-crash', ref: 'main' })).toBe(201);
      expect(await write(server.url, token, 'POST', `/projects/${projectId}/repository/commits`, { branch: 'main', commit_message: 'after', actions: [{ action: 'create', file_path: 'after.txt', content: 'x' }] })).toBe(201);
      expect(await write(server.url, token, 'POST', `/projects/${projectId}/releases`, { tag_name: 'v-after', ref: 'main' })).toBe(201);
      expect(await write(server.url, token, 'DELETE', `/projects/${projectId}/repository/merged_branches`)).toBe(202);
      expect(await write(server.url, token, 'POST', '/projects', { name: 'after-crash' })).toBe(201);
    } finally {
      server.proc.kill('SIGTERM');
      await server.proc;
    }

    const db = new Driver(join(box.stateDir, STATE_DB), { readonly: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const projects = db.prepare('SELECT id FROM projects').all() as { id: number }[];
    const releases = db.prepare('SELECT project_id, tag FROM releases').all() as { project_id: number; tag: string }[];
    db.close();
    const repos = bareRepositories(box.stateDir);
    const fsckFailures = repos.filter((repo) => {
      try {
        git(repo, ['fsck', '--no-dangling', '--no-progress']);
        return false;
      } catch {
        return true;
      }
    });
    const repoOf = (id: number): string => join(box.stateDir, 'storages', 'default', '@projects', `${id}.git`);
    const projectsWithoutRepo = projects.filter((p) => !existsSync(join(repoOf(p.id), 'HEAD'))).map((p) => p.id);
    const releasesWithoutTag = releases.filter((r) => {
      try {
        git(repoOf(r.project_id), ['show-ref', '--verify', '--quiet', `refs/tags/${r.tag}`]);
        return false;
      } catch {
        return true;
      }
    });
    const leftLocks = locksIn(repoOf(projectId));
    console.log(
      `[crash] writes sent: ${sent}, writers killed: ${kills}, integrity_check: ${String(integrity)}, repositories fsck'd: ${repos.length} (failures ${fsckFailures.length}), projects without repository: ${projectsWithoutRepo.length}, releases without tag: ${releasesWithoutTag.length}, locks left in the written repository: ${leftLocks.length}`,
    );
    expect(integrity).toBe('ok');
    expect(fsckFailures).toEqual([]);
    expect(projectsWithoutRepo).toEqual([]);
    expect(releasesWithoutTag).toEqual([]);
    expect(leftLocks).toEqual([]);
  });
});
