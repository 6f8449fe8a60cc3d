// Where hostctl keeps its configuration and, by default, its local state.
import { homedir } from 'node:os';
import { join } from 'node:path';

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
