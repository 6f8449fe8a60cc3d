import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml.js';

/** Strings that some YAML version reads as something else when written plain. */
const AMBIGUOUS = [
  'yes', 'no', 'on', 'off', 'Off', 'y', 'n', 'Y', 'true', 'False', 'null', 'NULL', '~', '',
  '2026-01-01', '2026-01-01T00:00:00.000Z', '2026-01-01 10:00:00 +01:00', '1:30', '190:20:30',
  '0123', '0o17', '0x1F', '0b101', '1e3', '.5', '+1', '-.inf', '.NaN', '1_000', '12345678901234567890',
  '<<', '=', '- a', '? x', 'a: b', 'x #y', '#x', ' lead', 'trail ', '"q"', "it's", '@at', '`tick', '%pct', '!tag', '&anchor', '*ref', '|', '>',
  'line one\nline two\n', 'no newline at end\nsecond', '\ttab', 'é ünï', 'emoji 🎉', '\u0007bell',
];

describe('toYaml', () => {
  it('writes every string so that YAML 1.1 and 1.2 readers both read the same string back', async () => {
    const data = [Object.fromEntries(AMBIGUOUS.map((s, i) => [`k${i}`, s])), { keys: Object.fromEntries(AMBIGUOUS.filter(Boolean).map((s) => [s, 1])) }];
    const text = await toYaml(data);
    expect(parse(text, { version: '1.2' })).toEqual(data);
    expect(parse(text, { version: '1.1' })).toEqual(data);
  });

  it('keeps numbers, booleans, null, empty collections and key order; leaves undefined keys out', async () => {
    const data = { id: 7, ratio: 1.5, neg: -3, on: true, off: false, none: null, list: [], map: {}, gone: undefined, nested: { z: 1, a: [1, 'two', { three: 3 }] } };
    const text = await toYaml(data);
    const { gone, ...rest } = data;
    expect(gone).toBeUndefined();
    expect(parse(text, { version: '1.1' })).toEqual(rest);
    expect(Object.keys(parse(text) as object)).toEqual(Object.keys(rest));
    expect(text).toContain('list: []\n');
  });

  it('writes a shared object twice rather than as an alias, and long text on one line', async () => {
    const shared = { name: 'x'.repeat(200) };
    const text = await toYaml({ a: shared, b: shared });
    expect(text).not.toMatch(/[&*]ref|&\d|\*\d/);
    expect(text.split('\n').filter((l) => l.includes('x'.repeat(200)))).toHaveLength(2);
  });
});
