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
}

export interface RouteMatch {
  route: RouteEntry;
  pathParams: Record<string, string>;
}

export type MatchOutcome = { kind: 'match'; match: RouteMatch } | { kind: 'method-not-allowed' } | { kind: 'none' } | { kind: 'bad-encoding' };

function compileSegment(text: string): Segment {
  if (text.startsWith('*')) return { rank: 0, names: [], wildcard: text.slice(1) };
  if (!text.includes(':')) return { rank: 3, literal: text, names: [] };
  const names: string[] = [];
  const source = text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-z_]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+?)';
  });
  return { rank: text.startsWith(':') && names.length === 1 && text === `:${names[0]}` ? 1 : 2, regex: new RegExp(`^${source}$`), names };
}

export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: readonly RouteKey[]) {
    this.compiled = routes.map(([method, path, area, stream]) => ({ route: { method, path, area, ...(stream ? { stream } : {}) }, segments: path.split('/').filter(Boolean).map(compileSegment) }));
  }

  get routes(): RouteEntry[] {
    return this.compiled.map((c) => c.route);
  }

  match(method: string, path: string): MatchOutcome {
    const parts = path.split('/').filter((p, i) => i > 0 || p !== '');
    if (parts[0] === '') parts.shift();
    let best: { c: Compiled; params: Record<string, string>; score: number[] } | undefined;
    let pathMatched = false;
    const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
    for (const c of this.compiled) {
      const raw = this.tryMatch(c.segments, parts);
      if (!raw) continue;
      pathMatched = true;
      if (c.route.method !== wanted) continue;
      const score = c.segments.map((s) => s.rank);
      if (!best || compareScores(score, best.score) > 0) best = { c, params: raw, score };
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

  private tryMatch(segments: Segment[], parts: string[]): Record<string, string> | null {
    const params: Record<string, string> = {};
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as Segment;
      if (seg.wildcard !== undefined) {
        const rest = parts.slice(i);
        if (rest.length === 0 || rest.some((p) => p === '')) return null;
        params[seg.wildcard] = rest.join('/');
        return params;
      }
      const part = parts[i];
      if (part === undefined || part === '') return null;
      if (seg.literal !== undefined) {
        if (seg.literal !== part) return null;
        continue;
      }
      const m = (seg.regex as RegExp).exec(part);
      if (!m) return null;
      seg.names.forEach((name, idx) => {
        params[name] = m[idx + 1] as string;
      });
    }
    return parts.length === segments.length ? params : null;
  }
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  }
  return a.length - b.length;
}
