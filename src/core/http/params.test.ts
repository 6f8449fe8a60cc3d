import { describe, expect, it } from 'vitest';
import { parseDateTime, searchParam, squish, squishedSearchParam, validateParams, type ParamDecl } from './params.js';

const decls: ParamDecl[] = [
  { name: 'name', type: 'string', required: true },
  { name: 'count', type: 'integer' },
  { name: 'flag', type: 'boolean' },
  { name: 'when', type: 'datetime' },
  { name: 'day', type: 'date' },
  { name: 'kind', type: 'string', values: ['a', 'b'], default: 'a' },
  { name: 'tags', type: 'string[]', commaSeparated: true },
];

describe('validateParams', () => {
  it('coerces strings from queries and forms', () => {
    const { params, errors } = validateParams(decls, [], { name: 'x', count: '42', flag: 'true', tags: 'a,b', day: '2026-02-28' });
    expect(errors).toEqual([]);
    expect(params).toEqual({ name: 'x', count: 42, flag: true, kind: 'a', tags: ['a', 'b'], day: '2026-02-28' });
  });

  it('joins all problems with the platform wording', () => {
    const { errors } = validateParams(decls, [], { count: 'many', flag: 'maybe', kind: 'c', day: '2026-02-30' });
    expect(errors.join(', ')).toBe(
      'name is missing, count is invalid, flag is invalid, day is invalid, kind does not have a valid value',
    );
  });

  it('refuses null booleans', () => {
    expect(validateParams(decls, [], { name: 'x', flag: null }).errors).toEqual(['flag is invalid']);
  });

  it('applies group rules', () => {
    const d: ParamDecl[] = [
      { name: 'a', type: 'string' },
      { name: 'b', type: 'string' },
    ];
    expect(validateParams(d, [{ atLeastOneOf: ['a', 'b'] }], {}).errors).toEqual(['a, b are missing, at least one parameter must be provided']);
    expect(validateParams(d, [{ mutuallyExclusive: ['a', 'b'] }], { a: '1', b: '2' }).errors).toEqual(['a, b are mutually exclusive']);
    expect(validateParams(d, [{ exactlyOneOf: ['a', 'b'] }], {}).errors).toEqual(['a, b are missing, exactly one parameter must be provided']);
    expect(validateParams(d, [{ allOrNoneOf: ['a', 'b'] }], { a: '1' }).errors).toEqual(['a, b provide all or none of parameters']);
  });
});

describe('boolean coercion', () => {
  it("accepts the platform's spellings of true and false, and no others", () => {
    for (const t of ['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']) {
      expect(validateParams(decls, [], { name: 'x', flag: t }).params.flag, t).toBe(true);
    }
    for (const f of ['false', 'False', 'FALSE', 'f', 'F', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF', '0']) {
      expect(validateParams(decls, [], { name: 'x', flag: f }).params.flag, f).toBe(false);
    }
    for (const bad of ['tRUE', 'yEs', 'oN', '2', 'nil']) expect(validateParams(decls, [], { name: 'x', flag: bad }).errors, bad).toEqual(['flag is invalid']);
  });
});

describe('parseDateTime', () => {
  it('reads zones and treats zone-less values as UTC', () => {
    expect(parseDateTime('2026-01-02T03:04:05+02:00')?.toISOString()).toBe('2026-01-02T01:04:05.000Z');
    expect(parseDateTime('2026-01-02T03:04:05')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseDateTime('2026-01-02')?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    // An unencoded '+' arrives as a space: not a valid time.
    expect(parseDateTime('2026-01-02T03:04:05 02:00')).toBeNull();
    expect(parseDateTime('yesterday')).toBeNull();
    expect(parseDateTime('2026-02-30T00:00:00Z')).toBeNull();
  });
});

describe('squish', () => {
  it("is ActiveSupport's: ends trimmed, inner runs of Unicode white space made one space", () => {
    expect(squish(' \t foo \n\u00a0 bar\u2003baz \r\n')).toBe('foo bar baz');
    // U+0085 is white space to Ruby's [[:space:]] (String.trim leaves it); U+FEFF is not (String.trim takes it).
    expect(squish('\u0085a\u0085\u0085b\u0085')).toBe('a b');
    expect(squish('\ufeffa\ufeff')).toBe('\ufeffa\ufeff');
    expect(squish('a')).toBe('a');
  });

  it('applies to the lists that declare it, before the handler sees the term', () => {
    expect(validateParams([squishedSearchParam()], [], { search: '  foo   bar ' }).params).toEqual({ search: 'foo bar' });
    expect(validateParams([squishedSearchParam('query')], [], { query: '\tx\ny' }).params).toEqual({ query: 'x y' });
    expect(validateParams([searchParam()], [], { search: ' foo   bar ' }).params).toEqual({ search: ' foo   bar ' });
    // Blank stays absent either way.
    expect(validateParams([squishedSearchParam()], [], { search: ' \t ' }).params).toEqual({});
  });
});
