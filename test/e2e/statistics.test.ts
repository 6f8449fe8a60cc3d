// Statistics in the built CLI: `groups list --statistics` asks for them and shows them as
// `projects list --statistics` does (a storage size column; JSON as the API has it), and a caller
// the platform gives none to is told so on stderr instead of seeing empty columns; an order by
// size that the platform ignores for a non-administrator is said to be ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';

type Obj = Record<string, unknown>;
type Sizes = { storage_size: number; repository_size: number; packages_size: number };

const lines = (text: unknown): string[][] =>
  String(text)
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));

describe('statistics in the CLI', () => {
  let sb: CliSandbox;
  let alice: string;
  let dave: string;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
    const token = async (user: string) => {
      const made = await sb.run(['tokens', 'create', '--user', user, '--name', 'stats', '--scope', 'read_api']);
      expect(made.exitCode, String(made.stderr)).toBe(0);
      return String(made.stdout).trim().split('\n')[0] as string;
    };
    alice = await token('alice');
    dave = await token('dave');
  });
  afterAll(() => sb.cleanup());

  it('groups list --statistics: JSON as the API answers, and piped tables gain the storage and repository sizes in bytes', async () => {
    const listed = await sb.json<(Obj & { statistics: Sizes })[]>(['groups', 'list', '--statistics', '--all']);
    const api = await sb.json<(Obj & { statistics: Sizes })[]>(['api', 'groups?statistics=true&per_page=100']);
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.map((g) => [g.id, g.statistics])).toEqual(api.map((g) => [g.id, g.statistics]));
    // The demo's web group holds storefront, with a repository and packages.
    const web = listed.find((g) => g.full_path === 'acme/web');
    expect(web?.statistics.repository_size).toBeGreaterThan(0);
    expect(web?.statistics.packages_size).toBeGreaterThan(0);

    const plain = await sb.run(['groups', 'list', '--all']);
    const table = await sb.run(['groups', 'list', '--statistics', '--all']);
    expect(table.exitCode, String(table.stderr)).toBe(0);
    expect(String(table.stderr)).toBe('');
    const rows = lines(table.stdout);
    const plainRows = lines(plain.stdout);
    expect(rows.map((r) => r.slice(0, -2))).toEqual(plainRows);
    const byPath = new Map(listed.map((g) => [g.full_path, g.statistics]));
    for (const r of rows) {
      const s = byPath.get(r[1]) as Sizes;
      expect(r.slice(-2)).toEqual([String(s.storage_size), String(s.repository_size)]);
    }
    const fields = await sb.json<Obj[]>(['groups', 'list', '--statistics', '--search', 'web', '--fields', 'full_path,statistics.storage_size']);
    expect(fields).toEqual([{ full_path: 'acme/web', 'statistics.storage_size': web?.statistics.storage_size }]);
    // Without the flag, nothing is asked for.
    expect((await sb.json<Obj[]>(['groups', 'list', '--all'])).every((g) => !('statistics' in g))).toBe(true);
  });

  it('a non-administrator is told that group statistics are for administrators, and sees the plain columns', async () => {
    const env = { HOSTCTL_TOKEN: alice };
    const res = await sb.run(['groups', 'list', '--statistics', '--all'], { env });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stderr)).toContain('no statistics in the answer: only administrators see group statistics');
    const plain = await sb.run(['groups', 'list', '--all'], { env });
    expect(res.stdout).toBe(plain.stdout);
    expect(String(plain.stderr)).not.toContain('statistics');
  });

  it("projects: a non-member is told the same, a member sees the statistics of their projects, and an order by size is said to be ignored", async () => {
    // dave reads the code of storefront only (a Reporter of it, or more), and sees the internal gateway.
    const env = { HOSTCTL_TOKEN: dave };
    const one = await sb.run(['projects', 'get', 'acme/platform/api-gateway', '--statistics'], { env });
    expect(one.exitCode, String(one.stderr)).toBe(0);
    expect(String(one.stderr)).toContain("no statistics in the answer: only administrators and the project's members from Reporter up see its statistics");
    expect(String(one.stdout)).not.toMatch(/^storage size/m);
    const own = await sb.run(['projects', 'get', 'acme/web/storefront', '--statistics'], { env });
    expect(String(own.stdout)).toMatch(/^storage size\t\d+$/m);
    expect(String(own.stderr)).not.toContain('statistics');
    // A list with some: the count on stderr, and `--fields statistics.…` empty where there are none.
    const some = await sb.run(['projects', 'list', '--statistics', '--all', '--fields', 'path_with_namespace,statistics.storage_size', '-o', 'json'], { env });
    expect(some.exitCode, String(some.stderr)).toBe(0);
    const rows = JSON.parse(String(some.stdout)) as Obj[];
    expect(String(some.stderr)).toContain(`statistics for 1 of ${rows.length} projects: only administrators`);
    expect(rows.filter((r) => r['statistics.storage_size'] !== null).map((r) => r.path_with_namespace)).toEqual(['acme/web/storefront']);

    // Every project alice is a member of carries statistics, yet the order was not applied.
    const sorted = await sb.run(['projects', 'list', '--membership', '--sort', 'storage_size:desc', '--all', '-o', 'json'], { env: { HOSTCTL_TOKEN: alice } });
    expect(sorted.exitCode, String(sorted.stderr)).toBe(0);
    const hers = JSON.parse(String(sorted.stdout)) as Obj[];
    expect(hers.length).toBeGreaterThan(1);
    expect(hers.every((p) => typeof p.statistics === 'object')).toBe(true);
    expect(String(sorted.stderr)).not.toContain('no statistics');
    expect(String(sorted.stderr)).toContain('--sort storage_size is for administrators: the list is ordered by created_at instead');
    // The administrator's is ordered by size, without a sentence.
    const root = await sb.run(['projects', 'list', '--sort', 'wiki_size:desc', '--all', '--fields', 'id,statistics.wiki_size', '-o', 'json']);
    expect(String(root.stderr)).toBe('');
    const wiki = (JSON.parse(String(root.stdout)) as Obj[]).map((r) => r['statistics.wiki_size'] as number);
    expect(wiki).toEqual([...wiki].sort((a, b) => b - a));
    expect(wiki[0]).toBeGreaterThan(0);
    // The field sorted on is a column of its own, before the storage size and the commits.
    const table = lines((await sb.run(['projects', 'list', '--sort', 'repository_size:desc', '--all'])).stdout);
    const plain = lines((await sb.run(['projects', 'list', '--all'])).stdout);
    expect(table.map((r) => r.length)).toEqual(plain.map((r) => r.length + 3));
    const repo = await sb.json<(Obj & { statistics: Sizes & { commit_count: number } })[]>(['projects', 'list', '--sort', 'repository_size:desc', '--all']);
    expect(table.map((r) => r.slice(-3))).toEqual(repo.map((p) => [p.statistics.repository_size, p.statistics.storage_size, p.statistics.commit_count].map(String)));
    const sizes = repo.map((p) => p.statistics.repository_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });
});
