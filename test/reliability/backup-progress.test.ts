// What backup and restore tell a progress line: the bytes as they go, not only as members end,
// so the line moves while one large package file passes (the CLI redraws at most ten times a
// second whatever it is told).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { createBackup, type BackupProgress } from '../../src/core/backup/create-backup.js';
import { checkArchive } from '../../src/core/backup/restore-backup.js';

const MiB = 1024 * 1024;

describe('progress of backup and restore within one large member', () => {
  let sb: CliSandbox;
  const archive = () => join(sb.dir, 'x.tar');
  const reports: BackupProgress[] = [];

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
    const big = join(sb.dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(16 * MiB, 1));
    expect((await sb.run(['packages', 'upload', big, '-R', 'acme/web/storefront', '--name', 'big', '--package-version', '1.0.0'])).exitCode).toBe(0);
    await createBackup({ stateDir: sb.stateDir, output: archive(), version: 'test', progress: (p) => reports.push(p) });
  }, 60_000);
  afterAll(() => sb.cleanup());

  it('backup reports the bytes written while a package file is being written', () => {
    // Between two reports of a finished member (items changing), the 16 MiB member is sent in
    // pieces of at most a megabyte, each reported with the same phase and count.
    const packages = reports.filter((r) => r.phase === 'packages');
    const runs = new Map<number, number[]>();
    for (const r of packages) runs.set(r.items, [...(runs.get(r.items) ?? []), r.bytes]);
    const longest = Math.max(...[...runs.values()].map((bytes) => bytes.length));
    expect(longest).toBeGreaterThanOrEqual(15);
    for (const bytes of runs.values()) expect([...bytes].sort((a, b) => a - b)).toEqual(bytes);
    expect(reports.at(-1)?.phase).toBe('done');
  });

  it('restore --check reports the archive read of its size, chunk by chunk', async () => {
    const seen: [number, number | undefined][] = [];
    await checkArchive(archive(), (read, size) => seen.push([read, size]));
    const size = statSync(archive()).size;
    expect(seen.length).toBeGreaterThanOrEqual(16);
    expect(seen.every(([, s]) => s === size)).toBe(true);
    expect(seen.at(-1)?.[0]).toBe(size);
    const reads = seen.map(([read]) => read);
    expect([...new Set(reads)].sort((a, b) => a - b)).toEqual(reads);
  });
});
