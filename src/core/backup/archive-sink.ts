// Where a backup's tar stream goes: the archive file itself, or gzip in front of it. A sink
// keeps one write in flight and takes the next chunk as soon as the one before is done, so the
// writer reads and hashes the next piece of a member while the last one is being written, instead
// of waiting for each write in turn (a 1 GiB package file is read, hashed and written in step).
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { closeAsync, fdatasyncAsync, fsyncAsync, openAsync, writeAsync } from '../fd-calls.js';


export interface ArchiveSink {
  /**
   * Takes `chunk`; resolves once the sink can take the next one. The chunk's memory must stay
   * unchanged until the next write has resolved (or `end` has), as it may still be in flight.
   */
  write(chunk: Buffer): Promise<void>;
  /** Everything written, on disk (synced) and closed. */
  end(): Promise<void>;
  /** Stops after a failure: waits for what is in flight, then closes (the caller removes the file). */
  abort(): Promise<void>;
}

/**
 * The archive is synced before it is renamed into place; without this the whole file waits in
 * the page cache until that sync (a gibibyte took 0.3–0.9 s to reach the disk here, all of it at
 * the end). A data sync started every so many bytes, in the background and one at a time, gets
 * the write-back going while the rest is still being written.
 */
const EARLY_SYNC_EVERY = 64 * 1024 * 1024;

/** Swallows a rejection that is awaited later, so that it never counts as unhandled meanwhile. */
export function kept<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

async function writeAll(fd: number, chunk: Buffer): Promise<void> {
  for (let done = 0; done < chunk.length; ) {
    const { bytesWritten } = await writeAsync(fd, chunk, done, chunk.length - done, null);
    done += bytesWritten;
  }
}

/** A new file (never an existing one: `wx`), written in order with one write in flight. */
export class ArchiveFile implements ArchiveSink {
  private inFlight: Promise<void> = Promise.resolve();
  private syncing: Promise<void> | undefined;
  private sinceSync = 0;
  private closed = false;

  private constructor(private readonly fd: number) {}

  static async create(path: string, mode = 0o600): Promise<ArchiveFile> {
    return new ArchiveFile(await openAsync(path, 'wx', mode));
  }

  async write(chunk: Buffer): Promise<void> {
    await this.inFlight;
    this.inFlight = kept(writeAll(this.fd, chunk));
    this.sinceSync += chunk.length;
    if (this.sinceSync >= EARLY_SYNC_EVERY && !this.syncing) {
      this.sinceSync = 0;
      // Syncs what is written so far; later writes go on beside it.
      this.syncing = kept(fdatasyncAsync(this.fd).finally(() => (this.syncing = undefined)));
    }
  }

  async end(): Promise<void> {
    await this.inFlight;
    await this.syncing;
    await fsyncAsync(this.fd);
    this.closed = true;
    await closeAsync(this.fd);
  }

  async abort(): Promise<void> {
    if (this.closed) return;
    // The descriptor is closed only once nothing in flight can use it (a closed number may be reused).
    await this.inFlight.catch(() => undefined);
    await this.syncing?.catch(() => undefined);
    this.closed = true;
    await closeAsync(this.fd).catch(() => undefined);
  }
}

/** gzip (level 1) in front of an archive file. */
export class GzipSink implements ArchiveSink {
  private readonly gz: Gzip = createGzip({ level: 1 });
  private readonly done: Promise<void>;
  private consumed: Promise<void> = Promise.resolve();

  constructor(private readonly file: ArchiveFile) {
    // gzip's output chunks are its own, so each may be handed on as soon as the one before is taken.
    const into = new Writable({
      write: (chunk: Buffer, _encoding, callback) => void file.write(chunk).then(() => callback(), callback),
      final: (callback) => void file.end().then(() => callback(), callback),
    });
    this.done = kept(pipeline(this.gz, into));
  }

  async write(chunk: Buffer): Promise<void> {
    await Promise.race([this.consumed, this.done]);
    // zlib reads the chunk in place: the callback says it has been consumed.
    this.consumed = kept(new Promise<void>((resolve, reject) => this.gz.write(chunk, (error) => (error ? reject(error) : resolve()))));
  }

  async end(): Promise<void> {
    await Promise.race([this.consumed, this.done]);
    this.gz.end();
    await this.done;
  }

  async abort(): Promise<void> {
    this.gz.destroy();
    await this.done.catch(() => undefined);
    await this.file.abort();
  }
}
