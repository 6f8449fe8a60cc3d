import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  // Versions are handed out ahead of time to work that lands separately, so a branch may hold
  // version 8 before version 7 arrives; the list must still be distinct, listed in order and
  // start at 1.
  it('have distinct versions, listed in order, starting at 1', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});
