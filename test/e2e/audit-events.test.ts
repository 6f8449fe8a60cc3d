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

  it('--follow -o jsonl prints new events as they happen; Ctrl-C exits 130', async () => {
    const child = spawn(process.execPath, [BIN, 'audit-events', 'list', '--follow', '-o', 'jsonl'], { env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    // The follower starts after the newest event; wait until it is polling.
    await new Promise((r) => setTimeout(r, 1500));
    await box.json(['users', 'create', '--username', 'carol', '--name', 'Carol', '--email', 'carol@example.com']);
    for (let i = 0; i < 100 && !out.includes('\n'); i++) await new Promise((r) => setTimeout(r, 100));
    const code = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    child.kill('SIGINT');
    expect(await code).toBe(130);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Event);
    expect(lines.map((e) => e.event_name)).toContain('user_created');
    expect(lines.some((e) => e.details.target_details === 'carol')).toBe(true);
  });
});
