// Lists at 80 columns keep what identifies their rows (issue 22): identifiers and relative times
// whole, low-priority columns left out and named, `-o wide` with every column, paths and URLs cut
// from the left; messages and help wrap at the terminal width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { hasCommand } from './terminal.js';

// In-process on the harness's fake terminal (cli-terminal.test.ts checks a real pseudo-terminal).
describe('an 80-column terminal', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  // Twelve minutes after the demo was made: times read `12 minutes ago`, wider than most cells.
  const show = (args: string[], columns = 80) => sb.drive(args, [], { columns, env: { HOSTCTL_FAKE_NOW: '2026-01-15T10:12:00.000Z' } });
  const lines = (out: string) => out.replace(/\n+$/, '').split('\n');
  const fits = (out: string, width: number) => {
    for (const row of lines(out)) expect([...row].length, row).toBeLessThanOrEqual(width);
  };

  it('users: usernames and times whole, booleans left out and named', async () => {
    const res = await show(['users', 'list']);
    expect(res.code, res.output).toBe(0);
    fits(res.output, 80);
    const rows = lines(res.output);
    expect(rows[0]).toMatch(/^ID\s+USERNAME\s+NAME\s+STATE\s+EMAIL\s+LAST ACTIVE\s+CREATED$/);
    for (const name of ['olu.adeyemi', 'priya.shah', 'tom.becker']) expect(res.output).toMatch(new RegExp(`\\s${name.replace('.', '\\.')}\\s`));
    expect(res.output).toMatch(/\s12 minutes ago$/m);
    expect(res.output).not.toMatch(/(minute|hour|day)…/);
    expect(rows.at(-1)).toBe('(+3 columns: admin, external, 2fa; -o wide or --fields)');
  });

  it('branches: names whole; the commit SHA and booleans give way first', async () => {
    const res = await show(['branches', 'list', '-R', 'acme/web/storefront']);
    expect(res.code, res.output).toBe(0);
    fits(res.output, 80);
    expect(res.output).toMatch(/^feature\/wishlist\s/m);
    expect(res.output).toMatch(/^fix\/cart-rounding\s/m);
    expect(lines(res.output).at(-1)).toMatch(/^\(\+\d columns?: .*commit.*; -o wide or --fields\)$/);
  });

  it('a URL gives way before the name beside it; a state word is never cut; a DSN to copy is never left out', async () => {
    const reach = await show(['tokens', 'associations']);
    expect(reach.code, reach.output).toBe(0);
    fits(reach.output, 80);
    expect(reach.output).toMatch(/^project\s+3\s+acme\/platform\/infra\/terraform-modules\s/m);
    expect(lines(reach.output).at(-1)).toBe('(+1 column: url; -o wide or --fields)');
    const packages = await show(['packages', 'list', '-g', 'acme']);
    expect(packages.code, packages.output).toBe(0);
    fits(packages.output, 80);
    expect(packages.output).toMatch(/^4\s+@acme\/design-tokens\s+3\.1\.0\s+npm\s+default\s/m);
    const keys = await show(['error-tracking', 'keys', 'list', '-R', 'acme/web/storefront']);
    expect(keys.code, keys.output).toBe(0);
    expect(lines(keys.output)[0]).toMatch(/^ID\s+ACTIVE\s+DSN$/);
    expect(keys.output).toMatch(/^1\s+true\s+http:\/\/glet_\w+@[^\s…]+\/error_tracking\/collector\/5$/m);
    expect(keys.output).not.toContain('-o wide or --fields');
  });

  it('storage moves: the status column is headed as its filter is spelt', async () => {
    const res = await show(['storage-moves', 'list']);
    expect(res.code, res.output).toBe(0);
    expect(lines(res.output)[0]).toMatch(/^ID\s+KIND\s+CONTAINER\s+STATUS\s+FROM\s+TO\s/);
    const filtered = await show(['storage-moves', 'list', '--status', 'finished']);
    expect(filtered.output).toMatch(/^1\s+project\s+alice\/dotfiles\s+finished\s/m);
  });

  it('a file path is cut from the left too: storage directories keep their names', async () => {
    const res = await show(['storages', 'list']);
    expect(res.code, res.output).toBe(0);
    fits(res.output, 80);
    expect(res.output).toMatch(/^archive\s+…\/(storages\/)?archive\s+50\s/m);
  });

  it('-o wide shows every column uncut, and nothing is said about hidden columns', async () => {
    const res = await show(['users', 'list', '-o', 'wide'], 200);
    expect(res.code, res.output).toBe(0);
    expect(lines(res.output)[0]).toMatch(/ADMIN\s+EXTERNAL\s+2FA\s+LAST ACTIVE\s+CREATED$/);
    expect(res.output).toContain('olu.adeyemi@acme.example');
    expect(res.output).not.toContain('-o wide or --fields');
    // Piped, wide is the same tab-separated rows with every column.
    const piped = await sb.run(['users', 'list', '-o', 'wide']);
    expect(piped.exitCode).toBe(0);
    expect(String(piped.stdout).split('\n')[0]?.split('\t')).toHaveLength(10);
  });

  it('a path narrower than its column is cut from the left, keeping its last segment', async () => {
    const res = await show(['projects', 'list'], 30);
    expect(res.code, res.output).toBe(0);
    fits(res.output, 30);
    expect(res.output).toMatch(/…\/terraform-modules|…\/infra\/terraform-modules/);
    expect(res.output).toMatch(/\sacme\/web\/storefront(\s|$)/m);
    // The note on what was left out wraps at the width too.
    expect(res.output).toMatch(/^\(\+5 columns: visibility,\n  default branch, /m);
  });

  it('audit events: the action is never cut, a path target keeps its last segment, the address gives way', async () => {
    // Events with long action names and path targets (the demo's own are short).
    for (const args of [['projects', 'archive', 'acme/platform/infra/terraform-modules'], ['projects', 'unarchive', 'acme/platform/infra/terraform-modules'], ['error-tracking', 'settings', 'disable', '-R', 'acme/web/storefront']]) {
      expect((await sb.run([...args, '--yes'])).exitCode).toBe(0);
    }
    const res = await show(['audit-events', 'list', '--limit', '3']);
    expect(res.code, res.output).toBe(0);
    fits(res.output, 80);
    const rows = lines(res.output);
    expect(rows[0]).toMatch(/^ID\s+TIME\s+AUTHOR\s+ACTION\s+TARGET$/);
    expect(rows[1]).toMatch(/\serror_tracking_setting_active_updated\s+…\/storefront$/);
    // A last segment wider than the column keeps its beginning.
    expect(rows[2]).toMatch(/\sproject_unarchived\s+terraform-m…$/);
    expect(res.output).not.toMatch(/[a-z]_[a-z]*…/);
    expect(rows.at(-1)).toBe('(+1 column: address; -o wide or --fields)');
  });

  it('--fields keeps the priorities of the verb\'s own columns: the path identifies a project wherever it is put', async () => {
    for (const columns of [80, 100, 120]) {
      const res = await show(['projects', 'list', '--fields', 'id,name,path_with_namespace,description,visibility'], columns);
      expect(res.code, res.output).toBe(0);
      fits(res.output, columns);
      // The path whole at every width; the name and the description give way to it.
      expect(res.output, String(columns)).toMatch(/^3\s+Terraform Modules\s+acme\/platform\/infra\/terraform-modules\s/m);
      expect(res.output, String(columns)).not.toMatch(/…\/[a-z-]+\s/);
    }
    const narrow = await show(['projects', 'list', '--fields', 'id,name,path_with_namespace,description,visibility'], 80);
    expect(narrow.output).toMatch(/^4\s+Kubernetes Manif…\s+acme\/platform\/infra\/k8s-manifests\s/m);
  });

  it('whoami shows the token scopes; groups get lists the group\'s projects', async () => {
    const who = await show(['whoami']);
    expect(who.code, who.output).toBe(0);
    expect(who.output).toMatch(/^scopes\s+api$/m);
    expect(who.output).toMatch(/^serve\s+not running \(start it with: hostctl serve\)$/m);
    const group = await show(['groups', 'get', 'acme/web']);
    expect(group.code, group.output).toBe(0);
    expect(group.output).toMatch(/^projects\s+design-system,storefront$/m);
    // A group with subgroups only: its projects are none, said as such.
    expect((await show(['groups', 'get', 'acme'])).output).toMatch(/^projects\s+-$/m);
  });

  it('sizes are human on a terminal, exact bytes piped', async () => {
    const res = await show(['projects', 'get', 'acme/web/storefront', '--statistics']);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(/storage size\s+[\d.]+ (B|KiB|MiB)$/m);
    const piped = await sb.run(['projects', 'get', 'acme/web/storefront', '--statistics']);
    expect(String(piped.stdout)).toMatch(/^storage size\t\d+$/m);
  });

  it('help, its examples and help exit-codes wrap at the width; every exit code is listed', async () => {
    for (const args of [['packages', 'upload', '--help'], ['packages', '--help'], ['api', '--help'], ['help', 'exit-codes']]) {
      const res = await show(args);
      expect(res.code, args.join(' ')).toBe(0);
      fits(res.output, 80);
    }
    const upload = await show(['packages', 'upload', '--help']);
    // A wrapped example still runs when pasted: its lines end in a backslash.
    expect(upload.output).toMatch(/\$ hostctl packages upload [^\n]* \\\n      \S/);
    const codes = await show(['help', 'exit-codes']);
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 10, 130]) expect(codes.output).toMatch(new RegExp(`^ +${code}  \\S`, 'm'));
    // Piped help is fitted to 80 columns too.
    const piped = await sb.run(['packages', 'upload', '--help']);
    for (const row of String(piped.stdout).split('\n')) expect(row.length, row).toBeLessThanOrEqual(80);
  });

  it.runIf(hasCommand('man'))('the man page renders under LANG=C without a missing glyph, and lists every exit code', async () => {
    const { execa } = await import('execa');
    const page = new URL('../../man/hostctl.1', import.meta.url).pathname;
    const res = await execa('man', ['-l', page], { env: { LANG: 'C', LC_ALL: 'C', MANWIDTH: '80', PATH: process.env.PATH ?? '/usr/bin:/bin' }, extendEnv: false, reject: false });
    expect(res.exitCode).toBe(0);
    expect(String(res.stderr)).not.toMatch(/warning|can't find/);
    expect(String(res.stdout)).toContain('GITLAB_TOKEN=glpat-...');
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 10, 130]) expect(String(res.stdout)).toMatch(new RegExp(`^ +${code}\\s`, 'm'));
  });

  it('errors and their hints wrap at the width, continuation lines indented', async () => {
    const res = await show(['users', 'list', '--sort', 'bogus'], 40);
    expect(res.code).toBe(2);
    fits(res.output, 40);
    expect(res.output).toMatch(/^error: .*\n {7}\S/m);
  });
});
