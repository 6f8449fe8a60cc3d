import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initState } from '../../init.js';
import type { Core } from '../../app.js';
import { blobPath, discardBlob, receiveBlob } from './blobs.js';
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

  it('writes a small body whose stored copy went away between its arrival and its row', async () => {
    const bytes = Buffer.from('shared small bytes');
    const first = await store('first', bytes);
    // Arrives while the bytes are stored: held in memory, no file made.
    const second = await receiveBlob(core, Readable.from([bytes]), Number.MAX_SAFE_INTEGER);
    expect(second.tempPath).toBeUndefined();
    // The only file naming the bytes goes, and the bytes with it, before the second row is written.
    core.tx(() => removePackageFile(core, core.db.prepare('SELECT * FROM package_files WHERE id = ?').get(first.id) as PackageFileRow));
    expect(existsSync(blobPath(core, sha256(bytes)))).toBe(false);
    core.tx(() => addPackageFile(core, findOrCreatePackage(core, { projectId, name: 'second', version: '1.0.0', type: 'generic' }), 'f.bin', second, null));
    discardBlob(second);
    expect(readFileSync(blobPath(core, sha256(bytes))).equals(bytes)).toBe(true);
    expect(readdirSync(uploadTempDir(core.stateDir))).toEqual([]);
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
