// Package file bytes, stored once by content: `<state>/blobs/sha256/<ab>/<cd>/<sha256>`. An
// upload streams into a temporary file under `<state>/blobs/tmp/` while MD5, SHA-1 and SHA-256
// are computed on the way; only a complete upload is renamed into place, inside the write
// transaction that records the file row, so no row ever names missing bytes and no partial
// blob is ever visible. The bytes are flushed to disk before the rename and the directory entry
// after it: the row's commit is durable, so the file it names must be too (a power cut must not
// leave a row naming a short or empty file). Temporary files of processes that died mid-upload
// are swept.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { WireStream } from '../../../shared/wire.js';
import type { CoreState } from '../../state.js';
import { sweepAbandonedUploads, uploadTempDir } from '../../upload-temp.js';

export interface ReceivedBlob {
  tempPath: string;
  size: number;
  md5: string;
  sha1: string;
  sha256: string;
}

/** Thrown while receiving when the body passes the size limit. */
export class BlobTooLargeError extends Error {}

const root = (core: CoreState): string => join(core.stateDir, 'blobs');

export const blobPath = (core: CoreState, sha256: string): string => join(root(core), 'sha256', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

/** Hashes and counts what passes through; fails once more than `max` bytes went by. */
class Digester extends Transform {
  size = 0;
  readonly md5 = createHash('md5');
  readonly sha1 = createHash('sha1');
  readonly sha256 = createHash('sha256');

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.max) return done(new BlobTooLargeError('file too large'));
    this.md5.update(chunk);
    this.sha1.update(chunk);
    this.sha256.update(chunk);
    done(null, chunk);
  }
}

/** Streams a body into a temporary file; on any failure the temporary file is gone. */
export async function receiveBlob(core: CoreState, body: WireStream, maxBytes: number): Promise<ReceivedBlob> {
  const tmpDir = uploadTempDir(core.stateDir);
  mkdirSync(tmpDir, { recursive: true });
  sweepAbandonedUploads(core.stateDir);
  const tempPath = join(tmpDir, `${process.pid}-${randomBytes(8).toString('hex')}`);
  const digester = new Digester(maxBytes);
  const file = createWriteStream(tempPath, { flags: 'wx', flush: true });
  try {
    await pipeline(keepOpen(body), digester, file);
  } catch (error) {
    // The file may still be opening; remove it only once it is closed, or it would reappear.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    rmSync(tempPath, { force: true });
    throw error;
  }
  return { tempPath, size: digester.size, md5: digester.md5.digest('hex'), sha1: digester.sha1.digest('hex'), sha256: digester.sha256.digest('hex') };
}

/**
 * Reads the body without destroying it when reading stops early (a size limit): destroying a
 * server request would close the socket before the refusal is sent.
 */
export async function* keepOpen(body: WireStream): AsyncGenerator<Uint8Array> {
  const readable = body as WireStream & { iterator?: (o: { destroyOnReturn: boolean }) => AsyncIterable<Uint8Array> };
  yield* typeof readable.iterator === 'function' ? readable.iterator({ destroyOnReturn: false }) : body;
}

/** Moves received bytes to their content address (call inside the transaction that records them). */
export function storeBlob(core: CoreState, blob: ReceivedBlob): void {
  const target = blobPath(core, blob.sha256);
  if (existsSync(target)) {
    rmSync(blob.tempPath, { force: true });
    return;
  }
  const dir = join(target, '..');
  mkdirSync(dir, { recursive: true });
  renameSync(blob.tempPath, target);
  syncDirectory(dir);
}

/** Makes a rename into `dir` durable (its entry is written with the directory, not the file). */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const discardBlob = (blob: ReceivedBlob): void => rmSync(blob.tempPath, { force: true });

/** Removes the bytes of `sha256` when no file row names them any more (inside a write transaction). */
export function releaseBlob(core: CoreState, sha256: string): void {
  const used = core.db.prepare('SELECT 1 FROM package_files WHERE file_sha256 = ? LIMIT 1').get(sha256);
  if (!used) rmSync(blobPath(core, sha256), { force: true });
}

export const openBlob = (core: CoreState, sha256: string): WireStream => createReadStream(blobPath(core, sha256), { highWaterMark: 256 * 1024 });

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
