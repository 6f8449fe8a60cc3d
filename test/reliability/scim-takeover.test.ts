// A hostile group Owner against everyone else's accounts: any signed-in user may create a
// top-level group, configure its SAML and generate its SCIM token, then post someone else's
// email (the administrator's) to its SCIM API. The account must stay untouched and out of the
// group's reach; a state written by earlier versions, where such posts claimed the account, is
// repaired when it is opened. SCIM refuses a caller from its headers, before reading the body.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { enableSaml, FINGERPRINT, scimUserBody, setOffering } from '../factories/governance.js';
import { createGroup } from '../factories/groups.js';
import { openDatabase } from '../../src/core/db/connection.js';
import { migrate } from '../../src/core/db/migrate.js';

describe('SCIM account takeover over HTTP (serve)', () => {
  let inst: Instance;
  let mallory: TestUser;
  const call = async (method: string, path: string, token: string | undefined, body?: unknown, header = 'private-token') => {
    const headers: Record<string, string> = {};
    if (token) headers[header] = header === 'authorization' ? `Bearer ${token}` : token;
    if (body !== undefined) headers['content-type'] = path.startsWith('/api/scim') ? 'application/scim+json' : 'application/json';
    const res = await fetch(`${inst.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  beforeAll(async () => {
    inst = await startInstance('http');
    mallory = await createUser(inst);
  });
  afterAll(() => inst.close());

  it('plain user → group → SAML → SCIM token → POST the administrator\'s email: 409, nothing linked, nothing revealed, 2FA kept', async () => {
    const adminId = (await inst.admin.get<{ id: number }>('/user')).data.id;
    await inst.admin.put(`/hostctl/users/${adminId}/two_factor`, { enabled: true });
    const db = inst.core.db;
    const adminRow = () => db.prepare('SELECT * FROM users WHERE id = ?').get(adminId);
    const adminBefore = adminRow();
    const adminEmail = (adminBefore as { email: string }).email;

    const group = await call('POST', '/api/v4/groups', mallory.token, { name: 'evil-corp', path: 'evil-corp' });
    expect(group.status).toBe(201);
    const gid = group.json?.id as number;
    expect((await call('PUT', `/api/v4/hostctl/groups/${gid}/saml_provider`, mallory.token, { sso_url: 'https://idp.evil.example/sso', certificate_fingerprint: FINGERPRINT })).status).toBe(201);
    const minted = await call('POST', `/api/v4/hostctl/groups/${gid}/scim_token`, mallory.token);
    expect(minted.status).toBe(201);
    const scimToken = minted.json?.token as string;
    setOffering(inst, 'hosted');

    for (const email of [adminEmail, adminEmail.toUpperCase(), ` ${adminEmail} `]) {
      const res = await call(
        'POST',
        '/api/scim/v2/groups/evil-corp/Users',
        scimToken,
        { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], externalId: 'admin-grab', userName: 'root', active: true, emails: [{ primary: true, type: 'work', value: email }], name: { givenName: 'A', familyName: 'B' } },
        'authorization',
      );
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], scimType: 'uniqueness', detail: 'Error saving user: Email has already been taken', status: 409 });
      expect(JSON.stringify(res.json)).not.toContain(adminEmail);
    }
    expect(adminRow()).toEqual(adminBefore);
    expect(db.prepare('SELECT COUNT(*) AS n FROM scim_identities WHERE user_id = ?').get(adminId)).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM identities WHERE user_id = ?').get(adminId)).toEqual({ n: 0 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM members WHERE source_type = 'namespace' AND source_id = ? AND user_id = ?").get(gid, adminId)).toEqual({ n: 0 });

    const listed = await call('GET', `/api/v4/groups/${gid}/enterprise_users`, mallory.token);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([]);
    expect((await call('GET', `/api/v4/groups/${gid}/enterprise_users/${adminId}`, mallory.token)).status).toBe(404);
    const mfa = await call('PATCH', `/api/v4/groups/${gid}/enterprise_users/${adminId}/disable_two_factor`, mallory.token);
    expect(mfa.status).toBe(404);
    expect(mfa.json).toEqual({ message: '404 Not found' });
    expect((adminRow() as { two_factor_enabled: number }).two_factor_enabled).toBe(1);
    const scimList = await call('GET', `/api/scim/v2/groups/evil-corp/Users?filter=${encodeURIComponent('userName eq "root"')}`, scimToken, undefined, 'authorization');
    expect(scimList.json?.totalResults).toBe(0);
    expect((await call('GET', '/api/scim/v2/groups/evil-corp/Users/admin-grab', scimToken, undefined, 'authorization')).status).toBe(404);
    setOffering(inst, 'all');
  });
});

describe('a state where an earlier version let SCIM claim existing accounts', () => {
  it('is repaired when opened: the claims are undone, the group\'s own accounts kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-scim-mig-'));
    try {
      const db = openDatabase(join(dir, 'state.db'));
      migrate(db, 27);
      const user = db.prepare(
        "INSERT INTO users (id, username, username_lower, email, email_lower, name, password_digest, is_admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'N', 'x', ?, ?, ?)",
      );
      user.run(1, 'root', 'root', 'root@x', 'root@x', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      user.run(2, 'victim', 'victim', 'v@x', 'v@x', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      user.run(3, 'own', 'own', 'own@x', 'own@x', 0, '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
      db.prepare(
        "INSERT INTO namespaces (id, kind, name, path, full_path, full_path_lower, full_name, visibility, created_at, updated_at) VALUES (10, 'group', 'evil', 'evil', 'evil', 'evil', 'evil', 'public', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      ).run();
      db.prepare("INSERT INTO saml_providers (id, group_id, sso_url, certificate_fingerprint, created_at, updated_at) VALUES (7, 10, 'https://i', 'f', '2026-01-01', '2026-01-01')").run();
      // What the earlier provisioning left: the administrator and a victim claimed a month after
      // they signed up, and an account the group created itself (same second).
      for (const [id, at] of [[1, '2026-02-01T00:00:00.000Z'], [2, '2026-02-01T00:00:00.000Z'], [3, '2026-02-01T00:00:00.001Z']] as const) {
        db.prepare('INSERT INTO scim_identities (group_id, user_id, extern_uid, active, created_at, updated_at) VALUES (10, ?, ?, 1, ?, ?)').run(id, `uid-${id}`, at, at);
        db.prepare("INSERT INTO identities (user_id, provider, extern_uid, saml_provider_id, created_at) VALUES (?, 'group_saml', ?, 7, ?)").run(id, `uid-${id}`, at);
        db.prepare('UPDATE users SET enterprise_group_id = 10, enterprise_group_associated_at = ?, two_factor_enabled = 1 WHERE id = ?').run(at, id);
      }

      migrate(db);

      const rows = (sql: string) => db.prepare(sql).all();
      expect(rows('SELECT user_id FROM scim_identities ORDER BY user_id')).toEqual([{ user_id: 3 }]);
      expect(rows('SELECT user_id FROM identities ORDER BY user_id')).toEqual([{ user_id: 3 }]);
      expect(rows('SELECT id, enterprise_group_id FROM users ORDER BY id')).toEqual([
        { id: 1, enterprise_group_id: null },
        { id: 2, enterprise_group_id: null },
        { id: 3, enterprise_group_id: 10 },
      ]);
      expect(rows('SELECT group_id, n FROM scim_identity_counts')).toEqual([{ group_id: 10, n: 1 }]);
      expect(rows('SELECT SUM(n) AS n FROM enterprise_user_counts WHERE group_id = 10')).toEqual([{ n: 1 }]);
      // Becoming an administrator takes an account out of the group's reach.
      db.prepare('UPDATE users SET is_admin = 1 WHERE id = 3').run();
      expect(rows('SELECT enterprise_group_id FROM users WHERE id = 3')).toEqual([{ enterprise_group_id: null }]);
      expect(rows('SELECT COUNT(*) AS n FROM scim_identities')).toEqual([{ n: 0 }]);
      expect(rows('SELECT SUM(n) AS n FROM enterprise_user_counts WHERE group_id = 10')).toEqual([{ n: 0 }]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SCIM checks the group token before reading any of the body', () => {
  let inst: Instance;
  let token: string;
  let path: string;
  beforeAll(async () => {
    inst = await startInstance('http');
    const group = await createGroup(inst);
    token = await enableSaml(inst, group.id);
    path = `/scim/v2/groups/${group.path}/Users`;
    setOffering(inst, 'hosted');
  });
  afterAll(() => inst.close());

  /** Sends the head of a request announcing `length` body bytes and only `sent` of them; resolves with the first answer bytes. */
  const partial = (headers: Record<string, string>, sent: number) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(inst.url as string);
      const socket = connect(Number(url.port), url.hostname, () => {
        const head = Object.entries({ host: url.host, 'content-type': 'application/scim+json', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
        socket.write(`POST /api${path} HTTP/1.1\r\n${head}\r\n`);
        const bytes = Buffer.alloc(sent, 0x20);
        // A chunked body gets its first chunk (of a body that never ends).
        socket.write(headers['transfer-encoding'] ? Buffer.concat([Buffer.from(`${sent.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes);
      });
      let got = '';
      socket.on('data', (chunk: Buffer) => {
        got += chunk.toString('latin1');
        if (got.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(got);
        }
      });
      socket.on('error', reject);
    });

  it('an anonymous or wrong-token body (announced 7.5 MB, or chunked) is answered 401 while most of it was never sent', async () => {
    const announced = String(7.5 * 1024 * 1024);
    const cases: Record<string, string>[] = [{ 'content-length': announced }, { 'content-length': announced, authorization: 'Bearer wrong' }, { 'transfer-encoding': 'chunked' }];
    for (const headers of cases) {
      const answer = await partial(headers, 1024);
      expect(answer, JSON.stringify(headers)).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toMatch(/connection: close/i);
    }
  });

  it('in the core: the body of a refused caller is never read; an authorised one is', async () => {
    let reads = 0;
    const body = JSON.stringify(scimUserBody());
    const source = { declaredLength: body.length, read: async () => (reads++, new TextEncoder().encode(body)) };
    const ask = (authorization?: string) =>
      inst.core.handle({ method: 'POST', path, query: '', headers: { 'content-type': 'application/scim+json', ...(authorization ? { authorization } : {}) }, body: source, api: 'scim' });
    expect((await ask()).status).toBe(401);
    expect((await ask('Bearer wrong')).status).toBe(401);
    expect(reads).toBe(0);
    expect((await ask(`Bearer ${token}`)).status).toBe(201);
    expect(reads).toBe(1);
  });
});
