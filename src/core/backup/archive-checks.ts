// What `hostctl doctor` would check of a restored state, checked on the archive before anything
// is kept: the archived database (integrity, references, schema version), and that every row
// naming bytes kept outside it — a package file stored as a blob, a project's or snippet's
// repository — has them among the archive's members, at the size (and SHA-256) the rows give.
// The checks are doctor's own (doctor/database-checks.ts, doctor/stored-bytes-checks.ts), handed
// the archive's members instead of a state's files. A manifest that matches its members proves
// the archive is what was written; these prove that what it holds restores whole.
//
// What the archive lost refuses it: a blob its database names (a backup never writes an archive
// without one: it fails instead), a repository its manifest lists. What it faithfully carries
// from the state it was made of — a row whose repository that state lacked too (the manifest
// lists none), a reference that already pointed nowhere — is a warning: the restore gives back
// the state that was backed up, and refusing it would leave no way to restore that backup at all.
import type { Database } from '../db/connection.js';
import { databaseChecks } from '../doctor/database-checks.js';
import { packageBytesChecks, repositoryRowsResult, scanRepositoryRows, unknownStorageResult, type StoredBlob, type StoredRepositories } from '../doctor/stored-bytes-checks.js';
import { warn, type CheckResult } from '../../shared/health-check.js';
import { ArchiveError, type BackupManifest } from './manifest.js';

/** A blob member where restore puts it and the live store finds it: `blobs/sha256/aa/bb/aabb…`. */
const BLOB_MEMBER = /^blobs\/sha256\/([0-9a-f]{2})\/([0-9a-f]{2})\/(\1\2[0-9a-f]{60})$/;

/** The package contents an archive holds as files, with each member's size and SHA-256. */
export function archivedBlobs(manifest: BackupManifest, sizes: ReadonlyMap<string, number>): Map<string, StoredBlob> {
  const out = new Map<string, StoredBlob>();
  for (const [name, sha256] of Object.entries(manifest.members)) {
    const sha = BLOB_MEMBER.exec(name)?.[3];
    const size = sizes.get(name);
    if (sha !== undefined && size !== undefined) out.set(sha, { size, sha256 });
  }
  return out;
}

/** The repositories an archive holds: a manifest member `repositories/<storage>/<path>/HEAD`. */
export function archivedRepositories(manifest: BackupManifest): StoredRepositories {
  return {
    storages: new Set(Object.keys(manifest.storages)),
    has: (storage, path) => Object.hasOwn(manifest.members, `repositories/${storage}/${path}/HEAD`),
  };
}

/** A failure the archive carries from the state it was made of, as a warning that says so. */
const asBackedUp = (c: CheckResult): CheckResult => (c.status === 'fail' ? warn(c.id, `as in the state that was backed up: ${c.detail}`, c.fix) : c);

/**
 * Doctor's checks of the archived database `db` against the archive's members (`sizes`: each
 * member's size, as read). A part the backup left out (`--exclude`) is not looked for: the
 * manifest says so, and the result is a warning that the restored rows will lack those bytes.
 */
export function archiveChecks(db: Database, manifest: BackupManifest, sizes: ReadonlyMap<string, number>): CheckResult[] {
  const out = databaseChecks(db, true).map((c) => (c.id === 'database.foreign-keys' ? asBackedUp(c) : c));
  if (manifest.excluded.includes('packages')) out.push(warn('packages.blobs', 'the archive was made with --exclude packages: restored package files have no bytes'));
  else out.push(...packageBytesChecks(db, archivedBlobs(manifest, sizes), { hashHeld: true }));
  if (manifest.excluded.includes('repositories')) out.push(warn('repositories.rows', 'the archive was made with --exclude repositories: restored projects and snippets have no repositories'));
  else {
    const repos = archivedRepositories(manifest);
    const { found, missing, unknown } = scanRepositoryRows(db, repos);
    // Of the rows without a repository here, those whose repository the manifest lists were
    // lost from the archive; the others had none when the backup was made.
    const listed = new Set(manifest.repositories.map((r) => `${r.storage}\0${r.path}`));
    const lost = missing.filter((r) => listed.has(`${r.storage}\0${r.path}`));
    out.push(lost.length ? repositoryRowsResult(found.length, lost) : asBackedUp(repositoryRowsResult(found.length, missing)));
    // Rows naming a storage the archive has none of: the state that was backed up had them so.
    out.push(asBackedUp(unknownStorageResult(unknown, repos.storages)));
  }
  return out;
}

/** Refuses an archive with a failed check, naming each (and the rows it names). */
export function refuseFailed(checks: readonly CheckResult[]): void {
  const failed = checks.filter((c) => c.status === 'fail');
  if (failed.length) throw new ArchiveError(`it would restore into a state that fails hostctl doctor: ${failed.map((c) => `${c.id}: ${c.detail}`).join('; ')}`);
}
