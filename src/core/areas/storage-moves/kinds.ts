// The kinds of containers whose repositories a storage move carries, described once so the
// scheduling, the worker and the storage listing treat them alike: the table, how to read one
// row, the repositories it owns (relative to its storage) and its read-only flag. A project
// moves its repository and its wiki repository; a snippet its repository; a group its wiki.
import { RepositoryStore } from '../../git/store.js';
import type { CoreState } from '../../state.js';

export type ContainerType = 'project' | 'snippet' | 'group';

export const CONTAINER_TYPES: readonly ContainerType[] = ['project', 'snippet', 'group'];

export interface ContainerRow {
  id: number;
  repository_storage: string;
  repository_read_only: number;
}

export interface RepoPart {
  /** `project`, `wiki` or `snippet`, for error messages and listings. */
  label: string;
  relativePath: string;
}

export interface ContainerKind {
  type: ContainerType;
  table: 'projects' | 'snippets' | 'namespaces';
  /** Extra condition selecting this kind's rows in its table. */
  where: string;
  /** The repositories of one container (which may or may not exist on disk). */
  repositories(id: number): RepoPart[];
}

export const KINDS: Record<ContainerType, ContainerKind> = {
  project: {
    type: 'project',
    table: 'projects',
    where: '1 = 1',
    repositories: (id) => [
      { label: 'project', relativePath: RepositoryStore.projectRelativePath(id) },
      { label: 'wiki', relativePath: RepositoryStore.projectWikiRelativePath(id) },
    ],
  },
  snippet: {
    type: 'snippet',
    table: 'snippets',
    where: '1 = 1',
    repositories: (id) => [{ label: 'snippet', relativePath: RepositoryStore.snippetRelativePath(id) }],
  },
  group: {
    type: 'group',
    table: 'namespaces',
    where: "kind = 'group'",
    repositories: (id) => [{ label: 'wiki', relativePath: RepositoryStore.groupWikiRelativePath(id) }],
  },
};

export function containerRow(core: CoreState, type: ContainerType, id: number): ContainerRow | undefined {
  const k = KINDS[type];
  return core.db.prepare(`SELECT id, repository_storage, repository_read_only FROM ${k.table} WHERE id = ? AND ${k.where}`).get(id) as ContainerRow | undefined;
}

/** Ids of every container of a kind on a storage. */
export function containersOn(core: CoreState, type: ContainerType, storage: string): number[] {
  const k = KINDS[type];
  return (core.db.prepare(`SELECT id FROM ${k.table} WHERE repository_storage = ? AND ${k.where} ORDER BY id`).all(storage) as { id: number }[]).map((r) => r.id);
}

export function countOn(core: CoreState, type: ContainerType, storage: string): number {
  const k = KINDS[type];
  return (core.db.prepare(`SELECT COUNT(*) AS n FROM ${k.table} WHERE repository_storage = ? AND ${k.where}`).get(storage) as { n: number }).n;
}

export function setReadOnly(core: CoreState, type: ContainerType, id: number, readOnly: boolean): void {
  const k = KINDS[type];
  core.db.prepare(`UPDATE ${k.table} SET repository_read_only = ? WHERE id = ?`).run(readOnly ? 1 : 0, id);
}

/** Points the container at its new storage and makes it writable again, in one statement. */
export function switchStorage(core: CoreState, type: ContainerType, id: number, storage: string): void {
  const k = KINDS[type];
  core.db.prepare(`UPDATE ${k.table} SET repository_storage = ?, repository_read_only = 0, updated_at = ? WHERE id = ?`).run(storage, core.nowIso(), id);
}
