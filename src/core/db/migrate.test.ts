import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  it('have distinct, consecutive versions starting at 1', () => {
    const versions = migrations.map((m) => m.version).sort((a, b) => a - b);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });
});
