import { createHash, scryptSync } from 'node:crypto';
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

  it('hashes at the cost it is given and writes the cost into the hash', () => {
    const low = hashPassword('correct horse', 1);
    expect(low).toMatch(/^scrypt\$ln=1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(hashPassword('correct horse')).toMatch(/^scrypt\$ln=14\$/);
    expect(verifyPassword('correct horse', low)).toBe(true);
    expect(verifyPassword('wrong', low)).toBe(false);
    // The same password and salt at another cost is another hash: the cost is read from the hash.
    const [, , salt] = low.split('$');
    const at14 = scryptSync('correct horse', Buffer.from(salt as string, 'hex'), 32, { N: 2 ** 14 }).toString('hex');
    expect(low.endsWith(at14)).toBe(false);
    expect(verifyPassword('correct horse', `scrypt$ln=14$${salt}$${at14}`)).toBe(true);
    expect(() => hashPassword('x', 0)).toThrow(RangeError);
    expect(() => hashPassword('x', 17)).toThrow(RangeError);
    expect(() => hashPassword('x', 2.5)).toThrow(RangeError);
  });

  it('verifies hashes stored before the cost was written into them, at the default cost', async () => {
    const salt = Buffer.alloc(16, 3);
    const legacy = `scrypt$${salt.toString('hex')}$${scryptSync('correct horse', salt, 32, { N: 1 << 14 }).toString('hex')}`;
    expect(verifyPassword('correct horse', legacy)).toBe(true);
    expect(await verifyPasswordAsync('correct horse', legacy)).toBe(true);
    expect(verifyPassword('wrong', legacy)).toBe(false);
  });

  it('refuses hashes whose cost is out of range or malformed, without computing them', async () => {
    const h = hashPassword('pw', 1);
    const [, , salt, hash] = h.split('$');
    for (const bad of [`scrypt$ln=17$${salt}$${hash}`, `scrypt$ln=99$${salt}$${hash}`, `scrypt$ln=0$${salt}$${hash}`, `scrypt$ln=x$${salt}$${hash}`, `scrypt$ln=1$${salt}`, `bcrypt$ln=1$${salt}$${hash}`, `scrypt$ln=1$zz$${hash}`]) {
      expect(verifyPassword('pw', bad)).toBe(false);
      expect(await verifyPasswordAsync('pw', bad)).toBe(false);
    }
  });
});
