// --from-file: a command run once per record of a file. Every record is checked before the first
// runs (nothing changes when one is bad), a command that asks first asks once, one record's
// failure is its own result and exit 13, and the results are the output in every format. Over
// the whole tree: every command that runs from a file refuses an unknown key before any change.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNouns, createProgram } from '../../src/cli/program.js';
import { runsFromFile } from '../../src/cli/kit/verb.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { BIN, cleanEnv, cliSandbox, startServe, type CliSandbox } from '../helpers/cli.js';

type Obj = Record<string, unknown>;
const json = <T = Obj[]>(text: unknown): T => JSON.parse(String(text)) as T;
const S = ['-R', 'acme/web/storefront'];

describe('--from-file', () => {
  let sb: InProcessSandbox;
  const file = (name: string, text: string) => {
    const path = join(sb.dir, name);
    writeFileSync(path, text);
    return path;
  };
  const periods = async () => json<Obj[]>((await sb.run(['freeze-periods', 'list', ...S, '-o', 'json'])).stdout);
  const tokensNamed = async (prefix: string) => json<Obj[]>((await sb.run(['tokens', 'list', '--all', '-o', 'json'])).stdout).filter((t) => String(t.name).startsWith(prefix));

  let root: string;
  beforeAll(async () => {
    sb = inProcessSandbox();
    root = await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('a context whose token comes from a command runs it once for the whole file, checking pass included', async () => {
    const runs = join(sb.dir, 'token-command-runs');
    const command = `echo run >> '${runs}'; echo '${root}'`;
    expect((await sb.run(['context', 'add', 'vault', '--state', sb.stateDir, '--token-command', command, '--no-verify'])).exitCode).toBe(0);
    const run = await sb.run(['milestones', 'create', ...S, '--context', 'vault', '--from-file', file('milestones.jsonl', '{"title":"bulk m1"}\n{"title":"bulk m2"}\n'), '-o', 'json']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(json(run.stdout).map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
  });

  it('creates one thing per record, the command line giving what every record shares, and shows each result', async () => {
    const path = file('tokens.jsonl', '{"name":"bulk-a","scope":"read_api","expires_at":"2027-01-01"}\n{"name":"bulk-b","scopes":["api","read_repository"],"expiresAt":"2027-02-01","user":"bob"}\n');
    const run = await sb.run(['tokens', 'create', '--user', 'alice', '--from-file', path, '-o', 'json']);
    expect(run.exitCode, run.stderr).toBe(0);
    const results = json(run.stdout);
    expect(results.map((r) => [r.item, r.line, r.status, r.exit_code])).toEqual([
      [1, 1, 'ok', 0],
      [2, 2, 'ok', 0],
    ]);
    // The record made is the result, with the secret shown once; the input is kept beside it.
    const [a, b] = results.map((r) => r.result as Obj);
    expect([a?.name, a?.scopes, a?.expires_at, a?.user_id]).toEqual(['bulk-a', ['read_api'], '2027-01-01', expect.any(Number)]);
    expect([b?.name, b?.scopes, b?.expires_at]).toEqual(['bulk-b', ['api', 'read_repository'], '2027-02-01']);
    expect(String(a?.token)).toMatch(/^hpat-/);
    expect(results[1]?.input).toEqual({ name: 'bulk-b', scopes: ['api', 'read_repository'], expiresAt: '2027-02-01', user: 'bob' });
    expect(run.stderr).toContain('2 of 2 records done');
    // The record's own user won over the command line's.
    const made = await tokensNamed('bulk-');
    expect(made.map((t) => t.name).sort()).toEqual(['bulk-a', 'bulk-b']);
    expect(made.find((t) => t.name === 'bulk-b')?.user_id).not.toBe(made.find((t) => t.name === 'bulk-a')?.user_id);

    // A password in a record is not printed back in its result's input.
    const users = await sb.run(['users', 'create', '--from-file', file('users.jsonl', '{"username":"bulk-user","email":"bulk-user@example.com","name":"Bulk User","password":"correct-horse-battery-9"}\n'), '-o', 'json']);
    expect(users.exitCode, users.stderr).toBe(0);
    expect(json(users.stdout)[0]?.input).toEqual({ username: 'bulk-user', email: 'bulk-user@example.com', name: 'Bulk User', password: '[REDACTED]' });
    expect(users.stdout).not.toContain('correct-horse');

    // Piped as a table: item, status, the secret (never lost to a table) and the message.
    const tsv = await sb.run(['tokens', 'create', '--user', 'alice', '--from-file', file('one.jsonl', '{"name":"bulk-c","scope":"api"}\n')]);
    expect(tsv.exitCode, tsv.stderr).toBe(0);
    expect(tsv.stdout).toMatch(/^1\tok\thpat-\S+\tcreated token \d+ "bulk-c" for user alice/);
    expect(tsv.stderr).toMatch(/^\[1\/1\] created token \d+ "bulk-c"/);
  });

  it('checks every record before the first runs: a bad one is exit 2 naming it, and nothing changes', async () => {
    const before = await periods();
    const cases: [string, string, string][] = [
      ['typo.yaml', '- start: "0 1 * * *"\n  end: "0 2 * * *"\n- strat: "0 3 * * *"\n  end: "0 4 * * *"\n', 'record 2 (line 3): unknown key "strat": freeze-periods create takes'],
      // The command's own check of a value (a cron expression), found by running the record dry.
      ['cron.yaml', '- start: "0 1 * * *"\n  end: "0 2 * * *"\n- start: "not cron"\n  end: "0 4 * * *"\n', 'record 2 (line 3): --start is not a cron expression'],
      ['zone.jsonl', '{"start":"0 1 * * *","end":"0 2 * * *","timezone":"Mars/Olympus"}\n', 'record 1 (line 1): --timezone must be an IANA time zone'],
      ['json.jsonl', '{"start":"0 1 * * *","end":"0 2 * * *"}\n{"start": \n', 'line 2: not valid JSON'],
    ];
    for (const [name, text, message] of cases) {
      const run = await sb.run(['freeze-periods', 'create', ...S, '--from-file', file(name, text)]);
      expect([run.exitCode, run.stdout], name).toEqual([2, '']);
      expect(run.stderr, name).toContain(message);
    }
    expect(await periods()).toEqual(before);
  });

  it('asks once for a command that asks first; one record failing is its own result, the others run, exit 13', async () => {
    const ids = (await tokensNamed('bulk-')).map((t) => String(t.id));
    const path = file('ids.txt', `# tokens to revoke\n${ids[0]}\n999999\n\n${ids[1]}\n`);
    // Piped without --yes: refused as a whole, nothing revoked.
    const refused = await sb.run(['tokens', 'revoke', '--from-file', path]);
    expect([refused.exitCode, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toContain(`Run tokens revoke for 3 records of ${path}: confirmation needed; re-run with --yes`);
    expect((await tokensNamed('bulk-')).filter((t) => t.revoked)).toEqual([]);

    const run = await sb.run(['tokens', 'revoke', '--from-file', path, '--yes', '-o', 'json']);
    expect(run.exitCode, run.stderr).toBe(13);
    const results = json(run.stdout);
    expect(results.map((r) => [r.item, r.line, r.status, r.exit_code, r.input])).toEqual([
      [1, 2, 'ok', 0, ids[0]],
      [2, 3, 'failed', 3, '999999'],
      [3, 5, 'ok', 0, ids[1]],
    ]);
    expect(results[1]?.error).toEqual(expect.objectContaining({ status: 404, message: expect.stringContaining('404') }));
    expect(run.stderr).toContain('[2/3] error: ');
    // (with -o json the error is JSON on stderr, as every error is)
    expect(json<{ error: Obj }>(run.stderr.trim().split('\n').pop()).error).toEqual(expect.objectContaining({ code: 13, message: '1 of 3 records failed; 2 done' }));
    expect((await tokensNamed('bulk-')).filter((t) => t.revoked).map((t) => String(t.id)).sort()).toEqual([ids[0], ids[1]].sort());

    // --jq sees the results: the failed records' input, to run again.
    const again = await sb.run(['tokens', 'revoke', '--from-file', path, '--yes', '--jq', '[.[] | select(.status == "failed") | .input]']);
    expect([again.exitCode, again.stdout]).toEqual([13, '["999999"]']);
    // As a table, a run that made nothing to show has no RESULT column: item, status, message.
    const table = await sb.run(['tokens', 'revoke', '--from-file', path, '--yes']);
    expect(String(table.stdout).split('\n').map((l) => l.split('\t').length)).toEqual([3, 3, 3]);
  });

  it('--fail-fast stops at the first failure and reports the rest as skipped; --dry-run sends nothing', async () => {
    const path = file('tags.yaml', '- tag: bulk-1\n  ref: main\n- tag: bulk-1\n  ref: main\n- tag: bulk-2\n  ref: main\n');
    const run = await sb.run(['tags', 'create', ...S, '--from-file', path, '--fail-fast', '-o', 'json']);
    expect(run.exitCode, run.stderr).toBe(13);
    expect(json(run.stdout).map((r) => [r.status, r.exit_code ?? null])).toEqual([
      ['ok', 0],
      ['failed', 5],
      ['skipped', null],
    ]);
    expect(run.stderr).toContain('1 of 3 records failed, 1 not run (--fail-fast: an earlier record failed); 1 done');
    const tags = json((await sb.run(['tags', 'list', ...S, '--all', '-o', 'json'])).stdout).map((t) => t.name);
    expect(tags).toContain('bulk-1');
    expect(tags).not.toContain('bulk-2');

    const dry = await sb.run(['tags', 'create', ...S, '--from-file', file('dry.yaml', '- tag: bulk-3\n  ref: main\n'), '--dry-run', '-o', 'json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(json(dry.stdout)).toEqual([expect.objectContaining({ status: 'dry-run', request: { method: 'POST', url: '/api/v4/projects/acme%2Fweb%2Fstorefront/repository/tags', body: expect.objectContaining({ tag_name: 'bulk-3', ref: 'main' }) } })]);
    expect(dry.stderr).toContain('dry run: 1 record checked; nothing was sent');
    expect(json((await sb.run(['tags', 'list', ...S, '--all', '-o', 'json'])).stdout).map((t) => t.name)).not.toContain('bulk-3');
    // A refused token fails every record alike: the first says so, and the rest are not run.
    const refused = await sb.run(['tags', 'create', ...S, '--from-file', file('more.yaml', '- tag: bulk-4\n  ref: main\n- tag: bulk-5\n  ref: main\n'), '-o', 'json'], { env: { HOSTCTL_TOKEN: 'hpat-not-a-token-of-this-state' } });
    expect(refused.exitCode, refused.stderr).toBe(13);
    expect(json(refused.stdout).map((r) => [r.status, r.exit_code ?? null, r.message])).toEqual([
      ['failed', 4, expect.stringContaining('401')],
      ['skipped', null, 'not run (the target refused the token)'],
    ]);
    // --fail-fast is a --from-file flag.
    expect((await sb.run(['tags', 'create', 'x', '--ref', 'main', ...S, '--fail-fast'])).stderr).toContain('--fail-fast goes with --from-file');
  });

  it('every command that runs from a file refuses an unknown key before any change, naming the record and what it takes', async () => {
    const program = createProgram();
    await addNouns(program, 'all');
    const walk = (c: Command, path: string[]): [string[], Command][] => c.commands.flatMap((s) => (s.commands.length ? walk(s, [...path, s.name()]) : [[[...path, s.name()], s] as [string[], Command]]));
    const bulk = walk(program, []).filter(([, c]) => runsFromFile(c));
    expect(bulk.length).toBeGreaterThan(60);
    const path = file('unknown.jsonl', '{"no_such_key": 1}\n');
    for (const [words] of bulk) {
      const run = await sb.run([...words, '--from-file', path, '--yes']);
      expect([run.exitCode, run.stdout], words.join(' ')).toEqual([2, '']);
      expect(run.stderr, words.join(' ')).toContain(`record 1 (line 1): unknown key "no_such_key": ${words.join(' ')} takes `);
    }
    // Verbs that create, change or remove one thing take it; lists and the client's own settings do not.
    const names = bulk.map(([w]) => w.join(' '));
    for (const expected of ['tokens revoke', 'users block', 'branches protect', 'releases links add', 'members add', 'saml links create', 'packages delete']) expect(names).toContain(expected);
    for (const not of ['tokens list', 'alias delete', 'context remove', 'wikis edit']) expect(names).not.toContain(not);
  });
});

describe('--from-file through the built CLI', () => {
  let box: CliSandbox;
  let token: string;
  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('reads the records from standard input (-) and writes the results as JSON lines', async () => {
    const run = await box.run(['branches', 'create', ...S, '--ref', 'main', '--from-file', '-', '-o', 'jsonl'], { input: 'bulk/one\nbulk/two\n' });
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const lines = String(run.stdout).trim().split('\n').map((l) => JSON.parse(l) as Obj);
    expect(lines.map((r) => [r.item, r.status, (r.result as Obj).name])).toEqual([
      [1, 'ok', 'bulk/one'],
      [2, 'ok', 'bulk/two'],
    ]);
  });

  it('against serve, --parallel runs records at once and shows the results in file order', async () => {
    const serve = await startServe(box);
    try {
      const remote = { HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: token };
      const tags = Array.from({ length: 12 }, (_, i) => `par-${i + 1}`);
      // The fifth is a second par-1: refused by the platform (a conflict), its own result.
      const records = tags.map((t, i) => JSON.stringify({ tag: i === 4 ? 'par-1' : t, ref: 'main' })).join('\n');
      const run = await box.run(['tags', 'create', ...S, '--from-file', '-', '--parallel', '4', '-o', 'json'], { input: records, env: remote });
      expect(run.exitCode, String(run.stderr)).toBe(13);
      const results = JSON.parse(String(run.stdout)) as Obj[];
      expect(results.map((r) => r.item)).toEqual(tags.map((_, i) => i + 1));
      expect(results.map((r) => r.status)).toEqual(tags.map((_, i) => (i === 4 ? 'failed' : 'ok')));
      const made = (JSON.parse(String((await box.run(['tags', 'list', ...S, '--all', '--search', 'par-', '-o', 'json'], { env: remote })).stdout)) as Obj[]).map((t) => t.name);
      expect(made.sort()).toEqual(tags.filter((_, i) => i !== 4).sort());
      // Each record went to serve as its own request.
      expect(serve.log().match(/POST \/api\/v4\/projects\/acme%2Fweb%2Fstorefront\/repository\/tags/g)).toHaveLength(12);
    } finally {
      serve.proc.kill();
      await serve.proc;
    }
    // --parallel is bounded, and goes with --from-file.
    expect(String((await box.run(['tags', 'create', ...S, '--from-file', '-', '--parallel', '17'], { input: 'x' })).stderr)).toContain('--parallel is at most 16, got 17');
    expect(String((await box.run(['tags', 'create', 'x', '--ref', 'main', ...S, '--parallel', '2'])).stderr)).toContain('--parallel goes with --from-file');
  });

  it('writes each JSON line as its record finishes, before the next record runs', async () => {
    // stdout and stderr into one pipe, in the order they were written.
    const { execa } = await import('execa');
    const ids = (await box.json<Obj[]>(['tokens', 'list', '--user', 'bob', '--active'])).map((t) => t.id).slice(0, 2);
    expect(ids).toHaveLength(2);
    const res = await execa('sh', ['-c', `"${process.execPath}" "$@" 2>&1`, 'sh', BIN, 'tokens', 'revoke', '--from-file', '-', '--yes', '-o', 'jsonl'], { env: { ...cleanEnv(), ...box.env }, extendEnv: false, input: ids.join('\n'), reject: false });
    expect(res.exitCode, String(res.stdout)).toBe(0);
    // Each record's message on stderr, then its result on stdout, then the next record.
    const order = String(res.stdout)
      .split('\n')
      .map((l) => (l.startsWith('{') ? `result ${String((JSON.parse(l) as Obj).item)}` : l.replace(/^(\[\d\/\d\]) revoked token .*$/, '$1 revoked')));
    expect(order).toEqual(['[1/2] revoked', 'result 1', '[2/2] revoked', 'result 2', '2 of 2 records done']);
  });
});
