import { describe, expect, it } from 'vitest';
import { Router } from './router.js';
import type { Method } from './route.js';

const route = (method: Method, path: string) => [method, path, 'test'] as const;

describe('Router', () => {
  const routes = [
    route('GET', '/projects/:id'),
    route('GET', '/projects/:id/releases/:tag_name'),
    route('GET', '/projects/:id/releases/permalink/latest'),
    route('GET', '/projects/:id/releases/permalink/latest/*suffix'),
    route('GET', '/projects/:id/repository/archive'),
    route('GET', '/projects/:id/repository/archive.:format'),
    route('DELETE', '/projects/:id'),
  ];
  const router = new Router(routes);

  it('decodes an encoded full path once', () => {
    const m = router.match('GET', '/projects/acme%2Fweb');
    expect(m.kind).toBe('match');
    if (m.kind === 'match') expect(m.match.pathParams).toEqual({ id: 'acme/web' });
  });

  it('does not match an unencoded slash in a one-segment parameter', () => {
    expect(router.match('GET', '/projects/acme/web').kind).toBe('none');
  });

  it('prefers literal segments over placeholders', () => {
    const m = router.match('GET', '/projects/1/releases/permalink/latest');
    expect(m.kind === 'match' && m.match.route.path).toBe('/projects/:id/releases/permalink/latest');
    const tag = router.match('GET', '/projects/1/releases/v1%2F2');
    expect(tag.kind === 'match' && tag.match.pathParams.tag_name).toBe('v1/2');
  });

  it('captures the rest of the path in a wildcard', () => {
    const m = router.match('GET', '/projects/1/releases/permalink/latest/downloads/bin/app');
    expect(m.kind === 'match' && m.match.pathParams.suffix).toBe('downloads/bin/app');
  });

  it('matches mixed literal and placeholder segments', () => {
    const m = router.match('GET', '/projects/1/repository/archive.tar.gz');
    expect(m.kind === 'match' && m.match.pathParams.format).toBe('tar.gz');
  });

  it('tells a wrong method from an unknown path, and HEAD follows GET', () => {
    expect(router.match('POST', '/projects/1').kind).toBe('method-not-allowed');
    expect(router.match('GET', '/nothing/here').kind).toBe('none');
    expect(router.match('HEAD', '/projects/1').kind).toBe('match');
  });

  it('reports malformed percent-encoding', () => {
    expect(router.match('GET', '/projects/%E0%A4%A').kind).toBe('bad-encoding');
  });
});

describe('Router over the route manifest', () => {
  // Every declared path, with its placeholders filled in, reaches the route a scan of the whole
  // table would pick (the most specific; the first declared among equals), with each method.
  it('picks for every route what a full scan picks', async () => {
    const { ROUTE_MANIFEST } = await import('../areas/manifest.js');
    const router = new Router(ROUTE_MANIFEST);
    const patterns = ROUTE_MANIFEST.map(([method, path]) => ({
      method,
      segments: path.split('/').filter(Boolean).map((s) => (s.startsWith('*') ? null : new RegExp(`^${s.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+?')}$`))),
      rank: path.split('/').filter(Boolean).map((s) => (s.startsWith('*') ? 0 : !s.includes(':') ? 3 : /^:[a-z_]+$/.test(s) ? 1 : 2)),
      path,
    }));
    const scan = (method: string, path: string): string => {
      const parts = path.split('/').filter(Boolean);
      let best: (typeof patterns)[number] | undefined;
      let any = false;
      for (const p of patterns) {
        const wild = p.segments.indexOf(null);
        const fits = wild < 0 ? parts.length === p.segments.length && p.segments.every((r, i) => (r as RegExp).test(parts[i] as string)) : parts.length > wild && p.segments.slice(0, wild).every((r, i) => (r as RegExp).test(parts[i] as string));
        if (!fits) continue;
        any = true;
        if (p.method !== (method === 'HEAD' ? 'GET' : method)) continue;
        const cmp = (a: number[], b: number[]) => {
          for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
          return a.length - b.length;
        };
        if (!best || cmp(p.rank, best.rank) > 0) best = p;
      }
      return best ? `${best.method} ${best.path}` : any ? 'method-not-allowed' : 'none';
    };
    const seen = new Set<string>();
    for (const [, path] of ROUTE_MANIFEST) {
      const concrete = path.replace(/\*[a-z_]+/g, 'a/b.txt').replace(/:[a-z_]+/g, '7');
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (seen.has(`${method} ${concrete}`)) continue;
        seen.add(`${method} ${concrete}`);
        const outcome = router.match(method, concrete);
        const got = outcome.kind === 'match' ? `${outcome.match.route.method} ${outcome.match.route.path}` : outcome.kind;
        expect(got, `${method} ${concrete}`).toBe(scan(method, concrete));
        // Asked again (from the memory of recent paths), the answer is the same.
        expect(router.match(method, concrete)).toBe(outcome);
      }
    }
    expect(seen.size).toBeGreaterThan(600);
  });
});
