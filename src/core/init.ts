// Creating a state directory: the database with its schema, instance settings, the
// administrator `root` and its first token. An existing state is never touched.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { restrictStateModes } from './state-modes.js';
import { join } from 'node:path';
import { storageDirIn } from '../shared/state-layout.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { DEFAULT_SETTINGS, writeSettings, type InstanceSettings } from './instance.js';
import { buildCore, openCore, STATE_DB, type Core } from './app.js';
import type { Clock } from './clock.js';
import { createUser } from './areas/users/service.js';
import { insertToken } from './areas/tokens/service.js';
import { isPasswordCost, MAX_PASSWORD_COST, MIN_PASSWORD_COST } from './auth/secrets.js';

export interface InitOptions {
  stateDir: string;
  rootToken?: string;
  rootPassword?: string;
  tier?: InstanceSettings['tier'];
  offering?: InstanceSettings['offering'];
  externalUrl?: string;
  /** Extra storages: name → directory. */
  storages?: Record<string, string>;
  /** Password-hashing cost kept with the state (default DEFAULT_PASSWORD_COST); test states use a low one. */
  passwordHashCost?: number;
  clock?: Clock;
}

export class StateExistsError extends Error {}

export interface InitResult {
  core: Core;
  rootToken: string;
  rootUserId: number;
}

export function initState(options: InitOptions): InitResult {
  const dir = options.stateDir;
  if (existsSync(join(dir, STATE_DB))) throw new StateExistsError(`a hostctl state already exists at ${dir}; it was left untouched`);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new StateExistsError(`${dir} is not empty; choose an empty or new directory`);
  const created = !existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // The database is created 0600 (umask could otherwise leave it readable by everyone).
    if (!existsSync(join(dir, STATE_DB))) closeSync(openSync(join(dir, STATE_DB), 'wx', 0o600));
    const db = openDatabase(join(dir, STATE_DB));
    migrate(db);
    restrictStateModes(dir);
    const storages = { ...DEFAULT_SETTINGS.storages, ...(options.storages ?? {}) };
    for (const path of Object.values(storages)) mkdirSync(storageDirIn(dir, path), { recursive: true });
    const settings: InstanceSettings = {
      ...DEFAULT_SETTINGS,
      tier: options.tier ?? DEFAULT_SETTINGS.tier,
      offering: options.offering ?? DEFAULT_SETTINGS.offering,
      externalUrl: (options.externalUrl ?? DEFAULT_SETTINGS.externalUrl).replace(/\/+$/, ''),
      storages,
      passwordHashCost: options.passwordHashCost ?? DEFAULT_SETTINGS.passwordHashCost,
    };
    if (!isPasswordCost(settings.passwordHashCost)) throw new Error(`password hashing cost must be an integer from ${MIN_PASSWORD_COST} to ${MAX_PASSWORD_COST}`);
    writeSettings(db, settings);
    const core = buildCore({ stateDir: dir, ...(options.clock ? { clock: options.clock } : {}) }, db, settings);
    const root = createUser(core, {
      username: 'root',
      email: 'admin@example.com',
      name: 'Administrator',
      admin: true,
      ...(options.rootPassword ? { password: options.rootPassword } : {}),
    });
    if (options.rootToken !== undefined && options.rootToken.length < 20) throw new Error('--root-token must be at least 20 characters');
    // The administrator's bootstrap token does not expire; rotate it with `hostctl tokens rotate self`.
    const { secret } = core.tx(() =>
      insertToken(core, { userId: root.id, name: 'hostctl-root', scopes: ['api'], expiresAt: null, ...(options.rootToken ? { secret: options.rootToken } : {}) }),
    );
    return { core, rootToken: secret, rootUserId: root.id };
  } catch (error) {
    discardState(dir, created);
    throw error;
  }
}

/** Removes a state made by initState (the directory itself when initState created it). */
export function discardState(dir: string, removeDir: boolean): void {
  if (removeDir) rmSync(dir, { recursive: true, force: true });
  else if (existsSync(dir)) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
}

export interface RecoveredToken {
  secret: string;
  username: string;
  tokenId: number;
}

/**
 * A new administrator token for an existing local state, for when every admin token was lost or
 * revoked. Whoever can open the state's files owns the instance anyway, so reaching this function
 * (which only the CLI does, on a local state) is the proof. The oldest active administrator gets
 * a token with the api scope and a year's lifetime.
 */
export function recoverAdminToken(core: Core): RecoveredToken {
  const admin = core.db.prepare("SELECT id, username FROM users WHERE is_admin = 1 AND state = 'active' ORDER BY id LIMIT 1").get() as { id: number; username: string } | undefined;
  if (!admin) throw new Error('this state has no active administrator to issue a token for');
  const expiresAt = new Date(core.clock.now().getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const { row, secret } = core.tx(() => insertToken(core, { userId: admin.id, name: 'hostctl-recovered', scopes: ['api'], expiresAt }));
  return { secret, username: admin.username, tokenId: row.id };
}

/**
 * Changes the external URL of an existing state (the base of the web URLs commands print
 * without serve); returns the one it replaces.
 */
export function setExternalUrl(stateDir: string, url: string): { before: string; after: string } {
  const core = openCore({ stateDir });
  try {
    const before = core.settings.externalUrl;
    const after = url.replace(/\/+$/, '');
    core.tx(() => writeSettings(core.db, { externalUrl: after }));
    return { before, after };
  } finally {
    core.close();
  }
}
