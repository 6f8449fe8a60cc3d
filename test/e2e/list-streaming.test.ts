// A list fetched with --all and printed as JSON or JSON lines for a program is written a page at
// a time, so the CLI holds one page rather than the whole list. Against a stand-in for a remote
// instance on loopback that serves three pages of projects, the third one refused (404) when
// asked to: the pages before it are already on stdout when the command fails (JSON, JSON lines,
// piped tab-separated rows, CSV), where a list that needs every row first (--jq, YAML) prints
// nothing; served whole, the bytes are those of the whole list.
// `hostctl api --paginate`, piped as the API sends it, is written the same way.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';

const project = (id: number) => ({ id, name: `p${id}`, path_with_namespace: `acme/p${id}`, description: `line one\nline "two" of ${id}`, tag_list: [], namespace: { id: 1, full_path: 'acme' } });
const PAGES = [1, 2, 3].map((page) => [page * 2 - 1, page * 2].map(project));

describe('lists written a page at a time', () => {
  let box: CliSandbox;
  let server: Server;
  let url: string;
  let thirdPage: 'list' | 'gone' | 'object' = 'list';
  const asked: string[] = [];

  beforeAll(async () => {
    box = cliSandbox();
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      asked.push(`${req.method} ${u.pathname}${u.search}`);
      if (u.pathname !== '/api/v4/projects') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Not Found"}');
        return;
      }
      const page = Number(u.searchParams.get('page') ?? '1');
      if (page === 3 && thirdPage === 'gone') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Page Gone"}');
        return;
      }
      if (page === 3 && thirdPage === 'object') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"not a list"}');
        return;
      }
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-total': '6', 'x-total-pages': '3', 'x-page': String(page), 'x-per-page': '2' };
      if (page < 3) headers.link = `<${url}/api/v4/projects?page=${page + 1}&per_page=2>; rel="next"`;
      res.writeHead(200, headers).end(JSON.stringify(PAGES[page - 1]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    box.cleanup();
  });

  const run = (args: string[]) => box.run(['projects', 'list', '--all', '--per-page', '2', ...args], { env: { HOSTCTL_URL: url, HOSTCTL_TOKEN: 'hpat-stand-in' } });

  it('served whole: every page, and the same bytes as the list printed whole', async () => {
    thirdPage = 'list';
    const json = await run(['-o', 'json']);
    expect(json.exitCode, String(json.stderr)).toBe(0);
    const all = PAGES.flat();
    expect(json.stdout).toBe(JSON.stringify(all, null, 2));
    const lines = await run(['-o', 'jsonl', '--fields', 'id,namespace.full_path']);
    expect(String(lines.stdout).split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(all.map((p) => ({ id: p.id, 'namespace.full_path': 'acme' })));
    expect(asked.filter((a) => a.startsWith('GET /api/v4/projects'))).toHaveLength(6);
    // hostctl api --paginate, piped as the API sends it: one compact array of every page.
    const raw = await box.run(['api', 'projects?per_page=2', '--paginate'], { env: { HOSTCTL_URL: url, HOSTCTL_TOKEN: 'hpat-stand-in' } });
    expect([raw.exitCode, raw.stdout]).toEqual([0, JSON.stringify(all)]);
    // CSV page by page: one header, every row.
    const csv = await run(['-o', 'csv', '--fields', 'id,name']);
    expect(String(csv.stdout).split('\r\n')).toEqual(['id,name', ...all.map((p) => `${p.id},${p.name}`)]);
  });

  it('a page refused part way: the pages before it are on stdout as JSON lines, and the command fails', async () => {
    thirdPage = 'gone';
    const lines = await run(['-o', 'jsonl']);
    expect(lines.exitCode).toBe(3);
    expect(String(lines.stdout).split('\n').map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 2, 3, 4]);
    expect(lines.stderr).toContain('404 Page Gone');
    // JSON: the array so far, left open, so that no reader takes it for the whole list.
    const json = await run(['-o', 'json']);
    expect(json.exitCode).toBe(3);
    expect(String(json.stdout)).toMatch(/^\[\n {2}\{\n {4}"id": 1,/);
    expect(() => JSON.parse(String(json.stdout))).toThrow();
    // hostctl api --paginate: the array so far, left open, and the API's error.
    const raw = await box.run(['api', 'projects?per_page=2', '--paginate'], { env: { HOSTCTL_URL: url, HOSTCTL_TOKEN: 'hpat-stand-in' } });
    expect([raw.exitCode, raw.stdout]).toEqual([3, `[${PAGES.slice(0, 2).flat().map((p) => JSON.stringify(p)).join(',')}`]);
    expect(raw.stderr).toContain('404 Page Gone');
    // A later page that is no list: the server's fault, exit 1 without the hint of a bug of ours.
    thirdPage = 'object';
    const odd = await box.run(['api', 'projects?per_page=2', '--paginate'], { env: { HOSTCTL_URL: url, HOSTCTL_TOKEN: 'hpat-stand-in' } });
    expect([odd.exitCode, String(odd.stderr)]).toEqual([1, 'error: a page of /projects is not a JSON list (HTTP 200)']);
    thirdPage = 'gone';
    // Piped, a table's tab-separated rows and CSV go out page by page too (CSV's header once).
    const tsv = await run(['--fields', 'id,name']);
    expect([tsv.exitCode, tsv.stdout]).toEqual([3, '1\tp1\n2\tp2\n3\tp3\n4\tp4']);
    const csv = await run(['-o', 'csv', '--fields', 'id,name']);
    expect([csv.exitCode, String(csv.stdout).split('\r\n')]).toEqual([3, ['id,name', '1,p1', '2,p2', '3,p3', '4,p4']]);
    // A filter and YAML need every row first: nothing is printed.
    for (const form of [['--jq', '.[].id'], ['-o', 'yaml']]) {
      const whole = await run(form);
      expect([whole.exitCode, whole.stdout]).toEqual([3, '']);
    }
  });
});
