// Decoding of query strings and form bodies into the nested parameter object the platform's
// conventions describe: `a[]=x` arrays, `a[k]=v` hashes, `a[0][k]=v` arrays of hashes.
//
// Everything here is built from untrusted text, so every object made is prototype-free
// (a key can never reach Object.prototype through `__proto__`), the keys that name prototype
// machinery are refused outright, and the shape is bounded: field count, key nesting depth.
import { paramError } from './errors.js';

export type ParamBag = Record<string, unknown>;

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Keys that name prototype machinery: refused in every encoding (400). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Most fields one query string or form body may carry. */
export const MAX_FIELDS = 4096;
/** Most keys and array items one JSON body may carry. */
export const MAX_JSON_VALUES = 100_000;
/** Deepest nesting of a bracketed key or a JSON document. */
export const MAX_DEPTH = 32;

/** A prototype-free object: nothing a key names can resolve to an inherited member. */
export const bag = (): ParamBag => Object.create(null) as ParamBag;

/** Whether a name may stand as a parameter (or header) name: never one of an object's own hooks. */
export const allowedKey = (key: string): boolean => !FORBIDDEN_KEYS.has(key);

export function checkKey(key: string): void {
  if (!allowedKey(key)) throw paramError(`${key} is not an allowed parameter name`);
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data) && typeof (value as UploadedFile).filename === 'string';
}

const decode = (text: string): string => {
  // Most keys and values (`per_page=20`) hold nothing to decode.
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first))) !== null) {
    parts.push(m[1] ?? '');
    if (parts.length > MAX_DEPTH) throw paramError(`${parts[0]} is nested too deeply`);
  }
  return parts;
}

/** Sets a value at a bracketed key path; `[]` appends. */
export function assignPath(target: ParamBag, key: string, value: unknown): void {
  const path = keyPath(key);
  for (const part of path) checkKey(part);
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length; i++) {
    const part = path[i] as string;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      if (part === '') {
        if (last) node.push(value);
        else {
          // `a[][k]=v`: start a new hash unless the current last hash lacks this key.
          const next = path[i + 1] as string;
          let tail = node[node.length - 1] as Record<string, unknown> | undefined;
          if (!tail || typeof tail !== 'object' || isUploadedFile(tail) || Object.prototype.hasOwnProperty.call(tail, next)) {
            tail = bag();
            node.push(tail);
          }
          node = tail;
        }
        continue;
      }
      // A hash key below what began as an array: the array's entries become indexed keys.
      const asHash = bag();
      node.forEach((v, idx) => {
        asHash[String(idx)] = v;
      });
      node = asHash;
    }
    const obj = node as Record<string, unknown>;
    if (last) {
      obj[part] = value;
    } else {
      const nextIsArray = path[i + 1] === '';
      let child = obj[part];
      if (child === undefined || child === null || typeof child !== 'object' || isUploadedFile(child)) {
        child = nextIsArray ? [] : bag();
        obj[part] = child;
      }
      node = child as Record<string, unknown> | unknown[];
    }
  }
}

/** Turns hashes whose keys are all integers (`a[0][k]`) into arrays, recursively. */
export function normaliseIndexed(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH + 1) throw paramError('parameters are nested too deeply');
  if (Array.isArray(value)) return value.map((v) => normaliseIndexed(v, depth + 1));
  if (value === null || typeof value !== 'object' || isUploadedFile(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 0 && entries.every(([k]) => /^\d{1,6}$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => normaliseIndexed(v, depth + 1));
  }
  const out = bag();
  for (const [k, v] of entries) out[k] = normaliseIndexed(v, depth + 1);
  return out;
}

/** Counts fields as they arrive; too many answer 400. */
export class FieldCounter {
  private n = 0;
  constructor(private readonly limit = MAX_FIELDS) {}
  add(): void {
    if (++this.n > this.limit) throw paramError(`too many parameters (at most ${this.limit})`);
  }
}

export function parseQuery(raw: string | undefined): ParamBag {
  const out = bag();
  if (!raw) return out;
  const counter = new FieldCounter();
  // Most queries are flat (`page=2&per_page=20`): their keys are set as they are, and only a
  // bracketed key (or a query whose keys are all numbers) needs the nested forms' rules.
  let flat = true;
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    counter.add();
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (!key) continue;
    if (flat && key.includes('[')) flat = false;
    if (flat) {
      checkKey(key);
      out[key] = value;
    } else assignPath(out, key, value);
  }
  return flat && !Object.keys(out).every((k) => /^\d{1,6}$/.test(k)) ? out : (normaliseIndexed(out) as ParamBag);
}

/**
 * Depth of a JSON text's nesting, found by a linear scan before parsing, so a document nested
 * ten thousand levels deep is refused with 400 instead of overflowing a recursive walk.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Parses a JSON body into prototype-free objects, refusing prototype keys, deep nesting and
 * too many fields. Throws SyntaxError for text that is not JSON.
 */
export function parseJsonBody(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_DEPTH)) throw paramError('The request body is nested too deeply');
  const counter = new FieldCounter(MAX_JSON_VALUES);
  return JSON.parse(text, (key, value: unknown) => {
    if (key !== '') {
      checkKey(key);
      counter.add();
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const out = bag();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = v;
      return out;
    }
    return value;
  });
}
