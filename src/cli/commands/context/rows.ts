// How contexts are shown: one row per context with the token masked. Token secrets never reach
// the screen, JSON or YAML; only a prefix and the last four characters do.
import type { Column } from '../../render/output.js';
import type { ConfigData, ContextConfig } from '../../config/store.js';
import { CliError, EXIT } from '../../kit/errors.js';
import { liveServeRecord } from '../../../core/serve-record.js';

export interface ContextRow extends Record<string, unknown> {
  name: string;
  current: boolean;
  type: 'local' | 'remote';
  /** The state directory (local) or the URL (remote). */
  target: string;
  /** Masked token, or null when the context has none. */
  token: string | null;
  /** The command that prints the token, for a context that keeps one instead; else null. */
  token_command: string | null;
  /** The running `hostctl serve` of a local context's state (as whoami shows it); null when none runs, or remote. */
  serve: ServeInfo | null;
}

export interface ServeInfo {
  pid: number;
  api_url: string;
  web_url: string;
}

/**
 * The running serve of a local state, or null. Commands on the state print its address in web
 * URLs while it runs, so whoami and the context verbs show it (the same shape in each).
 */
export function serveOf(stateDir: string | undefined): ServeInfo | null {
  const served = stateDir ? liveServeRecord(stateDir) : undefined;
  return served ? { pid: served.pid, api_url: served.apiUrl, web_url: served.webUrl } : null;
}

/** The table cell, as whoami's: `http://127.0.0.1:8080 (pid 42)`, `not running` for a local state, nothing for a remote. */
export const serveText = (type: string, serve: ServeInfo | null): string => (serve ? `${serve.api_url} (pid ${serve.pid})` : type === 'local' ? 'not running' : '');

export const CONTEXT_COLUMNS: Column[] = [
  { key: 'current', header: ' ', get: (row) => (row.current ? '*' : '') },
  { key: 'name' },
  { key: 'type' },
  { key: 'target' },
  { key: 'token', get: (row) => row.token ?? (row.token_command ? `command: ${String(row.token_command)}` : null) },
  { key: 'serve', get: (row) => serveText(String(row.type), row.serve as ServeInfo | null), priority: 3 },
];

export const CONTEXT_FIELDS = ['name', 'current', 'type', 'target', 'token', 'token_command', 'serve'] as const;

/** `hpat-****9fQx`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string | undefined): string | null {
  if (!token) return null;
  if (token.length < 12) return '****';
  const prefix = /^[a-z]+-/.exec(token)?.[0] ?? '';
  return `${prefix}****${token.slice(-4)}`;
}

/** What a context authenticates with, in words: `token hpat-****9fQx`, `the token command: pass show x`. */
export function credentialText(ctx: Pick<ContextConfig, 'token' | 'tokenCommand'>): string | undefined {
  if (ctx.token) return `token ${maskToken(ctx.token) ?? ''}`;
  return ctx.tokenCommand ? `the token command: ${ctx.tokenCommand}` : undefined;
}

export function contextRow(name: string, ctx: ContextConfig, config: ConfigData): ContextRow {
  return {
    name,
    current: config.currentContext === name,
    type: ctx.type,
    target: (ctx.type === 'remote' ? ctx.url : ctx.state) ?? '',
    token: maskToken(ctx.token),
    token_command: ctx.tokenCommand ?? null,
    serve: ctx.type === 'local' ? serveOf(ctx.state) : null,
  };
}

/**
 * The context a verb's NAME argument names. One that does not exist is not found (exit 3), as
 * `get` of any other missing thing is; an unknown name in --context or HOSTCTL_CONTEXT stays a
 * usage error (src/cli/config/target.ts), the value of a flag being wrong.
 */
export function existingContext(config: ConfigData, name: string): ContextConfig {
  const ctx = config.contexts[name];
  if (!ctx) {
    const known = Object.keys(config.contexts);
    throw new CliError(
      `unknown context "${name}"${known.length ? `; known: ${known.join(', ')}` : ''}`,
      EXIT.notFound,
      known.length ? 'list them with: hostctl context list' : 'add one with: hostctl context add',
    );
  }
  return ctx;
}
