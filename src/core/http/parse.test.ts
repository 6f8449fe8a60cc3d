import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse.js';

describe('parseQuery', () => {
  it('builds arrays, hashes and arrays of hashes', () => {
    expect(parseQuery('a[]=1&a[]=2&h[k]=v&l[0][name]=x&l[0][url]=u&l[1][name]=y')).toEqual({
      a: ['1', '2'],
      h: { k: 'v' },
      l: [{ name: 'x', url: 'u' }, { name: 'y' }],
    });
  });

  it('decodes + as space and %2B as plus', () => {
    expect(parseQuery('t=2026-01-01T00:00:00%2B01:00&s=a+b')).toEqual({ t: '2026-01-01T00:00:00+01:00', s: 'a b' });
  });

  it('keeps the last value of a repeated scalar and ignores empty pairs', () => {
    expect(parseQuery('x=1&&x=2&y')).toEqual({ x: '2', y: '' });
  });

  it('reads flat and bracketed keys alike in one query, and numbered keys as an array', () => {
    expect(parseQuery('page=2&a=x&a[]=1&b%5Bk%5D=v')).toEqual({ page: '2', a: ['1'], b: { k: 'v' } });
    expect(parseQuery('1=b&0=a')).toEqual(['a', 'b']);
    expect(Object.getPrototypeOf(parseQuery('per_page=20'))).toBeNull();
    expect(() => parseQuery('per_page=20&__proto__=x')).toThrow(/not an allowed parameter name/);
  });
});
