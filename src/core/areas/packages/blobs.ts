// Package file bytes, stored once by content. A small body (up to INLINE_MAX) is kept in the
// database (`package_blobs`), inserted in the write transaction that records its file row: one
// durable commit, no file, no rename, no directory to flush. A larger one is a file,
// `<state>/blobs/sha256/<ab>/<cd>/<sha256>`: it streams into a temporary file under
// `<state>/blobs/tmp/` while MD5, SHA-1 and SHA-256 are computed on the way; only a complete
// upload is renamed into place, inside the write transaction that records the file row, so no row
// ever names missing bytes and no partial blob is ever visible. The bytes are flushed to disk
// before the rename and the directory entry after it: the row's commit is durable, so the file it
// names must be too (a power cut must not leave a row naming a short or empty file). Temporary
// files of processes that died mid-upload are swept. Small bytes stored as files before the
// database held them (migration 041) stay files and are found there.
//
// A body up to IN_MEMORY_MAX is hashed whole in memory before anything is written: when its
// content is stored already, nothing is written at all; otherwise a small one goes into the
// database and a larger one is written and flushed once, as a large one is. A large body whose
// content turns out to be stored already is removed without being flushed.
import { createHash, hash, randomBytes, type Hash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { WireStream } from '../../../shared/wire.js';
import type { CoreState } from '../../state.js';
import { sweepAbandonedUploads, uploadTempDir, uploadTempPrefix } from '../../upload-temp.js';
import { BlobFile } from './blob-file.js';
import { claimLane } from './digest-lane.js';
import { RingUpload } from './ring-upload.js';

export interface ReceivedBlob {
  /** The temporary file holding the bytes; none once moved or removed, or while they are in `bytes`. */
  tempPath?: string;
  /** Whether the temporary file was flushed to disk (it is not when its content was stored already). */
  durable?: boolean;
  /**
   * A body held in memory: one of up to INLINE_MAX (stored in the database), or a larger one whose
   * content was stored already when it arrived, kept in case that copy goes first.
   */
  bytes?: Buffer;
  size: number;
  md5: string;
  sha1: string;
  sha256: string;
}

/** Thrown while receiving when the body passes the size limit. */
export class BlobTooLargeError extends Error {}

/** Bodies up to this size are held and hashed in memory before any file is made. */
export const IN_MEMORY_MAX = 256 * 1024;

/**
 * Bodies up to this size are stored in the database, not as files. Measured here (new bytes each
 * time, a durable row with each): 1-64 KiB cost 0.5-0.9 ms in SQLite against 1.1-5.8 ms as a
 * flushed file renamed into a flushed directory; at 128 KiB the two were even and at 256 KiB the
 * database was slower (WAL pages written twice, once more at the checkpoint). Larger contents
 * would also swell the database that every backup copies whole.
 */
export const INLINE_MAX = 64 * 1024;

const root = (core: CoreState): string => join(core.stateDir, 'blobs');

export const blobPath = (core: CoreState, sha256: string): string => join(root(core), 'sha256', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

/** A fresh name for an upload's temporary file (the directory made; the pid lets the sweep tell whose it is). */
function newTempPath(core: CoreState): string {
  const tmpDir = uploadTempDir(core.stateDir);
  mkdirSync(tmpDir, { recursive: true });
  return join(tmpDir, `${uploadTempPrefix()}${randomBytes(8).toString('hex')}`);
}

/** A new temporary file for an upload (abandoned ones of dead processes are swept first). */
async function createTempFile(core: CoreState): Promise<BlobFile> {
  const path = newTempPath(core);
  sweepAbandonedUploads(core.stateDir);
  return BlobFile.create(path);
}

/**
 * A large upload through the digest lane (digest-lane.ts, ring-upload.ts), or undefined while
 * another upload holds the lane. `declared` is the body's length when the request gave it.
 */
async function createRingUpload(core: CoreState, declared: number | undefined): Promise<RingUpload | undefined> {
  const job = await claimLane();
  if (!job) return undefined;
  const path = newTempPath(core);
  sweepAbandonedUploads(core.stateDir);
  return RingUpload.create(path, job, declared);
}

/** The three digests a package file carries, fed as its bytes arrive. */
class Digests {
  private readonly md5: Hash = createHash('md5');
  private readonly sha1: Hash = createHash('sha1');
  private readonly sha256: Hash = createHash('sha256');

  update(bytes: Buffer): void {
    this.md5.update(bytes);
    this.sha1.update(bytes);
    this.sha256.update(bytes);
  }

  digest(): { md5: string; sha1: string; sha256: string } {
    return { md5: this.md5.digest('hex'), sha1: this.sha1.digest('hex'), sha256: this.sha256.digest('hex') };
  }
}

/** The chunks of a body, read without destroying it when reading stops early (see keepOpen). */
function chunksOf(body: WireStream): AsyncIterable<Uint8Array> {
  const readable = body as WireStream & { iterator?: (o: { destroyOnReturn: boolean }) => AsyncIterable<Uint8Array> };
  return typeof readable.iterator === 'function' ? readable.iterator({ destroyOnReturn: false }) : body;
}

const asBuffer = (chunk: Uint8Array): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

/**
 * Receives a body: in memory while it is small, else into a temporary file, through the digest
 * lane when it is free (ring-upload.ts) or written behind the hashing on this thread
 * (blob-file.ts). `declaredSize` is the body's length when the request declared it. On any
 * failure no temporary file is left.
 */
export async function receiveBlob(core: CoreState, body: WireStream, maxBytes: number, declaredSize?: number): Promise<ReceivedBlob> {
  let size = 0;
  let held: Buffer[] = [];
  let large: { file: BlobFile; digests: Digests } | undefined;
  let ring: RingUpload | undefined;
  try {
    for await (const chunk of chunksOf(body)) {
      const bytes = asBuffer(chunk);
      size += bytes.length;
      if (size > maxBytes) throw new BlobTooLargeError('file too large');
      if (ring) {
        const wait = ring.push(bytes);
        if (wait) await wait;
        continue;
      }
      if (large) {
        large.digests.update(bytes);
        if (!large.file.push(bytes)) await large.file.drained();
        continue;
      }
      held.push(bytes);
      if (size <= IN_MEMORY_MAX) continue;
      ring = await createRingUpload(core, declaredSize !== undefined && declaredSize <= maxBytes ? declaredSize : undefined);
      if (ring) {
        for (const b of held) {
          const wait = ring.push(b);
          if (wait) await wait;
        }
        held = [];
        continue;
      }
      large = { file: await createTempFile(core), digests: new Digests() };
      for (const b of held) {
        large.digests.update(b);
        large.file.push(b);
      }
      held = [];
    }
    if (ring) {
      // Bytes stored already need no flush: the temporary file is removed once the row is written.
      const done = await ring.finish((sums) => !existsSync(blobPath(core, sums.sha256)));
      return { tempPath: ring.path, durable: done.durable, size, ...done.digests };
    }
    if (!large) return await receivedInMemory(core, held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, size));
    const sums = large.digests.digest();
    // Bytes stored already need no flush: the temporary file is removed once the row is written.
    const durable = !existsSync(blobPath(core, sums.sha256));
    await large.file.finish(durable);
    return { tempPath: large.file.path, durable, size, ...sums };
  } catch (error) {
    await ring?.abandon();
    await large?.file.abandon();
    throw error;
  }
}

/**
 * A whole body held in memory: nothing is written here when it goes into the database (its
 * transaction does that) or when its content is stored already.
 */
async function receivedInMemory(core: CoreState, bytes: Buffer): Promise<ReceivedBlob> {
  const sums = { size: bytes.length, md5: hash('md5', bytes), sha1: hash('sha1', bytes), sha256: hash('sha256', bytes) };
  if (bytes.length <= INLINE_MAX || existsSync(blobPath(core, sums.sha256))) return { bytes, ...sums };
  const file = await createTempFile(core);
  file.push(bytes);
  await file.finish(true);
  return { tempPath: file.path, durable: true, ...sums };
}

/**
 * Reads the body without destroying it when reading stops early (a size limit): destroying a
 * server request would close the socket before the refusal is sent.
 */
export async function* keepOpen(body: WireStream): AsyncGenerator<Uint8Array> {
  yield* chunksOf(body);
}

/**
 * Moves received bytes to their content address (call inside the transaction that records them).
 * Bytes that were stored already when they arrived may have been removed since (a delete in
 * between): then they are written and flushed here, which is rare.
 */
export function storeBlob(core: CoreState, blob: ReceivedBlob): void {
  const target = blobPath(core, blob.sha256);
  if (blob.tempPath === undefined && blob.size <= INLINE_MAX) {
    // Bytes stored as a file before the database held small ones stay the one copy.
    if (!existsSync(target)) core.db.prepare('INSERT OR IGNORE INTO package_blobs (sha256, data) VALUES (?, ?)').run(blob.sha256, blob.bytes as Buffer);
    return;
  }
  if (existsSync(target)) {
    discardBlob(blob);
    return;
  }
  if (blob.tempPath === undefined) writeDurably(core, blob);
  else if (!blob.durable) syncPath(blob.tempPath, 'r+');
  const dir = join(target, '..');
  try {
    renameSync(blob.tempPath as string, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync(blob.tempPath as string)) throw error;
    mkdirSync(dir, { recursive: true });
    renameSync(blob.tempPath as string, target);
  }
  blob.tempPath = undefined;
  syncPath(dir, 'r');
}

/** Writes held bytes to a new temporary file and flushes it (synchronously: inside a transaction). */
function writeDurably(core: CoreState, blob: ReceivedBlob): void {
  const path = newTempPath(core);
  const fd = openSync(path, 'wx');
  blob.tempPath = path;
  try {
    const bytes = blob.bytes as Buffer;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  blob.durable = true;
}

/**
 * Syncs a file (opened for writing, `r+`) or a directory (`r`: a rename into it is durable only
 * once the directory's entry is written, not the file).
 */
function syncPath(path: string, flags: 'r+' | 'r'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes a received body's temporary file, if it still has one. */
export function discardBlob(blob: ReceivedBlob): void {
  if (blob.tempPath === undefined) return;
  rmSync(blob.tempPath, { force: true });
  blob.tempPath = undefined;
}

/**
 * Removes the file of `sha256` when no file row names it any more (inside a write transaction,
 * after the row's delete). Bytes held in the database go with their last row by a trigger
 * (migration 041), whoever deletes it.
 */
export function releaseBlob(core: CoreState, sha256: string): void {
  const used = core.db.prepare('SELECT 1 FROM package_files WHERE file_sha256 = ? LIMIT 1').get(sha256);
  if (!used) rmSync(blobPath(core, sha256), { force: true });
}

/** The bytes of `sha256` held in the database, if they are held there. */
const heldBytes = (core: CoreState, sha256: string): Buffer | undefined =>
  (core.db.prepare('SELECT data FROM package_blobs WHERE sha256 = ?').pluck().get(sha256) as Buffer | undefined) ?? undefined;

/** Where the bytes of `sha256` are stored, if they are. */
export function blobLocation(core: CoreState, sha256: string): 'database' | 'file' | undefined {
  if (core.db.prepare('SELECT 1 FROM package_blobs WHERE sha256 = ?').get(sha256) !== undefined) return 'database';
  return existsSync(blobPath(core, sha256)) ? 'file' : undefined;
}

/** The stored bytes of `sha256`: read from the database at once when held there, else streamed from their file. */
export function openBlob(core: CoreState, sha256: string): WireStream {
  const held = heldBytes(core, sha256);
  return held ? Readable.from([held], { objectMode: false }) : createReadStream(blobPath(core, sha256), { highWaterMark: 256 * 1024 });
}

/**
 * Receives the `file` part of a multipart/form-data body (streamed like a raw body) and the
 * small text fields around it. Other file parts are read and dropped.
 */
export async function receiveMultipartBlob(core: CoreState, body: WireStream, contentType: string, maxBytes: number): Promise<{ blob: ReceivedBlob | undefined; fields: Map<string, string> }> {
  const { default: Busboy } = await import('busboy');
  const parser = Busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fields: 20, fieldSize: 1024, parts: 40 } });
  const fields = new Map<string, string>();
  let receiving: Promise<ReceivedBlob> | undefined;
  parser.on('field', (name, value) => fields.set(name, value));
  parser.on('file', (name, stream) => {
    // A body that ends inside a part fails that part's stream as well as the parser: the
    // parser's failure answers the request, the part's must not go unheard (it would end the process).
    stream.on('error', () => undefined);
    if (name !== 'file' || receiving) {
      stream.resume();
      return;
    }
    // A refused file is still read to its end, so the parser is never left waiting on it.
    receiving = receiveBlob(core, stream, maxBytes).catch((error: unknown) => {
      stream.resume();
      throw error;
    });
    receiving.catch(() => undefined);
  });
  try {
    await pipeline(keepOpen(body), parser);
  } catch (error) {
    const done = await receiving?.catch(() => undefined);
    if (done) discardBlob(done);
    throw error;
  }
  return { blob: receiving ? await receiving : undefined, fields };
}
