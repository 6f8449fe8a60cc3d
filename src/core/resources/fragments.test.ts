import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../init.js';
import { STATE_DB, type Core } from '../app.js';

/** Runs SQL against the state's database from a separate process, as another CLI would. */
function otherProcess(dbFile: string, sql: string): void {
  const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1]); db.pragma('busy_timeout = 15000'); db.exec(process.argv[2]); db.close();`;
  const res = spawnSync(process.execPath, ['-e', script, dbFile, sql], { cwd: process.cwd(), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
}

describe('project texts kept between list pages', () => {
  let dir: string;
  let core: Core;
  let token: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-fragments-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    token = init.rootToken;
    for (const path of ['one', 'two', 'three']) {
      const res = await core.handle({ method: 'POST', path: '/projects', query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ path }) });
      expect(res.status).toBe(201);
    }
  });
  afterEach(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (headers: Record<string, string> = {}, query = '') => {
    const res = await core.handle({ method: 'GET', path: '/projects', query, headers: { 'private-token': token, ...headers } });
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe('string');
    return JSON.parse(res.body as string) as { id: number; name: string; web_url: string; description: string }[];
  };

  it('shows a change made by another process on the very next page', async () => {
    expect((await list()).map((p) => p.name)).toEqual(['three', 'two', 'one']);
    await list();
    otherProcess(join(dir, 'state', STATE_DB), "UPDATE projects SET name = 'renamed' WHERE path = 'two'");
    expect((await list()).map((p) => p.name)).toEqual(['three', 'renamed', 'one']);
  });

  it('shows a change made through this core on the very next page', async () => {
    const before = await list();
    const two = before.find((p) => p.name === 'two');
    const put = await core.handle({ method: 'PUT', path: `/projects/${two?.id}`, query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ description: 'changed' }) });
    expect(put.status).toBe(200);
    expect((await list()).find((p) => p.id === two?.id)?.description).toBe('changed');
  });

  it('keeps texts apart per address reached and per presentation', async () => {
    const a = await list({ host: 'a.example:8080' });
    const b = await list({ host: 'b.example' });
    expect(a[0]?.web_url).toMatch(/^http:\/\/a\.example:8080\//);
    expect(b[0]?.web_url).toMatch(/^http:\/\/b\.example\//);
    const simple = await list({ host: 'a.example:8080' }, 'simple=true');
    expect(Object.keys(simple[0] ?? {})).not.toContain('permissions');
    expect(Object.keys((await list({ host: 'a.example:8080' }))[0] ?? {})).toContain('permissions');
  });

  it('answers byte for byte what presenting every project again answers', async () => {
    const first = await core.handle({ method: 'GET', path: '/projects', query: 'per_page=2&page=2', headers: { 'private-token': token } });
    const again = await core.handle({ method: 'GET', path: '/projects', query: 'per_page=2&page=2', headers: { 'private-token': token } });
    expect(again.body).toBe(first.body);
    expect(again.headers).toEqual(first.headers);
  });
});
