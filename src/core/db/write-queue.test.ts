import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection.js';
import { WriteLockStalledError, WriteQueue } from './write-queue.js';
import { startTimeOf } from '../jobs/owner.js';

describe('WriteQueue', () => {
  let dir: string;
  let db: Database;
  let other: Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-write-queue-'));
    db = openDatabase(join(dir, 'state.db'));
    db.exec('CREATE TABLE t (v TEXT)');
    other = openDatabase(join(dir, 'state.db'));
    other.pragma('busy_timeout = 0');
  });
  afterEach(() => {
    db.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const otherCanWrite = (): boolean => {
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      return true;
    } catch {
      return false;
    }
  };

  it('runs writes one at a time in the order they asked, holding the lock while each runs', async () => {
    const queue = new WriteQueue(db, 1000, join(dir, 'waiters'));
    const seen: string[] = [];
    const lockedDuring: boolean[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((v) =>
        queue.run(() => {
          lockedDuring.push(!otherCanWrite());
          db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
          seen.push(v);
        }),
      ),
    );
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(lockedDuring).toEqual([true, true, true]);
    // Committed: another connection reads them, and may write again.
    expect(other.prepare('SELECT v FROM t ORDER BY rowid').pluck().all()).toEqual(['a', 'b', 'c']);
    expect(otherCanWrite()).toBe(true);
  });

  it('tells a write once what it wrote is committed, and rejects when its turn is lost', async () => {
    const queue = new WriteQueue(db, 1000, null);
    const visibleOnceCommitted = await queue.run(async () => {
      db.prepare('INSERT INTO t (v) VALUES (?)').run('kept');
      await queue.committed();
      return other.prepare('SELECT v FROM t').pluck().all();
    });
    expect(visibleOnceCommitted).toEqual(['kept']);
    // Two writes in one turn; the second ends the transaction (as a full disk does), so what the
    // first wrote is gone with it: the first hears so from committed().
    let heard: unknown = null;
    const first = queue.run(async () => {
      db.prepare('INSERT INTO t (v) VALUES (?)').run('lost');
      await queue.committed().catch((error: unknown) => (heard = error));
    });
    const second = queue.run(() => {
      db.exec('ROLLBACK');
      throw new Error('transaction ended');
    });
    await expect(second).rejects.toThrow('transaction ended');
    await expect(first).rejects.toThrow('transaction ended');
    expect(String(heard)).toContain('transaction ended');
    expect(other.prepare('SELECT v FROM t').pluck().all()).toEqual(['kept']);
    // Outside a turn there is nothing to wait for.
    await expect(queue.committed()).resolves.toBeUndefined();
  });

  it('runs the writes that ask together in one turn, committed once after the last', async () => {
    const queue = new WriteQueue(db, 1000, null);
    const visibleToOthers: number[] = [];
    const write = (v: string) =>
      queue.run(() => {
        visibleToOthers.push(other.prepare('SELECT count(*) FROM t').pluck().get() as number);
        db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
      });
    await Promise.all([write('a'), write('b'), write('c')]);
    // Nothing was committed until the turn ended: no write saw an earlier one's row from outside.
    expect(visibleToOthers).toEqual([0, 0, 0]);
    expect(other.prepare('SELECT v FROM t ORDER BY rowid').pluck().all()).toEqual(['a', 'b', 'c']);
  });

  it('fails the earlier writes of a turn whose transaction a failure ended, and runs the later ones', async () => {
    const queue = new WriteQueue(db, 1000, null);
    const first = queue.run(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('lost'));
    const failing = queue.run(() => {
      db.prepare('INSERT INTO t (v) VALUES (?)').run('failing');
      // As SQLite does on a full disk: the whole transaction is rolled back.
      db.exec('ROLLBACK');
      throw new Error('disk full');
    });
    const later = queue.run(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('later'));
    await expect(first).rejects.toThrow('disk full');
    await expect(failing).rejects.toThrow('disk full');
    await later;
    expect(other.prepare('SELECT v FROM t').pluck().all()).toEqual(['later']);
  });

  it('nests transactions of the write as savepoints: a failed one is undone, the rest kept', async () => {
    const queue = new WriteQueue(db, 1000, null);
    const tx = (fn: () => void) => queue.tx(fn);
    await queue.run(() => {
      tx(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('kept'));
      expect(() =>
        tx(() => {
          db.prepare('INSERT INTO t (v) VALUES (?)').run('undone');
          throw new Error('refused');
        }),
      ).toThrow('refused');
    });
    expect(other.prepare('SELECT v FROM t').pluck().all()).toEqual(['kept']);
  });

  it('awaits what the write returns after its turn, so the next write need not wait for it', async () => {
    const queue = new WriteQueue(db, 1000, null);
    let release!: () => void;
    const slow = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('slow done'))));
    // The second write runs while the first one's promise is still pending.
    await queue.run(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('second'));
    expect(other.prepare('SELECT v FROM t').pluck().all()).toEqual(['second']);
    release();
    expect(await slow).toBe('slow done');
  });

  it('lets a live waiter of another process go first, and removes the files of waiters that are gone', async () => {
    const waiters = join(dir, 'waiters');
    mkdirSync(waiters);
    // This process's pid with another start time: the pid was handed on, that waiter is gone.
    const handedOn = `${process.pid}-${Number(startTimeOf(process.pid)) + 1}`;
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const live = `${sleeper.pid}-${startTimeOf(sleeper.pid!)}`;
      for (const name of [handedOn, live]) writeFileSync(join(waiters, name), '');
      const queue = new WriteQueue(db, 1000, waiters);
      await queue.run(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('x'));
      expect(readdirSync(waiters).sort()).toEqual([live]);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('waits while another connection holds the lock, and runs once it is released', async () => {
    const queue = new WriteQueue(db, 60_000, null);
    other.exec('BEGIN IMMEDIATE');
    let ran = false;
    const pending = queue.run(() => {
      ran = true;
    });
    // Several polls go by without the lock.
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
    expect(ran).toBe(false);
    other.exec('COMMIT');
    await pending;
    expect(ran).toBe(true);
  });

  it('refuses a write when the lock stays taken with no commit for the stall bound', async () => {
    const queue = new WriteQueue(db, 50, null);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(queue.run(() => 'never')).rejects.toBeInstanceOf(WriteLockStalledError);
    } finally {
      other.exec('ROLLBACK');
    }
    expect(await queue.run(() => 'after')).toBe('after');
  });
});
