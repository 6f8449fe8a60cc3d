import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.js';

const SRC = join(import.meta.dirname, '..');

/** The source files of src/ (tests left out), with their text. */
function sources(): { file: string; text: string }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));
}

describe('compareText', () => {
  it('orders by code units, whatever the locale: capitals before small letters, punctuation by its code', () => {
    expect(['b', 'B', 'a_b', 'ab', 'a-b', 'A', 'a'].sort(compareText)).toEqual(['A', 'B', 'a', 'a-b', 'a_b', 'ab', 'b']);
    expect(compareText('acme/web', 'acme/web')).toBe(0);
    expect(compareText('2026-11-29T10:00:00Z', '2026-11-29T09:59:59Z')).toBe(1);
  });
});

describe('costs a command pays at its first step', () => {
  it('no code orders text with localeCompare (it loads the collation data, and orders by the machine locale)', () => {
    const users = sources().filter(({ file, text }) => file !== join('shared', 'text-order.ts') && /\.localeCompare\(/.test(text));
    expect(users.map((u) => u.file)).toEqual([]);
  });

  it('no module makes a Unicode property pattern when it loads (the first one loads the property data)', () => {
    // A pattern made on first use is written `(name ??= /…\p{…}…/u)`; one assigned at the top of a module is made at load.
    const atLoad = sources().flatMap(({ file, text }) => text.split('\n').filter((line) => /^(?:export )?const \w+ = \/.*\\p\{/.test(line)).map(() => file));
    expect(atLoad).toEqual([]);
  });
});
