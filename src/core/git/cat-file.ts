// Long-lived object readers: one `git cat-file --batch-command` per repository answers object
// reads (`contents`, like `--batch`) and object lookups (`info`, like `--batch-check`) over a
// pipe, so a read costs a round trip instead of a fork of git. The pool bounds the number of
// processes, ends those left idle, and ends them all when the core closes.
//
// The children never outlive this process: they read requests from a pipe whose only writer is
// this process, so when it dies (even by SIGKILL) the pipe closes and git exits at end of input.
// They also never keep this process alive: their pipes are unreferenced whenever no request is
// waiting. git re-checks loose objects, packs and refs on every lookup, so writes by other
// processes are seen by a reader started before them.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { childProcess } from './child-process.js';
import { gitEnv } from './exec.js';
import { monotonicMs } from '../../shared/elapsed.js';

export interface ObjectInfo {
  id: string;
  type: string;
  size: number;
}

export interface RawObject extends ObjectInfo {
  data: Buffer;
}

interface Pending {
  line: string;
  contents: boolean;
  retried: boolean;
  resolve: (value: RawObject | ObjectInfo | null) => void;
  reject: (error: Error) => void;
}

/** Pipes to a child are sockets, which can stop (or resume) holding the event loop open. */
interface Handle {
  ref?: () => void;
  unref?: () => void;
}

const FORCED = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'gc.auto=0'];

/** One `cat-file --batch-command` child and the requests it has not answered yet. */
class CatFileProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private exited = false;
  lastUsed = 0;

  constructor(
    readonly gitDir: string,
    private readonly onExit: (proc: CatFileProcess, orphans: Pending[]) => void,
  ) {
    this.child = childProcess().spawn('git', [...FORCED, 'cat-file', '--batch-command'], {
      env: gitEnv(gitDir),
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    // Nothing useful is printed on stderr for lookups; it is drained so the pipe never fills.
    this.child.stderr.resume();
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', () => this.finish());
    this.child.on('exit', () => this.finish());
    this.idle();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  get busy(): boolean {
    return this.queue.length > 0;
  }

  send(p: Pending): void {
    if (this.exited) {
      this.onExit(this, [p]);
      return;
    }
    if (this.queue.length === 0) this.active();
    this.queue.push(p);
    this.child.stdin.write(`${p.line}\n`);
  }

  /** Ends the child: at end of input git exits by itself. */
  close(): void {
    if (this.exited) return;
    this.child.stdin.end();
    // A child stuck on a request must not linger.
    if (this.queue.length > 0) this.child.kill('SIGKILL');
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private active(): void {
    for (const s of [this.child.stdout, this.child.stderr]) (s as unknown as Handle).ref?.();
    this.child.ref();
  }

  private idle(): void {
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr]) (s as unknown as Handle).unref?.();
    this.child.unref();
  }

  private finish(): void {
    if (this.exited) return;
    this.exited = true;
    const orphans = this.queue.splice(0);
    this.chunks = [];
    this.buffered = 0;
    this.onExit(this, orphans);
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.queue.length > 0 && this.parseOne()) {
      /* each pass answers one request */
    }
    if (this.queue.length === 0) this.idle();
  }

  /** Answers the oldest request when its whole answer has arrived. */
  private parseOne(): boolean {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    const buf = this.chunks[0];
    if (!buf) return false;
    const nl = buf.indexOf(10);
    if (nl === -1) return false;
    const p = this.queue[0] as Pending;
    const header = buf.toString('latin1', 0, nl);
    const parts = header.split(' ');
    if (parts.length !== 3 || !/^\d+$/.test(parts[2] as string)) {
      // `<name> missing`, `<name> ambiguous` and the like: no such object.
      this.consume(buf, nl + 1);
      this.queue.shift();
      p.resolve(null);
      return true;
    }
    const info: ObjectInfo = { id: parts[0] as string, type: parts[1] as string, size: Number(parts[2]) };
    if (!p.contents) {
      this.consume(buf, nl + 1);
      this.queue.shift();
      p.resolve(info);
      return true;
    }
    const end = nl + 1 + info.size;
    if (buf.length < end + 1) return false;
    // A copy: the rest of the buffer is still being parsed.
    const data = Buffer.from(buf.subarray(nl + 1, end));
    this.consume(buf, end + 1);
    this.queue.shift();
    p.resolve(Object.assign(info, { data }));
    return true;
  }

  private consume(buf: Buffer, n: number): void {
    const rest = buf.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
  }
}

