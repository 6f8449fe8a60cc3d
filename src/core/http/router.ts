// Matches a percent-encoded path against the declared patterns. Segments are matched while
// still encoded, so an unencoded '/' inside a full path never matches a one-segment `:id`;
// captured values are decoded exactly once. When several routes match, the most specific wins
// (literal segments beat placeholders, placeholders beat the trailing wildcard).
import type { Method, StreamFlags } from './route.js';

/** One line of the route manifest: method, path pattern, the area that declares it, and its stream flags if any. */
export type RouteKey = readonly [Method, string, string] | readonly [Method, string, string, StreamFlags];

export interface RouteEntry {
  method: Method;
  path: string;
  area: string;
  stream?: StreamFlags;
}

interface Segment {
  /** 3 literal, 2 mixed (literal + placeholder), 1 placeholder, 0 wildcard. */
  rank: number;
  literal?: string;
  regex?: RegExp;
  names: string[];
  wildcard?: string;
}

interface Compiled {
  route: RouteEntry;
  segments: Segment[];
  /** The segments' ranks, compared when several routes match. */
  score: number[];
  /** Where the wildcard segment is, or -1: a route without one matches only paths of its length. */
  wildcardAt: number;
}

export interface RouteMatch {
  route: RouteEntry;
  pathParams: Record<string, string>;
}

export type MatchOutcome = { kind: 'match'; match: RouteMatch } | { kind: 'method-not-allowed' } | { kind: 'none' } | { kind: 'bad-encoding' };

/** A segment that is one placeholder (`:id`). */
const PLACEHOLDER = /^:[a-z_]+$/;

function compileSegment(text: string): Segment {
  if (text.startsWith('*')) return { rank: 0, names: [], wildcard: text.slice(1) };
  if (!text.includes(':')) return { rank: 3, literal: text, names: [] };
  // A segment that is one placeholder and nothing else matches any non-empty segment whole
  // (segments hold no '/'): tryMatch takes the segment itself, with no pattern to make or run.
  if (PLACEHOLDER.test(text)) return { rank: 1, names: [text.slice(1)] };
  const names: string[] = [];
  const source = text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-z_]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+?)';
  });
  return { rank: 2, regex: new RegExp(`^${source}$`), names };
}

/**
 * Where a path's first non-empty segment starts, and whether it is a literal (no placeholder,
 * no wildcard): what `path.split('/').find(Boolean)` tells, without making an array and a
 * string for each of the manifest's routes when a core opens (young-generation memory that a
 * one-shot command pays in scavenges).
 */
function firstStart(path: string): number {
  let i = 0;
  while (path.charCodeAt(i) === 47 /* '/' */) i++;
  return i;
}

function firstEnd(path: string, start: number): number {
  const end = path.indexOf('/', start);
  return end < 0 ? path.length : end;
}

/** Whether the path's first segment is a literal equal to `first` (a path's first segment, never empty). */
function firstIs(path: string, first: string): boolean {
  const start = firstStart(path);
  return first !== '' && firstEnd(path, start) - start === first.length && path.startsWith(first, start) && !first.includes(':') && !first.startsWith('*');
}

/**
 * Whether a route's path may match a path of `parts` segments: as many segments, or more than
 * come before its wildcard (tryMatch's first test, made on the text with nothing allocated).
 */
function fitsLength(path: string, parts: number): boolean {
  let count = 0;
  for (let i = 0; i < path.length; i++) {
    if (path.charCodeAt(i) === 47 /* '/' */ || (i > 0 && path.charCodeAt(i - 1) !== 47)) continue;
    // A segment starts at i.
    if (path.charCodeAt(i) === 42 /* '*' */) return parts > count;
    count++;
  }
  return parts === count;
}

/** Whether the path's first segment is a literal. */
function anchored(path: string): boolean {
  const start = firstStart(path);
  const end = firstEnd(path, start);
  if (end === start || path.charCodeAt(start) === 42 /* '*' */) return false;
  const colon = path.indexOf(':', start);
  return colon < 0 || colon >= end;
}

/** Distinct paths whose outcome is remembered; the memory starts over when full. */
const MEMO_SIZE = 2048;
/** Longer paths are matched every time, so the memory stays small whatever clients send. */
const MEMO_PATH_LENGTH = 256;

export class Router {
  /** Each route compiled on first need: a one-shot command matches one path among hundreds. */
  private readonly compiled: (Compiled | undefined)[];
  /**
   * Candidates by the path's first segment: the routes whose first segment is that literal,
   * merged in declaration order with the routes whose first segment is not a literal (so ties
   * between equally specific routes still go to the first declared, as with a full scan). Made
   * on first use, for the literals routes declare only (any other path gets the unanchored list).
   */
  private readonly byFirst = new Map<string, number[]>();
  private unanchored: number[] | undefined;
  /**
   * Outcomes of recent (method, path) pairs. Every request is routed once or twice (the server
   * asks whether a route streams its body), and a busy instance sees few distinct paths; the
   * outcomes are never modified by callers (the core copies the parameters it is given).
   */
  private memo = new Map<string, MatchOutcome>();

