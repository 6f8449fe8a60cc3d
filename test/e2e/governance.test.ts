// Governance verbs run as a process against the demo state: protected environments of groups
// and projects, SAML settings, identities and links, the SCIM token (then used by an identity
// provider against `hostctl serve`), enterprise users and two-factor state; confirmations,
// usage errors and exit codes; the extensions against an instance that lacks them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;

describe('hostctl governance verbs', () => {
  let box: CliSandbox;
  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  }, 120_000);
  afterAll(() => box.cleanup());

  it('protected-envs list and get read like the specs people type', async () => {
    const table = await box.run(['protected-envs', 'list', '--group', 'acme']);
    expect(table.exitCode, String(table.stderr)).toBe(0);
    expect(String(table.stdout)).toContain('production\tmaintainer, group:acme/platform+inherited\tdeveloper*2');
    const envs = await json<Obj[]>(['protected-envs', 'list', '--group', 'acme']);
    expect(envs.map((e) => e.name)).toEqual(['production', 'staging']);
    const prod = await json<Obj>(['protected-envs', 'get', 'production', '--group', 'acme']);
    expect(prod.approval_rules).toEqual([expect.objectContaining({ access_level: 30, required_approvals: 2 })]);
    expect((await json<Obj[]>(['protected-envs', 'list', '-R', 'acme/web/storefront'])).map((e) => e.name)).toEqual(['review-apps']);
  });

  it('protect, update and unprotect with --deploy and --approval specs', async () => {
    const env = await json<Obj>(['protected-envs', 'protect', 'testing', '--group', 'acme', '--deploy', 'developer', '--deploy', 'user:root', '--deploy', 'group:acme/web+inherited', '--approval', 'maintainer*1']);
    expect((env.deploy_access_levels as Obj[]).map((d) => [d.access_level, d.user_id !== null, d.group_inheritance_type])).toEqual([
      [30, false, 0],
      [null, true, 0],
      [null, false, 1],
    ]);
    const updated = await json<Obj>(['protected-envs', 'update', 'testing', '--group', 'acme', '--remove-deploy', 'developer', '--deploy', 'admin', '--remove-approval', 'maintainer', '--approval', 'group:acme/platform*2']);
    expect((updated.deploy_access_levels as Obj[]).map((d) => d.access_level)).toEqual([null, null, 60]);
    expect(updated.approval_rules).toEqual([expect.objectContaining({ required_approvals: 2, access_level: null })]);
    const counted = await json<Obj>(['protected-envs', 'update', 'testing', '--group', 'acme', '--required-approvals', '3']);
    expect(counted.required_approval_count).toBe(3);
    expect((updated.deploy_access_levels as Obj[]).map((d) => d.access_level)).toEqual((counted.deploy_access_levels as Obj[]).map((d) => d.access_level));
    const badCount = await box.run(['protected-envs', 'update', 'testing', '--group', 'acme', '--required-approvals', '9']);
    expect(badCount.exitCode).toBe(2);
    expect(String(badCount.stderr)).toContain('--required-approvals must be a whole number from 0 to 5, got "9"');
    const dup = await box.run(['protected-envs', 'protect', 'testing', '--group', 'acme', '--deploy', 'maintainer']);
    expect(dup.exitCode).toBe(5);
    expect(String(dup.stderr)).toContain("Protected environment 'testing' already exists");
    const bad = await box.run(['protected-envs', 'protect', 'other', '--group', 'acme', '--deploy', 'owner']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--deploy must be maintainer, developer, admin, user:NAME or group:PATH');
    expect((await box.run(['protected-envs', 'list'])).exitCode).toBe(2);
    const noMatch = await box.run(['protected-envs', 'update', 'testing', '--group', 'acme', '--remove-deploy', 'developer']);
    expect(noMatch.exitCode).toBe(2);
    const refused = await box.run(['protected-envs', 'unprotect', 'testing', '--group', 'acme']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    const gone = await box.run(['protected-envs', 'unprotect', 'testing', '--group', 'acme', '--yes']);
    expect(gone.exitCode, String(gone.stderr)).toBe(0);
    expect(String(gone.stderr)).toContain('unprotected testing of group acme');
    expect((await box.run(['protected-envs', 'get', 'testing', '--group', 'acme'])).exitCode).toBe(3);
    await json(['protected-envs', 'protect', 'canary', '-R', 'acme/web/storefront', '--deploy', 'maintainer']);
    expect((await box.run(['protected-envs', 'unprotect', 'canary', '-R', 'acme/web/storefront', '-y'])).exitCode).toBe(0);
  });

  it('saml configure and show', async () => {
    expect(await json<Obj>(['saml', 'get', 'acme'])).toMatchObject({ enabled: true, default_membership_role: 20 });
    // The table names the group and the role rather than their numbers.
    const table = String((await box.run(['saml', 'get', 'acme'])).stdout);
    expect(table).toMatch(/^group\tacme$/m);
    expect(table).toMatch(/^default role\treporter$/m);
    const changed = await json<Obj>(['saml', 'configure', 'acme', '--enforced-sso', '--default-role', 'developer']);
    expect(changed).toMatchObject({ enforced_sso: true, default_membership_role: 30 });
    const off = await json<Obj>(['saml', 'configure', 'acme', '--disabled']);
    expect(off.enabled).toBe(false);
    await json(['saml', 'configure', 'acme', '--enabled', '--no-enforced-sso']);
    expect((await box.run(['saml', 'configure', 'acme'])).exitCode).toBe(2);
    expect((await box.run(['saml', 'configure', 'acme', '--default-role', 'owner'])).exitCode).toBe(2);
    const fresh = await box.run(['saml', 'get', 'oss']);
    expect(fresh.exitCode).toBe(3);
  });

  it('saml identities list, get, update and delete (SAML and --scim)', async () => {
    const saml = await json<Obj[]>(['saml', 'identities', 'list', 'acme']);
    expect(saml.map((i) => i.extern_uid)).toEqual(['okta-00u1priya', 'okta-00u2tom', 'okta-00u3mei', 'okta-00u4olu']);
    const rows = String((await box.run(['saml', 'identities', 'list', 'acme'])).stdout).trim().split('\n');
    expect(rows).toHaveLength(4);
    // Users by username: a column of numbers would send the reader to look each one up.
    for (const row of rows) expect(row.split('\t')[1]).toMatch(/^[a-z][a-z0-9._-]*$/);
    const scimIds = await json<Obj[]>(['saml', 'identities', 'list', 'acme', '--scim']);
    expect(scimIds.find((i) => i.extern_uid === 'okta-00u4olu')?.active).toBe(false);
    expect(await json<Obj>(['saml', 'identities', 'get', 'acme', 'okta-00u3mei'])).toMatchObject({ extern_uid: 'okta-00u3mei' });
    expect(await json<Obj>(['saml', 'identities', 'update', 'acme', 'okta-00u3mei', '--extern-uid', 'okta-00u3mei-b'])).toMatchObject({ extern_uid: 'okta-00u3mei-b' });
    expect((await box.run(['saml', 'identities', 'update', 'acme', 'okta-00u3mei-b'])).exitCode).toBe(2);
    expect((await box.run(['saml', 'identities', 'delete', 'acme', 'okta-00u3mei-b'])).exitCode).toBe(2);
    expect((await box.run(['saml', 'identities', 'delete', 'acme', 'okta-00u3mei-b', '--yes'])).exitCode).toBe(0);
    const missing = await box.run(['saml', 'identities', 'get', 'acme', 'okta-00u3mei-b']);
    expect(missing.exitCode).toBe(3);
    expect(String(missing.stderr)).toContain('404 Identity Not Found');
    expect((await box.run(['saml', 'identities', 'delete', 'acme', 'okta-00u4olu', '--scim', '--yes'])).exitCode).toBe(0);
    expect((await json<Obj[]>(['saml', 'identities', 'list', 'acme', '--scim'])).map((i) => i.extern_uid)).not.toContain('okta-00u4olu');
  });

  it('saml links list, get, create and delete', async () => {
    const links = await json<Obj[]>(['saml', 'links', 'list', 'acme']);
    expect(links.map((l) => l.name)).toEqual(['acme-engineering', 'acme-security', 'acme-admins']);
    const created = await json<Obj>(['saml', 'links', 'create', 'acme', 'acme-admins', '--access-level', 'owner', '--provider', 'azure']);
    expect(created).toEqual({ name: 'acme-admins', access_level: 50, member_role_id: null, provider: 'azure' });
    const ambiguous = await box.run(['saml', 'links', 'get', 'acme', 'acme-admins']);
    expect(ambiguous.exitCode).toBe(5);
    expect(String(ambiguous.stderr)).toContain('specify a provider parameter');
    expect(await json<Obj>(['saml', 'links', 'get', 'acme', 'acme-admins', '--provider', 'okta'])).toMatchObject({ access_level: 40 });
    expect((await box.run(['saml', 'links', 'create', 'acme', 'x', '--access-level', 'boss'])).exitCode).toBe(2);
    expect((await box.run(['saml', 'links', 'delete', 'acme', 'acme-admins', '--provider', 'azure', '--yes'])).exitCode).toBe(0);
    const table = await box.run(['saml', 'links', 'list', 'acme']);
    expect(String(table.stdout)).toContain('acme-admins\tmaintainer\t\tokta');
  });

  it('enterprise-users list with filters, get, and disable-2fa with a confirmation', async () => {
    const all = await json<Obj[]>(['enterprise-users', 'list', 'acme']);
    expect(all.map((u) => u.username)).toEqual(['olu.adeyemi', 'mei.lin', 'tom.becker', 'priya.shah']);
    expect((await json<Obj[]>(['enterprise-users', 'list', 'acme', '--two-factor', 'enabled'])).map((u) => u.username)).toEqual(['tom.becker', 'priya.shah']);
    expect((await json<Obj[]>(['enterprise-users', 'list', 'acme', '--search', 'becker'])).map((u) => u.username)).toEqual(['tom.becker']);
    expect((await json<Obj[]>(['enterprise-users', 'list', 'acme', '--created-before', '2000-01-01'])).length).toBe(0);
    expect((await box.run(['enterprise-users', 'list', 'acme', '--two-factor', 'maybe'])).exitCode).toBe(2);
    const tom = all.find((u) => u.username === 'tom.becker') as Obj;
    const one = await json<Obj>(['enterprise-users', 'get', 'acme', String(tom.id)]);
    expect(one.scim_identities).toEqual([{ extern_uid: 'okta-00u2tom', group_id: expect.any(Number), active: true }]);
    expect((await box.run(['enterprise-users', 'disable-2fa', 'acme', String(tom.id)])).exitCode).toBe(2);
    const done = await box.run(['enterprise-users', 'disable-2fa', 'acme', String(tom.id), '--yes']);
    expect(done.exitCode, String(done.stderr)).toBe(0);
    expect(String(done.stderr)).toContain('two-factor authentication disabled for tom.becker');
    const again = await box.run(['enterprise-users', 'disable-2fa', 'acme', String(tom.id), '--yes']);
    // A repeat of a change already in effect exits 0 and says "already", like a second revoke or block.
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(String(again.stderr)).toContain('two-factor authentication of tom.becker is already off; nothing to do');
    expect((await json<Obj>(['enterprise-users', 'get', 'acme', 'priya.shah'])).name).toBe('Priya Shah');
    expect((await box.run(['enterprise-users', 'get', 'acme', 'alice'])).exitCode).toBe(3);
  });

  it('users update --two-factor sets the state that admins see', async () => {
    const on = await json<Obj>(['users', 'update', 'alice', '--two-factor', 'enabled']);
    expect(on.two_factor_enabled).toBe(true);
    expect((await json<Obj>(['users', 'get', 'alice'])).two_factor_enabled).toBe(true);
    const both = await json<Obj>(['users', 'update', 'alice', '--two-factor', 'disabled', '--job-title', 'Auditor']);
    expect(both).toMatchObject({ two_factor_enabled: false, job_title: 'Auditor' });
    expect((await box.run(['users', 'update', 'alice', '--two-factor', 'on'])).exitCode).toBe(2);
  });

  it('scim token prints the token once; an identity provider then provisions through hostctl serve', async () => {
    const refused = await box.run(['scim', 'token', 'acme']);
    expect(refused.exitCode).toBe(2);
    const res = await box.run(['scim', 'token', 'acme', '--yes']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const token = String(res.stdout).trim();
    expect(token).toMatch(/^glsoat-/);
    expect(String(res.stderr)).toMatch(/SCIM API URL: \S+\/api\/scim\/v2\/groups\/acme/);
    const serve = await startServe(box);
    try {
      const post = await fetch(`${serve.url}/api/scim/v2/groups/acme/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], externalId: 'okta-00u9kim', userName: 'kim.lee@acme.example', name: { givenName: 'Kim', familyName: 'Lee' }, emails: [{ primary: true, value: 'kim.lee@acme.example' }], active: true }),
      });
      expect(post.status).toBe(201);
      expect(post.headers.get('content-type')).toContain('application/scim+json');
      const found = await fetch(`${serve.url}/api/scim/v2/groups/acme/Users?filter=${encodeURIComponent('userName eq "kim.lee@acme.example"')}`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await found.json()) as { totalResults: number }).totalResults).toBe(1);
      const denied = await fetch(`${serve.url}/api/scim/v2/groups/acme/Users`, { headers: { authorization: 'Bearer nope' } });
      expect(denied.status).toBe(401);
      expect(await denied.json()).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], detail: 'Unauthorized', status: 401 });
    } finally {
      serve.proc.kill();
      await serve.proc;
    }
    expect((await json<Obj[]>(['enterprise-users', 'list', 'acme', '--username', 'kim.lee'])).length).toBe(1);
  });
});

describe('hostctl extensions against an instance without them', () => {
  let server: Server;
  let url: string;
  let box: CliSandbox;

  beforeAll(async () => {
    // Answers every request as the platform answers a route it does not have.
    server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"404 Not Found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    box = cliSandbox();
  });
  afterAll(async () => {
    box.cleanup();
    await new Promise((resolve) => server.close(resolve));
  });

  it('says the command needs a hostctl instance', async () => {
    const env = { HOSTCTL_URL: url, HOSTCTL_TOKEN: 'glpat-remote-token' };
    for (const args of [['saml', 'get', 'acme'], ['saml', 'configure', 'acme', '--enforced-sso'], ['scim', 'token', 'acme', '--yes'], ['users', 'update', '5', '--two-factor', 'enabled']]) {
      const res = await box.run(args, { env });
      expect(res.exitCode, args.join(' ')).toBe(3);
      expect(String(res.stderr)).toContain('is a hostctl extension; this command needs a hostctl instance');
    }
  });
});
