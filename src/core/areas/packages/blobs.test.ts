import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../../init.js';
import { openCore } from '../../app.js';
import { runDoctor } from '../../doctor/run-doctor.js';
import type { Core } from '../../app.js';
import { blobLocation, blobPath, discardBlob, INLINE_MAX, IN_MEMORY_MAX, openBlob, receiveBlob } from './blobs.js';
import { addPackageFile, findOrCreatePackage, removePackageFile } from './service.js';
import type { PackageFileRow } from '../../db/rows.js';
import { uploadTempDir } from '../../upload-temp.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('received package bytes', () => {
  let dir: string;
  let core: Core;
  let projectId: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-blobs-'));
    const init = initState({ stateDir: join(dir, 'state') });
    core = init.core;
    const res = await core.handle({ method: 'POST', path: '/projects', headers: { 'private-token': init.rootToken, 'content-type': 'application/json' }, body: JSON.stringify({ path: 'p' }) });
    projectId = (JSON.parse(String(res.body)) as { id: number }).id;
  });
  afterEach(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const store = (name: string, bytes: Buffer) => receiveBlob(core, Readable.from([bytes]), Number.MAX_SAFE_INTEGER).then((blob) => {
    try {
      return core.tx(() => addPackageFile(core, findOrCreatePackage(core, { projectId, name, version: '1.0.0', type: 'generic' }), 'f.bin', blob, null));
    } finally {
      discardBlob(blob);
    }
  });

  const tmpFiles = (): string[] => (existsSync(uploadTempDir(core.stateDir)) ? readdirSync(uploadTempDir(core.stateDir)) : []);
  const read = async (sha: string): Promise<Buffer> => {
    const parts: Buffer[] = [];
    for await (const chunk of openBlob(core, sha)) parts.push(Buffer.from(chunk));
    return Buffer.concat(parts);
  };

  it('keeps a small body in the database with its row: no file, no temporary file', async () => {
    const bytes = Buffer.from('small bytes, new');
    const blob = await receiveBlob(core, Readable.from([bytes]), Number.MAX_SAFE_INTEGER);
    expect(blob.tempPath).toBeUndefined();
    // Nothing is stored before the row's transaction.
    expect(blobLocation(core, sha256(bytes))).toBeUndefined();
    await store('small', bytes);
    expect(blobLocation(core, sha256(bytes))).toBe('database');
    expect(existsSync(blobPath(core, sha256(bytes)))).toBe(false);
    expect(tmpFiles()).toEqual([]);
    expect((await read(sha256(bytes))).equals(bytes)).toBe(true);
  });

  it('keeps an empty body in the database and gives it back empty', async () => {
    const empty = Buffer.alloc(0);
    const row = await store('empty', empty);
    expect(row.size).toBe(0);
    expect(blobLocation(core, sha256(empty))).toBe('database');
    expect((await read(sha256(empty))).length).toBe(0);
  });

  it('rolls a small body back with its row when the transaction fails', async () => {
    const bytes = Buffer.from('bytes of a failed write');
    const blob = await receiveBlob(core, Readable.from([bytes]), Number.MAX_SAFE_INTEGER);
    expect(() =>
      core.tx(() => {
        addPackageFile(core, findOrCreatePackage(core, { projectId, name: 'failed', version: '1.0.0', type: 'generic' }), 'f.bin', blob, null);
        throw new Error('later step fails');
      }),
    ).toThrow('later step fails');
    expect(blobLocation(core, sha256(bytes))).toBeUndefined();
  });

  it('stores a body whose stored copy went away between its arrival and its row, small or not', async () => {
    for (const [bytes, where] of [
      [Buffer.from('shared small bytes'), 'database'],
      [Buffer.alloc(INLINE_MAX + 100, 'm'), 'file'],
    ] as const) {
      const first = await store(`first-${where}`, bytes);
      // Arrives while the bytes are stored: held in memory, no file made.
      const second = await receiveBlob(core, Readable.from([bytes]), Number.MAX_SAFE_INTEGER);
      expect(second.tempPath).toBeUndefined();
      // The only file naming the bytes goes, and the bytes with it, before the second row is written.
      core.tx(() => removePackageFile(core, core.db.prepare('SELECT * FROM package_files WHERE id = ?').get(first.id) as PackageFileRow));
      expect(blobLocation(core, sha256(bytes))).toBeUndefined();
      core.tx(() => addPackageFile(core, findOrCreatePackage(core, { projectId, name: `second-${where}`, version: '1.0.0', type: 'generic' }), 'f.bin', second, null));
      discardBlob(second);
      expect(blobLocation(core, sha256(bytes))).toBe(where);
      expect((await read(sha256(bytes))).equals(bytes)).toBe(true);
      expect(tmpFiles()).toEqual([]);
    }
  });

  it('keeps using small bytes stored as a file before the database held them', async () => {
    const bytes = Buffer.from('stored as a file by an older version');
    const sha = sha256(bytes);
    mkdirSync(join(blobPath(core, sha), '..'), { recursive: true });
    writeFileSync(blobPath(core, sha), bytes);
    const older = core.tx(() => {
      const pkg = findOrCreatePackage(core, { projectId, name: 'older', version: '1.0.0', type: 'generic' });
      return core.db
        .prepare("INSERT INTO package_files (package_id, file_name, size, file_md5, file_sha1, file_sha256, created_at, updated_at) VALUES (?, 'f.bin', ?, 'm', 's', ?, 'now', 'now') RETURNING *")
        .get(pkg.id, bytes.length, sha) as PackageFileRow;
    });
    expect((await read(sha)).equals(bytes)).toBe(true);
    // A new upload of the same content shares the file rather than making a second copy.
    const newer = await store('newer', bytes);
    expect(blobLocation(core, sha)).toBe('file');
    core.tx(() => removePackageFile(core, older));
    expect((await read(sha)).equals(bytes)).toBe(true);
    core.tx(() => removePackageFile(core, newer));
    expect(blobLocation(core, sha)).toBeUndefined();
  });

  it('migrates a state whose small bytes are files: they stay there, are read, shared and released; doctor finds it whole', async () => {
    const legacy = Buffer.from('small bytes of a state from before migration 041');
    const sha = sha256(legacy);
    await store('legacy', legacy);
    const stateDir = core.stateDir;
    // The state as it was: no package_blobs, schema version 40, the small bytes a file.
    core.db.exec('DROP TRIGGER package_blobs_release; DROP TABLE package_blobs; PRAGMA user_version = 40');
    mkdirSync(join(blobPath(core, sha), '..'), { recursive: true });
    writeFileSync(blobPath(core, sha), legacy);
    core.close();
    core = openCore({ stateDir, log: () => undefined });
    expect(core.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(41);
    expect(blobLocation(core, sha)).toBe('file');
    expect((await read(sha)).equals(legacy)).toBe(true);
    const fresh = Buffer.from('small bytes after the migration');
    await store('fresh', fresh);
    await store('legacy-again', legacy);
    expect(blobLocation(core, sha)).toBe('file');
    expect(blobLocation(core, sha256(fresh))).toBe('database');
    const checks = await runDoctor({ stateDir, quick: true });
    expect(checks.find((c) => c.id === 'packages.blobs')).toMatchObject({ status: 'ok', detail: '2 stored package file contents (1 in the database), each with its bytes' });
    expect(checks.find((c) => c.id === 'packages.unused-blobs')).toMatchObject({ status: 'ok' });
    const rows = core.db.prepare('SELECT * FROM package_files WHERE file_sha256 = ?').all(sha) as PackageFileRow[];
    expect(rows).toHaveLength(2);
    core.tx(() => removePackageFile(core, rows[0] as PackageFileRow));
    expect((await read(sha)).equals(legacy)).toBe(true);
    core.tx(() => removePackageFile(core, rows[1] as PackageFileRow));
    expect(blobLocation(core, sha)).toBeUndefined();
  });

  it('releases bytes held in the database with the last row, when a project delete cascades too', async () => {
    const shared = Buffer.from('held by two projects');
    const own = Buffer.from('held by one project');
    await store('a', shared);
    await store('b', own);
    const other = (core.db.prepare("INSERT INTO projects (namespace_id, name, path, path_lower, description, visibility, default_branch, repository_storage, creator_id, created_at, updated_at, last_activity_at) SELECT namespace_id, 'q', 'q', 'q', '', 'private', 'main', 'default', creator_id, created_at, updated_at, last_activity_at FROM projects WHERE id = ? RETURNING id").get(projectId) as { id: number }).id;
    const blob = await receiveBlob(core, Readable.from([shared]), Number.MAX_SAFE_INTEGER);
    core.tx(() => addPackageFile(core, findOrCreatePackage(core, { projectId: other, name: 'c', version: '1.0.0', type: 'generic' }), 'f.bin', blob, null));
    core.tx(() => core.db.prepare('DELETE FROM projects WHERE id = ?').run(projectId));
    expect(blobLocation(core, sha256(own))).toBeUndefined();
    expect(blobLocation(core, sha256(shared))).toBe('database');
    expect((await read(sha256(shared))).equals(shared)).toBe(true);
  });

  it('keeps a body over the database limit as a file, read back whole', async () => {
    const bytes = Buffer.from(Array.from({ length: IN_MEMORY_MAX - 1 }, (_, i) => (i * 13) % 256));
    await store('mid', bytes);
    expect(blobLocation(core, sha256(bytes))).toBe('file');
    expect(core.db.prepare('SELECT count(*) AS n FROM package_blobs').get()).toEqual({ n: 0 });
    expect((await read(sha256(bytes))).equals(bytes)).toBe(true);
  });

  it('keeps no temporary file of a large body whose bytes were stored already', async () => {
    const bytes = Buffer.alloc(1024 * 1024, 'b');
    await store('first', bytes);
    const again = await receiveBlob(core, Readable.from([bytes.subarray(0, 300_000), bytes.subarray(300_000)]), Number.MAX_SAFE_INTEGER);
    expect(again.tempPath).toBeDefined();
    core.tx(() => addPackageFile(core, findOrCreatePackage(core, { projectId, name: 'again', version: '1.0.0', type: 'generic' }), 'f.bin', again, null));
    discardBlob(again);
    expect(readdirSync(uploadTempDir(core.stateDir))).toEqual([]);
    expect(readFileSync(blobPath(core, sha256(bytes))).equals(bytes)).toBe(true);
  });
});
