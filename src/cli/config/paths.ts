// Where hostctl keeps its configuration and, by default, its local state.
import { join } from 'node:path';

/**
 * The home directory, as node:os gives it (HOME on Unix-likes), loaded only when a path falls
 * back to it: a command whose directories all come from the environment (HOSTCTL_CONFIG_DIR,
 * XDG_DATA_HOME) does without node:os, a quarter of a millisecond of its start-up.
 */
const homedir = (): string => (process.platform !== 'win32' && process.env.HOME ? process.env.HOME : process.getBuiltinModule('node:os').homedir());

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOSTCTL_CONFIG_DIR) return env.HOSTCTL_CONFIG_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'hostctl');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'hostctl', 'Config');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'hostctl');
}

export const configFile = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), 'config.json');

export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'hostctl');
}

/** Directory of short-lived caches (completion values): $XDG_CACHE_HOME/hostctl. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.HOSTCTL_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hostctl'));
}
