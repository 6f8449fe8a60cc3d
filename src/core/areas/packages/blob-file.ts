// A temporary file that received bytes are written to behind the reader: chunks queue up (no
// copy) and go to the disk in one `writev` at a time, so hashing the next chunks on the event
// loop and the kernel's copy into the page cache on the thread pool run side by side instead of
// taking turns chunk by chunk (on this kind of machine both cost about as much CPU per MiB).
// The queue is bounded: past WRITE_AHEAD bytes not yet written, the reader waits for the disk.
import { rmSync, writev } from 'node:fs';
import { closeAsync, fdatasyncAsync, openAsync } from '../../fd-calls.js';

/**
 * Bytes queued but not yet written at most before the reader is made to wait. Small on purpose:
 * 32 MiB made a 1 GiB upload slower, not faster (serve's system time 3.4-4.7 s against 1.3-1.4 s,
 * peak RSS 157 MiB against 106 MiB), as chunks went to the disk long after they had left the
 * CPU's caches and the queued memory kept new pages coming.
 */
export const WRITE_AHEAD = 8 * 1024 * 1024;
/** Buffers in one writev at most (the platform's IOV_MAX). */
const MAX_IOV = 1024;

export class BlobFile {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private writing = false;
  private failure: Error | undefined;
  private closed = false;
  /** Resolved when the queue falls to WRITE_AHEAD, empties with nothing in flight, or a write fails. */
  private wake: (() => void) | undefined;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {}

  /** Creates the file (it must not exist). */
  static async create(path: string): Promise<BlobFile> {
    return new BlobFile(path, await openAsync(path, 'wx', 0o644));
  }

  /** Queues `chunk` (kept, not copied, until written). False when the reader should await `drained()`. */
  push(chunk: Buffer): boolean {
    if (this.failure) throw this.failure;
    this.queue.push(chunk);
    this.queued += chunk.length;
    this.pump();
    return this.queued <= WRITE_AHEAD;
  }

  /** Waits until the queue is back under its bound; throws a write's failure. */
  async drained(): Promise<void> {
    while (!this.failure && this.queued > WRITE_AHEAD) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  /**
   * Writes what is queued, flushes it to the disk when `durable` (a file that will be renamed into
   * place must survive a power cut before any row names it), and closes the file. On failure the
   * file is removed and the error thrown.
   */
  async finish(durable: boolean): Promise<void> {
    try {
      await this.settled();
      if (this.failure) throw this.failure;
      if (durable) await fdatasyncAsync(this.fd);
    } catch (error) {
      await this.abandon();
      throw error;
    }
    this.closed = true;
    await closeAsync(this.fd);
  }

  /** Stops writing, closes and removes the file (once closed, so that it cannot reappear). */
  async abandon(): Promise<void> {
    this.failure ??= new Error('upload abandoned');
    this.queue.length = 0;
    this.queued = 0;
    await this.settled();
    if (!this.closed) {
      this.closed = true;
      await closeAsync(this.fd).catch(() => undefined);
    }
    rmSync(this.path, { force: true });
  }

  /** Waits until no write is queued or in flight. */
  private async settled(): Promise<void> {
    while (this.writing || (!this.failure && this.queue.length > 0)) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  private pump(): void {
    if (this.writing || this.failure || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_IOV);
    let bytes = 0;
    for (const b of batch) bytes += b.length;
    this.writing = true;
    writev(this.fd, batch, (error, written) => {
      this.writing = false;
      if (error) this.failure = error;
      else {
        this.queued -= written;
        // A short write (rare on a regular file) puts the unwritten rest back in front.
        if (written < bytes) this.queue.unshift(...rest(batch, written));
      }
      this.pump();
      if (this.failure || this.queued <= WRITE_AHEAD || (!this.writing && this.queue.length === 0)) {
        const wake = this.wake;
        this.wake = undefined;
        wake?.();
      }
    });
  }
}

/** What is left of `batch` after its first `written` bytes (a short writev's remainder). */
export function rest(batch: Buffer[], written: number): Buffer[] {
  let skip = written;
  const left: Buffer[] = [];
  for (const b of batch) {
    if (skip >= b.length) skip -= b.length;
    else {
      left.push(skip > 0 ? b.subarray(skip) : b);
      skip = 0;
    }
  }
  return left;
}
