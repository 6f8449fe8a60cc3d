import { describe, expect, it } from 'vitest';
import { humanBytes } from './byte-size.js';

describe('humanBytes', () => {
  it('formats sizes in binary units', () => {
    expect([humanBytes(0), humanBytes(1023), humanBytes(1536), humanBytes(5 * 1024 ** 4)]).toEqual(['0 B', '1023 B', '1.5 KiB', '5.0 TiB']);
  });
});
