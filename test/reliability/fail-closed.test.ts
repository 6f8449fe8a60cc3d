// Failing closed: a state database removed or replaced under a running server answers 503 and
// acknowledges nothing; disk failures answer 5xx, never a caller's 400; paths that alias `.git`
// on some filesystem are refused; the state is private to its owner; non-administrators find
// users by public email only.
import { chmodSync, existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { execa } from 'execa';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { initState } from '../../src/core/init.js';
import { STATE_DB, stateModeWarnings } from '../../src/core/app.js';
import { classify } from '../../src/core/http/failures.js';
import { GitCommandError } from '../../src/core/git/exec.js';
import { checkFilePath, isDotGitAlias } from '../../src/core/git/names.js';

describe('a state database removed or replaced while serving', () => {
  it('answers 503 to reads and writes, and acknowledges no write', async () => {
    const inst = await startInstance('http');
    try {
      const auth = { 'private-token': inst.rootToken };
      expect((await inst.raw('GET', '/user', { headers: auth })).status).toBe(200);
      const db = join(inst.stateDir, 'state', STATE_DB);
      renameSync(db, `${db}.moved`);
      writeFileSync(db, '');
      const read = await inst.raw('GET', '/user', { headers: auth });
      expect(read.status).toBe(503);
      expect(read.json).toEqual({ message: '503 Service Unavailable' });
      const write = await inst.raw('POST', '/projects', { headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"after-swap"}' });
      expect(write.status).toBe(503);
      rmSync(db);
      expect((await inst.raw('GET', '/projects', { headers: auth })).status).toBe(503);
    } finally {
      await inst.close();
    }
  });
});

describe('storage failures', () => {
  it('are the server’s fault: 5xx with the platform message, never 400', () => {
    for (const code of ['EROFS', 'EACCES', 'ENOSPC', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE']) {
      const error = Object.assign(new Error(code), { code });
      expect(classify(error)?.status, code).toBe(500);
      expect(classify(error)?.body).toEqual({ message: '500 Internal Server Error' });
    }
    const gitFull = new GitCommandError(['update-ref'], 128, 'fatal: cannot lock ref: Unable to create lock: No space left on device');
    expect(classify(gitFull)?.status).toBe(500);
    expect(classify(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))?.status).toBe(503);
  });

  it('a project whose storage cannot be written answers 500 and leaves no project behind', async () => {
    const inst = await startInstance('http');
    try {
      // The storage directory is a file: nothing can be created in it, whoever runs the test.
      const storage = join(inst.stateDir, 'state', 'storages', 'default');
      rmSync(storage, { recursive: true, force: true });
      writeFileSync(storage, 'not a directory');
      const auth = { 'private-token': inst.rootToken, 'content-type': 'application/json' };
      const res = await inst.raw('POST', '/projects', { headers: auth, body: '{"name":"nowhere","initialize_with_readme":true}' });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ message: '500 Internal Server Error' });
      const list = await inst.raw('GET', '/projects', { headers: auth });
      expect(list.json).toEqual([]);
    } finally {
      await inst.close();
    }
  });
});

describe('paths that alias .git', () => {
  const ALIASES = ['.git', '.GIT', '.Git', '.git.', '.git ', '.git. . ', 'git~1', 'GIT~1', '.g\u200cit', '\ufeff.git', '.gi\u200dt', '.git::$INDEX_ALLOCATION', 'a\\.git'];
  it('are refused by the path check', () => {
    for (const a of ALIASES) {
      expect(isDotGitAlias(a), JSON.stringify(a)).toBe(true);
      expect(checkFilePath(`${a}/config`), JSON.stringify(a)).toBe('invalid');
    }
    for (const ok of ['.gitignore', '.github', 'git', 'git~2', '.gitx', 'a.git']) expect(checkFilePath(`${ok}/x`), ok).toBeNull();
  });

  it('answer 400 when committed', async () => {
    const inst = await startInstance('http');
    try {
      const project = await inst.admin.post<{ id: number }>('/projects', { name: 'alias', initialize_with_readme: true });
      for (const a of ALIASES) {
        const res = await inst.raw('POST', `/projects/${project.data.id}/repository/commits`, {
          headers: { 'private-token': inst.rootToken, 'content-type': 'application/json' },
          body: JSON.stringify({ branch: 'main', commit_message: 'x', actions: [{ action: 'create', file_path: `${a}/hooks/post-checkout`, content: 'x' }] }),
        });
        expect(res.status, JSON.stringify(a)).toBe(400);
      }
    } finally {
      await inst.close();
    }
  });
});

describe('the state is private', () => {
  it('init creates the directory 0700 and the database 0600; wider modes are warned about', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-modes-'));
    try {
      const state = join(dir, 'state');
      const { core } = initState({ stateDir: state });
      core.close();
      expect(statSync(state).mode & 0o777).toBe(0o700);
      expect(statSync(join(state, STATE_DB)).mode & 0o777).toBe(0o600);
      expect(stateModeWarnings(state)).toEqual([]);
      chmodSync(state, 0o755);
      chmodSync(join(state, STATE_DB), 0o644);
      expect(stateModeWarnings(state)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Permissions do not stop the superuser: as root the listing runs as `nobody` (setpriv).
  const root = process.getuid?.() === 0;
  const canDrop = !root || existsSync('/usr/bin/setpriv');
  it.skipIf(!canDrop)('a read-only copy of a state can still be listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-ro-'));
    try {
      const state = join(dir, 'state');
      const { core, rootToken } = initState({ stateDir: state });
      await core.handle({ method: 'POST', path: '/projects', headers: { 'private-token': rootToken, 'content-type': 'application/json' }, body: '{"name":"ro"}' });
      core.close();
      chmodSync(dir, 0o755);
      if (root) execFileSync('chown', ['-R', '65534:65534', state]);
      chmodSync(join(state, STATE_DB), 0o400);
      chmodSync(state, 0o500);
      const env = { ...cleanEnv(), HOME: dir, HOSTCTL_CONFIG_DIR: join(dir, 'config'), HOSTCTL_TOKEN: rootToken };
      const args = [BIN, '--state', state, 'projects', 'list', '-o', 'json'];
      const res = root
        ? await execa('/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...args], { env, extendEnv: false, reject: false })
        : await execa(process.execPath, args, { env, extendEnv: false, reject: false });
      chmodSync(state, 0o700);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect((JSON.parse(String(res.stdout)) as { name: string }[]).map((p) => p.name)).toEqual(['ro']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('user search by email', () => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    inst = await startInstance('http');
    alice = await createUser(inst);
    bob = await createUser(inst);
    await inst.admin.put(`/users/${bob.user.id}`, { public_email: bob.user.email });
  });
  afterAll(() => inst.close());

  it('matches private emails for administrators only, public ones for everyone', async () => {
    const ids = async (client: typeof inst.admin, search: string): Promise<number[]> =>
      (await client.get<{ id: number }[]>('/users', { search })).data.map((u) => u.id);
    expect(await ids(inst.admin, alice.user.email)).toEqual([alice.user.id]);
    expect(await ids(bob.client, alice.user.email)).toEqual([]);
    expect(await ids(alice.client, bob.user.email)).toEqual([bob.user.id]);
  });
});
