// A large upload received through the digest lane (digest-lane.ts): each chunk is hashed here
// for the digests the worker does not compute, then copied once into the lane's ring of slabs;
// a full slab goes to the worker and to the file. The file is written from the slabs (so the
// socket's chunks are garbage at once and memory stays at the ring's size), one `writev` of every
// slab waiting at a time on the thread pool. A slab is filled again only once the worker has
// hashed it and it is written: when neither has caught up, the reader waits (Atomics.waitAsync
// or the write's callback), which holds the socket back.
//
// Whole slabs are written with direct I/O where the file system takes it (see openDirect). Where
// it does not and the body's length is declared, the file is first set to that length: on ext4 a
// buffered write that extends a file updates its size and journals its inode every time, and
// 1 GiB of 1 MiB writes into an empty file cost 0.5–0.6 s of system time here against 0.2 s
// into one already that long (direct writes gained nothing from it).
import { createHash, type Hash } from 'node:crypto';
import { close, constants, openSync, rmSync, writeSync, writev } from 'node:fs';
import { closeAsync, fdatasyncAsync, ftruncateAsync, openAsync } from '../../fd-calls.js';
import { SLAB_BYTES, SLABS, WORKER_ALGORITHMS, type LaneJob } from './digest-lane.js';
import { rest } from './blob-file.js';

const ALGORITHMS = ['md5', 'sha1', 'sha256'] as const;
/** The digests computed on the request's thread. */
const LOCAL_ALGORITHMS = ALGORITHMS.filter((a) => !WORKER_ALGORITHMS.includes(a));

export interface RingDigests {
  md5: string;
  sha1: string;
  sha256: string;
}

export class RingUpload {
  private readonly hashes: Hash[] = LOCAL_ALGORITHMS.map((a) => createHash(a));
  /** Slabs handed over so far; the slab being filled is the next one. */
  private filled = 0;
  /** Bytes in the slab being filled. */
  private at = 0;
  /** Slabs written so far. */
  private written = 0;
  private size = 0;
  private writing = false;
  private failure: Error | undefined;
  private closed = false;
  private abandoned = false;
  /** Resolved when a write ends (or fails). */
  private wake: (() => void) | undefined;

  /** A second descriptor of the file opened for direct I/O, for whole slabs; undefined when refused. */
  private direct: number | undefined;

