// Verbs added for the first day of an admin: serve honouring the target, auth status/whoami,
// token rotation and revocation warnings, init --recover-token, projects archive/unarchive/
// transfer/share/unshare, branch protection rules, releases upload and the gh-style releases get, link names,
// tokens list --expires-within, and completion install.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { KEY } from './terminal.js';

type Obj = Record<string, unknown>;

describe('first-day verbs', () => {
  let sb: CliSandbox;
  let token: string;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  const run = (args: string[], env: Record<string, string> = {}) => sb.run(args, { env });

  describe('serve', () => {
    it('refuses a remote context with a clear message', async () => {
      await run(['context', 'add', 'far', '--url', 'http://127.0.0.1:9', '--no-verify']);
      const res = await run(['serve', '--context', 'far', '--port', '0']);
      expect(res.exitCode).toBe(2);
      expect(String(res.stderr)).toContain('serve serves a local state; context "far" is a remote instance (http://127.0.0.1:9)');
      const url = await run(['serve', '--url', 'http://127.0.0.1:9', '--port', '0']);
      expect(url.exitCode).toBe(2);
      expect(String(url.stderr)).toContain('--url flag names a remote instance');
    });

    it('serves the state of the context given', async () => {
      const other = cliSandbox();
      try {
        await other.init();
        expect((await run(['context', 'add', 'elsewhere', '--state', other.stateDir, '--no-verify'])).exitCode).toBe(0);
        const proc = execa(process.execPath, [BIN, 'serve', '--context', 'elsewhere', '--port', '0'], { env: { ...cleanEnv(), ...sb.env }, extendEnv: false, reject: false, stdin: 'ignore' });
        let log = '';
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 20_000);
          proc.stderr?.on('data', (chunk: Buffer) => {
            log += chunk.toString();
            if (log.includes('/api/v4')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        proc.kill('SIGTERM');
        await proc;
        expect(log).toContain(`hostctl serving ${other.stateDir} at http://127.0.0.1:`);
      } finally {
        other.cleanup();
      }
    });
  });

  describe('auth status and whoami', () => {
    it('shows target, user, token name, scopes and expiry; -o json; alias whoami', async () => {
      const status = await sb.json<{ user: Obj; token: Obj; context: string; type: string }>(['auth', 'status']);
      expect(status.user.username).toBe('root');
      expect(status.token.name).toBe('hostctl-root');
      expect(status.token.scopes).toEqual(['api']);
      expect(status.context).toBe('local');
      expect(status.type).toBe('local');
      expect(await sb.json(['whoami'])).toEqual(status);
      expect(await sb.json(['auth', 'whoami'])).toEqual(status);
      const table = await run(['whoami']);
      expect(String(table.stdout)).toMatch(/^user\troot \(administrator\)$/m);
      expect(String(table.stderr)).toBe('');
    });

    it('warns on stderr when the token expires within 7 days', async () => {
      const soon = await run(['tokens', 'create', '--user', 'alice', '--name', 'short', '--scope', 'read_api', '--expires-at', '2026-01-18']);
      expect(soon.exitCode, String(soon.stderr)).toBe(0);
      const res = await run(['whoami'], { HOSTCTL_TOKEN: String(soon.stdout).trim() });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(String(res.stderr)).toContain('warning: the token "short" expires in 3 days');
      expect(String(res.stdout)).toMatch(/^user\talice$/m);
    });
  });

  describe('tokens', () => {
    it('rotation keeps the old lifetime and says so; --expires-at still chooses', async () => {
      const created = await run(['tokens', 'create', '--user', 'bob', '--name', 'ninety', '--scope', 'read_api', '--expires-at', '2026-04-15', '-o', 'json']);
      const id = (JSON.parse(String(created.stdout)) as Obj).id as number;
      const res = await run(['tokens', 'rotate', String(id), '-o', 'json']);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      // Created on the fake today (2026-01-15) for 90 days: the successor gets 90 days too.
      expect(String(res.stderr)).toContain("the new token expires 2026-04-15: the old token's lifetime of 90 days");
      expect((JSON.parse(String(res.stdout)) as Obj).expires_at).toBe('2026-04-15');
      const chosen = await run(['tokens', 'rotate', String((JSON.parse(String(res.stdout)) as Obj).id), '--expires-at', '2026-02-01', '-o', 'json']);
      expect((JSON.parse(String(chosen.stdout)) as Obj).expires_at).toBe('2026-02-01');
      expect(String(chosen.stderr)).not.toContain('lifetime');
      // A token that never expired (the demo's root token): `rotate self` gives the longest
      // lifetime and says why, never the platform's silent 7 days.
      const own = cliSandbox();
      try {
        await own.init();
        expect((await own.json(['tokens', 'get', 'self'])).expires_at).toBeNull();
        const self = await own.run(['tokens', 'rotate', 'self', '-o', 'json']);
        expect(self.exitCode, String(self.stderr)).toBe(0);
        expect(String(self.stderr)).toContain('the new token expires 2027-02-19: the old token never expired; 400 days is the longest allowed');
        expect((JSON.parse(String(self.stdout)) as Obj).expires_at).toBe('2027-02-19');
      } finally {
        own.cleanup();
      }
    });

    it('rotating or revoking a token another saved context uses names that context before asking, and offers to update it', async () => {
      const created = await run(['tokens', 'create', '--user', 'carol', '--name', 'ctx-token', '--scope', 'api', '-o', 'json']);
      const body = JSON.parse(String(created.stdout)) as Obj;
      const add = await run(['context', 'add', 'carol-ctx', '--state', sb.stateDir, '--token', String(body.token)]);
      expect(add.exitCode, String(add.stderr)).toBe(0);
      // The check names the token's owner as a person knows them.
      expect(String(add.stderr)).toContain('token "ctx-token" of carol works');
      // On a terminal: said before the question, and the question names the context that gets the new secret.
      const declined = await sb.drive(['tokens', 'rotate', String(body.id)], [{ expect: 'Rotate token .*\\(context "carol-ctx" gets the new one\\)', send: ['n', '\r'] }], { columns: 200 });
      expect(declined.code, declined.output).toBe(2);
      expect(declined.output.indexOf(`warning: context "carol-ctx" uses token ${String(body.id)}; it gets the new token`)).toBeGreaterThanOrEqual(0);
      expect(declined.output.indexOf('warning: context "carol-ctx"')).toBeLessThan(declined.output.indexOf('Rotate token'));
      const rotated = await run(['tokens', 'rotate', String(body.id), '-o', 'json']);
      expect(rotated.exitCode, String(rotated.stderr)).toBe(0);
      expect(String(rotated.stderr)).toContain(`warning: context "carol-ctx" uses token ${String(body.id)}; it gets the new token`);
      expect(String(rotated.stderr)).toContain('context "carol-ctx" now uses the new token');
      const fresh = JSON.parse(String(rotated.stdout)) as Obj;
      expect((await sb.json<{ user: Obj }>(['whoami', '--context', 'carol-ctx'])).user.username).toBe('carol');
      const asked = await sb.drive(['tokens', 'revoke', String(fresh.id)], [{ expect: 'Revoke token .*\\(used by context "carol-ctx"\\)\\?', send: ['n', '\r'] }], { columns: 200 });
      expect(asked.code, asked.output).toBe(2);
      expect(asked.output).toContain(`warning: context "carol-ctx" uses token ${String(fresh.id)}; it will stop working (rotate it instead`);
      const revoked = await run(['tokens', 'revoke', String(fresh.id), '--yes']);
      expect(revoked.exitCode, String(revoked.stderr)).toBe(0);
      expect(String(revoked.stderr)).toContain(`warning: context "carol-ctx" uses token ${String(fresh.id)}; it will stop working`);
      expect(String(revoked.stderr)).toContain('context "carol-ctx" now holds a revoked token; give it a new one with: hostctl context set-token carol-ctx --token-stdin');
    });

    it('revoking the last active admin token warns, and init --recover-token issues a new one', async () => {
      const fresh = cliSandbox();
      try {
        const root = await fresh.init();
        const res = await fresh.run(['tokens', 'revoke', '1', '--yes']);
        expect(res.exitCode, String(res.stderr)).toBe(0);
        expect(String(res.stderr)).toContain('is the last active administrator token of this local state');
        expect(String(res.stderr)).toContain(`hostctl init --recover-token --state ${fresh.stateDir}`);
        expect((await fresh.run(['whoami'], { env: { HOSTCTL_TOKEN: root } })).exitCode).toBe(4);
        const recovered = await fresh.run(['init', '--recover-token', '--state', fresh.stateDir]);
        expect(recovered.exitCode, String(recovered.stderr)).toBe(0);
        expect(String(recovered.stdout).trim()).toMatch(/^hpat-/);
        expect(String(recovered.stderr)).toContain('for administrator root; context "local" now uses it');
        const me = await fresh.json<{ user: Obj; token: Obj }>(['whoami']);
        expect(me.user.username).toBe('root');
        expect(me.token.name).toBe('hostctl-recovered');
        const remote = await fresh.run(['init', '--recover-token', '--url', 'http://127.0.0.1:9']);
        expect(remote.exitCode).toBe(2);
        expect(String(remote.stderr)).toContain('local states only');
      } finally {
        fresh.cleanup();
      }
    });

    it('tokens list --expires-within 30d lists active tokens running out within a month', async () => {
      const created = await run(['tokens', 'create', '--user', 'dave', '--name', 'month', '--scope', 'read_api', '--expires-at', '2026-02-10']);
      expect(created.exitCode).toBe(0);
      const soon = await sb.json<Obj[]>(['tokens', 'list', '--expires-within', '30d', '--all']);
      expect(soon.map((t) => t.name)).toContain('month');
      for (const t of soon) {
        expect(t.active).toBe(true);
        expect(String(t.expires_at) <= '2026-02-14').toBe(true);
      }
      const weeks = await sb.json<Obj[]>(['tokens', 'list', '--expires-within', '2w', '--all']);
      expect(weeks.map((t) => t.name)).not.toContain('month');
    });
  });

  describe('projects, branches, releases', () => {
    it('projects archive, unarchive and transfer', async () => {
      const archived = await run(['projects', 'archive', 'alice/dotfiles']);
      expect(archived.exitCode, String(archived.stderr)).toBe(0);
      expect(String(archived.stderr)).toContain('archived project alice/dotfiles');
      expect((await sb.json<Obj>(['projects', 'get', 'alice/dotfiles'])).archived).toBe(true);
      await run(['projects', 'unarchive', 'alice/dotfiles']);
      expect((await sb.json<Obj>(['projects', 'get', 'alice/dotfiles'])).archived).toBe(false);
      const moved = await run(['projects', 'transfer', 'oss/yaml-lint', '--group', 'acme', '--yes', '-o', 'json']);
      expect(moved.exitCode, String(moved.stderr)).toBe(0);
      expect((JSON.parse(String(moved.stdout)) as Obj).path_with_namespace).toBe('acme/yaml-lint');
      const missing = await run(['projects', 'transfer', 'acme/yaml-lint']);
      expect(missing.exitCode).toBe(2);
      expect(String(missing.stderr)).toContain('missing --group');
      const noConfirm = await run(['projects', 'transfer', 'acme/yaml-lint', '--group', 'oss']);
      expect(noConfirm.exitCode).toBe(2);
      expect(String(noConfirm.stderr)).toContain('--yes');
    });

    it('projects share and unshare', async () => {
      const shared = await run(['projects', 'share', 'alice/dotfiles', '--group', 'oss', '--access-level', 'reporter', '--expires-at', '2099-12-31', '-o', 'json']);
      expect(shared.exitCode, String(shared.stderr)).toBe(0);
      expect(JSON.parse(String(shared.stdout))).toMatchObject({ group_access: 20, expires_at: '2099-12-31' });
      const shown = await sb.json<Obj>(['projects', 'get', 'alice/dotfiles']);
      expect((shown.shared_with_groups as Obj[]).map((g) => [g.group_full_path, g.group_access_level])).toEqual([['oss', 20]]);
      const bad = await run(['projects', 'share', 'alice/dotfiles', '--group', 'oss', '--access-level', 'boss']);
      expect(bad.exitCode).toBe(2);
      expect(String(bad.stderr)).toContain('--access-level must be one of');
      const again = await run(['projects', 'share', 'alice/dotfiles', '--group', 'oss', '--access-level', 'guest']);
      expect(again.exitCode).not.toBe(0);
      expect(String(again.stderr)).toContain('Project already shared with this group');
      const noConfirm = await run(['projects', 'unshare', 'alice/dotfiles', '--group', 'oss']);
      expect(noConfirm.exitCode).toBe(2);
      expect(String(noConfirm.stderr)).toContain('--yes');
      const gone = await run(['projects', 'unshare', 'alice/dotfiles', '--group', 'oss', '--yes']);
      expect(gone.exitCode, String(gone.stderr)).toBe(0);
      expect(String(gone.stderr)).toContain('stopped sharing project alice/dotfiles with group oss');
      expect((await sb.json<Obj>(['projects', 'get', 'alice/dotfiles'])).shared_with_groups).toEqual([]);
      // In table mode too, the share it made is on stdout (as create verbs show what they made), the summary on stderr.
      const table = await run(['projects', 'share', 'alice/dotfiles', '--group', 'oss', '--access-level', 'developer']);
      expect(table.exitCode, String(table.stderr)).toBe(0);
      expect(String(table.stdout)).toMatch(/^project\talice\/dotfiles$/m);
      expect(String(table.stdout)).toMatch(/^group\toss$/m);
      expect(String(table.stdout)).toMatch(/^role\tdeveloper \(30\)$/m);
      expect(String(table.stderr)).toContain('shared project alice/dotfiles with group oss as developer');
    });

    it('projects create --readme shows the README it made: not an empty repository, the default branch and where the README is', async () => {
      const made = await run(['projects', 'create', '--path', 'with-readme', '--readme', '--default-branch', 'trunk']);
      expect(made.exitCode, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^default branch\ttrunk$/m);
      expect(made.stdout).toMatch(/^empty repo\tfalse$/m);
      expect(made.stdout).toMatch(/^readme\thttp\S+\/root\/with-readme\/-\/blob\/trunk\/README\.md$/m);
      // Without --readme: an empty repository, and no README to point at.
      const bare = await run(['projects', 'create', '--path', 'without-readme']);
      expect(bare.stdout).toMatch(/^empty repo\ttrue$/m);
      expect(bare.stdout).toMatch(/^readme\t$/m);
    });

    it('projects list --sort storage_size shows STORAGE SIZE; projects get --statistics; hostctl api --jq', async () => {
      const res = await run(['projects', 'list', '--sort', 'storage_size:desc', '--limit', '3', '--fields', 'path_with_namespace,statistics.storage_size,statistics.commit_count', '-o', 'json']);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const rows = JSON.parse(String(res.stdout)) as Obj[];
      const sizes = rows.map((r) => r['statistics.storage_size'] as number);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(sizes[0]).toBeGreaterThan(0);
      const header = String((await run(['projects', 'list', '--sort', 'storage_size', '--limit', '1'], { COLUMNS: '200' })).stdout);
      expect(header.split('\t').length).toBe(9);
      const one = await run(['projects', 'get', 'acme/web/storefront', '--statistics']);
      // Piped, sizes are exact bytes (a terminal shows KiB/MiB).
      expect(String(one.stdout)).toMatch(/^storage size\t\d+$/m);
      expect(String(one.stdout)).toMatch(/^commits\t\d+$/m);
      const api = await run(['api', 'projects/acme%2Fweb%2Fstorefront', '--jq', '.empty_repo']);
      expect(String(api.stdout).trim()).toBe('false');
    });

    it('projects list --sort star_count and similarity; groups list --sort similarity', async () => {
      const paths = async (args: string[]) => (await sb.json<Obj[]>(['projects', 'list', ...args, '--all'])).map((p) => p.path_with_namespace);
      expect((await run(['api', '-X', 'POST', 'projects/acme%2Fweb%2Fdesign-system/star'])).exitCode).toBe(0);
      expect((await paths(['--sort', 'star_count']))[0]).toBe('acme/web/design-system');
      expect((await paths(['--sort', 'star_count:asc'])).at(-1)).toBe('acme/web/design-system');
      // The search's best match first: the exact word before the one it only starts.
      expect(await paths(['--search', 'store', '--sort', 'similarity'])).toEqual(['acme/web/storefront']);
      expect((await paths(['--search', 'auth', '--sort', 'similarity']))[0]).toBe('acme/platform/auth-service');
      // Without a search there is nothing to rank: said, and the platform's stand-in order applies.
      const plain = await run(['projects', 'list', '--sort', 'similarity', '--all', '-o', 'json']);
      expect(String(plain.stderr)).toContain('--sort similarity ranks --search matches: the list is ordered by created_at instead');
      expect(await paths(['--sort', 'similarity'])).toEqual(await paths(['--sort', 'created']));
      const byGroup = await run(['projects', 'list', '--group', 'acme/web', '--sort', 'similarity', '-o', 'json']);
      expect(String(byGroup.stderr)).toContain('ordered by name instead');
      const sized = await run(['projects', 'list', '--group', 'acme', '--sort', 'storage_size']);
      expect([sized.exitCode, String(sized.stderr)]).toEqual([2, expect.stringContaining("--sort storage_size is not offered with --group: a group's project list has no size orders")]);
      const groups = (await sb.json<Obj[]>(['groups', 'list', '--all', '--search', 'web', '--sort', 'similarity'])).map((g) => g.full_path);
      expect(groups[0]).toBe('acme/web');
      expect(String((await run(['projects', 'list', '--help'])).stdout).replace(/\s+/g, ' ')).toContain('last_activity, star_count, similarity, storage_size');
    });

    it('--sort similarity without --search: one note, after the list, from projects and groups alike', async () => {
      const note = (instead: string) => `--sort similarity ranks --search matches: the list is ordered by ${instead} instead`;
      const count = (text: string, part: string) => text.split(part).length - 1;
      for (const [args, instead] of [
        [['projects', 'list', '--sort', 'similarity', '--all'], 'created_at'],
        [['projects', 'list', '--group', 'acme/web', '--order-by', 'similarity'], 'name'],
        [['groups', 'list', '--sort', 'similarity', '--all'], 'name'],
      ] as const) {
        // On a terminal: standard output and error as the reader sees them, in order.
        const shown = await sb.drive([...args], [], { columns: 200 });
        expect(shown.code, shown.output).toBe(0);
        const text = shown.output.replace(/\r/g, '').trimEnd();
        expect(count(text, note(instead)), text).toBe(1);
        expect(text.endsWith(note(instead)), text).toBe(true);
        const piped = await run([...args, '-o', 'json']);
        expect(count(String(piped.stderr), 'ranks --search matches')).toBe(1);
      }
      // A search ranks the matches: nothing to say; nor of an empty list.
      expect(String((await run(['groups', 'list', '--sort', 'similarity', '--search', 'web'])).stderr)).not.toContain('ranks --search');
      expect(String((await run(['groups', 'list', '--sort', 'similarity', '--search', 'no-such-group-at-all'])).stderr)).not.toContain('ranks --search');
    });

    it('branches protections list, get and update', async () => {
      const list = await sb.json<Obj[]>(['branches', 'protections', 'list', '-R', 'acme/web/storefront']);
      expect(list.map((r) => r.name)).toEqual(['main']);
      const one = await sb.json<Obj>(['branches', 'protections', 'get', 'main', '-R', 'acme/web/storefront']);
      expect(one.name).toBe('main');
      const changed = await sb.json<{ push_access_levels: { access_level: number }[]; allow_force_push: boolean }>(['branches', 'protections', 'update', 'main', '-R', 'acme/web/storefront', '--push', 'no-one', '--allow-force-push']);
      expect(changed.push_access_levels.map((l) => l.access_level)).toEqual([0]);
      expect(changed.allow_force_push).toBe(true);
      const nothing = await run(['branches', 'protections', 'update', 'main', '-R', 'acme/web/storefront']);
      expect(nothing.exitCode).toBe(2);
      expect(String(nothing.stderr)).toContain('nothing to change');
      const unknown = await run(['branches', 'protections', 'get', 'nope', '-R', 'acme/web/storefront']);
      expect(unknown.exitCode).toBe(3);
    });

    it('releases upload attaches URLs (URL#label), refuses local files with a hint', async () => {
      const res = await run(['releases', 'upload', 'v1.0.0', 'https://cdn.example.com/dl/app-linux.tgz', 'https://cdn.example.com/dl/app.msi#Windows installer', '-R', 'acme/web/storefront', '--type', 'package']);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const links = await sb.json<Obj[]>(['releases', 'links', 'list', 'v1.0.0', '-R', 'acme/web/storefront']);
      expect(links.map((l) => [l.name, l.link_type]).sort()).toEqual([
        ['Windows installer', 'package'],
        ['app-linux.tgz', 'package'],
      ]);
      const local = await run(['releases', 'upload', 'v1.0.0', 'package.json', '-R', 'acme/web/storefront'], {});
      expect(local.exitCode).toBe(2);
      const bad = await run(['releases', 'upload', 'v1.0.0', 'mailto:x@example.com', '-R', 'acme/web/storefront']);
      expect(bad.exitCode).toBe(2);
      expect(String(bad.stderr)).toContain('ASSET must be an http, https or ftp URL');
    });

    it('link names work wherever link ids do', async () => {
      const updated = await sb.json<Obj>(['releases', 'links', 'update', 'v1.0.0', 'app-linux.tgz', '-R', 'acme/web/storefront', '--name', 'Linux build']);
      expect(updated.name).toBe('Linux build');
      const gone = await run(['releases', 'links', 'delete', 'v1.0.0', 'Linux build', '-R', 'acme/web/storefront', '--yes']);
      expect(gone.exitCode, String(gone.stderr)).toBe(0);
      const missing = await run(['releases', 'links', 'delete', 'v1.0.0', 'No such link', '-R', 'acme/web/storefront', '--yes']);
      expect(missing.exitCode).toBe(3);
      expect(String(missing.stderr)).toContain('no asset link named "No such link"');
    });

    it('releases get shows the notes and the asset links (piped form)', async () => {
      const res = await run(['releases', 'get', 'v1.1.0', '-R', 'acme/web/storefront']);
      const out = String(res.stdout);
      expect(out).toMatch(/^title\tStorefront 1\.1$/m);
      expect(out).toMatch(/^asset\tRollout runbook\thttps:\/\/runbooks\.example\.com\/storefront\/1\.1$/m);
      expect(out).toContain('\n--\n## Highlights');
      expect(out).not.toContain('Source code');
    });
  });

  describe('the verbs an admin reaches for next', () => {
    const R = ['-R', 'acme/web/storefront'];

    it('pipelines cancel and retry say what they did on stderr; the changed pipeline goes to stdout only when -o asks', async () => {
      const [newest] = await sb.json<{ id: number; iid: number; status: string }[]>(['pipelines', 'list', ...R]);
      const canceled = await run(['pipelines', 'cancel', String(newest?.id), ...R]);
      expect([canceled.exitCode, canceled.stdout, canceled.stderr]).toEqual([0, '', `pipeline ${String(newest?.id)}: ${String(newest?.status)} → canceled`]);
      const retried = await run(['pipelines', 'retry', `#${String(newest?.iid)}`, ...R, '--fields', 'status']);
      expect([retried.exitCode, retried.stdout]).toEqual([0, 'status\tpending']);
      expect(retried.stderr).toBe(`pipeline ${String(newest?.id)}: canceled → pending`);
    });

    it('snippets raw on a snippet of several files asks which on a terminal, every file being one choice', async () => {
      const tooling = (await sb.json<{ id: number; title: string }[]>(['snippets', 'list', '--scope', 'all', '--all'])).find((x) => x.title === 'Release tooling');
      const one = await sb.drive(['snippets', 'raw', String(tooling?.id)], [{ expect: 'every file, one after another \\(--all\\)', send: [KEY.down, KEY.enter] }]);
      expect(one.code, one.output).toBe(0);
      expect(one.output).toContain('Which file? (--file)');
      expect(one.output).toContain('npm version "${1:-patch}"');
      expect(one.output).not.toContain('# Release tooling');
      const every = await sb.drive(['snippets', 'raw', String(tooling?.id)], [{ expect: 'every file', send: [KEY.up, KEY.enter] }]);
      expect(every.code, every.output).toBe(0);
      for (const path of ['README.md', 'bump-version.sh', 'checks/changelog.py']) expect(every.output).toContain(`==> ${path} <==`);
    });

    it('packages download draws its progress within the terminal, so a redraw never leaves a wrapped line behind', async () => {
      const out = join(sb.dir, 'storefront-linux-amd64');
      const res = await sb.run(['packages', 'download', 'storefront-linux-amd64', ...R, '--name', 'storefront-cli', '--package-version', '1.1.0', '-O', out], { terminal: { tty: true, columns: 80 } });
      expect(res.exitCode, res.stderr).toBe(0);
      const drawn = res.stderr.split(/[\r\n]/).map((l) => l.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')).filter(Boolean);
      expect(drawn.some((l) => l.startsWith('storefront-linux-amd64 ['))).toBe(true);
      for (const line of drawn) expect(line.length, line).toBeLessThanOrEqual(80);
    });
  });

  it('completion install writes the script where the shell looks', async () => {
    const data = join(sb.dir, 'xdg-data');
    const res = await run(['completion', 'install'], { SHELL: '/bin/bash', XDG_DATA_HOME: data });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const file = join(data, 'bash-completion', 'completions', 'hostctl');
    expect(readFileSync(file, 'utf8')).toContain('complete -F _hostctl hostctl');
    const fish = await run(['completion', 'install', 'fish'], { XDG_CONFIG_HOME: join(sb.dir, 'xdg-config') });
    expect(fish.exitCode).toBe(0);
    expect(existsSync(join(sb.dir, 'xdg-config', 'fish', 'completions', 'hostctl.fish'))).toBe(true);
    const unknown = await run(['completion', 'install'], { SHELL: '/bin/tcsh' });
    expect(unknown.exitCode).toBe(2);
    expect(String(unknown.stderr)).toContain('name it with --shell bash|zsh|fish');
  });

  it('the token printed by init still works after all of the above', async () => {
    expect((await run(['whoami'], { HOSTCTL_TOKEN: token })).exitCode).toBe(0);
  });
});
