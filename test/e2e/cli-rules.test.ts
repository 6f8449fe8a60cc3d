// One rule per behaviour, checked over the whole command tree rather than noun by noun (issue
// 22): every destructive verb asks before it acts, every repeat of a change already in effect
// succeeds saying "already", and every `get` piped prints `key<TAB>value` lines with times in
// ISO 8601 UTC and sizes in bytes, and every --sort names its fields one way. The tree is walked, so a new verb of those kinds fails here
// until it is listed with an invocation that shows it follows the rule. In-process, on the demo.
import type { Command } from 'commander';
import { splitWords } from '../../src/cli/config/aliases.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { addNouns, createProgram } from '../../src/cli/program.js';
import { destructiveOf, examplesOf } from '../../src/cli/kit/verb.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;
const S = ['-R', 'acme/web/storefront'];

/** Every leaf command of the tree, with its words (`releases links delete`). */
async function leafCommandsWithOptions(): Promise<[string, Command][]> {
  const program = createProgram();
  await addNouns(program, 'all');
  const walk = (c: Command, path: string[]): [string, Command][] => c.commands.flatMap((s) => (s.commands.length ? walk(s, [...path, s.name()]) : [[[...path, s.name()].join(' '), s] as [string, Command]]));
  return walk(program, []);
}

/**
 * The hostctl command line an example runs: the one inside `$( )` or `<( )` when it is there,
 * from the word hostctl up to a pipe or redirection, with other substitutions as one word. The
 * comment after `  # ` is not part of it.
 */
function exampleArgv(example: string): string[] | undefined {
  let line = example.replace(/\s+#\s.*$/, '');
  const inner = /[$<]\((hostctl\b[^)]*)\)/.exec(line);
  if (inner) line = inner[1] as string;
  const words = splitWords(line.replace(/\$\([^)]*\)/g, 'SUBSTITUTED'));
  const at = words.indexOf('hostctl');
  if (at < 0) return undefined;
  const rest = words.slice(at + 1);
  const end = rest.findIndex((w) => /^(\||&&|\|\||;|[0-9]?[<>])/.test(w));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Verbs named for destroying or taking away something: each must declare itself destructive. */
const DESTRUCTIVE = /^(delete|delete-file|delete-merged|remove|revoke|block|disable-2fa|unprotect|unshare)$/;
/** Verbs that change the state of something that exists: a sentence on stderr, the record only with -o, --fields or --jq. */
const STATE_CHANGE = /^(delete|delete-file|delete-merged|remove|revoke|block|unblock|disable-2fa|unprotect|unshare|archive|unarchive|transfer|close|enable|disable|cancel|retry|use|rename|set-token)$/;

