// Output forms of the built CLI: table piped (tab-separated rows, ISO times, no colour) and on a
// terminal (aligned, coloured unless told not to), JSON and YAML exactly in the API's shape,
// --fields, and stdout carrying data only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { canUseTerminal, runOnTerminal } from './terminal.js';

const json = <T = unknown>(text: unknown): T => JSON.parse(String(text)) as T;
const ESC = '\u001b[';
const onTerminal = async (sb: CliSandbox, args: string[], env: Record<string, string> = {}) => (await runOnTerminal(sb, args, { env })).output;

describe('output forms', () => {
  let sb: CliSandbox;
  let apiTokens: Record<string, unknown>[];

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init();
    const made = await sb.run(['api', 'users/1/personal_access_tokens', '-f', 'name=deploy bot', '-f', 'scopes[]=read_api', '-f', 'expires_at=2026-06-30']);
    expect(made.exitCode, String(made.stderr)).toBe(0);
    apiTokens = json((await sb.run(['api', 'personal_access_tokens'])).stdout);
  });
  afterAll(() => sb.cleanup());

  it('-o json prints exactly the API shape', async () => {
    const res = await sb.run(['tokens', 'list', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(json(res.stdout)).toEqual(apiTokens);
    const one = await sb.run(['tokens', 'get', 'self', '-o', 'json']);
    expect(json(one.stdout)).toEqual(json((await sb.run(['api', 'personal_access_tokens/self'])).stdout));
  });

  it('-o yaml prints the same data as YAML', async () => {
    const res = await sb.run(['tokens', 'list', '-o', 'yaml']);
    expect(res.exitCode).toBe(0);
    expect(String(res.stdout)).toMatch(/^- id: 1\n/);
    expect(parseYaml(String(res.stdout))).toEqual(apiTokens);
  });

  it('-o yaml reads back as the same strings in a YAML 1.1 reader (PyYAML, Psych): a name "on", times and dates quoted', async () => {
    const made = await sb.run(['api', 'users/1/personal_access_tokens', '-f', 'name=on', '-f', 'scopes[]=read_api', '-f', 'expires_at=2026-07-01']);
    expect(made.exitCode, String(made.stderr)).toBe(0);
    const res = await sb.run(['tokens', 'list', '-o', 'yaml']);
    const asJson = json<Record<string, unknown>[]>((await sb.run(['tokens', 'list', '-o', 'json'])).stdout);
    expect(parseYaml(String(res.stdout), { version: '1.1' })).toEqual(asJson);
    expect(String(res.stdout)).toContain("name: 'on'\n");
    expect(String(res.stdout)).toContain("expires_at: '2026-07-01'\n");
    const revoked = await sb.run(['api', '-X', 'DELETE', `personal_access_tokens/${String(json<{ id: number }>(made.stdout).id)}`]);
    expect(revoked.exitCode, String(revoked.stderr)).toBe(0);
    apiTokens = json((await sb.run(['api', 'personal_access_tokens'])).stdout);
  });

  it('piped tables are tab-separated rows with ISO times, no header and no colour', async () => {
    // Without FORCE_COLOR (which colours state words even through a pipe: cli-kit.test.ts).
    const res = await sb.run(['tokens', 'list'], { env: { NO_COLOR: '' } });
    expect(res.exitCode).toBe(0);
    const rows = String(res.stdout).split('\n').map((r) => r.split('\t'));
    expect(rows).toHaveLength(apiTokens.length);
    expect(rows[0]?.[0]).toBe('1');
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(String(res.stdout)).toContain('2026-01-15T10:00:00.000Z');
    expect(String(res.stdout)).toContain('read_api');
    expect(String(res.stdout)).not.toContain(ESC);
  });

  it('--fields selects fields in every format', async () => {
    const table = await sb.run(['tokens', 'list', '--fields', 'id,name']);
    expect(table.stdout).toBe(apiTokens.map((t) => `${String(t.id)}\t${String(t.name)}`).join('\n'));
    const asJson = await sb.run(['tokens', 'list', '--fields', 'id,name', '-o', 'json']);
    expect(json(asJson.stdout)).toEqual(apiTokens.map((t) => ({ id: t.id, name: t.name })));
    const yaml = await sb.run(['tokens', 'get', 'self', '--fields', 'name,scopes', '-o', 'yaml']);
    expect(parseYaml(String(yaml.stdout))).toEqual({ name: 'hostctl-root', scopes: ['api'] });
  });

  it('an unknown --fields name is a usage error listing the fields there are', async () => {
    const res = await sb.run(['tokens', 'list', '--fields', 'id,colour']);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('unknown field "colour"');
    expect(res.stderr).toContain('available: id, name');
  });

  it('an unknown --output is a usage error', async () => {
    const res = await sb.run(['tokens', 'list', '-o', 'xml']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain("option '-o, --output <format>' argument 'xml' is invalid. Allowed choices are table, wide, json, yaml, jsonl, csv");
  });

  it('stdout carries only data: messages go to stderr', async () => {
    const fresh = cliSandbox();
    try {
      const init = await fresh.run(['init', '--state', fresh.stateDir]);
      expect(String(init.stdout)).toMatch(/^hpat-[A-Za-z0-9_-]+$/);
      expect(init.stderr).toContain('created hostctl state');
      const use = await fresh.run(['context', 'use', 'local']);
      expect(use.stdout).toBe('');
      expect(use.stderr).toContain('current context');
    } finally {
      fresh.cleanup();
    }
  });

  it('one time format: ISO 8601 in UTC piped and in CSV, relative on a terminal, the API\'s own value in JSON', async () => {
    expect((await sb.run(['projects', 'create', '--path', 'times', '--readme'])).exitCode).toBe(0);
    expect((await sb.run(['tags', 'create', 'v1', '--ref', 'main', '-R', 'root/times'])).exitCode).toBe(0);
    const apiCommits = json<{ committed_date: string }[]>((await sb.run(['commits', 'list', '-R', 'root/times', '-o', 'json'])).stdout);
    // The platform gives a commit's time with its author's offset; JSON keeps it.
    expect(apiCommits[0]?.committed_date).toMatch(/\+00:00$/);
    for (const args of [['commits', 'list', '-R', 'root/times', '--fields', 'committed_date'], ['tags', 'list', '-R', 'root/times', '--fields', 'commit.committed_date'], ['tokens', 'list', '--fields', 'created_at']]) {
      const piped = await sb.run(args);
      expect(piped.exitCode, piped.stderr).toBe(0);
      for (const cell of piped.stdout.split('\n').filter(Boolean)) expect(cell, args.join(' ')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const csv = await sb.run(['commits', 'list', '-R', 'root/times', '-o', 'csv', '--fields', 'short_id,committed_date']);
    expect(csv.stdout.split('\r\n')[1]).toMatch(/^[0-9a-f]{8},\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const got = await sb.run(['projects', 'get', 'root/times']);
    expect(got.stdout).toMatch(/^created\t\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/m);
    // On a terminal every time column reads the same way, the commit's as the project's.
    const onTty = await sb.run(['commits', 'list', '-R', 'root/times'], { terminal: { tty: true, columns: 80 } });
    expect(onTty.stdout).toMatch(/just now/);
    expect(onTty.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect((await sb.run(['projects', 'get', 'root/times'], { terminal: { tty: true, columns: 80 } })).stdout).toMatch(/created\s+just now/);
  });

  describe.runIf(canUseTerminal)('on a terminal', () => {
    it('tables are aligned with a header and relative times, no tabs', async () => {
      const out = await onTerminal(sb, ['tokens', 'list']);
      const lines = out.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ID\s+NAME\s+USER\s+SCOPES/);
      expect(out).not.toContain('\t');
      expect(out).toMatch(/ ago\b|just now/);
      expect(out).not.toContain('2026-01-15T10:00:00.000Z');
      expect(out).toContain('deploy bot');
      expect(out).not.toContain(ESC);
      // Columns line up: NAME starts at the same offset on every row.
      const nameAt = lines[0]?.indexOf('NAME') ?? -1;
      expect(lines.slice(1).every((l) => l.length > nameAt && l[nameAt - 1] === ' ' && l[nameAt] !== ' ')).toBe(true);
    });

    it('colour on a terminal, unless NO_COLOR or --no-color', async () => {
      expect(await onTerminal(sb, ['tokens', 'list'], { NO_COLOR: '' })).toContain(`${ESC}1m`);
      expect(await onTerminal(sb, ['tokens', 'list', '--no-color'], { NO_COLOR: '' })).not.toContain(ESC);
    });

    it('JSON stays JSON on a terminal', async () => {
      expect(json(await onTerminal(sb, ['tokens', 'list', '-o', 'json']))).toEqual(apiTokens);
    });

    it('hostctl api pretty-prints JSON on a terminal', async () => {
      const out = await onTerminal(sb, ['api', 'personal_access_tokens/self']);
      expect(out).toContain('\n  "name": "hostctl-root",\n');
    });
  });
});
