// How contexts are shown: one row per context with the token masked. Token secrets never reach
// the screen, JSON or YAML; only a prefix and the last four characters do.
import type { Column } from '../../render/output.js';
import type { ConfigData, ContextConfig } from '../../config/store.js';
import { UsageError } from '../../kit/errors.js';

export interface ContextRow extends Record<string, unknown> {
  name: string;
  current: boolean;
  type: 'local' | 'remote';
  /** The state directory (local) or the URL (remote). */
  target: string;
  /** Masked token, or null when the context has none. */
  token: string | null;
}

export const CONTEXT_COLUMNS: Column[] = [
  { key: 'current', header: ' ', get: (row) => (row.current ? '*' : '') },
  { key: 'name' },
  { key: 'type' },
  { key: 'target' },
  { key: 'token' },
];

export const CONTEXT_FIELDS = ['name', 'current', 'type', 'target', 'token'] as const;

/** `hpat-****9fQx`: enough to tell tokens apart, not enough to use one. */
export function maskToken(token: string | undefined): string | null {
  if (!token) return null;
  if (token.length < 12) return '****';
  const prefix = /^[a-z]+-/.exec(token)?.[0] ?? '';
  return `${prefix}****${token.slice(-4)}`;
}

export function contextRow(name: string, ctx: ContextConfig, config: ConfigData): ContextRow {
  return {
    name,
    current: config.currentContext === name,
    type: ctx.type,
    target: (ctx.type === 'remote' ? ctx.url : ctx.state) ?? '',
    token: maskToken(ctx.token),
  };
}

/** Context names: a letter or digit, then letters, digits, '.', '_' or '-'. */
export function checkContextName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new UsageError(`NAME must start with a letter or digit and hold only letters, digits, ".", "_" or "-" (64 at most), got "${name}"`);
  }
  return name;
}

export function existingContext(config: ConfigData, name: string): ContextConfig {
  const ctx = config.contexts[name];
  if (!ctx) {
    const known = Object.keys(config.contexts);
    throw new UsageError(`unknown context "${name}"${known.length ? `; known: ${known.join(', ')}` : '; add one with: hostctl context add'}`);
  }
  return ctx;
}
