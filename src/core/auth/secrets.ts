// Token secrets: generated from the CSPRNG, stored only as SHA-256 digests (the secrets are
// long and random, so a fast digest is safe), and found by digest lookup. The digest uses a
// bundled SHA-256 because loading node:crypto costs more start-up time than a whole local
// read command may spend; node:crypto is loaded only where secrets or password hashes are made.
import { createRequire } from 'node:module';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const TOKEN_PREFIX = 'hpat-';

const nodeCrypto = (): typeof import('node:crypto') => createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + nodeCrypto().randomBytes(24).toString('base64url');
}

export const digestSecret = (secret: string): string => bytesToHex(sha256(utf8ToBytes(secret)));

/** Passwords are low-entropy, so they get a salted scrypt hash. */
export function hashPassword(password: string): string {
  const { randomBytes, scryptSync } = nodeCrypto();
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 1 << 14 });
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [, saltHex, hashHex] = stored.split('$');
  if (!saltHex || !hashHex) return false;
  const { scryptSync, timingSafeEqual } = nodeCrypto();
  const hash = scryptSync(password, Buffer.from(saltHex, 'hex'), 32, { N: 1 << 14 });
  return timingSafeEqual(hash, Buffer.from(hashHex, 'hex'));
}
