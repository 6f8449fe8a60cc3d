// Instance-wide settings kept in the `settings` table: tier, offering, the external URL used
// in web_url fields, repository storages, token policy and the password-hashing cost.
import type { Database } from './db/connection.js';
import type { Offering, Tier } from './http/route.js';
import { DEFAULT_PASSWORD_COST, isPasswordCost } from './auth/secrets.js';
import { forgetStorages } from './repositories/repository-sizes.js';

export type InstanceOffering = Offering | 'all';

export interface InstanceSettings {
  tier: Tier;
  offering: InstanceOffering;
  /** Base of every web_url; no trailing slash. */
  externalUrl: string;
  /** Storage name → directory (relative paths are inside the state directory). */
  storages: Record<string, string>;
  requireTokenExpiry: boolean;
  /** Largest generic package file accepted, in bytes (the platform's plan limit). */
  genericPackagesMaxFileSize: number;
  /**
   * scrypt cost (log2 N) of the password hashes this instance makes (src/core/auth/secrets.ts);
   * set when the state is created. Hashes carry their own cost, so changing it never locks out
   * a user.
   */
  passwordHashCost: number;
}

export const DEFAULT_SETTINGS: InstanceSettings = {
  tier: 'ultimate',
  offering: 'all',
  externalUrl: 'http://localhost:8080',
  storages: { default: 'storages/default' },
  requireTokenExpiry: true,
  genericPackagesMaxFileSize: 5 * 1024 ** 3,
  passwordHashCost: DEFAULT_PASSWORD_COST,
};

const KEYS: Record<keyof InstanceSettings, string> = {
  tier: 'tier',
  offering: 'offering',
  externalUrl: 'external_url',
  storages: 'storages',
  requireTokenExpiry: 'require_token_expiry',
  genericPackagesMaxFileSize: 'generic_packages_max_file_size',
  passwordHashCost: 'password_hash_cost',
};

export function readSettings(db: Database): InstanceSettings {
  const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  const out = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [prop, key] of Object.entries(KEYS)) if (stored.has(key)) out[prop] = stored.get(key);
  // A cost outside the accepted range (a hand-edited state) never weakens hashing below the default.
  if (!isPasswordCost(out.passwordHashCost)) out.passwordHashCost = DEFAULT_PASSWORD_COST;
  return out as unknown as InstanceSettings;
}

export function writeSettings(db: Database, values: Partial<InstanceSettings>): void {
  const stmt = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  for (const [prop, value] of Object.entries(values)) {
    const key = KEYS[prop as keyof InstanceSettings];
    if (key && value !== undefined) stmt.run(key, JSON.stringify(value));
  }
}

const TIER_RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };

export const tierAtLeast = (have: Tier, need: Tier): boolean => TIER_RANK[have] >= TIER_RANK[need];

export const offeringIn = (have: InstanceOffering, allowed: readonly Offering[]): boolean => have === 'all' || allowed.includes(have);

/**
 * Makes `settings.storages` read the settings table on each use, so storages added or removed
 * by another process (`hostctl storages add` beside a running `serve`) are seen at once.
 */
export function liveStorages(db: Database, settings: InstanceSettings): InstanceSettings {
  const fallback = settings.storages;
  const read = (): Record<string, string> => {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'storages'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Record<string, string>) : fallback;
  };
  Object.defineProperty(settings, 'storages', {
    enumerable: true,
    configurable: true,
    get: read,
    set: (value: Record<string, string>) => {
      const before = read();
      writeSettings(db, { storages: value });
      // Sizes and commit counts are kept under a storage's name: a name repointed (or removed,
      // then added again elsewhere) no longer names the repositories they were measured on.
      const changed = [...new Set([...Object.keys(before), ...Object.keys(value)])].filter((n) => before[n] !== value[n]);
      forgetStorages(db, changed);
    },
  });
  return settings;
}

/** Weight of each storage for picking a move's destination (100 when not set). */
export function storageWeights(db: Database): Record<string, number> {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'storage_weights'").get() as { value: string } | undefined;
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  if (row) for (const [k, v] of Object.entries(JSON.parse(row.value) as Record<string, number>)) out[k] = v;
  return out;
}

export function writeStorageWeights(db: Database, weights: Record<string, number>): void {
  db.prepare("INSERT INTO settings (key, value) VALUES ('storage_weights', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(JSON.stringify(weights));
}
