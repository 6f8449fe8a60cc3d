// A repository's kept size and commit count (repository_sizes) against writers that die or meet
// a busy database. The writer killed is a real CLI process (`branches delete`), stopped after
// git moved the ref: a `git` found first on its PATH runs the real git, then says so in a file
// and blocks on a named pipe until the test kills the process (its git children die with it).
// No time is waited on: the test waits for the file, then kills.
//
// - killed after the ref moved: what was kept is not read as fresh, neither while the writer
//   hangs nor after it is dead; once it is dead, the next read stores again;
// - doctor --fix removing a killed writer's lock files: the size kept with them is measured again;
// - a database held by another process when a write ends: the write still succeeds.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { openCore } from '../../src/core/app.js';
import { directorySize } from '../../src/core/repositories/repository-sizes.js';
import { releaseWriterRecords } from '../../src/core/git/recovery.js';

type Stats = { repository_size: number; commit_count: number };
type Row = { bytes: number | null; commit_count: number | null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('kept repository sizes and counts against killed writers and a busy database', () => {
  let box: InProcessSandbox;
  let project: { id: number };
  const ref = 'root/sized';
  const repoPath = () => join(box.stateDir, 'storages', 'default', '@projects', `${project.id}.git`);
  const stats = async (): Promise<Stats> => (await box.json<{ statistics: Stats }>(['projects', 'get', ref, '--statistics'])).statistics;
  const row = (): Row => {
    const db = new Database(join(box.stateDir, 'state.db'), { readonly: true });
    try {
      return db.prepare("SELECT bytes, commit_count FROM repository_sizes WHERE kind = 'project' AND container_id = ?").get(project.id) as Row;
    } finally {
      db.close();
    }
  };
  /** Statistics read and kept: the row holds what they say, and it is what a fresh walk gives. */
  const expectKept = async (): Promise<Stats> => {
    const s = await stats();
    expect(s.repository_size).toBe(directorySize(repoPath()));
    expect(row()).toEqual({ bytes: s.repository_size, commit_count: s.commit_count });
    return s;
  };

  /** Forgets the row behind the core's back (as a killed writer's hook before its write left it). */
  const forgetRow = (): void => {
    const db = new Database(join(box.stateDir, 'state.db'));
    try {
      db.prepare("UPDATE repository_sizes SET bytes = NULL, commit_count = NULL WHERE kind = 'project' AND container_id = ?").run(project.id);
    } finally {
      db.close();
    }
  };
  /** A lock file a killed writer left, measured into the kept size by a read after its death. */
  const leaveLock = async (bytes: number): Promise<{ lock: string; withLock: Stats }> => {
    const lock = join(repoPath(), 'refs', 'heads', 'main.lock');
    writeFileSync(lock, 'x'.repeat(bytes));
    forgetRow();
    const withLock = await expectKept();
    // Doctor runs in this process here: the records of this process's own writes a moment ago
    // would read as a live writer's.
    releaseWriterRecords();
    return { lock, withLock };
  };

  beforeAll(async () => {
    box = inProcessSandbox();
    await box.init();
    project = await box.json<{ id: number }>(['projects', 'create', '--path', 'sized', '--readme']);
  });
  afterAll(() => box.cleanup());

  it('a writer killed after git moved a ref: the kept figures are not read as fresh, while it hangs or once it is dead', async () => {
    await box.json(['branches', 'create', 'topic', '-R', ref, '--ref', 'main']);
    const before = await expectKept();

    // A `git` that runs the real one, then, after a ref update, says so and blocks.
    const bin = join(box.dir, 'stopping-git');
    mkdirSync(bin);
    const pipe = join(bin, 'hold');
    const moved = join(bin, 'moved');
    execFileSync('mkfifo', [pipe]);
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\n"${realGit}" "$@"; rc=$?\nfor a in "$@"; do [ "$a" = update-ref ] && { echo > "${moved}"; read _ < "${pipe}"; }; done\nexit $rc\n`,
    );
    chmodSync(join(bin, 'git'), 0o755);

    const writer = execa(process.execPath, [BIN, 'branches', 'delete', 'topic', '-R', ref, '--yes'], {
      env: { ...cleanEnv(), ...box.env, PATH: `${bin}:${process.env.PATH ?? ''}`, HOSTCTL_NO_PROMPT: '1' },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    try {
      for (let waited = 0; !existsSync(moved); waited += 20) {
        if (waited > 60_000 || writer.exitCode !== null) throw new Error(`the writer never reached its ref update: ${String((await writer).stderr)}`);
        await sleep(20);
      }
      expect(existsSync(join(repoPath(), 'refs', 'heads', 'topic'))).toBe(false);

      // The writer hangs with its ref moved: what a reader gets is what the directory holds now,
      // and nothing measured while the write may be under way is stored.
      const during = await stats();
      expect(during.repository_size).toBe(directorySize(repoPath()));
      expect(during.repository_size).not.toBe(before.repository_size);
      expect(row().bytes).toBeNull();
    } finally {
      writer.kill('SIGKILL');
      await writer;
    }
    expect(writer.exitCode).toBeNull();
    expect(writer.signalCode).toBe('SIGKILL');

    // Dead: a killed writer writes nothing more, so the next read measures and stores again.
    const after = await expectKept();
    expect(after.repository_size).toBeLessThan(before.repository_size);
    expect(after.commit_count).toBe(before.commit_count);
    expect(await expectKept()).toEqual(after);
  });

  it('doctor --fix removing a killed writer’s lock files makes the size kept with them be measured again', async () => {
    const { lock, withLock } = await leaveLock(5_000);
    const fixed = await box.run(['doctor', '--state', box.stateDir, '--fix', '-o', 'json']);
    const checks = (JSON.parse(String(fixed.stdout)) as { checks: { id: string; status: string; detail: string }[] }).checks;
    expect(checks.find((c) => c.id === 'repositories.locks')).toMatchObject({ status: 'ok', detail: 'removed 1 stale git lock file' });
    expect(existsSync(lock)).toBe(false);
    expect(row().bytes).toBeNull();
    expect((await expectKept()).repository_size).toBe(withLock.repository_size - 5_000);
  });

  it('doctor --fix leaves the lock files, and the size kept with them, while another process holds the database', async () => {
    const { lock, withLock } = await leaveLock(3_000);
    const holder = new Database(join(box.stateDir, 'state.db'));
    try {
      holder.prepare('BEGIN IMMEDIATE').run();
      const fixed = await box.run(['doctor', '--state', box.stateDir, '--fix', '-o', 'json']);
      const checks = (JSON.parse(String(fixed.stdout)) as { checks: { id: string; status: string; detail: string }[] }).checks;
      expect(checks.find((c) => c.id === 'repositories.locks')).toMatchObject({ status: 'warn', detail: expect.stringContaining('1 stale git lock file left') });
      expect(existsSync(lock)).toBe(true);
    } finally {
      holder.prepare('ROLLBACK').run();
      holder.close();
    }
    expect(await expectKept()).toEqual(withLock);
    const fixed = await box.run(['doctor', '--state', box.stateDir, '--fix', '-o', 'json']);
    expect(fixed.stdout).toContain('removed 1 stale git lock file');
    expect((await expectKept()).repository_size).toBe(withLock.repository_size - 3_000);
  });

  it('a database another process holds when a write ends does not turn the written ref into an error', async () => {
    // Whatever the tests before left: no lock file, a size measured now.
    rmSync(join(repoPath(), 'refs', 'heads', 'main.lock'), { force: true });
    forgetRow();
    const kept = await expectKept();
    // A core whose writes wait only briefly for the database's lock.
    const core = openCore({ stateDir: box.stateDir, writeLockWaitMs: 50 });
    const holder = new Database(join(box.stateDir, 'state.db'));
    try {
      const repo = core.repos.project({ id: project.id, repository_storage: 'default' });
      const main = (await repo.branch('main'))?.target as string;
      // The write starts with the database free; another process takes its lock before the
      // write ends (inside it, so the order is certain), and keeps it past the wait.
      await repo.writing(async () => {
        holder.prepare('BEGIN IMMEDIATE').run();
        await repo.updateRef('refs/heads/held', main, '0'.repeat(40));
      });
      expect((await repo.branch('held'))?.target).toBe(main);
    } finally {
      if (holder.inTransaction) holder.prepare('ROLLBACK').run();
      holder.close();
      core.close();
    }
    // What was kept was forgotten before the write: the next read sees the new ref.
    expect(row().bytes).toBeNull();
    expect((await expectKept()).repository_size).toBeGreaterThan(kept.repository_size);
  });
});
