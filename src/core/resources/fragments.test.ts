import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../init.js';
import { STATE_DB, type Core } from '../app.js';
import { contentKey } from './fragments.js';
import { sqlInOtherProcess } from '../../../test/helpers/other-process.js';

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
    sqlInOtherProcess(join(dir, 'state', STATE_DB), "UPDATE projects SET name = 'renamed' WHERE path = 'two'");
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

describe('branch texts kept between list pages', () => {
  let dir: string;
  let core: Core;
  let token: string;
  let projectId: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-fragments-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    token = init.rootToken;
    const headers = { 'private-token': token, 'content-type': 'application/json' };
    const res = await core.handle({ method: 'POST', path: '/projects', query: '', headers, body: JSON.stringify({ path: 'repo', initialize_with_readme: true }) });
    projectId = (JSON.parse(res.body as string) as { id: number }).id;
    const branch = await core.handle({ method: 'POST', path: `/projects/${projectId}/repository/branches`, query: '', headers, body: JSON.stringify({ branch: 'topic', ref: 'main' }) });
    expect(branch.status).toBe(201);
  });
  afterEach(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const branches = async () => {
    const res = await core.handle({ method: 'GET', path: `/projects/${projectId}/repository/branches`, query: '', headers: { 'private-token': token } });
    expect(res.status).toBe(200);
    return JSON.parse(res.body as string) as { name: string; protected: boolean; web_url: string }[];
  };

  it('shows a protection added through this core on the very next page', async () => {
    expect((await branches()).find((b) => b.name === 'topic')?.protected).toBe(false);
    await branches();
    const res = await core.handle({ method: 'POST', path: `/projects/${projectId}/protected_branches`, query: '', headers: { 'private-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'topic' }) });
    expect(res.status).toBe(201);
    expect((await branches()).find((b) => b.name === 'topic')?.protected).toBe(true);
  });

  it('shows a project moved by another process on the very next page', async () => {
    expect((await branches())[0]?.web_url).toContain('/root/repo/-/tree/');
    sqlInOtherProcess(join(dir, 'state', STATE_DB), `UPDATE projects SET path = 'moved', path_lower = 'moved' WHERE id = ${projectId}`);
    expect((await branches())[0]?.web_url).toContain('/root/moved/-/tree/');
  });
});

describe('content keys of rows', () => {
  it('names rows with the same JSON text alike and rows that differ apart', () => {
    const a = { id: 1, name: 'web', default_branch: 'main' };
    expect(contentKey({ ...a })).toBe(contentKey({ ...a }));
    expect(contentKey({ ...a, default_branch: 'trunk' })).not.toBe(contentKey(a));
  });

  it('follows a row that is not frozen when it changes, and keeps a frozen row\'s', () => {
    const open = { id: 2, name: 'api' };
    const first = contentKey(open);
    open.name = 'renamed';
    expect(contentKey(open)).not.toBe(first);
    const frozen = Object.freeze({ id: 3, name: 'docs' });
    expect(contentKey(frozen)).toBe(contentKey({ id: 3, name: 'docs' }));
  });
});
