// The writer records of src/core/git/recovery.ts: a process keeps one record per repository while
// its writes keep coming (not a file made and removed per write), its own record never stops it
// from cleaning a dead writer's leftovers, another live process's record does, and a record lost
// with its repository is made again.
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { currentProcess } from '../jobs/owner.js';
import { guardedWrite, guardedWriteSync, releaseWriterRecords } from './recovery.js';

const dir = mkdtempSync(join(tmpdir(), 'recovery-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => releaseWriterRecords());

let repos = 0;
function newRepo(): string {
  const repo = join(dir, `r${repos++}.git`);
  mkdirSync(join(repo, 'refs', 'heads'), { recursive: true });
  return repo;
}

const records = (repo: string): string[] => (existsSync(join(repo, 'hostctl-writers')) ? readdirSync(join(repo, 'hostctl-writers')) : []);
const mine = (name: string): boolean => name.startsWith(`${currentProcess().pid}-${currentProcess().start}-`);

async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '0']);
  const pid = child.pid as number;
  await child;
  return pid;
}

describe('writer records', () => {
  it('one record serves a run of writes, is there while each runs, and goes when released', async () => {
    const repo = newRepo();
    const seen: string[][] = [];
    for (let i = 0; i < 3; i++) await guardedWrite(repo, async () => void seen.push(records(repo)));
    guardedWriteSync(repo, () => seen.push(records(repo)));
    expect(seen.every((names) => names.length === 1 && mine(names[0] as string))).toBe(true);
    expect(new Set(seen.map((names) => names[0])).size).toBe(1);
    expect(records(repo)).toEqual(seen[0]);
    releaseWriterRecords();
    expect(records(repo)).toEqual([]);
  });

  it('a record lost with its repository is made again by the next write', async () => {
    const repo = newRepo();
    await guardedWrite(repo, async () => undefined);
    rmSync(join(repo, 'hostctl-writers'), { recursive: true });
    let during: string[] = [];
    await guardedWrite(repo, async () => void (during = records(repo)));
    expect(during).toHaveLength(1);
    expect(mine(during[0] as string)).toBe(true);
  });

  it('this process’s kept record does not stop it from removing a dead writer’s locks', async () => {
    const repo = newRepo();
    await guardedWrite(repo, async () => undefined);
    const dead = `${await deadPid()}--0`;
    writeFileSync(join(repo, 'hostctl-writers', dead), '');
    const lock = join(repo, 'refs', 'heads', 'main.lock');
    writeFileSync(lock, 'leftover');
    await guardedWrite(repo, async () => undefined);
    expect(existsSync(lock)).toBe(false);
    expect(records(repo).filter((n) => !mine(n))).toEqual([]);
  });

  it('another live process’s record keeps its locks, whatever this process holds', async () => {
    const repo = newRepo();
    await guardedWrite(repo, async () => undefined);
    const sleeper = execa('sleep', ['30']);
    try {
      writeFileSync(join(repo, 'hostctl-writers', `${sleeper.pid}--0`), '');
      writeFileSync(join(repo, 'hostctl-writers', `${await deadPid()}--0`), '');
      const lock = join(repo, 'refs', 'heads', 'main.lock');
      writeFileSync(lock, 'held');
      await guardedWrite(repo, async () => undefined);
      expect(existsSync(lock)).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
      await sleeper.catch(() => undefined);
    }
  });
});
