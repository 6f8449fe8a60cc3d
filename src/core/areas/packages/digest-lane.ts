// A second thread for a large upload's digests. MD5, SHA-1 and SHA-256 of every package file
// cost about as much CPU per MiB as receiving the bytes and writing them to the page cache
// together; on one thread the digests cap an upload well under what a bare server receives. So
// one long-lived worker computes part of them (WORKER_ALGORITHMS) from a ring of slabs in shared
// memory, while the request's thread computes the rest as chunks arrive, copies each chunk once
// into the ring, and writes the slabs to the file (ring-upload.ts).
//
// The ring is made once and reused by every upload: a fresh buffer per batch cost about 1 ms
// per MiB here to fault in, more than the copy into memory already touched. Slabs are handed over
// through Atomics on a control block, not messages: the worker blocks in Atomics.wait (it has
// nothing else to do), the request's thread never blocks — it awaits Atomics.waitAsync when the
// ring is full. One upload uses the lane at a time; another large upload meanwhile hashes on its
// own thread as before (blobs.ts). The worker is unreferenced while idle, so it never keeps a
// process alive.
import type { Worker } from 'node:worker_threads';

/** One slab of the ring: what is handed over and written at a time. */
export const SLAB_BYTES = 1024 * 1024;
/** Slabs in the ring: the most bytes copied but not yet both hashed by the worker and written. */
export const SLABS = 8;
/**
 * The digests the worker computes; the request's thread computes the others (SHA-256) beside
 * receiving, copying and writing. This split measured the most even through serve (1 GiB: about
 * 2 s of CPU on each thread); MD5 alone here left the request's thread the busier (2.4 s against
 * 1.5 s), all three the worker (2.8 s against 1.4 s).
 */
export const WORKER_ALGORITHMS: readonly string[] = ['md5', 'sha1'];

// The control block (Int32Array): SIGNAL changes on every hand-over or command, so the worker's
// wait cannot miss one; PUBLISHED and HASHED count slabs since the job began; COMMAND tells the
// worker to finish (END: once everything published is hashed) or drop the job; LENGTHS holds
// each slot's byte count when published.
const SIGNAL = 0;
const PUBLISHED = 1;
const HASHED = 2;
const COMMAND = 3;
const LENGTHS = 4;
const RUN = 0;
const END = 1;
const ABORT = 2;

/**
 * The worker: per job (a message naming its algorithms) it hashes slabs in order until told to
 * stop, then answers with the hex digests (END) or null (ABORT) and waits for the next job. The
 * wait has a timeout only so that a lost wake-up could never stall it for good.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { control, data, slabs, slabBytes } = workerData;
const ctl = new Int32Array(control);
parentPort.on('message', ({ algorithms, base }) => {
  const hashes = algorithms.map((a) => createHash(a));
  let hashed = 0;
  for (;;) {
    const signal = Atomics.load(ctl, ${SIGNAL});
    if (hashed < Atomics.load(ctl, ${PUBLISHED})) {
      const slot = hashed % slabs;
      const view = new Uint8Array(data, base + slot * slabBytes, Atomics.load(ctl, ${LENGTHS} + slot));
      for (const h of hashes) h.update(view);
      hashed++;
      Atomics.store(ctl, ${HASHED}, hashed);
      Atomics.notify(ctl, ${HASHED});
      continue;
    }
    const command = Atomics.load(ctl, ${COMMAND});
    // END is set after the last slab is published: look again before answering.
    if (command === ${END} && hashed < Atomics.load(ctl, ${PUBLISHED})) continue;
    if (command === ${END}) return parentPort.postMessage(hashes.map((h) => h.digest('hex')));
    if (command === ${ABORT}) return parentPort.postMessage(null);
    Atomics.wait(ctl, ${SIGNAL}, signal, 1000);
  }
});
`;

type WaitAsync = (array: Int32Array, index: number, value: number) => { async: false } | { async: true; value: Promise<unknown> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** Room before the ring to place its start on a block boundary (see `align`). */
const ALIGN_ROOM = 4096;

class Lane {
  readonly control = new Int32Array(new SharedArrayBuffer(4 * (LENGTHS + SLABS)));
  readonly data = new SharedArrayBuffer(ALIGN_ROOM + SLABS * SLAB_BYTES);
  /** Where the ring starts in `data`: at 0 until `align` finds a block boundary. */
  base = 0;
  /** Whether `align` has run (found a boundary or not). */
  aligned = false;
  /** The ring as a Buffer, to copy into and write from. */
  ring = Buffer.from(this.data, 0, SLABS * SLAB_BYTES);
  busy = false;
  failure: Error | undefined;
  /** The running job's answer: hex digests, or null once dropped. */
  answer: ((digests: string[] | null) => void) | undefined;
  worker: Worker;

