// Which instance a command talks to, and with which token. Precedence: flags, then environment
// (HOSTCTL_CONTEXT, HOSTCTL_URL, HOSTCTL_TOKEN, HOSTCTL_STATE; GITLAB_HOST and GITLAB_TOKEN as
// fallbacks), then the configuration's current context, then the default local state.
import { resolve } from 'node:path';
import { UsageError } from '../kit/errors.js';
import { defaultStateDir } from './paths.js';
import type { ConfigData, ContextConfig } from './store.js';

export interface Target {
  kind: 'local' | 'remote';
  /** Name of the context used, when one was. */
  context?: string;
  stateDir?: string;
  url?: string;
  token?: string;
  /** Why this target won: e.g. "--context flag", "HOSTCTL_URL". */
  source: string;
  /** Where the token came from. */
  tokenSource?: string;
}

export interface TargetFlags {
  context?: string;
  state?: string;
  url?: string;
}

const envToken = (env: NodeJS.ProcessEnv): [string, string] | undefined => {
  if (env.HOSTCTL_TOKEN) return [env.HOSTCTL_TOKEN, 'HOSTCTL_TOKEN'];
  if (env.GITLAB_TOKEN) return [env.GITLAB_TOKEN, 'GITLAB_TOKEN'];
  return undefined;
};

function fromContext(name: string, ctx: ContextConfig, source: string): Target {
  const base = { context: name, source, ...(ctx.token ? { token: ctx.token, tokenSource: `context ${name}` } : {}) };
  if (ctx.type === 'remote') return { kind: 'remote', url: ctx.url as string, ...base };
  return { kind: 'local', stateDir: ctx.state as string, ...base };
}

function namedContext(config: ConfigData, name: string, source: string): Target {
  const ctx = config.contexts[name];
  if (!ctx) {
    const known = Object.keys(config.contexts);
    throw new UsageError(`unknown context "${name}" (from ${source})${known.length ? `; known: ${known.join(', ')}` : '; add one with: hostctl context add'}`);
  }
  return fromContext(name, ctx, source);
}

/** A context that points at the same state directory or URL lends its token. */
function contextTokenFor(config: ConfigData, match: (c: ContextConfig) => boolean): [string, string] | undefined {
  for (const [name, c] of Object.entries(config.contexts)) if (match(c) && c.token) return [c.token, `context ${name}`];
  return undefined;
}

const sameUrl = (a: string | undefined, b: string) => !!a && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv, config: ConfigData): Target {
  let target: Target;
  let explicitContext = false;
  if (flags.url) target = { kind: 'remote', url: flags.url, source: '--url flag' };
  else if (flags.state) target = { kind: 'local', stateDir: resolve(flags.state), source: '--state flag' };
  else if (flags.context) {
    target = namedContext(config, flags.context, '--context flag');
    explicitContext = true;
  } else if (env.HOSTCTL_CONTEXT) {
    target = namedContext(config, env.HOSTCTL_CONTEXT, 'HOSTCTL_CONTEXT');
    explicitContext = true;
  } else if (env.HOSTCTL_URL) target = { kind: 'remote', url: env.HOSTCTL_URL, source: 'HOSTCTL_URL' };
  else if (env.HOSTCTL_STATE) target = { kind: 'local', stateDir: resolve(env.HOSTCTL_STATE), source: 'HOSTCTL_STATE' };
  else if (env.GITLAB_HOST) target = { kind: 'remote', url: /^https?:\/\//.test(env.GITLAB_HOST) ? env.GITLAB_HOST : `https://${env.GITLAB_HOST}`, source: 'GITLAB_HOST' };
  else if (config.currentContext && config.contexts[config.currentContext]) target = namedContext(config, config.currentContext, 'current context in config');
  else target = { kind: 'local', stateDir: defaultStateDir(env), source: 'default local state' };

  // Token: an explicitly chosen context keeps its own; otherwise the environment wins over config.
  const fromEnv = envToken(env);
  if (fromEnv && !(explicitContext && target.token)) {
    target.token = fromEnv[0];
    target.tokenSource = fromEnv[1];
  }
  if (!target.token) {
    const lent =
      target.kind === 'local'
        ? contextTokenFor(config, (c) => c.type === 'local' && !!c.state && resolve(c.state) === resolve(target.stateDir as string))
        : contextTokenFor(config, (c) => c.type === 'remote' && sameUrl(c.url, target.url as string));
    if (lent) {
      target.token = lent[0];
      target.tokenSource = lent[1];
    }
  }
  return target;
}
