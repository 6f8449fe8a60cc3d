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
