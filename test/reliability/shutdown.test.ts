// Stopping `serve` (what SIGTERM does): the worker takes no new job, waits a bounded time for
// the running one, and leaves what it did not finish in the queue for the next worker.
import { describe, expect, it } from 'vitest';
import { startInstance } from '../helpers/instance.js';
import { startServer } from '../../src/server/server.js';
import { registerJob } from '../../src/core/jobs/registry.js';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

describe('stopping the server', () => {
  it('stops taking jobs, waits at most the grace period, and leaves the rest queued', async () => {
    const inst = await startInstance('local');
    let release: () => void = () => undefined;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    registerJob('test.slow', () => Promise.resolve(async () => {
      started++;
      await blocker;
    }));
    const first = inst.core.jobs.enqueue('test.slow', {});
    const second = inst.core.jobs.enqueue('test.slow', {});
    const server = await startServer({ core: inst.core, port: 0, log: null, jobPollMs: 10, jobStopGraceMs: 200 });
    try {
      for (let i = 0; i < 500 && started === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(started).toBe(1);
      await server.close();
      // The grace period ran out with the first job still running; the second was never taken.
      expect(inst.core.jobs.get(first)?.state).toBe('running');
      expect(inst.core.jobs.get(second)?.state).toBe('queued');
      release();
      for (let i = 0; i < 500 && inst.core.jobs.get(first)?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 10));
      expect(inst.core.jobs.get(first)?.state).toBe('done');
      expect(inst.core.jobs.get(second)?.state).toBe('queued');
      expect(started).toBe(1);
    } finally {
      release();
      inst.core.db.prepare("UPDATE jobs SET state = 'done' WHERE kind = 'test.slow'").run();
      await inst.close();
    }
  });

  it('a server that cannot bind its port leaves no worker behind to take jobs', async () => {
    const inst = await startInstance('local');
    let ran = 0;
    registerJob('test.count', () => Promise.resolve(async () => {
      ran++;
    }));
    const holder = createTcpServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    const port = (holder.address() as AddressInfo).port;
    try {
      const job = inst.core.jobs.enqueue('test.count', {});
      await expect(startServer({ core: inst.core, port, log: null, jobPollMs: 5 })).rejects.toThrow(/EADDRINUSE/);
      // A worker left polling would take the job within a few of its 5 ms turns.
      await new Promise((r) => setTimeout(r, 300));
      expect(ran).toBe(0);
      expect(inst.core.jobs.get(job)?.state).toBe('queued');
      // The job itself can run: a server that does start takes it.
      const server = await startServer({ core: inst.core, port: 0, log: null, jobPollMs: 5 });
      try {
        for (let i = 0; i < 500 && inst.core.jobs.get(job)?.state !== 'done'; i++) await new Promise((r) => setTimeout(r, 10));
        expect(inst.core.jobs.get(job)?.state).toBe('done');
        expect(ran).toBe(1);
      } finally {
        await server.close();
      }
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
      await inst.close();
    }
  });
});
