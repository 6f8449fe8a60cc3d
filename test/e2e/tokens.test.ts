// hostctl tokens create/list/get/rotate/revoke/associations, run as a process against a local
// state: every output format, the secret-only stdout, usernames for --user, the refusals
// without a terminal, and rotation of the very token the context uses.
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

interface Token {
  id: number;
  name: string;
  user_id: number;
  scopes: string[];
  expires_at: string | null;
  active: boolean;
  revoked: boolean;
  description: string | null;
  token?: string;
}

const SECRET_LINE = /^hpat-[A-Za-z0-9_-]+\n$/;

describe('hostctl tokens', () => {
  let box: CliSandbox;
  let rootToken: string;
  let aliceId: number;

  const json = <T>(args: string[], env?: Record<string, string>): Promise<T> => box.json<T>(args, env);
  const configFile = () => join(box.configDir, 'config.json');
  const contextToken = () => (JSON.parse(readFileSync(configFile(), 'utf8')) as { contexts: Record<string, { token: string }> }).contexts.local?.token;

  beforeAll(async () => {
    box = cliSandbox();
    rootToken = await box.init();
    const alice = await json<{ id: number }>(['users', 'create', '--username', 'alice', '--name', 'Alice Moreau', '--email', 'alice@example.com']);
    aliceId = alice.id;
  });

  afterAll(() => box.cleanup());

  it('create in table form prints only the secret on stdout, the facts on stderr', async () => {
    const res = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'laptop', '--scope', 'api', '--description', 'daily work']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stdout) + '\n').toMatch(SECRET_LINE);
    expect(String(res.stderr)).toMatch(/created token \d+ "laptop" for user alice/);
    expect(String(res.stderr)).toContain('shown only once');
    const self = await json<Token>(['tokens', 'get', 'self'], { HOSTCTL_TOKEN: String(res.stdout).trim() });
    expect(self).toMatchObject({ name: 'laptop', user_id: aliceId, scopes: ['api'], description: 'daily work' });
  });

  it('create -o json and -o yaml print the API object with the secret', async () => {
    const viaJson = await json<Token>(['tokens', 'create', '--user', String(aliceId), '--name', 'ci', '--scope', 'read_api', '--scope', 'read_repository', '--expires-at', '2026-06-30']);
    expect(viaJson).toMatchObject({ name: 'ci', user_id: aliceId, scopes: ['read_api', 'read_repository'], expires_at: '2026-06-30', active: true, revoked: false });
    expect(viaJson.token).toMatch(/^hpat-/);
    const res = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'yaml', '--scope', 'read_api,read_user', '-o', 'yaml']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const viaYaml = parseYaml(String(res.stdout)) as Token;
    expect(viaYaml).toMatchObject({ name: 'yaml', scopes: ['read_api', 'read_user'] });
    expect(viaYaml.token).toMatch(/^hpat-/);
  });

  it('create refuses missing flags (2), unknown users (3) and bad dates (2) before any change', async () => {
    const noScope = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'x']);
    expect(noScope.exitCode).toBe(2);
    expect(String(noScope.stderr)).toContain('--scope');
    const nobody = await box.run(['tokens', 'create', '--user', 'nobody', '--name', 'x', '--scope', 'api']);
    expect(nobody.exitCode).toBe(3);
    expect(String(nobody.stderr)).toContain('nobody');
    const badDate = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'x', '--scope', 'api', '--expires-at', '2026-02-30']);
    expect(badDate.exitCode).toBe(2);
    expect(String(badDate.stderr)).toContain('--expires-at');
    // Past the instance's maximum lifetime, or not after today: refused before anything is sent
    // (as `tokens rotate --expires-at`), naming the flag and the latest date allowed.
    const before = (await json<Token[]>(['tokens', 'list', '--user', 'alice', '--all'])).length;
    const tooLate = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'x', '--scope', 'api', '--expires-at', '2030-01-01']);
    expect([tooLate.exitCode, tooLate.stderr]).toEqual([2, expect.stringMatching(/^error: --expires-at 2030-01-01: must be on or before \d{4}-\d{2}-\d{2} \(tokens live at most 400 days\)$/m)]);
    const past = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'x', '--scope', 'api', '--expires-at', '2020-01-01', '--dry-run']);
    expect([past.exitCode, past.stdout, past.stderr]).toEqual([2, '', expect.stringMatching(/^error: --expires-at 2020-01-01: must be after today/m)]);
    expect((await json<Token[]>(['tokens', 'list', '--user', 'alice', '--all'])).length).toBe(before);
    const badScope = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'x', '--scope', 'everything', '-o', 'json']);
    // Checked before any request: a usage error naming --scope and the scopes there are.
    expect(badScope.exitCode).toBe(2);
    expect(JSON.parse(String(badScope.stderr))).toMatchObject({ error: { code: 2, message: expect.stringContaining('--scope must be one of api, read_api') } });
  });

  it('list and get in every output format, --user by username', async () => {
    const listed = await json<Token[]>(['tokens', 'list', '--user', 'alice']);
    expect(listed.map((t) => t.name).sort()).toEqual(['ci', 'laptop', 'yaml']);
    expect(listed.every((t) => t.user_id === aliceId && t.token === undefined)).toBe(true);

    const yaml = await box.run(['tokens', 'list', '--user', 'alice', '--search', 'lap', '-o', 'yaml']);
    expect((parseYaml(String(yaml.stdout)) as Token[]).map((t) => t.name)).toEqual(['laptop']);

    // Piped table: tab-separated rows, no header, ISO times.
    const table = await box.run(['tokens', 'list', '--user', 'alice', '--sort', 'name_asc']);
    const rows = String(table.stdout).trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => r[1])).toEqual(['ci', 'laptop', 'yaml']);
    expect(rows[0]?.[3]).toBe('read_api,read_repository');

    const fields = await json<Record<string, unknown>[]>(['tokens', 'list', '--user', 'alice', '--fields', 'name,expires_at', '--sort', 'name_asc', '--limit', '1']);
    expect(fields).toEqual([{ name: 'ci', expires_at: '2026-06-30' }]);

    const one = listed.find((t) => t.name === 'ci') as Token;
    expect(await json<Token>(['tokens', 'get', String(one.id)])).toMatchObject({ id: one.id, name: 'ci' });
    const got = await box.run(['tokens', 'get', String(one.id), '-o', 'yaml']);
    expect(parseYaml(String(got.stdout))).toMatchObject({ id: one.id, scopes: ['read_api', 'read_repository'] });
    const tableGet = await box.run(['tokens', 'get', String(one.id)]);
    expect(String(tableGet.stdout)).toMatch(/^name\tci$/m);

    const missing = await box.run(['tokens', 'get', '987654']);
    expect(missing.exitCode).toBe(3);
  });

  it('rotate by id: the old secret stops working, the new one works', async () => {
    const made = await json<Token>(['tokens', 'create', '--user', 'alice', '--name', 'deploy', '--scope', 'api']);
    const rotated = await json<Token>(['tokens', 'rotate', String(made.id), '--expires-at', '2026-03-01']);
    expect(rotated).toMatchObject({ name: 'deploy', user_id: aliceId, expires_at: '2026-03-01', active: true });
    expect(rotated.id).not.toBe(made.id);
    expect(rotated.token).toMatch(/^hpat-/);
    const old = await box.run(['tokens', 'get', 'self'], { env: { HOSTCTL_TOKEN: made.token as string } });
    expect(old.exitCode).toBe(4);
    expect(String(old.stderr)).toContain('revoked');
    expect(await json<Token>(['tokens', 'get', 'self'], { HOSTCTL_TOKEN: rotated.token as string })).toMatchObject({ id: rotated.id });

    // Table form: the new secret alone on stdout; the default expiry keeps the old lifetime.
    const again = await box.run(['tokens', 'rotate', String(rotated.id)]);
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(String(again.stdout) + '\n').toMatch(SECRET_LINE);
    expect(String(again.stderr)).toContain("the new token expires 2026-03-01: the old token's lifetime of 45 days");
    const yaml = await box.run(['tokens', 'rotate', String(rotated.id), '-o', 'yaml']);
    expect(yaml.exitCode).toBe(5);
    expect(String(yaml.stderr)).toContain('Token already revoked');
  });

  it('--debug never prints a secret: not the caller\'s, not the one created or rotated', async () => {
    const made = await box.run(['tokens', 'create', '--user', 'alice', '--name', 'traced', '--scope', 'api', '--debug']);
    expect(made.exitCode, String(made.stderr)).toBe(0);
    const secret = String(made.stdout).trim();
    expect(secret).toMatch(/^hpat-/);
    expect(String(made.stderr)).toContain('[debug] > POST /users/');
    expect(String(made.stderr)).toContain('"token":"[REDACTED]"');
    expect(String(made.stderr)).not.toContain(secret);
    expect(String(made.stderr)).not.toContain(rootToken);
    const self = await json<Token>(['tokens', 'get', 'self'], { HOSTCTL_TOKEN: secret });
    const rotated = await box.run(['tokens', 'rotate', String(self.id), '--debug', '-o', 'json']);
    expect(rotated.exitCode, String(rotated.stderr)).toBe(0);
    const fresh = (JSON.parse(String(rotated.stdout)) as Token).token as string;
    expect(fresh).toMatch(/^hpat-/);
    expect(String(rotated.stderr)).toContain('[debug] < 200');
    for (const s of [fresh, secret, rootToken]) expect(String(rotated.stderr)).not.toContain(s);
    const viaEnv = await box.run(['tokens', 'rotate', 'self', '--debug', '-o', 'json'], { env: { HOSTCTL_TOKEN: fresh } });
    expect(viaEnv.exitCode, String(viaEnv.stderr)).toBe(0);
    const newest = (JSON.parse(String(viaEnv.stdout)) as Token).token as string;
    for (const s of [fresh, newest]) expect(String(viaEnv.stderr)).not.toContain(s);
  });

  it('rotate without an argument and without a terminal is a usage error naming it', async () => {
    for (const extra of [[], ['--no-input']]) {
      const res = await box.run(['tokens', 'rotate', ...extra]);
      expect(res.exitCode).toBe(2);
      expect(String(res.stderr)).toContain('missing the ID argument');
    }
    const ci = await box.run(['tokens', 'rotate'], { env: { CI: 'true' } });
    expect(ci.exitCode).toBe(2);
    expect(String(ci.stderr)).toContain('ID argument');
    const bad = await box.run(['tokens', 'rotate', 'mine']);
    expect(bad.exitCode).toBe(2);
  });

  it('revoke needs --yes without a terminal, then revokes', async () => {
    const made = await json<Token>(['tokens', 'create', '--user', 'alice', '--name', 'doomed', '--scope', 'read_api']);
    const refused = await box.run(['tokens', 'revoke', String(made.id)]);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    expect(String(refused.stderr)).toContain('"doomed"');
    expect((await json<Token>(['tokens', 'get', String(made.id)])).active).toBe(true);

    const done = await box.run(['tokens', 'revoke', String(made.id), '--yes']);
    expect(done.exitCode, String(done.stderr)).toBe(0);
    expect(String(done.stdout)).toBe('');
    expect(String(done.stderr)).toContain(`revoked token ${made.id}`);
    expect(await json<Token>(['tokens', 'get', String(made.id)])).toMatchObject({ active: false, revoked: true });
    // Revoking it again changes nothing, and the CLI says so.
    const again = await box.run(['tokens', 'revoke', String(made.id), '--yes']);
    expect(again.exitCode).toBe(0);
    expect(String(again.stderr)).toContain(`token ${made.id} "${made.name}" is already revoked`);
    const used = await box.run(['tokens', 'get', 'self'], { env: { HOSTCTL_TOKEN: made.token as string } });
    expect(used.exitCode).toBe(4);
  });

  it('associations: groups and projects of the token in use, in each format', async () => {
    await json(['groups', 'create', '--name', 'Acme']);
    await json(['projects', 'create', '--name', 'Site', '--group', 'acme']);
    const assoc = await json<{ groups: { name: string; access_levels: number }[]; projects: { path_with_namespace: string }[] }>(['tokens', 'associations']);
    expect(assoc.groups.map((g) => g.name)).toContain('Acme');
    expect(assoc.projects.map((p) => p.path_with_namespace)).toContain('acme/site');
    const table = await box.run(['tokens', 'associations', '--min-access-level', 'owner']);
    expect(String(table.stdout)).toMatch(/^group\t\d+\tAcme\towner\t/m);
    expect(String(table.stdout)).toMatch(/^project\t\d+\tacme\/site\towner\t/m);
    const yaml = await box.run(['tokens', 'associations', '--all', '-o', 'yaml']);
    expect(parseYaml(String(yaml.stdout))).toMatchObject({ groups: [{ name: 'Acme' }] });
    const bad = await box.run(['tokens', 'associations', '--min-access-level', 'boss']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--min-access-level');
  });

  it("rotating the context's own token updates the context, which keeps working (mode 0600)", async () => {
    const before = await json<Token>(['tokens', 'get', 'self']);
    expect(contextToken()).toBe(rootToken);

    const bySelf = await box.run(['tokens', 'rotate', 'self', '--expires-at', '2026-12-31']);
    expect(bySelf.exitCode, String(bySelf.stderr)).toBe(0);
    const secret = String(bySelf.stdout).trim();
    expect(String(bySelf.stderr)).toContain('context "local" now uses the new token');
    expect(contextToken()).toBe(secret);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const after = await json<Token>(['tokens', 'get', 'self']);
    expect(after.id).not.toBe(before.id);
    expect(after).toMatchObject({ name: before.name, expires_at: '2026-12-31', active: true });

    // The same token named by its id is recognised as the one in use.
    const byId = await json<Token>(['tokens', 'rotate', String(after.id)]);
    expect(contextToken()).toBe(byId.token);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect((await json<Token>(['tokens', 'get', 'self'])).id).toBe(byId.id);
    const old = await box.run(['tokens', 'list'], { env: { HOSTCTL_TOKEN: secret } });
    expect(old.exitCode).toBe(4);
  });

  it('a token given through HOSTCTL_TOKEN is rotated with a warning that the variable is stale', async () => {
    const made = await json<Token>(['tokens', 'create', '--user', 'alice', '--name', 'env-token', '--scope', 'api']);
    const res = await box.run(['tokens', 'rotate', 'self'], { env: { HOSTCTL_TOKEN: made.token as string } });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stderr)).toContain('HOSTCTL_TOKEN still holds the old');
    expect(contextToken()).not.toBe(String(res.stdout).trim());
  });

  it('revoke self warns that the context token no longer works', async () => {
    const refused = await box.run(['tokens', 'revoke', 'self']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    const res = await box.run(['tokens', 'revoke', 'self', '-y']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stderr)).toMatch(/context "local" used this token; it no longer works/);
    const after = await box.run(['tokens', 'list']);
    expect(after.exitCode).toBe(4);
    expect(String(after.stderr)).toContain('revoked');
  });
});
