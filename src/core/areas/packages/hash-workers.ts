// Hashing a large upload off the main thread. MD5, SHA-1 and SHA-256 of the same bytes cost
// more CPU than receiving and writing them: on one thread they cap an upload well below what the
// disk and the socket allow, and stall every other request while they run. So a large upload's
// chunks are copied once into shared memory and hashed by two worker threads (MD5 in one,
// SHA-1 and SHA-256 in the other, about equal work), while the main thread only moves bytes.
//
// The workers start on the first large upload and stay (unreferenced, so they never keep the
// process alive); small uploads hash inline, where a message round trip would cost more than
// the hashing. How far the workers may fall behind is bounded (HASH_LAG_BYTES): the upload
// waits for them rather than queueing the whole body in memory.
import type { Worker as WorkerType } from 'node:worker_threads';

/** The workers' code: per upload id, its hashes; each chunk is acknowledged once hashed. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'start') jobs.set(m.id, { ring: new Uint8Array(m.ring), hashes: m.algorithms.map((a) => createHash(a)) });
  else if (m.op === 'data') {
    const job = jobs.get(m.id);
    if (job) for (const h of job.hashes) h.update(job.ring.subarray(m.offset, m.offset + m.length));
    parentPort.postMessage({ op: 'ack', id: m.id, length: m.length });
  } else if (m.op === 'end') {
    const job = jobs.get(m.id);
    jobs.delete(m.id);
    parentPort.postMessage({ op: 'done', id: m.id, digests: job ? job.hashes.map((h) => h.digest('hex')) : [] });
  } else if (m.op === 'abort') jobs.delete(m.id);
});
`;

/** Which algorithms each worker computes. */
const SPLIT: readonly (readonly string[])[] = [['md5'], ['sha1', 'sha256']];
/**
 * Each upload's chunks are copied into a ring of shared memory this large, which the workers
 * read in place: at most this many bytes are handed over and not yet hashed by both.
 */
const RING_BYTES = 8 * 1024 * 1024;

type Message = { op: 'ack'; id: number; length: number } | { op: 'done'; id: number; digests: string[] };

interface Job {
  /** Bytes not yet acknowledged, per worker. */
  lag: number[];
  waiting: (() => void) | null;
  done: (Map<string, string> | null)[];
  finish: ((digests: Record<string, string>) => void) | null;
  fail: ((error: Error) => void) | null;
}

let pool: Promise<WorkerType[]> | null = null;
let started: WorkerType[] = [];
const jobs = new Map<number, Job>();

/** Forgets an upload; the last one lets the workers stop holding the process open. */
function forget(id: number): boolean {
  if (!jobs.delete(id)) return false;
  if (jobs.size === 0) for (const w of started) w.unref();
  return true;
}
let nextId = 1;

function workers(): Promise<WorkerType[]> {
  pool ??= import('node:worker_threads').then(({ Worker }) =>
    (started = SPLIT.map((_, index) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('message', (m: Message) => onMessage(index, m));
      // A worker that fails takes its uploads with it; the next large upload starts new ones.
      worker.on('error', (error) => failAll(error));
      worker.on('exit', () => failAll(new Error('a hashing worker stopped')));
      return worker;
    })),
  );
  return pool;
}

function failAll(error: Error): void {
  pool = null;
  for (const [id, job] of jobs) {
    forget(id);
    job.fail?.(error);
    job.waiting?.();
  }
}

function onMessage(index: number, m: Message): void {
  const job = jobs.get(m.id);
  if (!job) return;
  if (m.op === 'ack') {
    job.lag[index] = (job.lag[index] as number) - m.length;
    if (job.waiting) {
      const resume = job.waiting;
      job.waiting = null;
      resume();
    }
    return;
  }
  job.done[index] = new Map(SPLIT[index]?.map((algorithm, i) => [algorithm, m.digests[i] as string]));
  if (job.done.every((d) => d !== null)) {
    forget(m.id);
    const out: Record<string, string> = {};
    for (const d of job.done) for (const [k, v] of d as Map<string, string>) out[k] = v;
    job.finish?.(out);
  }
}

/** MD5, SHA-1 and SHA-256 of a stream of chunks, computed by the hashing workers. */
export class OffThreadHashes {
  private readonly id = nextId++;
  private readonly job: Job = { lag: SPLIT.map(() => 0), waiting: null, done: SPLIT.map(() => null), finish: null, fail: null };
  private readonly ring = new Uint8Array(new SharedArrayBuffer(RING_BYTES));
  /** Where the next chunk is copied to in the ring. */
  private at = 0;

  private constructor(private readonly pool: WorkerType[]) {
    // While an upload is hashed, the workers' answers must keep the process alive.
    if (jobs.size === 0) for (const w of pool) w.ref();
    jobs.set(this.id, this.job);
    pool.forEach((w, i) => w.postMessage({ op: 'start', id: this.id, algorithms: SPLIT[i], ring: this.ring.buffer }));
  }

  static async start(): Promise<OffThreadHashes> {
    return new OffThreadHashes(await workers());
  }

  /** Hands a chunk to the workers (copied once into the ring both read); waits while the ring is full. */
  async update(chunk: Uint8Array): Promise<void> {
    for (let from = 0; from < chunk.length; ) {
      // A piece fits before the end of the ring and in the room the workers have freed.
      const length = Math.min(chunk.length - from, RING_BYTES - this.at, RING_BYTES / 4);
      while (Math.max(...this.job.lag) + length > RING_BYTES) {
        if (!jobs.has(this.id)) return;
        await new Promise<void>((resolve) => {
          this.job.waiting = resolve;
        });
      }
      this.ring.set(chunk.subarray(from, from + length), this.at);
      this.pool.forEach((w, i) => {
        this.job.lag[i] = (this.job.lag[i] as number) + length;
        w.postMessage({ op: 'data', id: this.id, offset: this.at, length });
      });
      this.at = (this.at + length) % RING_BYTES;
      from += length;
    }
  }

  /** The hex digests, once every chunk is hashed. */
  digests(): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
      if (!jobs.has(this.id)) return reject(new Error('a hashing worker stopped'));
      this.job.finish = resolve;
      this.job.fail = reject;
      this.pool.forEach((w) => w.postMessage({ op: 'end', id: this.id }));
    });
  }

  /** Forgets the upload (it failed): the workers drop its hashes. */
  abort(): void {
    if (!forget(this.id)) return;
    this.pool.forEach((w) => w.postMessage({ op: 'abort', id: this.id }));
  }
}
