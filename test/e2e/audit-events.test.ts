// hostctl audit-events list/get and --follow, run as processes against a local state.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliSandbox, type CliSandbox } from '../helpers/cli.js';

interface Event {
  id: number;
  event_name: string;
  entity_id: number;
  details: Record<string, unknown>;
}

describe('hostctl audit-events', () => {
  let box: CliSandbox;
  let bobId: number;

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    bobId = (await box.json<{ id: number }>(['users', 'create', '--username', 'bob', '--name', 'Bob', '--email', 'bob@example.com'])).id;
  });
  afterAll(() => box.cleanup());

  it('lists with filters and gets one; bad flags are usage errors naming them', async () => {
    const events = await box.json<Event[]>(['audit-events', 'list', '--event', 'user_created', '--since', '2h']);
    expect(events.map((e) => e.entity_id)).toContain(bobId);
    const one = await box.json<Event>(['audit-events', 'get', String(events[0]?.id)]);
    expect(one).toEqual(events[0]);
    const bad = await box.run(['audit-events', 'list', '--project', 'a/b', '--group', 'a']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--project and --group exclude each other');
  });

  /** A follower process, its output so far, and a wait (bounded) until that output shows something. */
  function follower(args: string[]) {
    const child = spawn(process.execPath, [BIN, 'audit-events', 'list', '--follow', '-o', 'jsonl', ...args], { env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = { out: '', err: '' };
    child.stdout.on('data', (c: Buffer) => (seen.out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (seen.err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    const until = async (what: string, shown: () => boolean) => {
      for (let i = 0; i < 600 && !shown(); i++) {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!shown()) throw new Error(`the follower never showed ${what}; stdout: ${seen.out} stderr: ${seen.err}`);
    };
    const lines = () => seen.out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
    const interrupt = async () => {
      child.kill('SIGINT');
      return exited;
    };
    return { seen, until, lines, interrupt, child };
  }

  it('--follow -o jsonl prints only events recorded after it started, as they happen; Ctrl-C exits 130', async () => {
    // --debug shows the stream request on stderr: the follower has read where to start.
    const f = follower(['--debug']);
    try {
      await f.until('its stream request', () => f.seen.err.includes('/hostctl/audit_events/stream'));
      await box.json(['users', 'create', '--username', 'carol', '--name', 'Carol', '--email', 'carol@example.com']);
      await f.until("carol's event", () => f.seen.out.includes('"carol"'));
      expect(await f.interrupt()).toBe(130);
      const lines = f.lines();
      expect(lines.map((e) => [e.event_name, e.details.target_details])).toEqual([['user_created', 'carol']]);
      expect(f.seen.err).not.toMatch(/\bat .+\.(c?js|ts):\d+/);
    } finally {
      f.child.kill('SIGKILL');
    }
  });

  it('--follow --since prints the events since then first, oldest first, then new ones, each once', async () => {
    const f = follower(['--since', '2h', '--event', 'user_created']);
    try {
      await f.until("bob's event", () => f.seen.out.includes('"bob"'));
      await box.json(['users', 'create', '--username', 'dave', '--name', 'Dave', '--email', 'dave@example.com']);
      await f.until("dave's event", () => f.seen.out.includes('"dave"'));
      expect(await f.interrupt()).toBe(130);
      const lines = f.lines();
      expect(lines.every((e) => e.event_name === 'user_created')).toBe(true);
      const names = lines.map((e) => e.details.target_details);
      expect(names.slice(-3)).toEqual(['bob', 'carol', 'dave']);
      expect(new Set(lines.map((e) => e.id)).size).toBe(lines.length);
      expect(lines.map((e) => e.id)).toEqual([...lines.map((e) => e.id)].sort((a, b) => a - b));
    } finally {
      f.child.kill('SIGKILL');
    }
    const clash = await box.run(['audit-events', 'list', '--follow', '--until', '2026-01-01']);
    expect(clash.exitCode).toBe(2);
    expect(String(clash.stderr)).toContain('--until and --follow exclude each other');
  });
});
