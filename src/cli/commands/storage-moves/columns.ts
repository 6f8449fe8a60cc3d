// Table columns of repository storage moves, whatever kind of container they carry.
import type { Column } from '../../render/output.js';

export const MOVE_KINDS = ['project', 'snippet', 'group'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

/** Which kind of container a move record carries (the key of its container object). */
export const kindOf = (move: Record<string, unknown>): MoveKind => MOVE_KINDS.find((k) => k in move) ?? 'project';

/** A short name of the moved container. */
export function containerName(move: Record<string, unknown>): string {
  const kind = kindOf(move);
  const c = (move[kind] ?? {}) as Record<string, unknown>;
  if (kind === 'project') return String(c.path_with_namespace ?? c.id ?? '');
  if (kind === 'snippet') return `${String(c.id ?? '')} ${String(c.title ?? '')}`.trim();
  return String(c.name ?? c.id ?? '');
}

export const MOVE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'kind', get: kindOf },
  { key: 'container', get: containerName },
  // Headed as its filter is spelt (`--status`: `--state` is the state directory).
  { key: 'state', header: 'status' },
  { key: 'source_storage_name', header: 'from' },
  { key: 'destination_storage_name', header: 'to' },
  { key: 'created_at', header: 'created' },
  { key: 'error_message', header: 'error' },
];

export const MOVE_FIELDS = ['id', 'created_at', 'state', 'source_storage_name', 'destination_storage_name', 'error_message', 'project', 'snippet', 'group'] as const;

export const MOVE_STATES = ['initial', 'scheduled', 'started', 'replicated', 'finished', 'failed', 'cleanup failed'] as const;

/** States a move does not leave. */
export const DONE_STATES = new Set(['finished', 'failed', 'cleanup failed']);
