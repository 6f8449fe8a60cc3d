// Large generic package files move as streams: a 256 MiB upload and download, locally and
// through hostctl serve, keep every process's peak memory far below the file's size (a buffered
// body would add at least the whole file to it). Peak RSS is read from each process itself.
import { randomBytes, createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';

const FILE_MIB = 256;
/** Peak RSS allowed for any process, in MiB: under the 200 MiB budget and well under the file itself. */
const PEAK_MIB = 180;

describe('streamed generic packages', () => {
  let box: CliSandbox;
  let serve: ServeProcess;
  let token: string;
  let file: string;
  let digest: string;
  const reports = () => join(box.dir, 'rss');
  const memoryEnv = () => ({ NODE_OPTIONS: `--require ${resolve(import.meta.dirname, '../helpers/report-rss.cjs')}`, HOSTCTL_RSS_REPORT: reports() });
  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    await box.json(['projects', 'create', '--path', 'big']);
    file = join(box.dir, 'big.bin');
    const hash = createHash('sha256');
    const fd = openSync(file, 'w');
    const chunk = randomBytes(1024 * 1024);
    for (let i = 0; i < FILE_MIB; i++) {
      chunk[0] = i;
      writeSync(fd, chunk);
      hash.update(chunk);
    }
    closeSync(fd);
    digest = hash.digest('hex');
    serve = await startServeWith(box, memoryEnv());
  }, 120_000);

  afterAll(async () => {
    serve?.proc.kill('SIGTERM');
    await serve?.proc.catch(() => undefined);
    box?.cleanup();
  });

  it('uploads and downloads locally without holding the file', async () => {
    const up = await box.run(['packages', 'upload', '-R', 'root/big', '--name', 'big', '--package-version', '1.0.0', file, '-o', 'json'], { env: memoryEnv(), timeout: 120_000 });
    expect(up.exitCode, String(up.stderr)).toBe(0);
    expect((JSON.parse(String(up.stdout)) as { file_sha256: string }[])[0]?.file_sha256).toBe(digest);
    const out = join(box.dir, 'local.bin');
    const down = await box.run(['packages', 'download', '-R', 'root/big', '--name', 'big', '--package-version', '1.0.0', 'big.bin', '-O', out], { env: memoryEnv(), timeout: 120_000 });
    expect(down.exitCode, String(down.stderr)).toBe(0);
    const measured = await settledPeaks();
    expect(measured).toHaveLength(2);
    for (const mib of measured) expect(mib).toBeLessThan(PEAK_MIB);
  }, 120_000);

  it('uploads and downloads through hostctl serve without holding the file in either process', async () => {
    const remote = (args: string[]) => box.run([...args, '--url', serve.url], { env: { ...memoryEnv(), HOSTCTL_TOKEN: token }, timeout: 120_000 });
    const up = await remote(['packages', 'upload', '-R', 'root/big', '--name', 'big-remote', '--package-version', '1.0.0', file]);
    expect(up.exitCode, String(up.stderr)).toBe(0);
    const down = await remote(['packages', 'download', '-R', 'root/big', '--name', 'big-remote', '--package-version', '1.0.0', 'big.bin', '-O', join(box.dir, 'remote.bin')]);
    expect(down.exitCode, String(down.stderr)).toBe(0);
    expect(String(down.stderr)).toContain(`sha256 ${digest} verified`);
    serve.proc.kill('SIGTERM');
    await serve.proc.catch(() => undefined);
    const measured = await settledPeaks();
    // Two CLI runs and the server.
    expect(measured).toHaveLength(3);
    for (const mib of measured) expect(mib).toBeLessThan(PEAK_MIB);
  }, 120_000);

  /** Peak RSS in MiB of each process that reported since the last call. */
  async function settledPeaks(): Promise<number[]> {
    const names = readdirSync(box.dir).filter((n) => n.startsWith('rss.'));
    const out = names.map((n) => Number(readFileSync(join(box.dir, n), 'utf8')) / 1024);
    for (const n of names) rmSync(join(box.dir, n));
    return out;
  }
});

/** startServe with extra environment (the memory report preload). */
async function startServeWith(box: CliSandbox, env: Record<string, string>): Promise<ServeProcess> {
  const saved = { ...box.env };
  Object.assign(box.env, env);
  try {
    return await startServe(box);
  } finally {
    for (const k of Object.keys(env)) delete box.env[k];
    Object.assign(box.env, saved);
  }
}