describe('one rule per behaviour, over the whole tree', () => {
  let sb: InProcessSandbox;
  let leaves: string[];
  let commands: [string, Command][];

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
    commands = await leafCommandsWithOptions();
    leaves = commands.map(([words]) => words);
  });
  afterAll(() => sb.cleanup());

  it('every verb that declares itself destructive needs a confirmation: piped without --yes it is exit 2 and changes nothing', async () => {
    const share = await sb.run(['projects', 'share', 'acme/web/storefront', '--group', 'oss', '--access-level', 'reporter']);
    expect(share.exitCode, share.stderr).toBe(0);
    // A settings file with a change to apply (a freeze period), and an archive to restore with --force.
    expect((await sb.run(['alias', 'set', 'mine', 'projects list --owned'])).exitCode).toBe(0);
    const settings = join(sb.dir, 'rules-settings.yaml');
    writeFileSync(settings, 'version: 1\nprojects:\n  oss/yaml-lint:\n    freeze_periods:\n      - { freeze_start: 0 1 * * *, freeze_end: 0 2 * * * }\n');
    const archive = join(sb.dir, 'rules-backup.tar');
    expect((await sb.run(['backup', '-O', archive])).exitCode).toBe(0);
    const invocations: Record<string, string[]> = {
      'tokens revoke': ['2'],
      'users block': ['carol'],
      'users delete': ['carol'],
      'groups delete': ['oss'],
      'projects delete': ['acme/web/storefront'],
      'projects unshare': ['acme/web/storefront', '--group', 'oss'],
      'members remove': [...S, '--user', 'dave'],
      'releases delete': ['v1.1.0', ...S],
      'releases links delete': ['v1.1.0', 'Rollout runbook', ...S],
      'branches delete': ['feature/wishlist', ...S],
      'branches delete-merged': [...S],
      'branches unprotect': ['main', ...S],
      'tags delete': ['v1.0.0', ...S],
      'freeze-periods delete': ['0 23 * * fri', ...S],
      'error-tracking keys delete': ['1', ...S],
      'protected-envs unprotect': ['production', '-g', 'acme'],
      'saml identities delete': ['acme', 'okta-00u2tom'],
      'saml links delete': ['acme', 'acme-admins'],
      'enterprise-users disable-2fa': ['acme', 'tom.becker'],
      'snippets delete': ['Smoke test the checkout', ...S],
      'wikis delete': ['Home', ...S],
      'storages remove': ['archive'],
      'packages delete': ['storefront-cli@1.1.0', ...S],
      'packages delete-file': ['storefront-cli@1.0.0', '1', ...S],
      'packages protection remove': ['1', ...S],
      'pipelines delete': ['main', ...S],
      'context remove': ['local'],
      'projects transfer': ['acme/web/storefront', '--group', 'oss'],
      'scim token': ['acme'],
      'alias delete': ['mine'],
      apply: ['-f', settings],
      restore: [archive, '--state', sb.stateDir, '--force'],
    };
    const destructive = commands.filter(([, c]) => destructiveOf(c) !== undefined).map(([words]) => words);
    expect(leaves.filter((l) => DESTRUCTIVE.test(l.split(' ').at(-1) as string) && !destructive.includes(l)), 'verbs named as destructive that do not declare it').toEqual([]);
    expect(destructive.filter((l) => !(l in invocations)), 'destructive verbs without an invocation here').toEqual([]);
    const before = await sb.run(['projects', 'get', 'acme/web/storefront', '-o', 'json']);
    for (const verb of destructive) {
      const res = await sb.run([...verb.split(' '), ...(invocations[verb] as string[])]);
      expect([verb, res.exitCode, res.stderr], verb).toEqual([verb, 2, expect.stringMatching(/[^.?]: confirmation needed; re-run with --yes/)]);
    }
    // Nothing was changed by the refusals.
    expect((await sb.run(['projects', 'get', 'acme/web/storefront', '-o', 'json'])).stdout).toBe(before.stdout);
    expect((await sb.json<Obj>(['users', 'get', 'carol'])).state).toBe('active');
    expect((await sb.json<Obj>(['branches', 'get', 'main', ...S])).protected).toBe(true);
  });

  it('every example in every help parses as its command: known flags, values they accept, the arguments it takes', async () => {
    const program = createProgram();
    await addNouns(program, 'all');
    const examples: [string, string][] = [];
    const quiet = (c: Command, path: string[]): void => {
      c.exitOverride();
      c.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
      for (const e of examplesOf(c)) examples.push([path.join(' '), e]);
      for (const sub of c.commands) quiet(sub, [...path, sub.name()]);
    };
    quiet(program, []);
    // Parsed and checked as for a run, and stopped before the command's action.
    const parsed = new Error('parsed');
    program.hook('preAction', () => {
      throw parsed;
    });
    expect(examples.length).toBeGreaterThan(400);
    const failures: string[] = [];
    for (const [path, example] of examples) {
      const argv = exampleArgv(example);
      if (!argv) {
        failures.push(`${path}: no hostctl command in: ${example}`);
        continue;
      }
      try {
        await program.parseAsync(argv, { from: 'user' });
        failures.push(`${path}: did not reach its action: ${example}`);
      } catch (error) {
        if (error !== parsed) failures.push(`${path}: ${example}\n    ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every verb file that asks with cli.confirm declares a destructive verb (a verb that asks only on a terminal uses confirmOnTerminal)', () => {
    const root = join(import.meta.dirname, '../../src/cli/commands');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const asking = files.filter((f) => /\bcli\.confirm\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(asking.length).toBeGreaterThan(20);
    expect(asking.filter((f) => !/\bdestructive: /.test(readFileSync(join(root, f), 'utf8'))).map((f) => relative(root, join(root, f)))).toEqual([]);
  });

  it('a repeat of a change already in effect exits 0, asks nothing and says "already"', async () => {
    const cases: [string[], string][] = [
      [['tokens', 'revoke', '10'], 'token 10 "release-bot" is already revoked'],
      [['enterprise-users', 'disable-2fa', 'acme', 'mei.lin'], 'two-factor authentication of mei.lin is already off'],
      [['users', 'unblock', 'carol'], 'user carol is already active'],
      [['pipelines', 'cancel', '#1', ...S], 'pipeline'],
      [['branches', 'unprotect', 'feature/wishlist', ...S], 'branch feature/wishlist is already unprotected'],
    ];
    expect((await sb.run(['users', 'block', 'dave', '--yes'])).exitCode).toBe(0);
    expect((await sb.run(['pipelines', 'cancel', '#1', ...S])).exitCode).toBe(0);
    cases.push([['users', 'block', 'dave'], 'user dave is already blocked']);
    for (const [args, said] of cases) {
      // Piped and without --yes: a repeat that asked would be exit 2.
      const res = await sb.run(args);
      expect([args.join(' '), res.exitCode], res.stderr).toEqual([args.join(' '), 0]);
      expect(res.stderr).toContain(said);
      expect(res.stderr).toMatch(/ is already [a-z]+; nothing to do$/m);
    }
  });

  it('every get prints key<TAB>value lines piped, times in ISO 8601 UTC, sizes in bytes', async () => {
    const milestone = (await sb.json<Obj[]>(['milestones', 'list', ...S]))[0] as Obj;
    const event = (await sb.json<Obj[]>(['audit-events', 'list', '--limit', '1']))[0] as Obj;
    const invocations: Record<string, string[]> = {
      'tokens get': ['2'],
      'users get': ['alice'],
      'groups get': ['acme'],
      'projects get': ['acme/web/storefront', '--statistics'],
      'releases get': ['v1.1.0', ...S],
      'branches get': ['main', ...S],
      'branches protections get': ['main', ...S],
      'commits get': ['main', ...S],
      'tags get': ['v1.1.0', ...S],
      'milestones get': [String(milestone.id), ...S],
      'freeze-periods get': ['0 23 * * fri', ...S],
      'security-settings get': [...S],
      'notifications get': [],
      'error-tracking settings get': [...S],
      'protected-envs get': ['production', '-g', 'acme'],
      'saml get': ['acme'],
      'saml identities get': ['acme', 'okta-00u3mei'],
      'saml links get': ['acme', 'acme-engineering'],
      'enterprise-users get': ['acme', 'mei.lin'],
      'snippets get': ['Smoke test the checkout', ...S],
      'storage-moves get': ['1'],
      'packages get': ['storefront-cli@1.0.0', ...S],
      'audit-events get': [String(event.id)],
      'pipelines get': ['main', ...S],
      'context get': ['local'],
      // A wiki page's get shows the page's text: a document, not fields (README).
      'wikis get': ['Home', ...S, '--fields', 'slug,title,format'],
    };
    const gets = leaves.filter((l) => l.endsWith(' get'));
    expect(gets.filter((l) => !(l in invocations)), 'get verbs without an invocation here').toEqual([]);
    for (const verb of gets) {
      const res = await sb.run([...verb.split(' '), ...(invocations[verb] as string[])]);
      expect(res.exitCode, `${verb}: ${res.stderr}`).toBe(0);
      // A document the record carries (a release's notes) follows its fields after a line `--`.
      const fields = res.stdout.split('\n--\n')[0] as string;
      for (const line of fields.split('\n')) {
        expect(line, `${verb}: ${line}`).toMatch(/^[a-z0-9][a-z0-9 _.-]*\t/);
        const value = line.slice(line.indexOf('\t') + 1);
        if (/\d{4}-\d{2}-\d{2}[T ]\d{2}:/.test(value)) expect(value, `${verb}: ${line}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(value, `${verb}: ${line}`).not.toMatch(/\bago$|^in \d+ |^just now$| [KMGT]i?B$/);
        if (/size|bytes/.test(line.slice(0, line.indexOf('\t')))) expect(value, `${verb}: ${line}`).toMatch(/^(\d+|-|)$/);
      }
    }
  });

  it('every --sort takes FIELD[:asc|desc] with one name per concept: times without _at, the _at spelling accepted', async () => {
    const sorted = commands.filter(([, c]) => c.options.some((o) => o.long === '--sort'));
    expect(sorted.length).toBeGreaterThan(5);
    for (const [words, c] of sorted) {
      const help = (c.options.find((o) => o.long === '--sort')?.description ?? '').replace(/\s+/g, ' ');
      const fields = /one of ([a-z_, ]+)/.exec(help)?.[1]?.split(/,\s*/) ?? [];
      expect(fields.length, `${words}: ${help}`).toBeGreaterThan(0);
      expect(fields.filter((f) => f.endsWith('_at')), words).toEqual([]);
      expect(c.options.find((o) => o.long === '--sort')?.flags, words).toBe('--sort <field[:dir]>');
      expect(help, words).toContain('optionally :asc or :desc');
    }
    for (const [list, field] of [['users list', 'created'], ['tokens list', 'expires'], ['projects list', 'updated']] as const) {
      const plain = await sb.run([...list.split(' '), '--sort', `${field}:desc`, '--all']);
      const spelt = await sb.run([...list.split(' '), '--sort', `${field}_at:desc`, '--all']);
      expect([plain.exitCode, spelt.exitCode, spelt.stdout], list).toEqual([0, 0, plain.stdout]);
    }
  });
  // Last in this file: it changes (and deletes) much of the demo.
  it('every verb that changes the state of something prints nothing on stdout in table mode, and the record with -o json', async () => {
    const milestone = (await sb.json<Obj[]>(['milestones', 'list', ...S])).find((m) => m.title === 'Spring launch') as Obj;
    expect((await sb.run(['projects', 'share', 'acme/web/design-system', '--group', 'oss', '--access-level', 'reporter'])).exitCode).toBe(0);
    const pipeline = (await sb.json<Obj[]>(['pipelines', 'list', ...S])).find((p) => p.status === 'created') as Obj;
    expect((await sb.run(['storages', 'add', 'spare', `${sb.dir}/spare-storage`])).exitCode).toBe(0);
    // In an order where each still has something to act on (the project and group deletions last).
    const invocations: [string, string[]][] = [
      ['users block', ['carol']],
      ['users unblock', ['carol']],
      ['projects archive', ['oss/yaml-lint']],
      ['projects unarchive', ['oss/yaml-lint']],
      ['projects transfer', ['oss/yaml-lint', '--group', 'acme']],
      ['milestones close', [String(milestone.id), ...S]],
      ['error-tracking settings disable', [...S]],
      ['error-tracking settings enable', [...S]],
      ['pipelines cancel', [`#${String(pipeline.iid)}`, ...S]],
      ['pipelines retry', [`#${String(pipeline.iid)}`, ...S]],
      ['members remove', [...S, '--user', 'dave']],
      ['releases links delete', ['v1.1.0', 'Rollout runbook', ...S]],
      ['releases delete', ['v1.1.0', ...S]],
      ['branches delete', ['feature/wishlist', ...S]],
      ['branches delete-merged', [...S]],
      ['branches unprotect', ['main', ...S]],
      ['tags delete', ['v1.0.0', ...S]],
      ['freeze-periods delete', ['0 23 * * fri', ...S]],
      ['error-tracking keys delete', ['1', ...S]],
      ['protected-envs unprotect', ['production', '-g', 'acme']],
      ['saml identities delete', ['acme', 'okta-00u2tom']],
      ['saml links delete', ['acme', 'acme-admins']],
      ['enterprise-users disable-2fa', ['acme', 'priya.shah']],
      ['snippets delete', ['Smoke test the checkout', ...S]],
      ['wikis delete', ['Home', ...S]],
      ['packages delete-file', ['storefront-cli@1.0.0', '1', ...S]],
      ['packages delete', ['storefront-cli@1.1.0', ...S]],
      ['packages protection remove', ['1', ...S]],
      ['pipelines delete', ['main', ...S]],
      ['users delete', ['carol']],
      ['tokens revoke', ['2']],
      ['projects unshare', ['acme/web/design-system', '--group', 'oss']],
      ['projects delete', ['acme/web/storefront']],
      ['groups delete', ['oss']],
      ['storages remove', ['spare']],
      ['context use', ['local']],
      ['context rename', ['local', 'here']],
      ['context set-token', ['here', '--token', 'hpat-not-a-real-token-0000', '--no-verify']],
      ['context remove', ['here']],
      ['alias delete', ['mine']],
    ];
    const changing = leaves.filter((l) => STATE_CHANGE.test(l.split(' ').at(-1) as string));
    expect(changing.filter((l) => !invocations.some(([verb]) => verb === l)), 'state-changing verbs without an invocation here').toEqual([]);
    // Before their table run, these show the record asked for with -o json (and back again, so the table run still changes something).
    const asJson: Record<string, string[][]> = {
      'users block': [['users', 'block', 'carol'], ['users', 'unblock', 'carol']],
      'projects archive': [['projects', 'archive', 'oss/yaml-lint'], ['projects', 'unarchive', 'oss/yaml-lint']],
      'error-tracking settings disable': [['error-tracking', 'settings', 'disable', ...S], ['error-tracking', 'settings', 'enable', ...S]],
      'pipelines cancel': [['pipelines', 'cancel', `#${String(pipeline.iid)}`, ...S], ['pipelines', 'retry', `#${String(pipeline.iid)}`, ...S]],
    };
    for (const [verb, args] of invocations) {
      for (const run of asJson[verb] ?? []) {
        const res = await sb.run([...run, '--yes', '-o', 'json']);
        expect([run.join(' '), res.exitCode], res.stderr).toEqual([run.join(' '), 0]);
        expect(typeof JSON.parse(res.stdout), run.join(' ')).toBe('object');
      }
      const res = await sb.run([...verb.split(' '), ...args, '--yes']);
      expect([verb, res.exitCode, res.stdout], res.stderr).toEqual([verb, 0, '']);
      expect(res.stderr, verb).toMatch(/\S/);
    }
  });
});