  constructor(private readonly keys: readonly RouteKey[]) {
    this.compiled = new Array<Compiled | undefined>(keys.length);
  }

  private compile(i: number): Compiled {
    let c = this.compiled[i];
    if (!c) {
      const [method, path, area, stream] = this.keys[i] as RouteKey;
      const segments = path.split('/').filter(Boolean).map(compileSegment);
      c = {
        route: { method, path, area, ...(stream ? { stream } : {}) },
        segments,
        score: segments.map((s) => s.rank),
        wildcardAt: segments.findIndex((s) => s.wildcard !== undefined),
      };
      this.compiled[i] = c;
    }
    return c;
  }

  /** The indexes of the routes a path whose first segment is `first` may match, in declaration order. */
  private candidates(first: string | undefined): number[] {
    // Plain loops over the keys: a one-shot command routes a request or two, and arrays made per
    // route only to be dropped (flatMap's) are most of what routing would allocate.
    // A first segment seen before has its list: no scan of the routes' texts on a served request.
    const kept = first === undefined ? undefined : this.byFirst.get(first);
    if (kept) return kept;
    const keys = this.keys;
    const known = first !== undefined && keys.some((k) => firstIs(k[1], first));
    if (first === undefined || !known) {
      if (!this.unanchored) {
        const list: number[] = [];
        for (let i = 0; i < keys.length; i++) if (!anchored((keys[i] as RouteKey)[1])) list.push(i);
        this.unanchored = list;
      }
      return this.unanchored;
    }
    const list: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const path = (keys[i] as RouteKey)[1];
      if (!anchored(path) || firstIs(path, first)) list.push(i);
    }
    this.byFirst.set(first, list);
    return list;
  }

  get routes(): RouteEntry[] {
    return this.keys.map((_, i) => this.compile(i).route);
  }

  match(method: string, path: string): MatchOutcome {
    if (path.length > MEMO_PATH_LENGTH) return this.find(method, path);
    const key = `${method} ${path}`;
    const known = this.memo.get(key);
    if (known) return known;
    const outcome = this.find(method, path);
    if (this.memo.size >= MEMO_SIZE) this.memo = new Map();
    this.memo.set(key, outcome);
    return outcome;
  }

  private find(method: string, path: string): MatchOutcome {
    const parts = path.split('/').filter((p, i) => i > 0 || p !== '');
    if (parts[0] === '') parts.shift();
    let best: { c: Compiled; params: Record<string, string> } | undefined;
    let pathMatched = false;
    const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
    const candidates = this.candidates(parts[0]);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k] as number;
      // A route of another length is passed over as its text tells, without being compiled.
      if (!fitsLength((this.keys[i] as RouteKey)[1], parts.length)) continue;
      const c = this.compile(i);
      const raw = this.tryMatch(c, parts);
      if (!raw) continue;
      pathMatched = true;
      if (c.route.method !== wanted) continue;
      if (!best || compareScores(c.score, best.c.score) > 0) best = { c, params: raw };
    }
    if (!best) return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'none' };
    const decoded: Record<string, string> = {};
    try {
      for (const [k, v] of Object.entries(best.params)) decoded[k] = decodeURIComponent(v);
    } catch {
      return { kind: 'bad-encoding' };
    }
    return { kind: 'match', match: { route: best.c.route, pathParams: decoded } };
  }

  private tryMatch(c: Compiled, parts: string[]): Record<string, string> | null {
    const segments = c.segments;
    // Cheap rejections first: most routes differ from the path in length.
    if (c.wildcardAt < 0 ? parts.length !== segments.length : parts.length <= c.wildcardAt) return null;
    let params: Record<string, string> | undefined;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as Segment;
      if (seg.wildcard !== undefined) {
        const rest = parts.slice(i);
        if (rest.length === 0 || rest.some((p) => p === '')) return null;
        params ??= {};
        params[seg.wildcard] = rest.join('/');
        return params;
      }
      const part = parts[i];
      if (part === undefined || part === '') return null;
      if (seg.literal !== undefined) {
        if (seg.literal !== part) return null;
        continue;
      }
      params ??= {};
      if (seg.regex === undefined) {
        params[seg.names[0] as string] = part;
        continue;
      }
      const m = seg.regex.exec(part);
      if (!m) return null;
      for (let n = 0; n < seg.names.length; n++) params[seg.names[n] as string] = m[n + 1] as string;
    }
    return params ?? {};
  }
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  }
  return a.length - b.length;
}
