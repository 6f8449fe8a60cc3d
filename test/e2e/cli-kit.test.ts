// The CLI kit's promises, checked through real commands of several nouns, piped: output formats
// (jsonl, csv, --jq across pages, TSV escaping, colour of states), paging rules, --dry-run,
// client-side flag checks, the error mapper (exit 5 for every refusal, plain English, hints),
// help topics, the consistency aliases and large ids.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;
const ESC = '\u001b[';

describe('the CLI kit, piped', () => {
  let sb: CliSandbox;
  let token: string;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  const run = (args: string[], env: Record<string, string> = {}, input?: string) => sb.run(args, { env, ...(input !== undefined ? { input } : {}) });
  const expectExit = async (args: string[], code: number, text: string | RegExp, env: Record<string, string> = {}) => {
    const res = await run(args, env);
    expect(res.exitCode, `${args.join(' ')}: ${String(res.stderr)}`).toBe(code);
    if (typeof text === 'string') expect(String(res.stderr)).toContain(text);
    else expect(String(res.stderr)).toMatch(text);
    expect(String(res.stderr)).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
    return res;
  };

  describe('output formats', () => {
    it('-o jsonl prints one object per line', async () => {
      const res = await run(['users', 'list', '-o', 'jsonl', '--fields', 'id,username']);
      expect(res.exitCode).toBe(0);
      const lines = String(res.stdout).trimEnd().split('\n');
      const asJson = JSON.parse(String((await run(['users', 'list', '-o', 'json'])).stdout)) as Obj[];
      expect(lines.length).toBe(asJson.length);
      expect(lines.map((l) => (JSON.parse(l) as Obj).id)).toEqual(asJson.map((u) => u.id));
      for (const l of lines) expect(Object.keys(JSON.parse(l) as Obj)).toEqual(['id', 'username']);
    });

    it('-o csv has a header and quotes values with commas', async () => {
      const res = await run(['tokens', 'list', '-o', 'csv', '--fields', 'id,name,scopes', '--user', 'bob']);
      expect(res.exitCode).toBe(0);
      const lines = String(res.stdout).split('\r\n');
      expect(lines[0]).toBe('id,name,scopes');
      expect(String(res.stdout)).toMatch(/\r\n\d+,release-bot,"api,write_repository"\r\n/);
    });

    it('--jq filters the JSON answer, strings raw, across every page with --all', async () => {
      // Every demo user, read without --jq (the demo also provisions enterprise users over SCIM).
      const everyone = (JSON.parse(String((await run(['users', 'list', '--all', '-o', 'json'])).stdout)) as { username: string }[]).map((u) => u.username).sort();
      expect(everyone).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'dave', 'root']));
      const names = await run(['users', 'list', '--all', '--per-page', '2', '--jq', '.[].username']);
      expect(names.exitCode, String(names.stderr)).toBe(0);
      expect(String(names.stdout).trim().split('\n').sort()).toEqual(everyone);
      const count = await run(['users', 'list', '--all', '--per-page', '2', '--jq', 'length']);
      expect(String(count.stdout).trim()).toBe(String(everyone.length));
      const obj = await run(['projects', 'get', 'acme/web/storefront', '-q', '{path: .path, ns: .namespace.full_path}']);
      expect(JSON.parse(String(obj.stdout))).toEqual({ path: 'storefront', ns: 'acme/web' });
    });

    it('a bad --jq expression is a usage error naming --jq', async () => {
      await expectExit(['users', 'list', '--jq', '.[] | ('], 2, '--jq');
      await expectExit(['users', 'list', '--jq', '.', '-o', 'csv'], 2, '--jq');
    });

    it('piped rows escape tabs, newlines and backslashes', async () => {
      const created = await run(['groups', 'create', '--name', 'Escapes', '--path', 'escapes', '--description', 'tab\there\nnew line \\ slash']);
      expect(created.exitCode, String(created.stderr)).toBe(0);
      const res = await run(['groups', 'get', 'escapes', '--fields', 'path,description']);
      expect(String(res.stdout)).toBe('path\tescapes\ndescription\ttab\\there\\nnew line \\\\ slash');
      const list = await run(['groups', 'list', '--search', 'escapes', '--fields', 'description']);
      expect(String(list.stdout)).toBe('tab\\there\\nnew line \\\\ slash');
    });

    it('an empty list prints nothing when piped (exit 0)', async () => {
      const res = await run(['users', 'list', '--search', 'nobody-like-this']);
      expect(res.exitCode).toBe(0);
      expect(String(res.stdout)).toBe('');
    });

    it('state words are coloured with --color always or FORCE_COLOR, never with NO_COLOR or --color never', async () => {
      await run(['users', 'block', 'dave', '--yes']);
      const always = await run(['users', 'list', '--color', 'always'], { NO_COLOR: '' });
      expect(String(always.stdout)).toContain(`${ESC}31mblocked${ESC}39m`);
      expect(String(always.stdout)).toContain(`${ESC}32mactive${ESC}39m`);
      const forced = await run(['users', 'list'], { NO_COLOR: '', FORCE_COLOR: '1' });
      expect(String(forced.stdout)).toContain(`${ESC}31mblocked`);
      const noColor = await run(['users', 'list'], { FORCE_COLOR: '1', NO_COLOR: '1' });
      expect(String(noColor.stdout)).not.toContain(ESC);
      const never = await run(['users', 'list', '--color', 'never'], { NO_COLOR: '', FORCE_COLOR: '1' });
      expect(String(never.stdout)).not.toContain(ESC);
      await run(['users', 'unblock', 'dave', '--yes']);
      await expectExit(['users', 'list', '--color', 'sometimes'], 2, '--color');
    });

    it('tables show usernames and group paths instead of ids, one STATE for tokens, assets without source archives', async () => {
      const tokens = await run(['tokens', 'list', '--user', 'bob', '--sort', 'created:asc']);
      const rows = String(tokens.stdout).trim().split('\n').map((l) => l.split('\t'));
      expect(rows[0]?.[2]).toBe('bob');
      expect(rows.filter((r) => r[1] === 'release-bot').map((r) => r[4])).toEqual(['revoked', 'active']);
      const groups = await run(['groups', 'list', '--search', 'platform', '--fields', 'full_path', '-o', 'json']);
      expect(groups.exitCode).toBe(0);
      const sub = await run(['groups', 'get', 'acme/platform/infra']);
      expect(String(sub.stdout)).toMatch(/^parent\tacme\/platform$/m);
      const releases = await run(['releases', 'list', '-R', 'acme/web/storefront']);
      const v11 = String(releases.stdout).split('\n').find((l) => l.startsWith('v1.1.0\t')) as string;
      expect(v11.split('\t').pop()).toBe('3');
      // JSON keeps the platform's shape and ids.
      const json = await sb.json<Obj[]>(['tokens', 'list', '--user', 'bob']);
      expect(typeof json[0]?.user_id).toBe('number');
      expect(json[0]).toHaveProperty('active');
    });
  });

  describe('paging', () => {
    it('--limit N asks for pages of min(N, 100) and stops at N', async () => {
      const res = await run(['users', 'list', '--limit', '3', '--debug']);
      expect(String(res.stdout).trim().split('\n')).toHaveLength(3);
      expect(String(res.stderr)).toMatch(/> GET \/users\?per_page=3\b/);
      const big = await run(['users', 'list', '--limit', '500', '--debug']);
      expect(String(big.stderr)).toMatch(/per_page=100\b/);
    });

    it('--page with --limit starts at that page; --page with --all is a usage error', async () => {
      const all = (await sb.json<Obj[]>(['users', 'list', '--all'])).map((u) => u.username);
      const fromTwo = (await sb.json<Obj[]>(['users', 'list', '--page', '2', '--limit', '2'])).map((u) => u.username);
      expect(fromTwo).toEqual(all.slice(2, 4));
      await expectExit(['users', 'list', '--page', '2', '--all'], 2, '--page and --all');
    });

    it('a piped list that stops at one page says so on stderr', async () => {
      const res = await run(['users', 'list', '--per-page', '2']);
      expect(String(res.stdout).trim().split('\n')).toHaveLength(2);
      expect(String(res.stderr)).toContain('showing page 1 only; more: --page 2, --limit N or --all');
      const done = await run(['users', 'list']);
      expect(String(done.stderr)).toBe('');
    });

    it('every list verb takes --limit', async () => {
      for (const args of [
        ['tokens', 'list'],
        ['users', 'list'],
        ['groups', 'list'],
        ['projects', 'list'],
        ['members', 'list', '-R', 'acme/web/storefront'],
        ['releases', 'list', '-R', 'acme/web/storefront'],
        ['branches', 'list', '-R', 'acme/web/storefront'],
        ['commits', 'list', '-R', 'acme/web/storefront'],
        ['tags', 'list', '-R', 'acme/web/storefront'],
        ['milestones', 'list', '-R', 'acme/web/storefront'],
        ['branches', 'protections', 'list', '-R', 'acme/web/storefront'],
      ]) {
        const rows = await sb.json<Obj[]>([...args, '--limit', '1']);
        expect(rows.length, args.join(' ')).toBe(1);
      }
    });
  });

  describe('--dry-run', () => {
    it('prints the request a change would send and sends nothing', async () => {
      const res = await run(['groups', 'create', '--name', 'Dry', '--path', 'dry', '--dry-run']);
      expect(res.exitCode).toBe(0);
      expect(String(res.stdout)).toBe('POST /api/v4/groups\n{\n  "name": "Dry",\n  "path": "dry"\n}');
      expect(String(res.stderr)).toContain('dry run: nothing was sent');
      await expectExit(['groups', 'get', 'dry'], 3, /not found/i);
    });

    it('redacts secrets and prints JSON with -o json; destructive verbs do not ask', async () => {
      const res = await run(['users', 'create', '--username', 'drydan', '--name', 'Dan', '--email', 'dan@example.com', '--password-stdin', '--dry-run', '-o', 'json'], {}, 'super-secret-pw\n');
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const shown = JSON.parse(String(res.stdout)) as { method: string; url: string; body: Obj };
      expect(shown.method).toBe('POST');
      expect(shown.url).toBe('/api/v4/users');
      expect(shown.body.password).toBe('[REDACTED]');
      expect(String(res.stdout)).not.toContain('super-secret-pw');
      const del = await run(['projects', 'delete', 'acme/web/storefront', '--dry-run']);
      expect(del.exitCode, String(del.stderr)).toBe(0);
      expect(String(del.stdout)).toBe('DELETE /api/v4/projects/acme%2Fweb%2Fstorefront');
      expect((await sb.json<Obj>(['projects', 'get', 'acme/web/storefront'])).path).toBe('storefront');
      const rotate = await run(['tokens', 'rotate', 'self', '--dry-run']);
      expect(String(rotate.stdout)).toMatch(/^POST \/api\/v4\/personal_access_tokens\/self\/rotate/);
      expect((await run(['whoami'], { HOSTCTL_TOKEN: token })).exitCode).toBe(0);
    });

    it('commands that write the configuration or a state write nothing in a dry run', async () => {
      const add = await run(['context', 'add', 'dry-ctx', '--url', 'http://127.0.0.1:9', '--no-verify', '--dry-run']);
      expect(add.exitCode).toBe(0);
      expect(String(add.stderr)).toContain('dry run: would add context "dry-ctx"');
      expect(String(add.stderr)).not.toContain('added context');
      expect((await sb.json<Obj[]>(['context', 'list'])).map((c) => c.name)).not.toContain('dry-ctx');
      const init = await run(['init', '--state', `${sb.dir}/never`, '--dry-run']);
      expect(init.exitCode).toBe(0);
      expect(String(init.stderr)).toContain(`would create a state (tier ultimate) at ${sb.dir}/never`);
      expect((await run(['context', 'get', '--state', `${sb.dir}/never`])).exitCode).toBe(0);
      expect(existsSync(`${sb.dir}/never`)).toBe(false);
    });

    it('branches delete-merged --dry-run lists the branches that would go', async () => {
      const res = await run(['branches', 'delete-merged', '-R', 'acme/web/storefront', '--dry-run', '--fields', 'name']);
      expect(res.exitCode).toBe(0);
      expect(String(res.stdout)).toBe('fix/cart-rounding');
      expect(String(res.stderr)).toContain('1 merged branch would be deleted');
      expect((await sb.json<Obj[]>(['branches', 'list', '-R', 'acme/web/storefront', '--search', 'fix/cart'])).length).toBe(1);
    });
  });

  describe('flags checked before any request (exit 2, naming the flag)', () => {
    it.each([
      [['--url', '127.0.0.1:8080', 'projects', 'list'], 'did you mean http://127.0.0.1:8080'],
      [['--url', 'ftp://git.example.com', 'projects', 'list'], '--url must be an http:// or https:// URL'],
      [['--url', 'http://git.example.com/api/v4/projects', 'projects', 'list'], '--url takes the instance URL'],
      [['--url', 'http://git.example.com', '--state', '/tmp/x', 'projects', 'list'], 'give either --state DIR (a local state) or --url URL (a remote instance), not both'],
      [['tokens', 'list', '--expires-before', '2026-13-45'], '--expires-before must be a date'],
      [['tokens', 'list', '--created-after', 'yesterday'], '--created-after must be an ISO 8601'],
      [['tokens', 'list', '--created-after', '2026-02-30T10:00:00Z'], '--created-after must be an ISO 8601'],
      [['snippets', 'list', '--created-before', '2026-04-31'], '--created-before must be an ISO 8601'],
      [['audit-events', 'list', '--since', '3x'], '--since must be a duration ago (30m, 2h, 7d) or an ISO 8601 date'],
      [['milestones', 'create', '-R', 'acme/web/storefront', '--title', 'x', '--due-date', '2026-02-30'], '--due-date must be a date'],
      [['projects', 'list', '--visibility', 'secret'], '--visibility must be one of private, internal, public'],
      [['members', 'add', '-R', 'acme/web/storefront', '--user', 'bob', '--access-level', 'boss'], '--access-level must be one of'],
      [['users', 'list', '--sort', 'shoe_size'], '--sort must be FIELD'],
      [['tokens', 'create', '--user', 'bob', '--name', 'x', '--scope', 'api,everything'], '--scope must be one of api, read_api'],
      [['tokens', 'list', '--expires-within', 'a month'], '--expires-within'],
      [['-o', 'xml', 'users', 'list'], "'-o, --output <format>'"],
    ])('%j', async (args, text) => {
      const res = await expectExit(args, 2, text);
      expect(String(res.stdout)).toBe('');
    });
  });

  describe('the error mapper', () => {
    it.each([
      ['groups', ['groups', 'create', '--name', 'Acme', '--path', 'acme'], /path "acme" is already taken/],
      ['projects', ['projects', 'create', '--name', 'Storefront', '--path', 'storefront', '--namespace', 'acme/web'], /is already taken/],
      ['users', ['users', 'create', '--username', 'alice', '--name', 'A', '--email', 'other@example.com', '--password', 'long-enough-pw'], /already been taken|already taken/i],
      ['branches', ['branches', 'create', 'main', '-R', 'acme/web/storefront', '--ref', 'main'], /already exists/i],
      ['tags', ['tags', 'create', 'v1.0.0', '-R', 'acme/web/storefront', '--ref', 'main'], /already exists/i],
      ['releases', ['releases', 'create', '-R', 'acme/web/storefront', '--tag', 'v1.0.0'], /already exists/i],
      ['release links', ['releases', 'links', 'add', 'v1.1.0', '-R', 'acme/web/storefront', '--name', 'Rollout runbook', '--link-url', 'https://elsewhere.example.com/x'], /name "Rollout runbook" is already taken/],
      ['members', ['members', 'add', '-R', 'acme/web/storefront', '--user', 'dave', '--access-level', 'reporter'], /already exists/i],
      ['milestones', ['milestones', 'create', '-R', 'acme/web/storefront', '--title', 'Checkout revamp'], /already/i],
      ['protected branches', ['branches', 'protect', 'main', '-R', 'acme/web/storefront'], /already exists/i],
    ])('%s: an "already exists / taken" answer exits 5 in plain English', async (_noun, args, text) => {
      const res = await expectExit(args as string[], 5, text as RegExp);
      expect(String(res.stderr)).not.toMatch(/=>|\{:/);
      expect(String(res.stderr)).toMatch(/^error: \S/);
    });

    it('a refused value (validation) exits 5 and names the flag to change', async () => {
      const res = await expectExit(['groups', 'create', '--name', 'Bad', '--path', '-bad-'], 5, 'path');
      expect(String(res.stderr)).toContain('hint: change --path');
    });

    it('an unexpected failure is one line with a hint; the stack only with HOSTCTL_DEBUG=stack', async () => {
      const broken = `${sb.dir}/broken-state`;
      mkdirSync(broken);
      writeFileSync(`${broken}/state.db`, 'this is not a database');
      const plain = await run(['users', 'list', '--state', broken, '--debug']);
      expect(plain.exitCode).toBe(1);
      expect(String(plain.stderr)).toMatch(/^error: .+\nhint: this is unexpected; HOSTCTL_DEBUG=stack shows where it happened\n?$/);
      const stack = await run(['users', 'list', '--state', broken], { HOSTCTL_DEBUG: 'stack' });
      expect(stack.exitCode).toBe(1);
      expect(String(stack.stderr)).toMatch(/\n\s+at .+:\d+:\d+/);
    });

    it('404 carries a search hint; 401 names the context and where the token came from', async () => {
      await expectExit(['projects', 'get', 'acme/nothing-here'], 3, 'hint: find it with: hostctl projects list --search nothing-here');
      await expectExit(['groups', 'get', 'nope'], 3, 'hostctl groups list --search nope');
      const res = await expectExit(['users', 'list'], 4, 'hint: the token of context "local" (token from HOSTCTL_TOKEN) was not accepted', { HOSTCTL_TOKEN: 'hpat-not-a-real-token-at-all' });
      expect(String(res.stderr)).not.toContain('hpat-not-a-real-token-at-all');
    });
  });

  describe('help', () => {
    it('help NOUN VERB, nested nouns and the topics', async () => {
      const verb = await run(['help', 'projects', 'list']);
      expect(verb.exitCode).toBe(0);
      expect(String(verb.stdout)).toContain('Usage: hostctl projects list');
      const nested = await run(['help', 'releases', 'links', 'add']);
      expect(String(nested.stdout)).toContain('Usage: hostctl releases links add');
      for (const topic of ['environment', 'exit-codes', 'formatting']) {
        const res = await run(['help', topic]);
        expect(res.exitCode, topic).toBe(0);
        expect(String(res.stdout).length, topic).toBeGreaterThan(100);
      }
      expect(String((await run(['help', 'exit-codes'])).stdout)).toMatch(/^\s+5 {2}conflict/m);
      expect(String((await run(['help', 'environment'])).stdout)).toContain('HOSTCTL_PROJECT');
      expect(String((await run(['help', 'formatting'])).stdout)).toContain('--jq');
    });

    it('unknown help topics exit 2; bare hostctl and hostctl NOUN behave alike', async () => {
      await expectExit(['help', 'nonsense'], 2, 'unknown help topic "nonsense"');
      await expectExit(['help', 'projects', 'frobnicate'], 2, 'unknown help topic');
      const bare = await run([]);
      const noun = await run(['projects']);
      const nested = await run(['releases', 'links']);
      for (const res of [bare, noun, nested]) {
        expect(res.exitCode).toBe(2);
        expect(String(res.stdout)).toMatch(/^Usage: hostctl/);
      }
      expect(String(noun.stdout)).toContain('archive');
      expect(String(nested.stdout)).toContain('Usage: hostctl releases links');
    });
  });

  describe('consistency', () => {
    it('--repo is -R, HOSTCTL_PROJECT is the default project, --query is --search, --parent is --group', async () => {
      const viaRepo = await sb.json<Obj[]>(['tags', 'list', '--repo', 'acme/web/storefront']);
      const viaR = await sb.json<Obj[]>(['tags', 'list', '-R', 'acme/web/storefront']);
      expect(viaRepo).toEqual(viaR);
      const viaEnv = await sb.json<Obj[]>(['tags', 'list'], { HOSTCTL_PROJECT: 'acme/web/storefront' });
      expect(viaEnv).toEqual(viaR);
      await expectExit(['tags', 'list', '--repo', 'a/b', '-R', 'c/d'], 2, '--repo is another spelling of --project');
      const q = await sb.json<Obj[]>(['members', 'list', '-R', 'acme/web/storefront', '--query', 'dav']);
      const s = await sb.json<Obj[]>(['members', 'list', '-R', 'acme/web/storefront', '--search', 'dav']);
      expect(q).toEqual(s);
      expect(s.map((m) => m.username)).toEqual(['dave']);
      const sub = await sb.json<Obj[]>(['groups', 'list', '--parent', 'acme']);
      expect(sub).toEqual(await sb.json<Obj[]>(['groups', 'list', '--group', 'acme']));
      const help = String((await run(['tags', 'list', '--help'])).stdout);
      expect(help).not.toContain('--repo');
    });

    it('one sort syntax: FIELD[:asc|desc], the older spellings still work', async () => {
      const asc = (await sb.json<Obj[]>(['users', 'list', '--sort', 'username:asc'])).map((u) => u.username);
      expect(asc).toEqual([...asc].sort());
      expect(asc).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'dave', 'root']));
      expect((await sb.json<Obj[]>(['users', 'list', '--order-by', 'username', '--sort', 'asc'])).map((u) => u.username)).toEqual(asc);
      const byName = (await sb.json<Obj[]>(['tokens', 'list', '--user', 'alice', '--sort', 'name:desc'])).map((t) => t.name);
      expect(byName).toEqual([...byName].sort().reverse());
      expect((await sb.json<Obj[]>(['tokens', 'list', '--user', 'alice', '--sort', 'name_desc'])).map((t) => t.name)).toEqual(byName);
    });

    it('--password-stdin takes the password from standard input', async () => {
      const res = await run(['users', 'create', '--username', 'erin', '--name', 'Erin', '--email', 'erin@example.com', '--password-stdin', '-o', 'json'], {}, 'correct-horse-battery\n');
      expect(res.exitCode, String(res.stderr)).toBe(0);
      await expectExit(['users', 'update', 'erin', '--password', 'x-long-password', '--password-stdin'], 2, 'either --password or --password-stdin');
    });

    it('@me is the token\'s user', async () => {
      const mine = await sb.json<Obj[]>(['tokens', 'list', '--user', '@me']);
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((t) => t.user_id))).toEqual(new Set([1]));
    });

    it('ids beyond 2^53 are sent exactly as typed', async () => {
      const res = await run(['projects', 'get', '9007199254740993', '--debug']);
      expect(String(res.stderr)).toContain('> GET /projects/9007199254740993');
      const api = await run(['api', 'projects', '-X', 'GET', '-F', 'id_after=9007199254740993', '--debug']);
      expect(String(api.stderr)).toContain('9007199254740993');
      expect(String(api.stderr)).not.toContain('9007199254740992');
    });
  });
});
