import { describe, expect, it } from 'vitest';
import { fitTable, fitWidths, layoutTable } from './table.js';
import { displayWidth, fitCell, relativeTime, timeText, truncate } from './cells.js';
import { cellText, csvEscape, tsvEscape } from './output.js';

describe('tables', () => {
  it('cut the widest column first, never below the floor', () => {
    expect(fitWidths([2, 30, 10], [2, 6, 6], 40)).toEqual([2, 24, 10]);
    expect(fitWidths([2, 30, 28], [2, 6, 6], 40)).toEqual([2, 17, 17]);
    expect(fitWidths([10, 10], [10, 10], 5)).toEqual([10, 10]);
  });

  it('cut the lowest priority first, and among equals the widest', () => {
    // A URL (4) gives way before the longer name (2) beside it.
    expect(fitWidths([2, 30, 30], [2, 12, 12], 60, [1, 2, 4])).toEqual([2, 30, 24]);
    expect(fitWidths([2, 30, 30], [2, 12, 12], 40, [1, 2, 4])).toEqual([2, 22, 12]);
  });

  it('never drop a kept column or cut a state word; drop a URL rather than cut it to noise', () => {
    const dsn = 'http://glet_d6774ef8b490c596caf85ba98e7d79f7@localhost:8080/api/v4/error_tracking/collector/5';
    const keys = layoutTable(['ID', 'ACTIVE', 'DSN'], [['1', 'true', dsn]], { width: 80, color: false, priority: [1, 4, 4], keep: (_r, c) => c === 2 });
    expect(keys.hidden).toEqual([]);
    expect(keys.text).toContain(dsn);
    const rows = [['project', '3', 'acme/platform/infra/terraform-modules', 'owner', 'private', 'http://localhost:8080/acme/platform/infra/terraform-modules']];
    const reach = layoutTable(['KIND', 'ID', 'NAME', 'ROLE', 'VISIBILITY', 'URL'], rows, { width: 80, color: false, priority: [1, 2, 1, 2, 2, 4] });
    expect(reach.hidden).toEqual(['URL']);
    expect(reach.text).toContain('acme/platform/infra/terraform-modules');
    const states = layoutTable(['ID', 'NAME', 'STATUS', 'PROJECT'], [['1', 'x'.repeat(30), 'default', 'acme/web/storefront']], { width: 40, color: false, priority: [1, 2, 3, 4] });
    expect(states.text).toMatch(/\sdefault\s/);
  });

  it('fit the width with an ellipsis, keep times whole, leave no trailing spaces', () => {
    const out = fitTable(['ID', 'DESCRIPTION', 'CREATED'], [['1', 'a very long description that goes on and on', '3 hours ago'], ['2', 'short', '-']], { width: 40, color: false });
    const lines = out.trimEnd().split('\n');
    for (const l of lines) {
      expect(displayWidth(l)).toBeLessThanOrEqual(40);
      expect(l).toBe(l.trimEnd());
    }
    expect(lines[1]).toContain('…');
    expect(lines[1]).toMatch(/3 hours ago$/);
  });

  it('cut paths and URLs from the left at a segment boundary, keeping the last segment', () => {
    expect(fitCell('acme/platform/runner', 13)).toBe('…/runner');
    expect(fitCell('acme/platform/runner', 18)).toBe('…/platform/runner');
    expect(fitCell('acme/platform/api-gateway', 14)).toBe('…/api-gateway');
    expect(fitCell('alice/dotfiles', 13)).toBe('…/dotfiles');
    // A last segment too long for the column keeps its beginning.
    expect(fitCell('acme/platform/a-very-long-project-name', 13)).toBe('a-very-long-…');
    expect(fitCell('acme/web', 13)).toBe('acme/web');
    // A file's path too: the storage directory's name stays.
    expect(fitCell('/tmp/ct-walk/state/storages/archive', 18)).toBe('…/storages/archive');
    expect(fitCell('http://localhost:8080/acme/web/storefront/-/releases/v1.1.0', 24)).toBe('…/-/releases/v1.1.0');
    expect(fitCell('https://example.com/a/b/c', 13)).toBe('…/a/b/c');
    // Text with spaces keeps its beginning.
    expect(fitCell('a short/long description here', 13)).toBe('a short/long…');
    for (const [text, w] of [['acme/platform/runner', 13], ['日本/語のテ/キスト', 7], ['a/b', 2]] as const) expect(displayWidth(fitCell(text, w))).toBeLessThanOrEqual(w);
  });

  it('keep identifiers and times whole at 80 columns: text shrinks, then the lowest-priority columns go', () => {
    const header = ['ID', 'USERNAME', 'NAME', 'STATE', 'EMAIL', 'ADMIN', 'EXTERNAL', 'LAST ACTIVE', 'CREATED'];
    const rows = [['7', 'tom.becker-longname', 'Tom Becker the Third', 'active', 'tom.becker@acme.example', 'false', 'false', '12 minutes ago', '12 minutes ago']];
    const prio = [1, 1, 2, 3, 2, 4, 4, 3, 3];
    const t = layoutTable(header, rows, { width: 80, color: false, priority: prio });
    expect(t.hidden).toEqual(['ADMIN', 'EXTERNAL', 'CREATED']);
    const line = t.text.split('\n')[1] as string;
    expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(line).toContain('tom.becker-longname');
    expect(line).toMatch(/active\s.*12 minutes ago$/);
    // Without priorities nothing is dropped; -o wide keeps every column whole.
    expect(layoutTable(header, rows, { width: 80, color: false }).hidden).toEqual([]);
    const wide = layoutTable(header, rows, { width: 80, color: false, priority: prio, wide: true });
    expect(wide.hidden).toEqual([]);
    expect(wide.text).toContain('tom.becker@acme.example');
  });

  it('two projects of one group stay apart when only the identifiers are left', () => {
    const rows = [['3', 'acme/platform/runner', 'private', 'main', 'default', 'false', '13 minutes ago'], ['4', 'acme/platform/registry', 'private', 'main', 'default', 'false', '13 minutes ago']];
    const out = fitTable(['ID', 'PATH', 'VISIBILITY', 'DEFAULT BRANCH', 'STORAGE', 'ARCHIVED', 'LAST ACTIVITY'], rows, { width: 22, color: false, priority: [1, 1, 2, 2, 2, 4, 3] });
    const [, a, b] = out.split('\n');
    expect(a).toMatch(/…\/platform\/runner$/);
    expect(b).toMatch(/…\/registry$/);
  });

  it('print kept cells whole and cut the other columns around them', () => {
    const dsn = 'http://glet_d6774ef8b490c596caf85ba98e7d79f7@localhost:8080/api/v4/error_tracking/collector/5';
    const out = fitTable(['ID', 'NOTE', 'DSN'], [['1', 'a note long enough to be cut at forty columns', dsn]], { width: 60, color: false, keep: (_r, c) => c === 2 });
    const row = out.split('\n')[1] as string;
    expect(row.endsWith(dsn)).toBe(true);
    expect(row).toContain('…');
    const item = fitTable(['FIELD', 'VALUE'], [['id', '1'], ['dsn', dsn], ['note', 'x'.repeat(90)]], { width: 40, color: false, keep: (r, c) => r === 1 && c === 1 });
    const lines = item.split('\n');
    expect(lines[2]).toContain(dsn);
    expect(displayWidth(lines[3] as string)).toBeLessThanOrEqual(40);
  });

  it('truncate by display width, relative times, escaping', () => {
    expect(truncate('日本語のテキスト', 7)).toBe('日本語…');
    expect(truncate('short', 10)).toBe('short');
    const now = new Date('2026-01-15T10:00:00Z');
    expect(relativeTime('2026-01-15T07:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-01-17T10:00:00Z', now)).toBe('in 2 days');
    expect(relativeTime('2026-01-15T09:59:30Z', now)).toBe('just now');
    expect(relativeTime('2024-01-15T10:00:00Z', now)).toBe('2024-01-15');
    // Past a year, the date in UTC (not the date of the offset the value was written in).
    expect(relativeTime('2024-01-15T23:30:00-05:00', now)).toBe('2024-01-16');
    expect(tsvEscape('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(csvEscape('plain')).toBe('plain');
    expect(csvEscape('a,"b"')).toBe('"a,""b"""');
  });

  it('one time rule: relative on a terminal, ISO 8601 in UTC elsewhere, dates as they are', () => {
    const now = new Date('2026-01-15T10:00:00Z');
    // A commit's time with its author's offset and a token's time in UTC read alike.
    expect(timeText('2026-01-15T09:00:00.000+02:00', false, now)).toBe('2026-01-15T07:00:00.000Z');
    expect(timeText('2026-01-15T07:00:00.000Z', false, now)).toBe('2026-01-15T07:00:00.000Z');
    expect(timeText('2026-01-15T09:00:00.000+02:00', true, now)).toBe('3 hours ago');
    expect(cellText('2026-01-15T09:00:00+02:00', false, now)).toBe('2026-01-15T07:00:00.000Z');
    expect(cellText('2026-01-15T09:00:00+02:00', true, now)).toBe('3 hours ago');
    expect(cellText([], true, now)).toBe('-');
    expect(cellText([], false, now)).toBe('');
    expect(cellText('2027-02-25', true, now)).toBe('2027-02-25');
    expect(cellText('2027-02-25', false, now)).toBe('2027-02-25');
    // Text that only starts like a time is not one.
    expect(cellText('2026-01-15T09:00 deploy', true, now)).toBe('2026-01-15T09:00 deploy');
  });
});
