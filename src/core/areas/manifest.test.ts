import { describe, expect, it } from 'vitest';
import { loadAllRoutes } from './index.js';
import { ROUTE_MANIFEST } from './manifest.js';

describe('route manifest', () => {
  it('lists exactly the routes the areas declare (else: npm run build)', async () => {
    const live = (await loadAllRoutes()).flatMap(({ area, routes }) => routes.map((r) => (r.stream ? [r.method, r.path, area, r.stream] : [r.method, r.path, area])));
    expect(ROUTE_MANIFEST.map((r) => [...r])).toEqual(live);
  });

  it('has no route declared twice', () => {
    const keys = ROUTE_MANIFEST.map(([m, p]) => `${m} ${p}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
