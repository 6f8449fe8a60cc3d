import { describe, expect, it } from 'vitest';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from './index.js';
import { buildParams, keySegments, parseHeader, typedValue, type RawParam } from './params.js';

let seq = 0;
const f = (text: string): RawParam => ({ seq: seq++, typed: false, text });
const F = (text: string): RawParam => ({ seq: seq++, typed: true, text });
const files: Record<string, string> = { 'body.md': '# Title\n', '-': 'from stdin' };
const read = (path: string) => {
  const content = files[path];
  if (content === undefined) throw new UsageError(`cannot read ${path}`);
  return content;
};

describe('hostctl api parameters', () => {
  it('-f sends strings, -F typed values', () => {
    expect(buildParams([f('a=1'), f('b=true'), F('c=1'), F('d=-2.5'), F('e=true'), F('g=false'), F('h=null'), F('i=text'), F('j=007')], read)).toEqual({
      a: '1',
      b: 'true',
      c: 1,
      d: -2.5,
      e: true,
      g: false,
      h: null,
      i: 'text',
      j: '007',
    });
  });

  it('-F key=@file reads the file; @- reads standard input', () => {
    expect(buildParams([F('description=@body.md'), F('other=@-')], read)).toEqual({ description: '# Title\n', other: 'from stdin' });
    expect(() => buildParams([F('x=@missing')], read)).toThrow(UsageError);
  });

  it('key[]=v builds arrays, key[sub]=v hashes, in the order given across -f and -F', () => {
    expect(buildParams([f('scopes[]=api'), F('scopes[]=1'), f('scopes[]=read_user')], read)).toEqual({ scopes: ['api', 1, 'read_user'] });
    expect(buildParams([f('a[b]=1'), F('a[c]=2'), f('a[d][e]=3'), f('a[d][f][]=x')], read)).toEqual({ a: { b: '1', c: 2, d: { e: '3', f: ['x'] } } });
  });

  it('key[][name]=v fills one hash until a name repeats', () => {
    expect(buildParams([f('rules[][name]=main'), F('rules[][level]=40'), f('rules[][name]=dev'), F('rules[][level]=30')], read)).toEqual({
      rules: [
        { name: 'main', level: 40 },
        { name: 'dev', level: 30 },
      ],
    });
  });

  it('rejects malformed or clashing keys', () => {
    expect(() => buildParams([f('novalue')], read)).toThrow('-f takes key=value');
    expect(() => buildParams([f('=x')], read)).toThrow(UsageError);
    expect(() => keySegments('a[b', '-f')).toThrow('malformed');
    expect(() => buildParams([f('a=1'), f('a[]=2')], read)).toThrow('not an array');
    expect(() => buildParams([f('a[]=1'), f('a[b]=2')], read)).toThrow('not a hash');
    expect(() => buildParams([f('a[][]=1')], read)).toThrow('arrays of arrays');
  });

  it('a later plain key replaces the earlier value', () => {
    expect(buildParams([f('a=1'), f('a=2')], read)).toEqual({ a: '2' });
    expect(typedValue('1e5', read)).toBe('1e5');
  });

  it('headers are Name: value, names in lower case', () => {
    expect(parseHeader('X-Trace: a: b')).toEqual(['x-trace', 'a: b']);
    expect(parseHeader('Accept:text/plain')).toEqual(['accept', 'text/plain']);
    expect(() => parseHeader('no colon')).toThrow(UsageError);
  });

  it('PATH is relative to /api/v4; a leading /api/v4 or a full URL is accepted', () => {
    expect(apiPath('projects')).toBe('/projects');
    expect(apiPath('/projects?page=2')).toBe('/projects?page=2');
    expect(apiPath('/api/v4/projects/1')).toBe('/projects/1');
    expect(apiPath('api/v4/users')).toBe('/users');
    expect(apiPath('http://h.example/api/v4/users?x=1')).toBe('/users?x=1');
    expect(() => apiPath('http://h.example/other')).toThrow(UsageError);
  });
});
