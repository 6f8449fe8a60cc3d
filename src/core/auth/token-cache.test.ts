import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../init.js';
import { STATE_DB, type Core } from '../app.js';
import { sqlInOtherProcess } from '../../../test/helpers/other-process.js';

describe('token lookup cache', () => {
  let dir: string;
  let core: Core;
  let token: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-tokencache-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    token = init.rootToken;
  });
  afterEach(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const self = () => core.handle({ method: 'GET', path: '/personal_access_tokens/self', query: '', headers: { 'private-token': token } });

  it('sees a revocation made by another process on the very next request', async () => {
    for (let i = 0; i < 3; i++) expect((await self()).status).toBe(200);
    sqlInOtherProcess(join(dir, 'state', STATE_DB), 'UPDATE personal_access_tokens SET revoked = 1');
    const res = await self();
    expect(res.status).toBe(401);
    expect(String(res.body)).toContain('Token was revoked');
  });

  it('sees a user blocked by another process, and a revocation made through this core', async () => {
    expect((await self()).status).toBe(200);
    sqlInOtherProcess(join(dir, 'state', STATE_DB), "UPDATE users SET state = 'blocked'");
    expect((await self()).status).toBe(403);
    sqlInOtherProcess(join(dir, 'state', STATE_DB), "UPDATE users SET state = 'active'");
    expect((await self()).status).toBe(200);
    expect((await core.handle({ method: 'DELETE', path: '/personal_access_tokens/self', query: '', headers: { 'private-token': token } })).status).toBe(204);
    expect((await self()).status).toBe(401);
  });

  it('answers its own token with what another process changed, on the next request', async () => {
    const before = JSON.parse(String((await self()).body)) as { name: string; expires_at: string | null };
    expect(JSON.parse(String((await self()).body))).toEqual(before);
    sqlInOtherProcess(join(dir, 'state', STATE_DB), "UPDATE personal_access_tokens SET name = 'renamed', expires_at = '2999-01-01'");
    const after = JSON.parse(String((await self()).body)) as { name: string; expires_at: string | null };
    expect(after).toMatchObject({ name: 'renamed', expires_at: '2999-01-01' });
    expect(before.name).not.toBe('renamed');
  });

  it('answers a read that waits for nothing at once, and one with a body through a promise', async () => {
    const read = core.answer({ method: 'GET', path: '/personal_access_tokens/self', query: '', headers: { 'private-token': token } });
    expect(read).not.toBeInstanceOf(Promise);
    expect((read as Awaited<typeof read>).status).toBe(200);
    const write = core.answer({
      method: 'POST',
      path: '/user/personal_access_tokens',
      query: '',
      headers: { 'private-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second', scopes: ['self_rotate'] }),
    });
    const answered = await write;
    expect(answered.status).toBe(201);
    expect(JSON.parse(String(answered.body))).toMatchObject({ name: 'second', scopes: ['self_rotate'] });
  });

  it('still refuses an unknown secret after a known one was cached', async () => {
    expect((await self()).status).toBe(200);
    const res = await core.handle({ method: 'GET', path: '/personal_access_tokens/self', query: '', headers: { 'private-token': `${token}x` } });
    expect(res.status).toBe(401);
  });
});

describe('token lookup cache behind serve', () => {
  // serve checks the database once for all the requests one turn of its event loop received;
  // a revocation committed before a request was sent is still refused on that request.
  it('refuses a token revoked by another process on the next request, also among concurrent ones', async () => {
    const { startInstance } = await import('../../../test/helpers/instance.js');
    const inst = await startInstance('http');
    try {
      const auth = { 'private-token': inst.rootToken };
      const many = () => Promise.all(Array.from({ length: 8 }, () => inst.raw('GET', '/personal_access_tokens/self', { headers: auth })));
      for (const res of await many()) expect(res.status).toBe(200);
      sqlInOtherProcess(join(inst.stateDir, 'state', STATE_DB), 'UPDATE personal_access_tokens SET revoked = 1');
      for (const res of await many()) expect(res.status).toBe(401);
    } finally {
      await inst.close();
    }
  });
});
