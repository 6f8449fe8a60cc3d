// `hostctl init --demo`: the data a newcomer meets first is there and visible through the list
// commands: users, nested groups, projects at each visibility, roles, and tokens in each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;

describe('hostctl init --demo', () => {
  let box: CliSandbox;
  let initStderr = '';

  const json = <T = Obj[]>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    const res = await box.run(['init', '--state', box.stateDir, '--demo']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stdout).trim()).toMatch(/^hpat-/);
    initStderr = String(res.stderr);
  });

  afterAll(() => box.cleanup());

  it('reports what it created', () => {
    expect(initStderr).toContain('demo: 4 users');
    expect(initStderr).toMatch(/demo: \d+ groups/);
    expect(initStderr).toMatch(/demo: \d+ projects/);
    expect(initStderr).toMatch(/demo: \d+ commits, \d+ branches, \d+ tags/);
    expect(initStderr).toContain('demo: 4 milestones and 4 releases');
  });

  it('has users, one of them external', async () => {
    const users = await json(['users', 'list', '--all']);
    expect(users.map((u) => u.username).sort()).toEqual(['alice', 'bob', 'carol', 'dave', 'mei.lin', 'olu.adeyemi', 'priya.shah', 'root', 'tom.becker']);
    expect((await json(['users', 'list', '--external'])).map((u) => u.username)).toEqual(['dave']);
  });

  it('has nested groups with narrowing visibility', async () => {
    const groups = await json(['groups', 'list', '--all']);
    const byPath = Object.fromEntries(groups.map((g) => [g.full_path, g]));
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['acme', 'acme/platform', 'acme/platform/infra', 'acme/web', 'oss']));
    expect(byPath['acme/platform/infra']).toMatchObject({ visibility: 'private', parent_id: (byPath['acme/platform'] as Obj).id });
    expect(byPath['acme/platform']).toMatchObject({ visibility: 'internal' });
    const below = await json(['groups', 'list', '--parent', 'acme', '--descendants']);
    expect(below.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/platform/infra', 'acme/web']);
  });

  it('has projects in the groups and a personal one, with descriptions and each visibility', async () => {
    const projects = await json(['projects', 'list', '--all']);
    const paths = projects.map((p) => p.path_with_namespace);
    expect(paths).toEqual(expect.arrayContaining(['acme/platform/api-gateway', 'acme/platform/infra/terraform-modules', 'acme/web/storefront', 'alice/dotfiles']));
    expect(new Set(projects.map((p) => p.visibility))).toEqual(new Set(['private', 'internal', 'public']));
    expect(projects.every((p) => typeof p.description === 'string' && (p.description as string).length > 10)).toBe(true);
    const infra = await json(['projects', 'list', '--group', 'acme/platform', '--include-subgroups']);
    expect(infra.map((p) => p.path_with_namespace)).toContain('acme/platform/infra/k8s-manifests');
  });

  it('has members at different roles, inherited down the tree', async () => {
    const platform = await json(['members', 'list', '--group', 'acme/platform']);
    expect(platform.find((m) => m.username === 'bob')).toMatchObject({ access_level: 40 });
    const inherited = await json(['members', 'list', '--project', 'acme/platform/infra/terraform-modules', '--inherited']);
    const levels = Object.fromEntries(inherited.map((m) => [m.username, m.access_level]));
    expect(levels).toMatchObject({ alice: 50, bob: 40, carol: 40 });
    const storefront = await json(['members', 'list', '--project', 'acme/web/storefront']);
    expect(storefront.find((m) => m.username === 'dave')).toMatchObject({ access_level: 20, expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const infra = await json(['members', 'list', '--group', 'acme/platform/infra']);
    expect(infra.find((m) => m.username === 'carol')).toMatchObject({ access_level: 30 });
    const roles = new Set([...platform, ...infra, ...storefront].map((m) => m.access_level));
    expect(roles.size).toBeGreaterThanOrEqual(4);
  });

  it('has tokens in every state: active, rotated, revoked, expiring soon', async () => {
    const release = await json(['tokens', 'list', '--search', 'release-bot', '--sort', 'created_asc']);
    expect(release.map((t) => [t.active, t.revoked])).toEqual([
      [false, true],
      [true, false],
    ]);
    const revoked = await json(['tokens', 'list', '--revoked']);
    expect(revoked.map((t) => t.name)).toEqual(expect.arrayContaining(['release-bot', 'old-laptop']));
    const soon = await json(['tokens', 'list', '--active', '--expires-before', '2026-02-01']);
    expect(soon.map((t) => t.name)).toEqual(expect.arrayContaining(['contract-access']));
    const laptops = await json(['tokens', 'list', '--search', 'laptop', '--active']);
    expect(laptops.length).toBeGreaterThanOrEqual(4);
  });

  it("shows the administrator's reach through tokens associations", async () => {
    const assoc = await json<{ groups: Obj[]; projects: Obj[] }>(['tokens', 'associations', '--all']);
    expect(assoc.groups.length).toBeGreaterThanOrEqual(5);
    expect(assoc.projects.length).toBeGreaterThanOrEqual(7);
  });

  it('publishes generic files a client downloads by the name the file list shows, the pathed one stored as the platform stores it', async () => {
    const R = ['-R', 'acme/web/storefront'];
    const files = await json<{ file_name: string; size: number }[]>(['packages', 'files', 'storefront-cli@1.0.0', ...R]);
    // Uploaded to …/1.0.0/checksums/SHA256SUMS: the platform keeps the path and the name URL-encoded as one name.
    expect(files.map((f) => f.file_name)).toEqual(['storefront-linux-amd64', 'storefront-darwin-arm64', 'checksums%2FSHA256SUMS']);
    for (const file of files) {
      const down = await box.run(['packages', 'download', file.file_name, ...R, '--name', 'storefront-cli', '--package-version', '1.0.0', '-O', '-']);
      expect(down.exitCode, `${file.file_name}: ${String(down.stderr)}`).toBe(0);
      expect(Buffer.byteLength(`${down.stdout}\n`)).toBe(file.size);
    }
  });
});

// Each tier and each offering once (ultimate with every offering is the run above): the demo
// seeds what the instance offers and names what it left out.
describe.each([
  ['free', 'hosted', ['SAML single sign-on of acme', 'protected environments', 'the acme group wiki', "users' personal access tokens"]],
  ['premium', 'self-managed', ['SCIM provisioning and enterprise users of acme', 'a custom member role']],
  ['ultimate', 'dedicated', ['SCIM provisioning and enterprise users of acme']],
] as const)('hostctl init --demo --tier %s --offering %s', (tier, offering, leftOut) => {
  let box: CliSandbox;
  afterAll(() => box?.cleanup());

  it('creates the state, seeds what is offered and says what was left out', async () => {
    box = cliSandbox();
    const res = await box.run(['init', '--state', box.stateDir, '--demo', '--tier', tier, '--offering', offering]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const stderr = String(res.stderr);
    expect(stderr).toContain('demo: 4 users');
    const line = stderr.split('\n').find((l) => l.startsWith('demo: left out')) ?? '';
    for (const what of leftOut) expect(line).toContain(what);
    const users = await box.json<Obj[]>(['users', 'list', '--search', 'alice']);
    expect(users.map((u) => u.username)).toContain('alice');
    expect((await box.json<Obj[]>(['projects', 'list'])).length).toBeGreaterThan(3);
    if (tier !== 'free') expect((await box.json<Obj[]>(['protected-envs', 'list', '--group', 'acme'])).map((e) => e.name)).toEqual(['production', 'staging']);
  }, 180_000);
});
