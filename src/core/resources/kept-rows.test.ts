import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../init.js';
import { STATE_DB, type Core } from '../app.js';
import { sqlInOtherProcess } from '../../../test/helpers/other-process.js';

describe('project rows kept for the generation', () => {
  let dir: string;
  let core: Core;
  let headers: Record<string, string>;
  let id: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-keptrows-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    core.log = () => undefined;
    headers = { 'private-token': init.rootToken, 'content-type': 'application/json' };
    const made = await core.handle({ method: 'POST', path: '/projects', query: '', headers, body: JSON.stringify({ path: 'kept' }) });
    expect(made.status).toBe(201);
    id = (JSON.parse(String(made.body)) as { id: number }).id;
  });
  afterEach(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async () => {
    const res = await core.handle({ method: 'GET', path: `/projects/${id}`, query: '', headers });
    return { status: res.status, name: res.status === 200 ? (JSON.parse(String(res.body)) as { name: string }).name : null };
  };

  it('sees a change and a removal made by another process on the very next request', async () => {
    for (let i = 0; i < 3; i++) expect(await get()).toEqual({ status: 200, name: 'kept' });
    sqlInOtherProcess(join(dir, 'state', STATE_DB), `UPDATE projects SET name = 'renamed elsewhere' WHERE id = ${id}`);
    expect(await get()).toEqual({ status: 200, name: 'renamed elsewhere' });
    sqlInOtherProcess(join(dir, 'state', STATE_DB), `DELETE FROM projects WHERE id = ${id}`);
    expect((await get()).status).toBe(404);
  });

  it('sees a change made through this core on the next request, and hands writes a row of their own', async () => {
    expect(await get()).toEqual({ status: 200, name: 'kept' });
    const put = await core.handle({ method: 'PUT', path: `/projects/${id}`, query: '', headers, body: JSON.stringify({ name: 'renamed here' }) });
    expect(put.status).toBe(200);
    expect(await get()).toEqual({ status: 200, name: 'renamed here' });
  });
});

describe('project rows kept for the generation behind serve', () => {
  // serve reads other processes' commits once for all the requests one turn of its event loop
  // received; a change committed before a request was sent is seen by that request.
  it('answers every one of concurrent requests with a change another process made before them', async () => {
    const { startInstance } = await import('../../../test/helpers/instance.js');
    const inst = await startInstance('http');
    try {
      const auth = { 'private-token': inst.rootToken };
      const made = await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ path: 'kept' }) });
      const projectId = (made.json as { id: number }).id;
      const many = () => Promise.all(Array.from({ length: 8 }, () => inst.raw('GET', `/projects/${projectId}`, { headers: auth })));
      for (const res of await many()) expect((res.json as { name: string }).name).toBe('kept');
      sqlInOtherProcess(join(inst.stateDir, 'state', STATE_DB), `UPDATE projects SET name = 'renamed elsewhere' WHERE id = ${projectId}`);
      for (const res of await many()) expect((res.json as { name: string }).name).toBe('renamed elsewhere');
    } finally {
      await inst.close();
    }
  });
});
