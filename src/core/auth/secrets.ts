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
/** scrypt's block size (r): the cost below scales its work and memory, 128 · r · 2^cost bytes. */
const SCRYPT_BLOCK = 8;

/**
 * The password-hashing cost (scrypt's N is 2^cost) an instance uses unless its state says
 * otherwise: 16 MiB and tens of milliseconds per hash. A state may store a lower one (the test
 * suite's states do, as the platform's test environment lowers its hashing stretches); hashes
 * name their own cost, so hashes made at any cost verify.
 */
export const DEFAULT_PASSWORD_COST = 14;
/** Costs accepted in a setting or read from a stored hash: above this a check costs too much. */
export const MIN_PASSWORD_COST = 1;
export const MAX_PASSWORD_COST = 16;

export const isPasswordCost = (cost: unknown): cost is number => Number.isInteger(cost) && (cost as number) >= MIN_PASSWORD_COST && (cost as number) <= MAX_PASSWORD_COST;

const scryptOptions = (cost: number) => ({ N: 2 ** cost, r: SCRYPT_BLOCK, p: 1, maxmem: Math.max(32 * 1024 ** 2, 256 * SCRYPT_BLOCK * 2 ** cost) });

/**
 * A stored hash: `scrypt$ln=<cost>$<salt>$<hash>` (hex), or the older `scrypt$<salt>$<hash>`,
 * made at the default cost before the cost was written down. Null when it is neither.
 */
function parseHash(stored: string): { cost: number; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  const [scheme, ...rest] = parts;
  if (scheme !== 'scrypt') return null;
  let cost = DEFAULT_PASSWORD_COST;
  if (rest.length === 3) {
    const m = /^ln=(\d{1,2})$/.exec(rest.shift() as string);
    cost = m ? Number(m[1]) : NaN;
  }
  const [saltHex, hashHex] = rest;
  if (rest.length !== 2 || !isPasswordCost(cost) || !saltHex || !hashHex || !/^[0-9a-f]+$/.test(saltHex + hashHex)) return null;
  return { cost, salt: Buffer.from(saltHex, 'hex'), hash: Buffer.from(hashHex, 'hex') };
}

const format = (cost: number, salt: Buffer, hash: Buffer): string => `scrypt$ln=${cost}$${salt.toString('hex')}$${hash.toString('hex')}`;

function checkCost(cost: number): void {
  if (!isPasswordCost(cost)) throw new RangeError(`password hashing cost must be an integer from ${MIN_PASSWORD_COST} to ${MAX_PASSWORD_COST}`);
}

/**
 * Passwords are low-entropy, so they get a salted scrypt hash. Deliberately slow (tens of ms at
 * the default cost), so request paths use the asynchronous form, which runs on the thread pool
 * instead of stalling every other request; the synchronous one is for one-shot setup (init).
 */
export async function hashPasswordAsync(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  checkCost(cost);
  const { randomBytes, scrypt } = nodeCrypto();
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, SCRYPT_KEY_BYTES, scryptOptions(cost), (e, key) => (e ? reject(e) : resolve(key))));
  return format(cost, salt, hash);
}

/** Checks a password against its stored hash (at the cost the hash names) without blocking the event loop. */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { scrypt, timingSafeEqual } = nodeCrypto();
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, parsed.salt, SCRYPT_KEY_BYTES, scryptOptions(parsed.cost), (e, key) => (e ? reject(e) : resolve(key))),
  );
  return parsed.hash.length === hash.length && timingSafeEqual(hash, parsed.hash);
}

export function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): string {
  checkCost(cost);
  const { randomBytes, scryptSync } = nodeCrypto();
  const salt = randomBytes(16);
  return format(cost, salt, scryptSync(password, salt, SCRYPT_KEY_BYTES, scryptOptions(cost)));
}

export function verifyPassword(password: string, stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { scryptSync, timingSafeEqual } = nodeCrypto();
  const hash = scryptSync(password, parsed.salt, SCRYPT_KEY_BYTES, scryptOptions(parsed.cost));
  return parsed.hash.length === hash.length && timingSafeEqual(hash, parsed.hash);
}
