// The container a storage-moves verb names (--project, --snippet, --group) and the API paths
// of its kind's moves.
import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';
import { apiPath, idOrPath } from '../../kit/refs.js';
import type { PathValue } from '../../../shared/path.js';
import type { MoveKind } from './columns.js';

export interface ContainerOpts {
  project?: string;
  snippet?: string;
  group?: string;
}

export const addContainerOptions = (cmd: Command): Command =>
  cmd
    .option('-R, --project <project>', 'a project (id or full path): its repository and wiki')
    .option('--snippet <id>', 'a snippet (id): its repository')
    .option('-g, --group <group>', "a group (id or full path): its wiki repository (paid tiers)");

export interface Container {
  kind: MoveKind;
  ref: PathValue;
}

export function containerOf(o: ContainerOpts): Container | undefined {
  const given = (['project', 'snippet', 'group'] as const).filter((k) => o[k] !== undefined);
  if (given.length > 1) throw new UsageError('--project, --snippet and --group exclude each other');
  const kind = given[0];
  if (!kind) return undefined;
  if (kind === 'snippet' && !/^\d+$/.test(String(o.snippet).trim())) throw new UsageError(`--snippet takes a snippet id, got "${String(o.snippet)}"`);
  return { kind, ref: idOrPath(o[kind], `--${kind}`) };
}

const PLURAL: Record<MoveKind, string> = { project: 'projects', snippet: 'snippets', group: 'groups' };

/** `/projects/:id/repository_storage_moves` and the like. */
export const containerMovesPath = (c: Container): string => apiPath(`/${PLURAL[c.kind]}/:id/repository_storage_moves`, { id: c.ref });

/** `/project_repository_storage_moves` and the like. */
export const kindMovesPath = (kind: MoveKind): string => `/${kind}_repository_storage_moves`;
