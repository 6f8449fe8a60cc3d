// The admin nouns as a process: users, groups, projects and members, each through
// create → list → get → update → delete, by numeric id and by full path, in every format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Command } from 'commander';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { addNouns, createProgram } from '../../src/cli/program.js';

type Obj = Record<string, unknown>;

describe('hostctl admin nouns', () => {
  let box: CliSandbox;

  const ok = async (args: string[]) => {
    const res = await box.run(args);
    expect(res.exitCode, `${args.join(' ')}: ${String(res.stderr)}`).toBe(0);
    return res;
  };
  const json = async <T = Obj>(args: string[]): Promise<T> => JSON.parse(String((await ok([...args, '-o', 'json'])).stdout)) as T;
  const yaml = async <T = Obj>(args: string[]): Promise<T> => parseYaml(String((await ok([...args, '-o', 'yaml'])).stdout)) as T;
  const tableRows = async (args: string[]) =>
    String((await ok(args)).stdout)
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
  });

  afterAll(() => box.cleanup());

  it('users: create → list → get → update → block → unblock → delete', async () => {
    const created = await json(['users', 'create', '--username', 'erin', '--name', 'Erin Walsh', '--email', 'erin@example.com', '--job-title', 'SRE']);
    expect(created).toMatchObject({ username: 'erin', name: 'Erin Walsh', email: 'erin@example.com', job_title: 'SRE', is_admin: false, state: 'active' });
    const id = created.id as number;

    const listed = await json<Obj[]>(['users', 'list', '--search', 'eri']);
    expect(listed.map((u) => u.username)).toEqual(['erin']);
    const rows = await tableRows(['users', 'list', '--order-by', 'id', '--sort', 'asc']);
    expect(rows.map((r) => r[1])).toEqual(['root', 'erin']);

    expect(await yaml(['users', 'get', 'erin'])).toMatchObject({ id, username: 'erin' });
    expect(await json(['users', 'get', String(id), '--fields', 'id,username'])).toEqual({ id, username: 'erin' });

    const updated = await json(['users', 'update', 'erin', '--admin', '--bio', 'Keeps things running', '--external']);
    expect(updated).toMatchObject({ is_admin: true, bio: 'Keeps things running', external: true });
    expect(await json(['users', 'update', String(id), '--no-admin', '--no-external'])).toMatchObject({ is_admin: false, external: false });
    const nothing = await box.run(['users', 'update', 'erin']);
    expect(nothing.exitCode).toBe(2);
    expect(String(nothing.stderr)).toContain('nothing to change');

    // Blocking is destructive: without a terminal it needs --yes, and nothing changes without it.
    const unconfirmed = await box.run(['users', 'block', 'erin']);
    expect(unconfirmed.exitCode).toBe(2);
    expect(String(unconfirmed.stderr)).toContain('confirmation needed; re-run with --yes');
    expect(await json(['users', 'get', 'erin'])).toMatchObject({ state: 'active' });
    expect(await json(['users', 'block', 'erin', '--yes'])).toMatchObject({ state: 'blocked' });
    // A second block changes nothing, and says so instead of claiming a change.
    const twice = await ok(['users', 'block', 'erin', '-o', 'json']);
    expect(String(twice.stderr)).toContain('user erin is already blocked; nothing to do');
    expect(String(twice.stderr)).not.toContain('blocked user erin');
    expect((await json<Obj[]>(['users', 'list', '--blocked'])).map((u) => u.username)).toEqual(['erin']);
    expect(await json(['users', 'unblock', 'erin'])).toMatchObject({ state: 'active' });
    const unblockedTwice = await ok(['users', 'unblock', 'erin']);
    expect(String(unblockedTwice.stderr)).toContain('user erin is already active; nothing to do');

    const refused = await box.run(['users', 'delete', 'erin']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    await ok(['users', 'delete', 'erin', '--yes']);
    expect((await box.run(['users', 'get', 'erin'])).exitCode).toBe(3);
    expect((await box.run(['users', 'get', String(id)])).exitCode).toBe(3);
  });

  it('groups: create nested → list → get → update → delete', async () => {
    const acme = await json(['groups', 'create', '--name', 'Acme Corp', '--path', 'acme', '--visibility', 'public', '--description', 'The company']);
    expect(acme).toMatchObject({ name: 'Acme Corp', path: 'acme', full_path: 'acme', visibility: 'public', parent_id: null });
    const platform = await json(['groups', 'create', '--name', 'Platform', '--parent', 'acme', '--visibility', 'internal']);
    expect(platform).toMatchObject({ path: 'platform', full_path: 'acme/platform', parent_id: acme.id });
    const infra = await yaml(['groups', 'create', '--name', 'Infra Team', '--parent', String(platform.id)]);
    expect(infra).toMatchObject({ path: 'infra-team', full_path: 'acme/platform/infra-team', parent_id: platform.id });

    expect((await json<Obj[]>(['groups', 'list'])).map((g) => g.full_path).sort()).toEqual(['acme', 'acme/platform', 'acme/platform/infra-team']);
    expect((await json<Obj[]>(['groups', 'list', '--top-level'])).map((g) => g.full_path)).toEqual(['acme']);
    expect((await json<Obj[]>(['groups', 'list', '--parent', 'acme'])).map((g) => g.full_path)).toEqual(['acme/platform']);
    expect((await json<Obj[]>(['groups', 'list', '--parent', 'acme', '--descendants'])).map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/platform/infra-team']);
    const rows = await tableRows(['groups', 'list', '--search', 'infra']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 4)).toEqual([String(infra.id), 'acme/platform/infra-team', 'Infra Team', 'private']);

    expect(await json(['groups', 'get', 'acme/platform'])).toMatchObject({ id: platform.id, full_name: 'Acme Corp / Platform' });
    expect(await json(['groups', 'get', String(acme.id), '--with-projects'])).toMatchObject({ id: acme.id, projects: [] });

    const renamed = await json(['groups', 'update', 'acme/platform/infra-team', '--path', 'infra', '--description', 'Clusters and networks']);
    expect(renamed).toMatchObject({ id: infra.id, full_path: 'acme/platform/infra', description: 'Clusters and networks' });
    expect((await box.run(['groups', 'get', 'acme/platform/infra-team'])).exitCode).toBe(3);

    const refused = await box.run(['groups', 'delete', 'acme/platform/infra']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toMatch(/Delete group acme\/platform\/infra.*--yes/);
    await ok(['groups', 'delete', 'acme/platform/infra', '--yes']);
    expect((await box.run(['groups', 'get', String(infra.id)])).exitCode).toBe(3);
    expect((await box.run(['groups', 'delete', 'no/such/group', '--yes'])).exitCode).toBe(3);
    const badVisibility = await box.run(['groups', 'create', '--name', 'X', '--visibility', 'secret']);
    expect(badVisibility.exitCode).toBe(2);
    expect(String(badVisibility.stderr)).toContain('--visibility');
  });

  it('projects: create in a group by path → list → get → update → delete', async () => {
    await json(['groups', 'create', '--name', 'Web', '--path', 'web', '--visibility', 'public']);
    const shop = await json(['projects', 'create', '--name', 'Storefront', '--group', 'web', '--visibility', 'public', '--description', 'The shop', '--readme']);
    expect(shop).toMatchObject({ name: 'Storefront', path: 'storefront', path_with_namespace: 'web/storefront', visibility: 'public', description: 'The shop' });
    const mine = await json(['projects', 'create', '--path', 'scratch']);
    expect(mine).toMatchObject({ path_with_namespace: 'root/scratch' });
    const byId = await yaml(['projects', 'create', '--name', 'Design System', '--namespace', String((shop.namespace as Obj).id)]);
    expect(byId).toMatchObject({ path_with_namespace: 'web/design-system' });

    const inWeb = await json<Obj[]>(['projects', 'list', '--group', 'web', '--order-by', 'name', '--sort', 'asc']);
    expect(inWeb.map((p) => p.path_with_namespace)).toEqual(['web/design-system', 'web/storefront']);
    const rows = await tableRows(['projects', 'list', '--search', 'store']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([[String(shop.id), 'web/storefront', 'public']]);
    expect(await json<Obj[]>(['projects', 'list', '--limit', '1'])).toHaveLength(1);

    expect(await json(['projects', 'get', 'web/storefront'])).toMatchObject({ id: shop.id });
    expect(await json(['projects', 'get', String(shop.id), '--fields', 'id,visibility'])).toEqual({ id: shop.id, visibility: 'public' });

    const updated = await json(['projects', 'update', 'web/storefront', '--description', 'Catalogue, cart and checkout', '--visibility', 'internal']);
    expect(updated).toMatchObject({ id: shop.id, description: 'Catalogue, cart and checkout', visibility: 'internal' });
    const moved = await json(['projects', 'update', String(shop.id), '--path', 'shop', '--name', 'Shop']);
    expect(moved).toMatchObject({ path_with_namespace: 'web/shop', name: 'Shop' });

    const refused = await box.run(['projects', 'delete', 'web/shop']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    await ok(['projects', 'delete', 'web/shop', '--yes']);
    expect((await box.run(['projects', 'get', String(shop.id)])).exitCode).toBe(3);
    const nowhere = await box.run(['projects', 'create', '--name', 'X', '--group', 'does-not-exist']);
    expect(nowhere.exitCode).toBe(3);
    expect(String(nowhere.stderr)).toContain('does-not-exist');
  });

  it('members: add → list → update → remove on groups and projects, roles by name or number', async () => {
    await json(['users', 'create', '--username', 'frank', '--name', 'Frank Ito', '--email', 'frank@example.com']);
    await json(['users', 'create', '--username', 'gina', '--name', 'Gina Rossi', '--email', 'gina@example.com']);
    await json(['groups', 'create', '--name', 'Ops', '--path', 'ops']);
    await json(['projects', 'create', '--name', 'Runbooks', '--group', 'ops']);

    const added = await json(['members', 'add', '--group', 'ops', '--user', 'frank', '--access-level', 'developer']);
    expect(added).toMatchObject({ username: 'frank', access_level: 30 });
    expect(await yaml(['members', 'add', '-R', 'ops/runbooks', '--user', 'gina', '--access-level', '20', '--expires-at', '2026-06-30'])).toMatchObject({
      username: 'gina',
      access_level: 20,
      expires_at: '2026-06-30',
    });

    const inGroup = await json<Obj[]>(['members', 'list', '--group', 'ops']);
    expect(inGroup.map((m) => [m.username, m.access_level])).toEqual([
      ['root', 50],
      ['frank', 30],
    ]);
    const rows = await tableRows(['members', 'list', '--project', 'ops/runbooks']);
    expect(rows.map((r) => [r[1], r[3]])).toEqual([['gina', 'reporter (20)']]);
    const inherited = await json<Obj[]>(['members', 'list', '--project', 'ops/runbooks', '--inherited']);
    expect(inherited.map((m) => m.username).sort()).toEqual(['frank', 'gina', 'root']);

    expect(await json(['members', 'update', '--group', 'ops', '--user', 'frank', '--access-level', 'Maintainer'])).toMatchObject({ access_level: 40 });
    expect(await json(['members', 'update', '--project', 'ops/runbooks', '--user', 'gina', '--expires-at', '2026-09-30'])).toMatchObject({
      access_level: 20,
      expires_at: '2026-09-30',
    });

    const badRole = await box.run(['members', 'add', '--group', 'ops', '--user', 'gina', '--access-level', 'boss']);
    expect(badRole.exitCode).toBe(2);
    expect(String(badRole.stderr)).toContain('--access-level');
    const both = await box.run(['members', 'list', '--group', 'ops', '--project', 'ops/runbooks']);
    expect(both.exitCode).toBe(2);
    const neither = await box.run(['members', 'list']);
    expect(neither.exitCode).toBe(2);
    expect(String(neither.stderr)).toContain('--project or --group');
    const twice = await box.run(['members', 'add', '--group', 'ops', '--user', 'frank', '--access-level', 'guest']);
    expect(twice.exitCode).toBe(5);

    const refused = await box.run(['members', 'remove', '--group', 'ops', '--user', 'frank']);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain('--yes');
    await ok(['members', 'remove', '--group', 'ops', '--user', 'frank', '--yes']);
    await ok(['members', 'remove', '--project', 'ops/runbooks', '--user', 'gina', '-y']);
    expect((await json<Obj[]>(['members', 'list', '--group', 'ops'])).map((m) => m.username)).toEqual(['root']);
    expect((await box.run(['members', 'remove', '--group', 'ops', '--user', 'gina', '--yes'])).exitCode).toBe(3);
  });

  it('every verb has examples in its help', async () => {
    for (const noun of ['users', 'groups', 'projects', 'members', 'tokens']) {
      const help = await ok([noun, '--help']);
      const commands = String(help.stdout).split('Commands:\n')[1] ?? '';
      const verbs = [...commands.matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1] as string).filter((v) => v !== 'help');
      expect(verbs.length, noun).toBeGreaterThan(2);
      for (const verb of verbs) {
        const out = String((await ok([noun, verb, '--help'])).stdout);
        expect(out, `${noun} ${verb}`).toMatch(/Examples:\n {2}\$ hostctl /);
      }
    }
  });

  it('every command of the program, however deep, shows examples of itself in --help', async () => {
    const program = createProgram();
    await addNouns(program, 'all');
    const leaves: { path: string; cmd: Command }[] = [];
    const walk = (cmd: Command, path: string[]) => {
      const subs = cmd.commands.filter((c) => c.name() !== 'help' && !(c as unknown as { _hidden?: boolean })._hidden);
      if (subs.length === 0 && path.length > 0) leaves.push({ path: path.join(' '), cmd });
      for (const sub of subs) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    expect(leaves.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const { path, cmd } of leaves) {
      let out = '';
      cmd.configureOutput({ writeOut: (text) => void (out += text), writeErr: (text) => void (out += text) });
      cmd.outputHelp();
      const examples = (out.split('Examples:\n')[1] ?? '').split('\n').filter((l) => l.startsWith('  $ '));
      if (examples.length === 0 || !examples.some((l) => l.startsWith(`  $ hostctl ${path}`) || l.includes(`hostctl ${path.split(' ')[0]}`))) missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
