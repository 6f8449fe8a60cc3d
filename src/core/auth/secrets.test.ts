import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestSecret, generateTokenSecret, hashPassword, hashPasswordAsync, verifyPassword, verifyPasswordAsync } from './secrets.js';

describe('secrets', () => {
  it('digests like SHA-256 of node:crypto', () => {
    for (const s of ['', 'hpat-abc', 'ünïcode-секрет', 'x'.repeat(1000)]) {
      expect(digestSecret(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
    }
  });

  it('generates distinct prefixed secrets', () => {
    const a = generateTokenSecret();
    expect(a).toMatch(/^hpat-[A-Za-z0-9_-]{32}$/);
    expect(generateTokenSecret()).not.toBe(a);
  });

  it('hashes passwords with a salt and verifies them', () => {
    const h = hashPassword('correct horse');
    expect(h).not.toContain('correct');
    expect(hashPassword('correct horse')).not.toBe(h);
    expect(verifyPassword('correct horse', h)).toBe(true);
    expect(verifyPassword('wrong', h)).toBe(false);
  });

  it('hashes asynchronously off the event loop, interchangeably with the synchronous form', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const h = await hashPasswordAsync('correct horse');
    clearInterval(timer);
    // The event loop kept turning while the hash was computed on the thread pool.
    expect(ticks).toBeGreaterThan(0);
    expect(verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPasswordAsync('correct horse', hashPassword('correct horse'))).toBe(true);
    expect(await verifyPasswordAsync('wrong', h)).toBe(false);
    expect(await verifyPasswordAsync('x', 'scrypt$00$11')).toBe(false);
  });
});
