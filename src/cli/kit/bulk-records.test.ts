import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { parseRecords, readRecords, RECORD_LIMITS } from './bulk-records.js';
import { keyList, recordCall } from './bulk-call.js';
import { pool } from './bulk.js';
import { collect } from './refs.js';
import { declareApiFields } from './flag-fields.js';

describe('the records of a --from-file', () => {
  it('reads a JSON array, JSON lines, a YAML list and plain lines, each record with its line', async () => {
    expect(await parseRecords('[{"a":1},{"a":2}]', 'x')).toEqual([{ value: { a: 1 } }, { value: { a: 2 } }]);
    expect(await parseRecords('{"a":1}\n\n# a comment\n{"a":2}\n', 'x')).toEqual([
      { value: { a: 1 }, line: 1 },
      { value: { a: 2 }, line: 4 },
    ]);
    // One object over several lines is one record.
    expect(await parseRecords('{\n  "a": 1\n}\n', 'x')).toEqual([{ value: { a: 1 }, line: 1 }]);
    expect(await parseRecords('# periods\n- start: "0 1 * * *"\n  end: x\n\n- start: y\n', 'x')).toEqual([
      { value: { start: '0 1 * * *', end: 'x' }, line: 2 },
      { value: { start: 'y' }, line: 5 },
    ]);
    // Plain lines: each line's text, numbers and paths alike, blank lines and comments left out.
    expect(await parseRecords('42\nacme/web\n\n# no\n 7 \n', 'ids.txt')).toEqual([
      { value: '42', line: 1 },
      { value: 'acme/web', line: 2 },
      { value: '7', line: 5 },
    ]);
    // The extension decides when it names a format: a .yaml file of plain words is YAML.
    expect(await parseRecords('- 1\n- 2\n', 'r.yml')).toEqual([
      { value: 1, line: 1 },
      { value: 2, line: 2 },
    ]);
  });

  it('names what is wrong: the line of bad JSON, a YAML error, an empty file; and bounds a hostile one', async () => {
    await expect(parseRecords('{"a":1}\n{"a":\n', 'x.jsonl')).rejects.toThrow('--from-file x.jsonl, line 2: not valid JSON');
    await expect(parseRecords('[{"a":1},', 'x')).rejects.toThrow('--from-file x is not valid JSON');
    await expect(parseRecords('- a: 1\n  a: 2\n', 'x.yaml')).rejects.toThrow('--from-file x.yaml is not valid YAML');
    // An alias bomb stops at the library's bound instead of expanding.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');
    await expect(parseRecords(bomb, 'bomb.yaml')).rejects.toThrow(/alias|Excessive/i);
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-records-'));
    try {
      writeFileSync(join(dir, 'empty'), '\n# nothing\n');
      await expect(readRecords(join(dir, 'empty'), false)).rejects.toThrow('holds no records');
      writeFileSync(join(dir, 'many'), '1\n'.repeat(RECORD_LIMITS.records + 1));
      await expect(readRecords(join(dir, 'many'), false)).rejects.toThrow(`at most ${RECORD_LIMITS.records}`);
      await expect(readRecords('-', true)).rejects.toThrow('standard input is a terminal');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('one record as a call', () => {
  const verb = () => {
    const noun = new Command('tokens');
    const cmd = new Command('create')
      .argument('<user>')
      .argument('[note]')
      .requiredOption('--name <name>', 'its name')
      .option('--scope <scope>', 'a scope (repeatable)', collect)
      .option('--expires-at <date>', 'when')
      .option('--access-level <level>', 'level')
      .option('--no-wait', 'do not wait')
      .option('--dry', 'a switch')
      .option('--project <project>', 'project');
    cmd.options.find((o) => o.long === '--access-level')?.choices(['reporter', 'developer']);
    noun.addCommand(cmd);
    new Command('hostctl').addCommand(noun);
    return cmd;
  };
  const given = { args: [], opts: { wait: true } };

  it('takes keys as flags in any case, the plural of a repeatable flag, and the API field a flag sends', () => {
    const call = recordCall(verb(), { user: 'alice', name: 'ci', scopes: ['api', 'read_api'], expiresAt: '2027-01-01', Access_Level: 'reporter', wait: false, dry: true }, given);
    expect(call.args).toEqual(['alice']);
    expect(call.opts).toEqual({ wait: false, name: 'ci', scope: ['api', 'read_api'], expiresAt: '2027-01-01', accessLevel: 'reporter', dry: true });
    // `no-wait: true` is --no-wait; another spelling of a flag is that flag.
    expect(recordCall(verb(), { user: 7, name: 'x', 'no-wait': true, repo: 'a/b' }, given, [['repo', 'project']]).opts).toEqual({ wait: false, name: 'x', project: 'a/b' });
    // What the command line gave applies to every record; the record's own value wins.
    expect(recordCall(verb(), { name: 'mine' }, { args: ['bob'], opts: { name: 'theirs', dry: true } })).toEqual({ args: ['bob'], opts: { name: 'mine', dry: true } });
    // One value fills the first argument the command line left out.
    expect(recordCall(verb(), '42', { args: [], opts: { name: 'n' } }).args).toEqual(['42']);
    expect(recordCall(verb(), 'note', { args: ['bob'], opts: { name: 'n' } }).args).toEqual(['bob', 'note']);
    expect(() => recordCall(verb(), 'more', { args: ['bob', 'note'], opts: { name: 'n' } })).toThrow('a record that is one value needs an argument to fill, and tokens create has its arguments from the command line');
  });

  it("takes the platform's fields a verb declares, before the rule that reads a field's last words", () => {
    const release = () => {
      const cmd = new Command('create').option('--tag <tag>', 'tag').option('--name <name>', 'name').option('--notes <text>', 'notes');
      new Command('hostctl').addCommand(new Command('releases').addCommand(cmd));
      return cmd;
    };
    // Undeclared, tag_name reads as --name by its last word, and description as no flag at all.
    expect(recordCall(release(), { tag_name: 'v1' }, given).opts).toEqual({ wait: true, name: 'v1' });
    expect(() => recordCall(release(), { description: 'd' }, given)).toThrow('unknown key "description"');
    const declared = release();
    declareApiFields(declared, { tag_name: 'tag', description: 'notes' });
    expect(recordCall(declared, { tag_name: 'v1', name: 'One', description: 'd' }, given).opts).toEqual({ wait: true, tag: 'v1', name: 'One', notes: 'd' });
    // A field may stand for an argument.
    const protect = new Command('protect').argument('<branch>').option('--push <level>', 'who');
    new Command('hostctl').addCommand(new Command('branches').addCommand(protect));
    declareApiFields(protect, { name: 'branch', push_access_level: 'push' });
    expect(recordCall(protect, { name: 'rel/*', push_access_level: 'developer' }, { args: [], opts: {} })).toEqual({ args: ['rel/*'], opts: { push: 'developer' } });
  });

  it('refuses what the command line would refuse, naming the key and the flag', () => {
    const cases: [unknown, string][] = [
      [{ user: 'a', name: 'n', nmae: 'x' }, 'unknown key "nmae": tokens create takes user, note, name, scope, expires-at, access-level, wait, dry, project'],
      [{ user: 'a', name: 'n', access_level: 'owner' }, '"access_level" (--access-level): Allowed choices are reporter, developer.'],
      [{ user: 'a', name: 'n', dry: 'yes' }, '"dry" is the switch --dry: give true or false'],
      [{ user: 'a', name: ['x', 'y'] }, '"name" (--name) takes one value, got a list of 2'],
      [{ user: 'a', name: { first: 1 } }, '"name" (--name) takes text or a number, got object'],
      [{ user: 'a', name: null }, '"name" is null; leave the key out instead'],
      [{ user: 'a' }, 'missing --name'],
      [{ name: 'n' }, 'missing USER'],
      [{ user: ['a'], name: 'n' }, '"user" (the argument USER) takes text or a number, got a list'],
      [['a'], 'a record is an object of flags (user, note, name'],
      [null, 'or one value, got null'],
    ];
    for (const [record, message] of cases) expect(() => recordCall(verb(), record, given), JSON.stringify(record)).toThrow(message);
    // A key never reaches an object's prototype: `__proto__` is an unknown key like any other.
    expect(() => recordCall(verb(), JSON.parse('{"user":"a","name":"n","__proto__":{"polluted":1}}'), given)).toThrow('unknown key "__proto__"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(keyList(verb())).toContain('wait');
  });
});

describe('records at once (--parallel)', () => {
  it('runs at most N at a time, starting them in file order, and every one once', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const waiting: (() => void)[] = [];
    const run = pool(10, 3, async (i) => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running--;
    });
    // Let the workers start, then release the records one by one, last started first.
    for (let released = 0; released < 10; released++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBe(Math.min(3, 10 - released));
      waiting.pop()?.();
    }
    await run;
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
