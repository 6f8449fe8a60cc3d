// The local state directory a command that works on local state (serve, worker, init) uses:
// --state, then HOSTCTL_STATE, then the current context when it is local, then the default.
import { resolve } from 'node:path';
import { defaultStateDir } from './paths.js';
import { readConfig } from './store.js';

export function localStateDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env, useContext = true): string {
  if (flag) return resolve(flag);
  if (env.HOSTCTL_STATE) return resolve(env.HOSTCTL_STATE);
  if (useContext) {
    const config = readConfig(env);
    const name = env.HOSTCTL_CONTEXT ?? config.currentContext;
    const ctx = name ? config.contexts[name] : undefined;
    if (ctx?.type === 'local' && ctx.state) return resolve(ctx.state);
  }
  return defaultStateDir(env);
}
