// One answer to the same question in every noun (issue: the CLI, round 3): sort fields by one
// name, get with view/show, the group argument or --group, --storage, no-one and any, one duration
// parser, the two-factor words; resources named as people name them (packages NAME@VERSION,
// freeze periods by start, snippets by title, pipelines by #IID or ref); pipelines cancel, retry
// and delete; noun summaries that name real verbs. In-process, against the demo.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { NOUNS } from '../../src/cli/nouns.js';

type Obj = Record<string, unknown>;

describe('one vocabulary across nouns', () => {
  let sb: InProcessSandbox;
  const json = <T = Obj>(args: string[]) => sb.json<T>(args);
  const fails = async (args: string[], code: number, text: string) => {
    const res = await sb.run(args);
    expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(code);
    expect(res.stderr).toContain(text);
  };

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('sorts by one name per concept; the _at spelling means the same', async () => {
    const ids = async (sort: string) => (await json<Obj[]>(['projects', 'list', '--sort', sort, '--all'])).map((p) => p.id);
    expect(await ids('created:asc')).toEqual(await ids('created_at:asc'));
    expect(await ids('created:asc')).toEqual([...(await ids('created:desc'))].reverse());
    const tokens = async (sort: string) => (await json<Obj[]>(['tokens', 'list', '--sort', sort, '--all'])).map((t) => t.id);
    expect(await tokens('created:desc')).toEqual(await tokens('created_at:desc'));
    await fails(['users', 'list', '--sort', 'birthday'], 2, 'FIELD one of id, name, username, created, updated');
    expect((await sb.run(['tokens', 'list', '--help'])).stdout).toContain('sort by one of created, expires, last_used, name');
  });

  it('get answers to view and show in every noun; saml and context name it get', async () => {
    const got = await json<Obj>(['saml', 'get', 'acme']);
    expect(await json<Obj>(['saml', 'show', 'acme'])).toEqual(got);
    expect(await json<Obj>(['projects', 'show', 'acme/web/storefront'])).toEqual(await json<Obj>(['projects', 'view', 'acme/web/storefront']));
    expect((await json<Obj>(['context', 'show'])).kind).toBe((await json<Obj>(['context', 'get'])).kind);
  });

  it('takes the group as the first argument of group nouns, and as a hidden --group there too', async () => {
    const byArg = await json<Obj[]>(['enterprise-users', 'list', 'acme']);
    expect(byArg.length).toBeGreaterThan(0);
    expect(await json<Obj[]>(['enterprise-users', 'list', '--group', 'acme'])).toEqual(byArg);
    const first = byArg[0] as { username: string };
    expect((await json<Obj>(['enterprise-users', 'get', '--group', 'acme', first.username])).username).toBe(first.username);
    await fails(['enterprise-users', 'list', 'acme', '--group', 'other'], 2, '--group other and the GROUP argument acme disagree');
    expect((await sb.run(['saml', 'get', '--help'])).stdout).not.toContain('--group');
  });

  it('names a storage --storage, with --repository-storage kept', async () => {
    const a = await json<Obj[]>(['projects', 'list', '--storage', 'default', '--all']);
    expect(a.length).toBeGreaterThan(0);
    expect(await json<Obj[]>(['projects', 'list', '--repository-storage', 'default', '--all'])).toEqual(a);
  });

  it('a state word given to the global --state points at the filter the verb has: --status WORD, or --WORD', async () => {
    for (const [args, filter] of [
      [['storage-moves', 'list', '--state', 'failed'], '--status failed'],
      [['milestones', 'list', '-R', 'acme/web/storefront', '--state', 'active'], '--active'],
      [['users', 'list', '--state', 'blocked'], '--blocked'],
    ] as const) {
      const res = await sb.run([...args]);
      expect([args.join(' '), res.exitCode, res.stderr]).toEqual([args.join(' '), 2, expect.stringContaining(`to filter by status use ${filter}`)]);
    }
  });

  it('reads every <duration> with one parser, checked before anything is sent', async () => {
    await fails(['releases', 'evidence', 'v1', '-R', 'acme/web/storefront', '--wait', '--timeout', 'soon'], 2, '--timeout must be a duration such as 30s, 5m, 1h or 30d, got "soon"');
    await fails(['storage-moves', 'wait', '1', '--timeout', '5 minutes'], 2, '--timeout must be a duration');
    const weeks = await json<Obj[]>(['tokens', 'list', '--expires-within', '2w', '--all']);
    expect(await json<Obj[]>(['tokens', 'list', '--expires-within', '14d', '--all'])).toEqual(weeks);
  });

  it('filters users by --two-factor and shows the same words in the 2fa column', async () => {
    const on = await json<{ username: string; two_factor_enabled: boolean }[]>(['users', 'list', '--two-factor', 'enabled', '--all']);
    expect(on.length).toBeGreaterThan(0);
    expect(on.every((u) => u.two_factor_enabled)).toBe(true);
    const piped = await sb.run(['users', 'list', '--two-factor', 'enabled', '--all']);
    // Piped rows (no header): the 2fa column follows admin and external.
    expect(piped.stdout.split('\n').map((l) => l.split('\t')[7])).toEqual(on.map(() => 'enabled'));
    await fails(['users', 'list', '--two-factor', 'yes'], 2, '--two-factor');
  });

  it('says no-one for nobody, and any for a package rule that restricts nothing', async () => {
    expect((await json<Obj>(['branches', 'protect', 'nobody-pushes', '-R', 'acme/web/storefront', '--push', 'nobody', '--merge', 'no-one'])).push_access_levels).toEqual([
      expect.objectContaining({ access_level: 0 }),
    ]);
    const rule = await json<{ id: number }>(['packages', 'protection', 'add', '-R', 'acme/web/storefront', '--pattern', 'vocab-*', '--type', 'generic', '--push', 'maintainer', '--delete', 'admin']);
    const updated = await json<Obj>(['packages', 'protection', 'update', String(rule.id), '-R', 'acme/web/storefront', '--push', 'any']);
    expect(updated.minimum_access_level_for_push).toBeNull();
    expect((await sb.run(['packages', 'protection', 'add', '--help'])).stdout).toContain('or any (not restricted by this rule)');
  });
});

