import * as lib from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { type FreezeWindow, canonicalCron, cronProblem, formatInZone, isTimeZone, isoInZone, nextWindows, normaliseCron, windowAt, windowsOverlap } from './freeze-windows.js';

describe('freeze windows', () => {
  it('accepts the cron forms the platform accepts and refuses the others', () => {
    for (const ok of ['5 4 * * sun', '0 0 1 jan *', '*/15 0-6 * * 1-5', '0 9,17 * * mon-fri', '0 0 L * *', '0 0 * * mon#2', '0 0 0 * * *', '@weekly', '  0 23 * * fri  ']) expect(cronProblem(lib, ok), ok).toBeUndefined();
    for (const bad of ['0 0 0 * *', '', '* * * *', 'H 0 * * *', '0 0 ? * *', '0 0 * * * * 2026', '61 * * * *', '@weekdays', 'x'.repeat(300)]) expect(cronProblem(lib, bad), bad).toBe('syntax is invalid');
    expect(normaliseCron(' @daily ')).toBe('0 0 * * *');
  });

  it('knows IANA zone names as spelled there', () => {
    for (const ok of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1', 'US/Pacific']) expect(isTimeZone(ok), ok).toBe(true);
    for (const bad of ['', 'europe/berlin', '+01:00', 'Mars/Olympus', 'Europe/Berlin ', '../etc/passwd']) expect(isTimeZone(bad), bad).toBe(false);
  });

  it('finds the window around a time: start inclusive, end exclusive, across a daylight-saving change', () => {
    const rule = { freeze_start: '0 23 * * fri', freeze_end: '0 7 * * mon', cron_timezone: 'Europe/Berlin' };
    expect(windowAt(lib, rule, new Date('2026-03-27T21:59:59Z'))).toBeNull();
    const w = windowAt(lib, rule, new Date('2026-03-27T22:00:00Z'));
    expect(w?.start.toISOString()).toBe('2026-03-27T22:00:00.000Z');
    expect(w?.end.toISOString()).toBe('2026-03-30T05:00:00.000Z');
    expect(windowAt(lib, rule, new Date('2026-03-30T05:00:00Z'))).toBeNull();
    expect(isoInZone(w?.end as Date, 'Europe/Berlin')).toBe('2026-03-30T07:00:00+02:00');
    expect(formatInZone(w?.start as Date, 'UTC')).toBe('Fri 2026-03-27 22:00 UTC');
  });

  it('lists the next windows, one in progress first, and spots overlaps', () => {
    const holidays = { freeze_start: '0 0 23 12 *', freeze_end: '0 0 2 1 *', cron_timezone: 'UTC' };
    const list = nextWindows(lib, holidays, new Date('2026-12-30T00:00:00Z'), 2);
    expect(list.map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2026-12-23T00:00:00.000Z', '2027-01-02T00:00:00.000Z'],
      ['2027-12-23T00:00:00.000Z', '2028-01-02T00:00:00.000Z'],
    ]);
    const nightly = nextWindows(lib, { freeze_start: '0 22 * * *', freeze_end: '0 6 * * *', cron_timezone: 'UTC' }, new Date('2026-12-31T12:00:00Z'), 1)[0];
    expect(nightly && windowsOverlap(list[0] as FreezeWindow, nightly)).toBe(true);
    expect(nightly && windowsOverlap(list[1] as FreezeWindow, nightly)).toBe(false);
  });
});

describe('canonicalCron', () => {
  it('reads alike the spellings of one schedule, and apart the ones that differ', () => {
    const same = (a: string, b: string) => canonicalCron(lib, a) === canonicalCron(lib, b);
    expect(same('0 23 * * fri', '0 23 * * 5')).toBe(true);
    expect(same('0 23 * * SUN', '0 23 * * 7')).toBe(true);
    expect(same('0 22,23 * * mon-fri', '0 22-23 * * 1,2,3,4,5')).toBe(true);
    expect(same('0,15,30,45 * * * *', '*/15 * * * *')).toBe(true);
    expect(same('0 0 1 jan *', '0 0 1 1 *')).toBe(true);
    expect(same('0 23 * * 5', '0 0 23 * * 5')).toBe(true);
    expect(same('  0  23 * * 5 ', '0 23 * * 5')).toBe(true);
    expect(same('@daily', '0 0 * * *')).toBe(true);
    // A step of one is every minute; seconds other than 0 are another time; day-of-month and day-of-week are an OR.
    expect(same('*/1 23 * * 5', '0 23 * * 5')).toBe(false);
    expect(same('30 0 23 * * 5', '0 23 * * 5')).toBe(false);
    expect(same('0 0 24 12 0-6', '0 0 24 12 *')).toBe(false);
    expect(canonicalCron(lib, 'not a cron')).toBe('not a cron');
  });
});
