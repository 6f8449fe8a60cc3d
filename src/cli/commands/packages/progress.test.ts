import { describe, expect, it } from 'vitest';
import { fittedProgressLine, Progress, progressLine } from './progress.js';

describe('transfer progress line', () => {
  it('shows the bar, percentage, bytes, rate and time left', () => {
    expect(progressLine('app.bin', 512 * 1024 ** 2, 1024 ** 3, 4000, 10)).toBe('app.bin [#####-----]  50% 512.0 MiB/1.0 GiB 128.0 MiB/s ETA 4s');
    expect(progressLine('app.bin', 0, 1024, 0, 4)).toBe('app.bin [----]   0% 0 B/1.0 KiB ETA --');
    expect(progressLine('big', 1024 ** 3, 2 * 1024 ** 3, 100_000, 4)).toContain('ETA 1m40s');
  });

  it('shows bytes and rate alone when the total is unknown', () => {
    expect(progressLine('x', 2048, undefined, 1000)).toBe('x 2.0 KiB 2.0 KiB/s');
  });

  it('shows no rate, nor a time left, before half a second has passed, unless the transfer is complete', () => {
    // A megabyte from a buffer within 2 ms would read as 500 MiB/s.
    expect(progressLine('x', 1024 ** 2, undefined, 2)).toBe('x 1.0 MiB');
    expect(progressLine('app.bin', 1024 ** 2, 8 * 1024 ** 2, 2, 8)).toBe('app.bin [#-------]  12% 1.0 MiB/8.0 MiB ETA --');
    expect(progressLine('app.bin', 1024 ** 2, 8 * 1024 ** 2, 499, 8)).not.toContain('/s');
    expect(progressLine('app.bin', 1024 ** 2, 8 * 1024 ** 2, 500, 8)).toBe('app.bin [#-------]  12% 1.0 MiB/8.0 MiB 2.0 MiB/s ETA 4s');
    // Done: the whole transfer's duration is its rate, however short.
    expect(progressLine('app.bin', 1024, 1024, 2, 4)).toBe('app.bin [####] 100% 1.0 KiB/1.0 KiB 500.0 KiB/s ETA 0s');
  });

  it('on the status line, with a fake clock: the first draw has no rate, a later one has', async () => {
    let clock = 5000;
    const written: string[] = [];
    const out = { columns: 120, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
    const progress = new Progress({ label: 'app.bin', total: 4 * 1024 ** 2, out, now: () => clock });
    const drawn = () => written.filter((w) => w.startsWith('\r')).at(-1) ?? '';
    // The bytes pass through to whoever reads them; here, nobody in particular.
    progress.resume();
    const send = (bytes: number) => new Promise((resolve) => progress.write(Buffer.alloc(bytes), resolve));
    clock += 1;
    await send(1024 ** 2);
    expect(drawn()).toBe('\rapp.bin [######------------------]  25% 1.0 MiB/4.0 MiB ETA --\x1b[K');
    clock += 999;
    await send(1024 ** 2);
    expect(drawn()).toBe('\rapp.bin [############------------]  50% 2.0 MiB/4.0 MiB 2.0 MiB/s ETA 1s\x1b[K');
    progress.clear();
  });

  it('fits the line to the terminal: the bar narrows, then the name loses its middle; it never wraps', () => {
    expect(fittedProgressLine('app.bin', 512, 1024, 1000, 120)).toBe(progressLine('app.bin', 512, 1024, 1000));
    const narrow = fittedProgressLine('storefront-linux-amd64', 42, 42, 25, 80);
    expect(narrow.length).toBeLessThanOrEqual(79);
    expect(narrow).toMatch(/^storefront-linux-amd64 \[#+\] 100% 42 B\/42 B .* ETA 0s$/);
    const tiny = fittedProgressLine('a-very-long-package-file-name-for-linux-amd64.tar.gz', 1024 ** 3, 2 * 1024 ** 3, 100_000, 90);
    expect(tiny.length).toBeLessThanOrEqual(89);
    expect(tiny).toMatch(/^a-very-long-package.*….*linux-amd64\.tar\.gz \[#{2,3}-{2,3}\]  50% /);
    for (const columns of [20, 40, 80]) expect(fittedProgressLine('x'.repeat(100), 1, 2, 10, columns).length).toBeLessThanOrEqual(columns - 1);
  });
});
