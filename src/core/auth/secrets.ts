// Token secrets: generated from the CSPRNG, stored only as SHA-256 digests (the secrets are
// long and random, so a fast digest is safe), and compared by digest lookup.
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'hpat-';

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(24).toString('base64url');
}

export const digestSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Passwords are low-entropy, so they get a salted scrypt hash. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 1 << 14 });
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [, saltHex, hashHex] = stored.split('$');
  if (!saltHex || !hashHex) return false;
  const hash = scryptSync(password, Buffer.from(saltHex, 'hex'), 32, { N: 1 << 14 });
  return timingSafeEqual(hash, Buffer.from(hashHex, 'hex'));
}
