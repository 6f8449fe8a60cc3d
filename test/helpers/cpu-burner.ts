// A busy machine for load tests: child processes that spin on every core but one, so that what
// a test runs beside them competes for CPU as on a loaded host. Each burner stops by itself
// after `maxMs` or as soon as its parent is gone, and is killed when the test's work ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface BurnerOptions {
  /** Spinning processes (default: one per core but one, at least one). */
  processes?: number;
  /** Longest a burner runs, whatever happens to the test (default 5 minutes). */
  maxMs?: number;
}

const SPIN = `
  const end = Date.now() + Number(process.argv[1]);
  const parent = process.ppid;
  let x = 0;
  for (let i = 0; Date.now() < end; i++) {
    for (let j = 0; j < 1e6; j++) x = (x * 31 + j) | 0;
    // Stop if the test process went away without killing us.
    if (i % 50 === 0) { try { process.kill(parent, 0); } catch { process.exit(0); } }
  }
`;

/** Runs `work` beside the burners and kills them when it settles. */
export async function withCpuBurner<T>(work: () => Promise<T>, options: BurnerOptions = {}): Promise<T> {
  const count = options.processes ?? Math.max(1, availableParallelism() - 1);
  const maxMs = options.maxMs ?? 300_000;
  const burners: ChildProcess[] = [];
  try {
    for (let i = 0; i < count; i++) burners.push(spawn(process.execPath, ['-e', SPIN, String(maxMs)], { stdio: 'ignore' }));
    // Started and spinning before the work begins.
    await Promise.all(burners.map((b) => new Promise<void>((resolve, reject) => b.once('spawn', resolve).once('error', reject))));
    return await work();
  } finally {
    await Promise.all(
      burners.map(
        (b) =>
          new Promise<void>((resolve) => {
            if (b.exitCode !== null || b.signalCode !== null) return resolve();
            b.once('exit', () => resolve());
            b.kill('SIGKILL');
          }),
      ),
    );
  }
}
