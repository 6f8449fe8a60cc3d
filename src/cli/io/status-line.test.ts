import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { interruptStatusLine, openStatusLine, RATE_AFTER_MS, rateOf } from './status-line.js';

/** A terminal stand-in: what was written, in order. */
function terminal(columns = 40) {
  const written: string[] = [];
  const out = { columns, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { out, written, text: () => written.join('') };
}

describe('status line', () => {
  let clock = 0;
  const now = () => clock;
  // The program's own handler, as main installs it; here it only records that it ran.
  let programHandled = 0;
  const programHandler = () => void programHandled++;
  beforeEach(() => {
    clock = 1000;
    programHandled = 0;
    process.on('SIGINT', programHandler);
  });
  afterEach(() => void process.off('SIGINT', programHandler));

  it('draws at most ten times a second, making the text only when it draws', () => {
    const t = terminal();
    const line = openStatusLine({ out: t.out, now });
    let made = 0;
    for (let i = 0; i < 1000; i++) {
      clock += 1;
      line.update(() => `step ${++made}`);
    }
    // 1 s of reports every millisecond: the first, then one per 100 ms.
    expect(t.written.filter((w) => w.startsWith('\r')).length).toBe(10);
    expect(made).toBe(10);
    line.clear();
  });

  it('never draws wider than the terminal less one column', () => {
    const t = terminal(20);
    const line = openStatusLine({ out: t.out, now });
    line.update('x'.repeat(50));
    expect(t.text()).toContain(`\r${'x'.repeat(19)}\x1b[K`);
    line.clear();
  });

  it('hides the cursor while drawn, and clear or finish shows it again', () => {
    const t = terminal();
    const line = openStatusLine({ out: t.out, now });
    line.update('copying');
    expect(t.text()).toBe('\x1b[?25l\rcopying\x1b[K');
    line.clear();
    expect(t.text().endsWith('\r\x1b[2K\x1b[?25h')).toBe(true);
    const u = terminal();
    const done = openStatusLine({ out: u.out, now });
    done.update('half');
    done.finish('all');
    expect(u.text().endsWith('\rall\x1b[K\n\x1b[?25h')).toBe(true);
    // Closed: nothing more is written.
    done.update('again');
    done.finish();
    expect(u.text().endsWith('\rall\x1b[K\n\x1b[?25h')).toBe(true);
  });

  it('on SIGINT ends the line with its latest state (no spinner frame), from a listener ahead of the program\'s', () => {
    const t = terminal();
    const before = process.listeners('SIGINT');
    const beforeTerm = process.listeners('SIGTERM');
    const line = openStatusLine({ out: t.out, now, spinner: true });
    const added = process.listeners('SIGINT').filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    expect(process.listeners('SIGINT')[0]).toBe(added[0]);
    // A kill is handled the same way while the line is up.
    expect(process.listeners('SIGTERM')).toHaveLength(beforeTerm.length + 1);
    let state = 1;
    line.update(() => `${state} of 3`);
    state = 2;
    line.update(() => `${state} of 3`); // within 100 ms: not drawn
    // (What the listener calls; emitting SIGINT here would reach the test runner's own handler.)
    interruptStatusLine();
    expect(t.text().endsWith('\r2 of 3\x1b[K\n\x1b[?25h')).toBe(true);
    // Its listener is gone with it, and the program's handler (here, one that only counts) is left to exit.
    expect(process.listeners('SIGINT')).toEqual(before);
    expect(process.listeners('SIGTERM')).toEqual(beforeTerm);
    expect(programHandled).toBe(0);
    line.clear();
    expect(t.text().endsWith('\r2 of 3\x1b[K\n\x1b[?25h')).toBe(true);
  });

  it('shows nothing, and holds no handler, when stderr is not a terminal', () => {
    const before = process.listenerCount('SIGINT');
    const line = openStatusLine({ out: null, now });
    line.update('x');
    expect(process.listenerCount('SIGINT')).toBe(before);
    line.finish();
  });

  it('gives a rate only once enough time has passed, or when the work is complete', () => {
    expect(rateOf(64 * 1024, 0.05)).toBeUndefined();
    expect(rateOf(64 * 1024, RATE_AFTER_MS - 1)).toBeUndefined();
    expect(rateOf(1000, RATE_AFTER_MS)).toBe(2000);
    expect(rateOf(1000, 10, true)).toBe(100_000);
    expect(rateOf(1000, 0, true)).toBeUndefined();
  });
});