  constructor(WorkerClass: typeof Worker) {
    // Touched once here, so that no upload pays for faulting the ring's pages in.
    new Uint8Array(this.data).fill(0);
    this.worker = new WorkerClass(WORKER_SOURCE, { eval: true, workerData: { control: this.control.buffer, data: this.data, slabs: SLABS, slabBytes: SLAB_BYTES } });
    this.worker.unref();
    this.worker.on('message', (digests: string[] | null) => this.settle(digests));
    // A worker that fails takes its job with it; the next large upload starts a new lane.
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('the digest worker stopped')));
  }

  /**
   * Places the ring on a boundary where direct I/O accepts it (ring-upload.ts): JavaScript cannot
   * see an address, so `fits(offset)` tries one (a direct write from that offset of `data`), at
   * most once per lane. False when no offset fits.
   */
  align(fits: (offset: number) => boolean): boolean {
    if (!this.aligned) {
      this.aligned = true;
      for (let offset = 0; offset < ALIGN_ROOM; offset += 16) {
        if (!fits(offset)) continue;
        this.base = offset;
        this.ring = Buffer.from(this.data, offset, SLABS * SLAB_BYTES);
        return true;
      }
      this.base = -1;
    }
    return this.base >= 0;
  }

  private settle(digests: string[] | null): void {
    const answer = this.answer;
    this.answer = undefined;
    answer?.(digests);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    if (lane === this) lane = undefined;
    // Wakes the request's thread if it waits for the worker; it then finds the failure.
    Atomics.notify(this.control, HASHED);
    this.settle(null);
  }
}

let lane: Lane | undefined;
let loading: Promise<typeof Worker> | undefined;

/**
 * The lane for one upload, or undefined while another upload holds it (that one then hashes on
 * its own thread). The worker starts on the first call and stays.
 */
export async function claimLane(): Promise<LaneJob | undefined> {
  loading ??= import('node:worker_threads').then((m) => m.Worker);
  const WorkerClass = await loading;
  lane ??= new Lane(WorkerClass);
  if (lane.busy) return undefined;
  return new LaneJob(lane);
}

/** One upload's use of the lane, from claim to `release`. */
export class LaneJob {
  private readonly control: Int32Array;
  private published = 0;
  private released = false;
  private begun = false;
  private answered: Promise<string[] | null> | undefined;

  constructor(private readonly lane: Lane) {
    lane.busy = true;
    this.control = lane.control;
    Atomics.store(this.control, PUBLISHED, 0);
    Atomics.store(this.control, HASHED, 0);
    Atomics.store(this.control, COMMAND, RUN);
    // While a job runs, the worker's answer must keep the process alive.
    lane.worker.ref();
    this.answered = new Promise((resolve) => (lane.answer = resolve));
  }

  /** The ring (slot `n` at `n * SLAB_BYTES`): copy into it, write from it. */
  get ring(): Buffer {
    return this.lane.ring;
  }

  /** See Lane.align; call before `begin`. */
  align(fits: (offset: number) => boolean): boolean {
    return this.lane.align(fits);
  }

  /** Starts the worker on this job. */
  begin(): void {
    this.begun = true;
    this.lane.worker.postMessage({ algorithms: WORKER_ALGORITHMS, base: Math.max(0, this.lane.base) });
  }

  /** The ring's whole memory, for `align`'s tries. */
  get memory(): SharedArrayBuffer {
    return this.lane.data;
  }

  /** Slabs the worker has hashed so far. */
  hashed(): number {
    return Atomics.load(this.control, HASHED);
  }

  /** Hands the next slab over (its slot is `published % SLABS`) with its first `length` bytes. */
  publish(length: number): void {
    Atomics.store(this.control, LENGTHS + (this.published % SLABS), length);
    Atomics.store(this.control, PUBLISHED, ++this.published);
    this.signal();
  }

  /** Resolves once the worker has hashed more than `count` slabs (at once if it has). */
  async hashedBeyond(count: number): Promise<void> {
    for (;;) {
      if (this.lane.failure) throw this.lane.failure;
      const seen = this.hashed();
      if (seen > count) return;
      const wait = waitAsync(this.control, HASHED, seen);
      if (wait.async) await wait.value;
    }
  }

  /** The worker's digests (WORKER_ALGORITHMS' order) once it has hashed every published slab. */
  async digests(): Promise<string[]> {
    this.command(END);
    const digests = await this.answered;
    if (!digests) throw this.lane.failure ?? new Error('the digest worker stopped');
    return digests;
  }

  /** Tells the worker to drop the job and waits until it has (at once when it is gone). */
  async abort(): Promise<void> {
    // Once released, the control block may be another upload's.
    if (this.released) return;
    if (!this.begun) {
      this.lane.answer = undefined;
      return;
    }
    this.command(ABORT);
    await this.answered;
  }

  /**
   * Gives the lane back. Call only when the worker has answered and no write reads the ring any
   * more: the next upload overwrites it.
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.lane.busy = false;
    if (!this.lane.failure) this.lane.worker.unref();
  }

  private command(command: number): void {
    Atomics.store(this.control, COMMAND, command);
    this.signal();
  }

  private signal(): void {
    Atomics.add(this.control, SIGNAL, 1);
    Atomics.notify(this.control, SIGNAL);
  }
}