export interface CatFilePoolOptions {
  /** Most processes kept at once (least recently used idle ones are ended first). */
  max?: number;
  /** A process left without requests this long is ended. */
  idleMs?: number;
}

export class CatFilePool {
  private readonly procs = new Map<string, CatFileProcess>();
  private readonly max: number;
  private readonly idleMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(options: CatFilePoolOptions = {}) {
    this.max = options.max ?? 16;
    this.idleMs = options.idleMs ?? 30_000;
  }

  /** The object's contents, or null when the name resolves to no object. */
  read(gitDir: string, name: string): Promise<RawObject | null> {
    return this.request(gitDir, `contents ${name}`, true) as Promise<RawObject | null>;
  }

  /** The object's id, type and size, or null when the name resolves to no object. */
  info(gitDir: string, name: string): Promise<ObjectInfo | null> {
    return this.request(gitDir, `info ${name}`, false) as Promise<ObjectInfo | null>;
  }

  /** Process ids of the running children (for tests and diagnostics). */
  pids(): number[] {
    return [...this.procs.values()].filter((p) => p.alive && p.pid !== undefined).map((p) => p.pid as number);
  }

  /** Ends the reader of one repository (before the repository is removed or replaced). */
  release(gitDir: string): void {
    const proc = this.procs.get(gitDir);
    if (!proc) return;
    this.procs.delete(gitDir);
    proc.close();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const proc of this.procs.values()) proc.close();
    this.procs.clear();
  }

  private request(gitDir: string, line: string, contents: boolean): Promise<RawObject | ObjectInfo | null> {
    if (line.includes('\n') || line.includes('\0')) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.dispatch(gitDir, { line, contents, retried: false, resolve, reject });
    });
  }

  private dispatch(gitDir: string, p: Pending): void {
    if (this.closed) {
      p.reject(new Error('the object reader pool is closed'));
      return;
    }
    let proc = this.procs.get(gitDir);
    if (!proc || !proc.alive) {
      this.makeRoom();
      proc = new CatFileProcess(gitDir, (dead, orphans) => this.onExit(dead, orphans));
      this.procs.set(gitDir, proc);
      this.startTimer();
    }
    proc.lastUsed = monotonicMs();
    proc.send(p);
  }

  /** A child that died (killed, or its repository removed) is replaced for what it left unanswered. */
  private onExit(dead: CatFileProcess, orphans: Pending[]): void {
    if (this.procs.get(dead.gitDir) === dead) this.procs.delete(dead.gitDir);
    for (const p of orphans) {
      if (p.retried || this.closed) {
        p.reject(new Error(`git cat-file ended while reading ${p.line}`));
        continue;
      }
      p.retried = true;
      this.dispatch(dead.gitDir, p);
    }
  }

  private makeRoom(): void {
    if (this.procs.size < this.max) return;
    let oldest: CatFileProcess | null = null;
    for (const proc of this.procs.values()) if (!proc.busy && (!oldest || proc.lastUsed < oldest.lastUsed)) oldest = proc;
    // Every process busy: one more for a moment; the idle sweep trims the pool later.
    if (!oldest) return;
    this.procs.delete(oldest.gitDir);
    oldest.close();
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), Math.max(1000, Math.floor(this.idleMs / 2)));
    this.timer.unref();
  }

  private sweep(): void {
    const now = monotonicMs();
    for (const [dir, proc] of this.procs) {
      if (proc.busy || now - proc.lastUsed < this.idleMs) continue;
      this.procs.delete(dir);
      proc.close();
    }
    if (this.procs.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