  /** Whether the file was set to the declared length before any write. */
  private preallocated = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly job: LaneJob,
    private readonly declared: number | undefined,
  ) {}

  /**
   * Creates the file at `path` (it must not exist) for an upload through `job`; `declared` is the
   * body's length when the request gave it. `direct: false` writes through the page cache only
   * (what a file system without direct I/O gets).
   */
  static async create(path: string, job: LaneJob, declared?: number, options: { direct?: boolean } = {}): Promise<RingUpload> {
    let fd: number;
    try {
      fd = await openAsync(path, 'wx', 0o644);
    } catch (error) {
      await job.abort();
      job.release();
      throw error;
    }
    const upload = new RingUpload(path, fd, job, declared);
    try {
      if (options.direct !== false) upload.openDirect();
      if (upload.direct === undefined && declared !== undefined && declared > 0) {
        await ftruncateAsync(fd, declared);
        upload.preallocated = true;
      }
    } catch (error) {
      await upload.abandon();
      throw error;
    }
    job.begin();
    return upload;
  }

  /**
   * Opens the file a second time for direct I/O when the file system allows it and the ring can be
   * placed where direct writes accept it: whole slabs then go from the ring to the disk without
   * passing through the page cache. On this machine 1 GiB written through the page cache cost
   * 0.2–3 s of system time (new page-cache pages are expensive on this VM, and it varies), the
   * same written directly 0.07–0.11 s. The slabs are the only memory the bytes pass through, and
   * their offsets in the file are multiples of SLAB_BYTES; a body's last, part-full slab goes
   * through the first descriptor, as does everything when direct I/O is refused.
   */
  private openDirect(): void {
    // Platforms without it (macOS) write everything through the page cache.
    if (constants.O_DIRECT === undefined) return;
    let direct: number;
    try {
      direct = openSync(this.path, constants.O_WRONLY | constants.O_DIRECT);
    } catch {
      return;
    }
    // A try writes one block from the ring's memory at the file's start, which the body overwrites.
    const fits = (offset: number): boolean => {
      try {
        return writeSync(direct, new Uint8Array(this.job.memory, offset, BLOCK), 0, BLOCK, 0) === BLOCK;
      } catch {
        return false;
      }
    };
    if (this.job.align(fits)) this.direct = direct;
    else closeQuietly(direct);
  }

  /** Takes a chunk (hashed here and copied); a promise when the reader must wait for room. */
  push(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    for (const h of this.hashes) h.update(chunk);
    this.size += chunk.length;
    return this.copy(chunk, 0);
  }

  /** Copies `chunk` from `from` on into the ring, slab by slab. */
  private copy(chunk: Buffer, from: number): Promise<void> | undefined {
    while (from < chunk.length) {
      if (this.at === 0 && !this.slabFree()) return this.room().then(() => this.copy(chunk, from));
      const n = Math.min(chunk.length - from, SLAB_BYTES - this.at);
      chunk.copy(this.job.ring, (this.filled % SLABS) * SLAB_BYTES + this.at, from, from + n);
      this.at += n;
      from += n;
      if (this.at === SLAB_BYTES) this.handOver();
    }
    return undefined;
  }

  /** Whether the slab to fill next is both hashed and written (or was never used). */
  private slabFree(): boolean {
    const reuse = this.filled - SLABS;
    return reuse < 0 || (reuse < this.written && reuse < this.job.hashed());
  }

  /** Waits until the next slab is free. */
  private async room(): Promise<void> {
    const reuse = this.filled - SLABS;
    while (!this.slabFree()) {
      if (this.failure) throw this.failure;
      if (reuse >= this.written) await new Promise<void>((resolve) => (this.wake = resolve));
      else await this.job.hashedBeyond(reuse);
    }
    if (this.failure) throw this.failure;
  }

  /** Hands the slab being filled to the worker and the file. */
  private handOver(): void {
    this.job.publish(this.at);
    this.filled++;
    this.at = 0;
    this.pump();
  }

  /** Writes every handed-over slab not written yet, in one writev. */
  private pump(): void {
    if (this.writing || this.failure || this.written === this.filled) return;
    const from = this.written;
    const to = this.filled;
    const slabs: Buffer[] = [];
    let bytes = 0;
    for (let s = from; s < to; s++) {
      // The last slab of the body may be short: only it was handed over part full.
      const length = s === to - 1 && this.size - s * SLAB_BYTES < SLAB_BYTES ? this.size - s * SLAB_BYTES : SLAB_BYTES;
      const offset = (s % SLABS) * SLAB_BYTES;
      slabs.push(this.job.ring.subarray(offset, offset + length));
      bytes += length;
    }
    this.writing = true;
    // Whole slabs go direct; a part-full one (the body's last) through the page cache.
    const fd = this.direct !== undefined && bytes % BLOCK === 0 ? this.direct : this.fd;
    writeAll(fd, slabs, bytes, from * SLAB_BYTES, (error) => {
      this.writing = false;
      // A device that wants a stricter alignment than the one found refuses a direct write:
      // the upload goes on through the page cache, that batch included.
      if (error && fd === this.direct && (error as NodeJS.ErrnoException).code === 'EINVAL') {
        this.stopDirect();
        this.pump();
        return;
      }
      if (error) this.failure = error;
      else this.written = to;
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
      this.pump();
    });
  }

  private stopDirect(): void {
    if (this.direct !== undefined) closeQuietly(this.direct);
    this.direct = undefined;
  }

  /** Waits until no write is in flight or waiting. */
  private async settled(): Promise<void> {
    while (this.writing || (!this.failure && this.written < this.filled)) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  /**
   * Hands over the last slab, gathers the digests, and once every byte is written flushes the file
   * when `durable(digests)` says so (bytes stored already need no flush), then closes it. On
   * failure the file is removed and the error thrown.
   */
  async finish(durable: (digests: RingDigests) => boolean): Promise<{ digests: RingDigests; durable: boolean }> {
    try {
      if (this.at > 0) this.handOver();
      const remote = await this.job.digests();
      await this.settled();
      if (this.failure) throw this.failure;
      const digests = {} as RingDigests;
      WORKER_ALGORITHMS.forEach((a, i) => (digests[a as keyof RingDigests] = remote[i] as string));
      LOCAL_ALGORITHMS.forEach((a, i) => (digests[a] = (this.hashes[i] as Hash).digest('hex')));
      const flush = durable(digests);
      // The declared length and the bytes received agree on any complete body; should they not, the file holds the bytes.
      if (this.preallocated && this.declared !== this.size) await ftruncateAsync(this.fd, this.size);
      if (flush) await fdatasyncAsync(this.fd);
      this.job.release();
      this.closed = true;
      this.stopDirect();
      await closeAsync(this.fd);
      return { digests, durable: flush };
    } catch (error) {
      await this.abandon();
      throw error;
    }
  }

  /** Stops: the worker drops the job, the writes in flight end, the file is closed and removed. */
  async abandon(): Promise<void> {
    if (this.abandoned) return;
    this.abandoned = true;
    this.failure ??= new Error('upload abandoned');
    await this.job.abort();
    await this.settled();
    // Only now may another upload overwrite the ring.
    this.job.release();
    if (!this.closed) {
      this.closed = true;
      this.stopDirect();
      await closeAsync(this.fd).catch(() => undefined);
    }
    rmSync(this.path, { force: true });
  }
}

/** Direct I/O's unit: buffers, lengths and file offsets are multiples of it (4096 covers 512-byte devices too). */
const BLOCK = 4096;

function closeQuietly(fd: number): void {
  close(fd, () => undefined);
}

/** Writes `slabs` (`bytes` in all) at `position`, again after a short write (rare on a regular file). */
function writeAll(fd: number, slabs: Buffer[], bytes: number, position: number, done: (error: Error | null) => void): void {
  writev(fd, slabs, position, (error, written) => {
    if (error) return done(error);
    if (written >= bytes) return done(null);
    writeAll(fd, rest(slabs, written), bytes - written, position + written, done);
  });
}
