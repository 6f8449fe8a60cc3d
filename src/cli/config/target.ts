// Which instance a command talks to, and with which token. Precedence: flags, then hostctl's
// environment (HOSTCTL_CONTEXT, HOSTCTL_URL, HOSTCTL_STATE; HOSTCTL_TOKEN), then the
// configuration's current context, then the default local state. A token only goes to the host
// it was configured for: glab's GITLAB_HOST and GITLAB_TOKEN (which admins often have exported
// for another server) are used, as a pair, only when nothing of hostctl's own (no flag, no
// HOSTCTL_CONTEXT/URL/STATE/TOKEN, no current context) says where to go or with what.
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
  /**
   * The command that gives the token, when the context keeps one instead of the secret: run
   * once, by the client factory, when a command first needs the token (config/token-command.ts).
   */
  tokenCommand?: string;
  /** Why this target won: e.g. "--context flag", "HOSTCTL_URL". */
  source: string;
  /** Where the token came from. */
  tokenSource?: string;
  /** Variables that are set but not used for this target (glab's, when hostctl names its own). */
  ignored?: string[];
}

export interface TargetFlags {
  context?: string;
  state?: string;
  url?: string;
}

/** glab's variables, used only when hostctl names nothing of its own. */
export const GLAB_VARIABLES = ['GITLAB_HOST', 'GITLAB_TOKEN'] as const;

/** Why glab's variables are used or not, for `context get` and the help. */
export const GLAB_RULE = 'GITLAB_HOST and GITLAB_TOKEN apply only when no flag, HOSTCTL_CONTEXT, HOSTCTL_URL, HOSTCTL_STATE, HOSTCTL_TOKEN or current context is set; GITLAB_TOKEN then goes to GITLAB_HOST only';

/** A context's token, or the command that gives it, with where it came from. */
function credentialOf(name: string, ctx: ContextConfig): Pick<Target, 'token' | 'tokenCommand' | 'tokenSource'> {
  if (ctx.token) return { token: ctx.token, tokenSource: `context ${name}` };
  if (ctx.tokenCommand) return { tokenCommand: ctx.tokenCommand, tokenSource: `context ${name}'s token command` };
  return {};
}

function fromContext(name: string, ctx: ContextConfig, source: string): Target {
  const base = { context: name, source, ...credentialOf(name, ctx) };
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

/** A context that points at the same state directory or URL lends its token (or token command). */
function contextTokenFor(config: ConfigData, match: (c: ContextConfig) => boolean): Pick<Target, 'token' | 'tokenCommand' | 'tokenSource'> | undefined {
  for (const [name, c] of Object.entries(config.contexts)) if (match(c) && (c.token || c.tokenCommand)) return credentialOf(name, c);
  return undefined;
}

const sameUrl = (a: string | undefined, b: string) => !!a && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv, config: ConfigData): Target {
  let target: Target;
  let explicitContext = false;
  const current = config.currentContext && config.contexts[config.currentContext] ? config.currentContext : undefined;
  // glab's pair applies only when hostctl itself names neither a target nor a token.
  const glab = !flags.url && !flags.state && !flags.context && !env.HOSTCTL_CONTEXT && !env.HOSTCTL_URL && !env.HOSTCTL_STATE && !env.HOSTCTL_TOKEN && !current;
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
  else if (current) target = namedContext(config, current, 'current context in config');
  else if (glab && env.GITLAB_HOST) {
    const url = /^https?:\/\//.test(env.GITLAB_HOST) ? env.GITLAB_HOST : `https://${env.GITLAB_HOST}`;
    target = { kind: 'remote', url, source: 'GITLAB_HOST' };
    // GITLAB_TOKEN is made for GITLAB_HOST: it goes there and nowhere else.
    if (env.GITLAB_TOKEN) Object.assign(target, { token: env.GITLAB_TOKEN, tokenSource: 'GITLAB_TOKEN' });
  } else target = { kind: 'local', stateDir: defaultStateDir(env), source: 'default local state' };

  // HOSTCTL_TOKEN: hostctl's own token, for whatever hostctl targets, except a context chosen
  // by name that holds a token of its own.
  if (env.HOSTCTL_TOKEN && !(explicitContext && (target.token || target.tokenCommand))) {
    target.token = env.HOSTCTL_TOKEN;
    target.tokenSource = 'HOSTCTL_TOKEN';
    delete target.tokenCommand;
  }
  if (!target.token && !target.tokenCommand) {
    const lent =
      target.kind === 'local'
        ? contextTokenFor(config, (c) => c.type === 'local' && !!c.state && resolve(c.state) === resolve(target.stateDir as string))
        : contextTokenFor(config, (c) => c.type === 'remote' && sameUrl(c.url, target.url as string));
    if (lent) Object.assign(target, lent);
  }
  const usedGlab = target.source === 'GITLAB_HOST';
  const ignored = GLAB_VARIABLES.filter((name) => env[name] && !usedGlab);
  if (ignored.length > 0) target.ignored = ignored;
  return target;
}
