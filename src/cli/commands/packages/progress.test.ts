import { describe, expect, it } from 'vitest';
import { formatBytes, progressLine } from './progress.js';

describe('transfer progress line', () => {
  it('shows the bar, percentage, bytes, rate and time left', () => {
    expect(progressLine('app.bin', 512 * 1024 ** 2, 1024 ** 3, 4000, 10)).toBe('app.bin [#####-----]  50% 512.0 MiB/1.0 GiB 128.0 MiB/s ETA 4s');
    expect(progressLine('app.bin', 0, 1024, 0, 4)).toBe('app.bin [----]   0% 0 B/1.0 KiB 0 B/s ETA --');
    expect(progressLine('big', 1024 ** 3, 2 * 1024 ** 3, 100_000, 4)).toContain('ETA 1m40s');
  });

  it('shows bytes and rate alone when the total is unknown', () => {
    expect(progressLine('x', 2048, undefined, 1000)).toBe('x 2.0 KiB 2.0 KiB/s');
  });

  it('formats sizes in binary units', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 ** 4)]).toEqual(['0 B', '1023 B', '1.5 KiB', '5.0 TiB']);
  });
});
