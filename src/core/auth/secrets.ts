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

const SCRYPT_KEY_BYTES = 32;
const SCRYPT_OPTIONS = { N: 1 << 14 };

/**
 * Passwords are low-entropy, so they get a salted scrypt hash. Deliberately slow (tens of ms),
 * so request paths use the asynchronous form, which runs on the thread pool instead of
 * stalling every other request; the synchronous one is for one-shot setup (init).
 */
export async function hashPasswordAsync(password: string): Promise<string> {
  const { randomBytes, scrypt } = nodeCrypto();
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, SCRYPT_KEY_BYTES, SCRYPT_OPTIONS, (e, key) => (e ? reject(e) : resolve(key))));
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Checks a password against its stored hash without blocking the event loop. */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [, saltHex, hashHex] = stored.split('$');
  if (!saltHex || !hashHex) return false;
  const { scrypt, timingSafeEqual } = nodeCrypto();
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, Buffer.from(saltHex, 'hex'), SCRYPT_KEY_BYTES, SCRYPT_OPTIONS, (e, key) => (e ? reject(e) : resolve(key))),
  );
  const expected = Buffer.from(hashHex, 'hex');
  return expected.length === hash.length && timingSafeEqual(hash, expected);
}

export function hashPassword(password: string): string {
  const { randomBytes, scryptSync } = nodeCrypto();
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, SCRYPT_KEY_BYTES, SCRYPT_OPTIONS);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [, saltHex, hashHex] = stored.split('$');
  if (!saltHex || !hashHex) return false;
  const { scryptSync, timingSafeEqual } = nodeCrypto();
  const hash = scryptSync(password, Buffer.from(saltHex, 'hex'), SCRYPT_KEY_BYTES, SCRYPT_OPTIONS);
  const expected = Buffer.from(hashHex, 'hex');
  return expected.length === hash.length && timingSafeEqual(hash, expected);
}