describe('resources named as people name them', () => {
  let sb: InProcessSandbox;
  const json = <T = Obj>(args: string[]) => sb.json<T>(args);

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('packages: NAME@VERSION, NAME when one version exists, ids; several matches list them', async () => {
    const R = ['-R', 'acme/web/storefront'];
    const all = await json<{ id: number; name: string; version: string }[]>(['packages', 'list', ...R, '--all']);
    const cli11 = all.find((p) => p.name === 'storefront-cli' && p.version === '1.1.0') as { id: number };
    expect((await json<Obj>(['packages', 'get', 'storefront-cli@1.1.0', ...R])).id).toBe(cli11.id);
    expect((await json<Obj>(['packages', 'get', String(cli11.id), ...R])).id).toBe(cli11.id);
    const files = await json<Obj[]>(['packages', 'files', 'storefront-cli@1.0.0', ...R]);
    expect(files.map((f) => f.file_name)).toContain('storefront-linux-amd64');
    const several = await sb.run(['packages', 'get', 'storefront-cli', ...R]);
    expect(several.exitCode).toBe(2);
    expect(several.stderr).toMatch(/2 packages match "storefront-cli": \d+ \(storefront-cli@1\.0\.0\), \d+ \(storefront-cli@1\.1\.0\); give the id/);
    // The hint points at the list of candidates, not at --help.
    expect(several.stderr).toContain('hint: list them with: hostctl packages list -R acme/web/storefront');
    expect(several.stderr).not.toContain('see --help');
    const none = await sb.run(['packages', 'get', 'nothing@1.0', ...R]);
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain('no package "nothing@1.0"');
    expect(none.stderr).toContain('hostctl packages list -R acme/web/storefront');
  });

  it('freeze periods by their start cron, whatever the spacing', async () => {
    const R = ['-R', 'acme/web/storefront'];
    const periods = await json<{ id: number; freeze_start: string }[]>(['freeze-periods', 'list', ...R]);
    const friday = periods.find((p) => p.freeze_start === '0 23 * * fri') as { id: number };
    expect((await json<Obj>(['freeze-periods', 'get', '0  23 * * FRI', ...R])).id).toBe(friday.id);
    const updated = await json<Obj>(['freeze-periods', 'update', '0 23 * * fri', ...R, '--timezone', 'Europe/Paris']);
    expect(updated).toMatchObject({ id: friday.id, cron_timezone: 'Europe/Paris' });
    expect((await sb.run(['freeze-periods', 'get', '0 1 * * *', ...R])).exitCode).toBe(3);
  });

  it('snippets by title, personal or of a project; a snippet of several files asks for --file or --all', async () => {
    const smoke = await json<{ id: number; title: string }>(['snippets', 'get', 'smoke test the checkout', '-R', 'acme/web/storefront']);
    expect(smoke.title).toBe('Smoke test the checkout');
    const raw = await sb.run(['snippets', 'raw', 'Smoke test the checkout', '-R', 'acme/web/storefront']);
    expect(raw.stdout).toContain('curl -fsS');
    writeFileSync(join(sb.dir, 'one.sh'), 'echo one\n');
    writeFileSync(join(sb.dir, 'two.md'), '# two\n');
    await json(['snippets', 'create', '--title', 'Two files', '--file', join(sb.dir, 'one.sh'), '--file', join(sb.dir, 'two.md')]);
    const two = await sb.run(['snippets', 'raw', 'two files']);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toContain('has 2 files (one.sh, two.md): give --file PATH or --all');
    expect((await sb.run(['snippets', 'raw', 'Two files', '--all'])).stdout).toBe('echo one\n# two');
    expect((await sb.run(['snippets', 'raw', 'Two files', '--file', 'two.md'])).stdout).toBe('# two');
    expect((await sb.run(['snippets', 'get', 'No such title'])).exitCode).toBe(3);
  });

  it('pipelines by id, #IID or ref; cancel, retry and delete them', async () => {
    const R = ['-R', 'acme/web/storefront'];
    const list = await json<{ id: number; iid: number; ref: string; status: string }[]>(['pipelines', 'list', ...R, '--all']);
    const newest = list[0] as { id: number; iid: number };
    expect((await json<Obj>(['pipelines', 'get', 'main', ...R])).id).toBe(newest.id);
    expect((await json<Obj>(['pipelines', 'get', `#${newest.iid}`, ...R])).id).toBe(newest.id);
    const canceled = await sb.run(['pipelines', 'cancel', 'main', ...R, '-o', 'json']);
    expect(canceled.exitCode, canceled.stderr).toBe(0);
    expect(JSON.parse(canceled.stdout)).toMatchObject({ id: newest.id, status: 'canceled' });
    expect(canceled.stderr).toContain(`pipeline ${newest.id}: created → canceled`);
    const again = await sb.run(['pipelines', 'cancel', String(newest.id), ...R]);
    expect([again.exitCode, again.stderr]).toEqual([0, `pipeline ${newest.id} is already canceled; nothing to do`]);
    expect((await json<Obj>(['pipelines', 'retry', `#${newest.iid}`, ...R])).status).toBe('pending');
    const unconfirmed = await sb.run(['pipelines', 'delete', String(newest.id), ...R]);
    expect(unconfirmed.exitCode).toBe(2);
    expect((await sb.run(['pipelines', 'delete', String(newest.id), ...R, '--yes'])).exitCode).toBe(0);
    expect((await sb.run(['pipelines', 'get', String(newest.id), ...R])).exitCode).toBe(3);
    expect((await sb.run(['pipelines', 'get', 'no-such-branch', ...R])).exitCode).toBe(3);
  });
});

