// `hostctl freeze-periods create -R PROJECT` with no flags on a terminal: the guided setup driven
// through a pseudo-terminal — a preset, a start cron first refused then corrected (marked live
// while typed), the preset's end, a searched time zone, the preview of five windows with an
// overlap, and the confirmation; then the system zone as default and a declined confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { KEY, runOnPty } from './terminal.js';

interface Period {
  id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
}

describe('freeze period wizard on a pseudo-terminal', () => {
  let box: CliSandbox;
  let existing: Period;

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await box.json(['projects', 'create', '--name', 'shop']);
    // Saturday mornings UTC: inside every weekend freeze.
    existing = await box.json<Period>(['freeze-periods', 'create', '-R', 'root/shop', '--start', '0 6 * * sat', '--end', '0 12 * * sat']);
  });
  afterAll(() => box.cleanup());

  it('walks through preset, cron (refusing a bad one), zone search, preview with overlap, and creates', async () => {
    const result = await runOnPty(
      box,
      ['freeze-periods', 'create', '-R', 'root/shop'],
      [
        { expect: 'When should deploys be frozen', send: [KEY.enter] },
        { expect: 'Freeze starts at', send: [...'0 0 0 * *'] },
        { expect: 'not valid yet', send: [KEY.enter] },
        { expect: 'not a cron expression', send: [...Array<string>(9).fill(KEY.backspace), ...'0 22 * * fri'] },
        { expect: '0 22 \\* \\* fri  ✓', send: [KEY.enter] },
        { expect: 'Freeze ends at', send: [KEY.enter] },
        { expect: 'Time zone of the cron fields', send: [...'berlin'] },
        { expect: 'Europe/Berlin', send: [KEY.enter] },
        { expect: 'Create freeze period', send: ['y', KEY.enter] },
      ],
      { TZ: 'America/New_York' },
      80,
    );
    expect(result.error, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
    // The preview: five windows in the period's zone with the local (system) time beside them,
    // wrapped at the terminal's 80 columns with each window's second line indented under it.
    expect(result.output).toContain('Next 5 freeze windows (Europe/Berlin; your time America/New_York)');
    expect(result.output).toMatch(/^ {2}Fri 2026-01-16 22:00 GMT\+1 \(Fri 2026-01-16 16:00 EST\) +→ +Mon 2026-01-19 07:00\n {4}GMT\+1 \(Mon 2026-01-19 01:00 EST\)$/m);
    // Lines a prompt redrew run into the next once escape codes are gone; every other line fits.
    for (const row of result.output.split('\n').filter((l) => !/✔|navigate|^\? /.test(l))) expect([...row].length, row).toBeLessThanOrEqual(80);
    expect(result.output).toMatch(/Fri 2026-02-13 22:00 GMT\+1/);
    expect(result.output).toContain(`Overlaps freeze period ${existing.id} (0 6 * * sat → 0 12 * * sat, UTC)`);

    const periods = await box.json<Period[]>(['freeze-periods', 'list', '-R', 'root/shop']);
    expect(periods.map((p) => [p.freeze_start, p.freeze_end, p.cron_timezone])).toEqual([
      ['0 6 * * sat', '0 12 * * sat', 'UTC'],
      ['0 22 * * fri', '0 7 * * mon', 'Europe/Berlin'],
    ]);
  });

  it('offers the system zone first, and a declined confirmation creates nothing (exit 2)', async () => {
    const before = await box.json<Period[]>(['freeze-periods', 'list', '-R', 'root/shop']);
    const result = await runOnPty(
      box,
      ['freeze-periods', 'create', '-R', 'root/shop'],
      [
        { expect: 'When should deploys be frozen', send: [KEY.down, KEY.enter] },
        { expect: 'Freeze starts at', send: [KEY.enter] },
        { expect: 'Freeze ends at', send: [KEY.enter] },
        { expect: 'America/New_York \\(system\\)', send: [KEY.enter] },
        { expect: 'Create freeze period 0 22 \\* \\* \\* → 0 6 \\* \\* \\* \\(America/New_York\\)', send: ['n', KEY.enter] },
      ],
      { TZ: 'America/New_York' },
    );
    expect(result.error, result.output).toBeNull();
    expect(result.code).toBe(2);
    expect(result.output).toContain('Next 5 freeze windows (America/New_York)');
    expect(result.output).toContain('Thu 2026-01-15 22:00 EST');
    expect(result.output).toContain('cancelled');
    expect(await box.json<Period[]>(['freeze-periods', 'list', '-R', 'root/shop'])).toEqual(before);
  });

  it('--no-input on a terminal refuses to prompt, naming the missing flags', async () => {
    const result = await runOnPty(box, ['freeze-periods', 'create', '-R', 'root/shop', '--no-input'], []);
    expect(result.code).toBe(2);
    expect(result.output).toContain('missing --start and --end');
  });
});
