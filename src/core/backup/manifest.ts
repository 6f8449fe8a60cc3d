// The manifest is the archive's last member: what the backup holds and the SHA-256 of every
// other member. Restore reads the whole archive, checks each member against it, and refuses an
// archive whose manifest is missing (truncated), newer than this hostctl, or disagrees.
export const BACKUP_FORMAT = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The database member: a consistent copy made with SQLite's VACUUM INTO. */
export const DATABASE_MEMBER = 'state.db';

export type BackupPart = 'packages' | 'repositories';
export const BACKUP_PARTS: readonly BackupPart[] = ['packages', 'repositories'];

export type RepositoryKind = 'project' | 'project_wiki' | 'group_wiki' | 'snippet';

export interface ManifestRepository {
  kind: RepositoryKind;
  /** The container's id (project, group or snippet). */
  id: number;
  storage: string;
  /** Path inside the storage, e.g. `@projects/5.git`. */
  path: string;
}

export interface BackupManifest {
  format: number;
  hostctl_version: string;
  created_at: string;
  schema_version: number;
  tier: string;
  offering: string;
  /** Storage name → its directory in the source state (as configured there). */
  storages: Record<string, string>;
  excluded: BackupPart[];
  counts: Record<string, number>;
  repositories: ManifestRepository[];
  /** Member path → SHA-256 of its bytes (every member except the manifest). */
  members: Record<string, string>;
}

export class ArchiveError extends Error {}

/** Checks the shape of a manifest read from an archive (its values decide where files go). */
export function parseManifest(text: string): BackupManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ArchiveError('the archive manifest is not valid JSON');
  }
  const m = data as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || typeof m.format !== 'number') throw new ArchiveError('this is not a hostctl backup (its manifest has no format)');
  if (m.format > BACKUP_FORMAT) throw new ArchiveError(`the archive has backup format ${m.format}, newer than this hostctl reads (${BACKUP_FORMAT}); restore it with a newer hostctl`);
  if (!m.members || typeof m.members !== 'object' || !Array.isArray(m.repositories) || !m.storages || typeof m.storages !== 'object') {
    throw new ArchiveError('the archive manifest is incomplete');
  }
  for (const name of Object.keys(m.storages)) if (!/^[A-Za-z0-9_.-]+$/.test(name) || name === '.' || name === '..') throw new ArchiveError(`the archive names an invalid storage: ${name}`);
  for (const r of m.repositories) {
    if (!r || typeof r.path !== 'string' || !/^@(projects|groups|snippets)\/\d+(\.wiki)?\.git$/.test(r.path) || !Object.hasOwn(m.storages, r.storage)) {
      throw new ArchiveError('the archive manifest lists an invalid repository');
    }
  }
  return m as BackupManifest;
}

/** A member path is relative, normalised and never leaves the restore directory. */
export function safeMemberPath(path: string): boolean {
  if (path.length === 0 || path.length > 4096 || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
