// removePaths against a directory a writer still adds to: the kernel's own ENOTEMPTY (rmdir of a
// directory that gained an entry after its entries were removed), reported with its reason and
// never thrown; once the writer is gone, the next removal takes the directory.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removePaths, type RemovalFailure } from './remove-paths.js';
import { namesIn } from './names-in.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Writes file after file, each under a new name, into `dir` (making it again when it is removed) until killed. */
const WRITER = `
const { writeFileSync, mkdirSync } = require('node:fs');
const dir = process.argv[1];
let i = 0, told = false;
for (;;) {
  try { writeFileSync(dir + '/f' + (i++), 'x'); } catch { try { mkdirSync(dir); } catch {} }
  if (!told) { told = true; process.stdout.write('writing\\n'); }
}`;

function startWriter(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', WRITER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.unshift(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('error', reject);
  });
}

describe('removePaths', () => {
  it('reports ENOTEMPTY from a directory a writer keeps adding to, and removes it once the writer is gone', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'hostctl-remove-paths-'));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const dir = join(parent, 'busy');
    const writer = await startWriter(dir);

    // Each removal lists and empties the directory, then its rmdir races the writer: a name made
    // after the listing is ENOTEMPTY. Each removal starts once the directory holds enough names
    // that emptying it gives the writer time to add one; the first removal that the writer beat
    // on every attempt is the one this test is about.
    let failure: RemovalFailure | undefined;
    for (let i = 0; i < 2000 && !failure; i++) {
      while (!existsSync(dir) || namesIn(dir).length < 300);
      const { removed, failed } = removePaths([dir]);
      expect(removed.length + failed.length).toBe(1);
      failure = failed.find((f) => f.reason === 'ENOTEMPTY');
      // Any other failure is not the one sought (and would be a bug of the removal).
      expect(failed.filter((f) => f.reason !== 'ENOTEMPTY')).toEqual([]);
    }
    expect(failure).toEqual({ path: dir, reason: 'ENOTEMPTY' });

    const exited = new Promise((resolve) => writer.once('exit', resolve));
    writer.kill('SIGKILL');
    await exited;
    expect(removePaths([dir])).toEqual({ removed: [dir], failed: [] });
    expect(existsSync(dir)).toBe(false);
  });
});