describe('noun summaries', () => {
  it('name only verbs (or groups of verbs) the noun has', async () => {
    for (const noun of NOUNS.filter((n) => !n.hidden && n.summary.includes(': '))) {
      const mod = (await noun.load()) as { configure?: (cmd: import('commander').Command) => void };
      if (!mod.configure) continue;
      // (single-action nouns such as apply have no verbs to name)
      const { Command } = await import('commander');
      const cmd = new Command(noun.name);
      mod.configure(cmd);
      if (cmd.commands.length === 0) continue;
      const names = new Set(cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]));
      const listed = noun.summary
        .slice(noun.summary.lastIndexOf(': ') + 2)
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((w) => w.trim().split(' ')[0] as string);
      for (const word of listed) expect(names.has(word), `${noun.name}: "${word}" in "${noun.summary}"`).toBe(true);
    }
  });
});

describe('an unreachable target', () => {
  it('hints at hostctl serve for a loopback address, and at the URL elsewhere (exit 6)', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const sb = inProcessSandbox();
    try {
      const local = await sb.run(['users', 'list', '--url', `http://127.0.0.1:${port}`], { env: { HOSTCTL_TOKEN: 'hpat-unused-0000' } });
      expect(local.exitCode).toBe(6);
      expect(local.stderr).toContain(`cannot reach http://127.0.0.1:${port}`);
      expect(local.stderr).toContain(`hint: nothing listens at http://127.0.0.1:${port}: start it with hostctl serve --state DIR --port ${port}`);
    } finally {
      sb.cleanup();
    }
  });
});
