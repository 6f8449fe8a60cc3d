// -f/-F parameters of `hostctl api`: `key=value` pairs that build a (possibly nested) JSON object.
// `key[]=v` appends to an array, `key[sub]=v` sets a member of a hash, and `key[][a]=1 key[][b]=2`
// fills one hash in an array until a key repeats, which starts the next hash.
import { readFileSync } from 'node:fs';
import { UsageError } from '../../kit/errors.js';
import { checkReadableFile } from '../../kit/local-files.js';

export interface RawParam {
  /** Order across -f and -F, so that mixed arrays keep the order given. */
  seq: number;
  typed: boolean;
  text: string;
}

let nextSeq = 0;

/** commander collector for -f (typed=false) and -F (typed=true). */
export const collectParam =
  (typed: boolean) =>
  (text: string, previous: RawParam[]): RawParam[] => [...previous, { seq: nextSeq++, typed, text }];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Splits `a[b][]` into ['a', 'b', '']. */
export function keySegments(key: string, flag: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) throw new UsageError(`${flag} key "${key}" is malformed; use name, name[], name[key] or combinations`);
  const rest = [...(m[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] as string);
  return [m[1] as string, ...rest];
}

/** -F values: true, false, null and numbers become JSON values; @file reads a file (@- stdin). */
export function typedValue(text: string, readFile: (path: string) => string): Json {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  // Integers a double cannot hold exactly stay strings, so the id arrives as typed.
  if (/^-?(0|[1-9]\d*)$/.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : text;
  if (/^-?(0|[1-9]\d*)\.\d+$/.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (text.startsWith('@')) return readFile(text.slice(1));
  return text;
}

const isHash = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

function assign(container: Record<string, Json>, key: string, rest: string[], value: Json, original: string): void {
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  const [head, ...tail] = rest as [string, ...string[]];
  if (head === '') {
    const existing = container[key];
    if (existing !== undefined && !Array.isArray(existing)) throw new UsageError(`"${original}": ${key} is already set as a ${isHash(existing) ? 'hash' : 'value'}, not an array`);
    const list = (existing as Json[] | undefined) ?? [];
    container[key] = list;
    if (tail.length === 0) {
      list.push(value);
      return;
    }
    const [member, ...deeper] = tail as [string, ...string[]];
    if (member === '') throw new UsageError(`"${original}": arrays of arrays are not supported`);
    let last = list[list.length - 1];
    if (!isHash(last) || member in last) {
      last = {};
      list.push(last);
    }
    assign(last, member, deeper, value, original);
    return;
  }
  const existing = container[key];
  if (existing !== undefined && !isHash(existing)) throw new UsageError(`"${original}": ${key} is already set as ${Array.isArray(existing) ? 'an array' : 'a value'}, not a hash`);
  const hash = (existing as Record<string, Json> | undefined) ?? {};
  container[key] = hash;
  assign(hash, head, tail, value, original);
}

export function buildParams(raw: RawParam[], readFile: (path: string) => string = defaultReadFile): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const p of [...raw].sort((a, b) => a.seq - b.seq)) {
    const flag = p.typed ? '-F' : '-f';
    const eq = p.text.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes key=value, got "${p.text}"`);
    const key = p.text.slice(0, eq);
    const text = p.text.slice(eq + 1);
    const [base, ...rest] = keySegments(key, flag) as [string, ...string[]];
    assign(out, base, rest, p.typed ? typedValue(text, readFile) : text, p.text);
  }
  return out;
}

/** Reads @file values. `@-` (standard input) is read before parsing: see stdinReader. */
export function defaultReadFile(path: string): string {
  // The kit's check of files named on the command line: the flag, the path and a hint.
  checkReadableFile(path, '-F', false, `-F …=@${path}`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path} for -F: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** Whether a -F value is `@-`, which reads standard input. */
export const readsStdin = (raw: readonly RawParam[]): boolean => raw.some((p) => p.typed && p.text.slice(p.text.indexOf('=') + 1) === '@-');

/** A readFile for buildParams that answers `-` with standard input read once beforehand. */
export const stdinReader =
  (stdin: string | undefined) =>
  (path: string): string =>
    path === '-' && stdin !== undefined ? stdin : defaultReadFile(path);

/** `Name: value` → ['name', 'value'] (header names travel in lower case). */
export function parseHeader(text: string): [string, string] {
  const m = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s*(.*)$/.exec(text);
  if (!m) throw new UsageError(`-H takes 'Name: value', got "${text}"`);
  return [(m[1] as string).toLowerCase(), m[2] as string];
}
