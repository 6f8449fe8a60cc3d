// hostctl commands: the command tree as data. Its JSON must agree with what the commands really
// do (every command it lists parses with the flags it lists; a command it says asks first refuses
// without --yes), and its table follows the output rules of every list.
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNouns, createProgram } from '../../src/cli/program.js';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

interface OptionJson {
  flags: string;
  long?: string;
  short?: string;
  takes_value: boolean;
  value_name?: string;
  choices?: string[];
  default?: string;
  repeatable: boolean;
  program_only?: boolean;
}
interface CommandJson {
  command: string;
  aliases: string[];
  summary: string;
  usage: string;
  arguments: { name: string; required: boolean; variadic: boolean }[];
  options: OptionJson[];
  lists: boolean;
  destructive: boolean;
  destructive_when?: string;
  from_file: boolean;
  examples: string[];
}
interface Description {
  name: string;
  version: string;
  output_formats: string[];
  global_options: OptionJson[];
  exit_codes: { code: number; meaning: string }[];
  commands: CommandJson[];
}

describe('hostctl commands', () => {
  let sb: InProcessSandbox;
  let all: Description;

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
    const res = await sb.run(['commands', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    all = JSON.parse(res.stdout) as Description;
  });
  afterAll(() => sb.cleanup());

  it('describes every command once, with the global flags, formats and exit codes beside them', async () => {
    const names = all.commands.map((c) => c.command);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['tokens list', 'tokens rotate', 'releases links add', 'storage-moves schedule', 'backup', 'commands', 'whoami']));
    // Nouns that only group verbs are not commands; hidden ones are not offered.
    expect(names).not.toContain('tokens');
    expect(names.some((n) => n.startsWith('__complete') || n.startsWith('worker') || n.startsWith('help'))).toBe(false);
    expect(all.output_formats).toEqual(['table', 'wide', 'json', 'yaml', 'jsonl', 'csv']);
    expect(all.exit_codes).toEqual(expect.arrayContaining([{ code: 2, meaning: expect.stringContaining('usage error') }, { code: 11, meaning: expect.stringContaining('drift') }]));
    const output = all.global_options.find((o) => o.long === '--output') as OptionJson;
    expect(output).toMatchObject({ short: '-o', takes_value: true, value_name: 'format', default: 'table', choices: all.output_formats });
    expect(all.global_options.find((o) => o.long === '--version')).toMatchObject({ program_only: true, takes_value: false });
    expect(all.global_options.some((o) => o.long === '--help')).toBe(false);
  });

  it("gives a command's arguments, its own flags (not the global ones), and whether it lists pages", () => {
    const list = all.commands.find((c) => c.command === 'tokens list') as CommandJson;
    expect(list).toMatchObject({ aliases: ['ls'], lists: true, destructive: false, from_file: false, usage: 'hostctl tokens list' });
    // A command that runs once per record of a file says so, and takes the two flags of it.
    const revoke = all.commands.find((c) => c.command === 'tokens revoke') as CommandJson;
    expect(revoke).toMatchObject({ from_file: true, destructive: true });
    expect(revoke.options.map((o) => o.long)).toEqual(expect.arrayContaining(['--from-file', '--fail-fast']));
    expect(list.options.map((o) => o.long)).toEqual(expect.arrayContaining(['--page', '--per-page', '--all', '--limit']));
    expect(list.options.some((o) => o.long === '--output' || o.long === '--help')).toBe(false);
    const get = all.commands.find((c) => c.command === 'tokens get') as CommandJson;
    expect(get).toMatchObject({ lists: false, usage: 'hostctl tokens get <id>', arguments: [{ name: 'id', required: true, variadic: false }] });
    expect(get.options.some((o) => o.long === '--all')).toBe(false);
    const schedule = all.commands.find((c) => c.command === 'storage-moves schedule') as CommandJson;
    expect(schedule.options.find((o) => o.long === '--wait')).toMatchObject({ takes_value: false });
    expect(schedule.examples.length).toBeGreaterThan(0);
    expect(schedule.examples.every((e) => e.startsWith('hostctl storage-moves'))).toBe(true);
  });

  it('says which commands ask first: those refuse without --yes where they cannot ask, the others do not ask', async () => {
    const asking = all.commands.filter((c) => c.destructive).map((c) => c.command);
    expect(asking).toEqual(expect.arrayContaining(['tokens revoke', 'projects delete', 'users block', 'apply', 'restore']));
    expect(asking).not.toContain('users unblock');
    expect(asking).not.toContain('tokens list');
    expect(all.commands.find((c) => c.command === 'restore')).toMatchObject({ destructive: true, destructive_when: expect.stringContaining('--force') });
    expect(all.commands.filter((c) => c.destructive_when !== undefined).map((c) => c.command)).toEqual(['restore']);
    // Taken at its word: one command that asks refuses piped, one that does not ask goes ahead.
    const revoke = await sb.run(['tokens', 'revoke', '3']);
    expect([revoke.exitCode, revoke.stderr]).toEqual([2, expect.stringContaining('confirmation needed; re-run with --yes')]);
    const unblock = await sb.run(['users', 'unblock', 'carol']);
    expect(unblock.exitCode, unblock.stderr).toBe(0);
  });

  it('every flag it lists for a command is one that command parses, taking a value exactly where it says', async () => {
    const program = createProgram();
    await addNouns(program, 'all');
    const find = (words: string[]): Command => words.reduce<Command>((at, w) => at.commands.find((c) => c.name() === w) as Command, program);
    let checked = 0;
    for (const c of all.commands) {
      const cmd = find(c.command.split(' '));
      for (const o of c.options) {
        for (const flag of [o.long, o.short].filter((f): f is string => f !== undefined)) {
          // A flag that takes a value swallows the next word; one that does not leaves it an operand.
          // (A value its parser refuses is still a value taken: only such a flag has a parser.)
          const value = o.choices?.[0] ?? o.default ?? '1';
          let parsed: { operands: string[]; unknown: string[] };
          try {
            parsed = cmd.parseOptions([flag, value]);
          } catch (error) {
            expect([c.command, flag, o.takes_value, (error as Error).constructor.name]).toEqual([c.command, flag, true, 'UsageError']);
            parsed = { operands: [], unknown: [] };
          }
          expect([c.command, flag, parsed.unknown, parsed.operands], o.flags).toEqual([c.command, flag, [], o.takes_value ? [] : [value]]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('under NOUN [VERB] lists only those; an unknown word is a usage error naming what there is', async () => {
    const tokens = JSON.parse((await sb.run(['commands', 'token', '-o', 'json'])).stdout) as Description;
    expect(tokens.commands.map((c) => c.command)).toEqual(['tokens associations', 'tokens create', 'tokens get', 'tokens list', 'tokens revoke', 'tokens rotate']);
    const one = JSON.parse((await sb.run(['commands', 'releases', 'links', 'add', '-o', 'json'])).stdout) as Description;
    expect(one.commands.map((c) => c.command)).toEqual(['releases links add']);
    const bad = await sb.run(['commands', 'tokens', 'nope']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('no command "hostctl tokens nope"; "hostctl tokens" has: associations, create, get, list, revoke, rotate');
  });

  it('renders as every list does: TSV piped, one JSON object per line with jsonl, a header row in CSV, --jq on the whole description', async () => {
    const piped = await sb.run(['commands', 'tokens']);
    expect(piped.stdout.split('\n')[3]).toBe('tokens list\tList personal access tokens (administrators see every user\'s)\thostctl tokens list\ttrue\tfalse\tfalse');
    const lines = (await sb.run(['commands', '-o', 'jsonl'])).stdout.trim().split('\n');
    expect(lines.length).toBe(all.commands.length);
    expect((JSON.parse(lines[0] as string) as CommandJson).command).toBe(all.commands[0]?.command);
    const csv = (await sb.run(['commands', 'scim', '-o', 'csv'])).stdout.split('\r\n');
    expect(csv[0]).toBe('command,summary,usage,lists,asks first,from file');
    expect(csv[1]).toMatch(/^scim token,.*,hostctl scim token <group>,false,true,false$/);
    const jq = await sb.run(['commands', '--jq', '[.commands[] | select(.destructive) | .command] | length']);
    expect(Number(jq.stdout)).toBe(all.commands.filter((c) => c.destructive).length);
  });
});

describe('hostctl commands, the built CLI', () => {
  let box: CliSandbox;
  beforeAll(() => {
    box = cliSandbox();
  });
  afterAll(() => box.cleanup());

  it('needs no target: it runs before any state or context exists', async () => {
    const res = await box.run(['commands', 'snippets', '-o', 'yaml']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toMatch(/^name: hostctl$/m);
    expect(res.stdout).toContain('  - command: snippets delete');
  });
});
