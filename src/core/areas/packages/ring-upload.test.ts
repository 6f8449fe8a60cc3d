import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initState } from '../../init.js';
import type { Core } from '../../app.js';
import { uploadTempDir } from '../../upload-temp.js';
import { discardBlob, IN_MEMORY_MAX, receiveBlob, type ReceivedBlob } from './blobs.js';
import { claimLane, SLAB_BYTES, SLABS } from './digest-lane.js';
import { RingUpload } from './ring-upload.js';

const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** `bytes` as a stream of chunks of the given sizes, taken in turn. */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, i = 0; at < bytes.length; i++) {
        const n = sizes[i % sizes.length] as number;
        yield bytes.subarray(at, at + n);
        at += n;
      }
    })(),
  );
}

/** A body that fails after `bytes` (a connection cut mid-body). */
function cutOff(bytes: Buffer, chunk: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('connection reset');
    })(),
  );
}

describe('large uploads through the digest lane', () => {
  let dir: string;
  let core: Core;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-ring-'));
    core = initState({ stateDir: join(dir, 'state') }).core;
  });
  afterAll(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectExact = (blob: ReceivedBlob, bytes: Buffer) => {
    expect({ size: blob.size, md5: blob.md5, sha1: blob.sha1, sha256: blob.sha256 }).toEqual({
      size: bytes.length,
      md5: digest('md5', bytes),
      sha1: digest('sha1', bytes),
      sha256: digest('sha256', bytes),
    });
    expect(blob.tempPath).toBeDefined();
    expect(statSync(blob.tempPath as string).size).toBe(bytes.length);
    expect(readFileSync(blob.tempPath as string).equals(bytes)).toBe(true);
  };

  const cases: [string, number, number[]][] = [
    ['just past the in-memory limit', IN_MEMORY_MAX + 1, [65536]],
    ['one slab exactly', SLAB_BYTES, [65536]],
    ['a slab and a byte, in odd chunks', SLAB_BYTES + 1, [7919, 104729]],
    ['the whole ring exactly, in one chunk', SLAB_BYTES * SLABS, [SLAB_BYTES * SLABS]],
    ['twice round the ring and an odd tail, chunks larger than a slab', SLAB_BYTES * SLABS * 2 + 12345, [3 * SLAB_BYTES + 17, 65536, 1]],
    ['three slabs less a byte', 3 * SLAB_BYTES - 1, [65536]],
  ];
  for (const [name, size, sizes] of cases) {
    for (const declared of [false, true]) {
      it(`gives the digests of the whole body: ${name}${declared ? ', length declared' : ''}`, async () => {
        const bytes = randomBytes(size);
        const blob = await receiveBlob(core, chunked(bytes, sizes), Number.MAX_SAFE_INTEGER, declared ? size : undefined);
        expectExact(blob, bytes);
        discardBlob(blob);
      });
    }
  }

  it('keeps the bytes received when the declared length was longer than the body', async () => {
    const bytes = randomBytes(2 * SLAB_BYTES + 999);
    const blob = await receiveBlob(core, chunked(bytes, [65536]), Number.MAX_SAFE_INTEGER, bytes.length + 5 * SLAB_BYTES);
    expectExact(blob, bytes);
    discardBlob(blob);
  });

  it('leaves no file and frees the lane when the body is cut off, and the next upload is exact', async () => {
    const bytes = randomBytes(SLAB_BYTES * SLABS * 2 + 4321);
    await expect(receiveBlob(core, cutOff(bytes, 65536), Number.MAX_SAFE_INTEGER, bytes.length * 2)).rejects.toThrow('connection reset');
    expect(readdirSync(uploadTempDir(core.stateDir))).toEqual([]);
    // The lane is free again: a claim gets it (and gives it back at once).
    const job = await claimLane();
    expect(job).toBeDefined();
    job?.release();
    const blob = await receiveBlob(core, chunked(bytes, [65536]), Number.MAX_SAFE_INTEGER);
    expectExact(blob, bytes);
    discardBlob(blob);
  });

  it('writes through the page cache where direct I/O is not taken, into a file set to the declared length', async () => {
    for (const [size, declared] of [
      [3 * SLAB_BYTES + 4097, 3 * SLAB_BYTES + 4097],
      [SLAB_BYTES * SLABS + 10, SLAB_BYTES * SLABS * 3],
    ] as const) {
      const bytes = randomBytes(size);
      const job = await claimLane();
      if (!job) throw new Error('the lane is taken');
      const path = join(dir, `buffered-${size}`);
      const upload = await RingUpload.create(path, job, declared, { direct: false });
      expect(statSync(path).size).toBe(declared);
      for (let at = 0; at < size; at += 65536) await upload.push(bytes.subarray(at, at + 65536));
      const done = await upload.finish(() => true);
      expect(done).toEqual({ durable: true, digests: { md5: digest('md5', bytes), sha1: digest('sha1', bytes), sha256: digest('sha256', bytes) } });
      expect(readFileSync(path).equals(bytes)).toBe(true);
      rmSync(path);
    }
  });

  it('refuses a body past the size limit mid-way and frees the lane', async () => {
    const bytes = randomBytes(3 * SLAB_BYTES);
    await expect(receiveBlob(core, chunked(bytes, [65536]), 2 * SLAB_BYTES + 5)).rejects.toThrow('file too large');
    expect(readdirSync(uploadTempDir(core.stateDir))).toEqual([]);
    const job = await claimLane();
    expect(job).toBeDefined();
    job?.release();
  });

  it('receives two large bodies at once exactly (the second hashes on its own thread)', async () => {
    const a = randomBytes(SLAB_BYTES * SLABS + 77);
    const b = randomBytes(SLAB_BYTES * 3 + 5);
    const [first, second] = await Promise.all([receiveBlob(core, chunked(a, [65536]), Number.MAX_SAFE_INTEGER), receiveBlob(core, chunked(b, [32768]), Number.MAX_SAFE_INTEGER)]);
    expectExact(first, a);
    expectExact(second, b);
    discardBlob(first);
    discardBlob(second);
  });
});
