import { describe, expect, it } from 'vitest';
import type { TerminalInfo } from '../io/terminal.js';
import { listStream, renderList, streams, type RenderOptions } from './output.js';

const term = { stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, color: false, canPrompt: false, columns: 80 } as TerminalInfo;

const rows = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `row "${i}"\nwith a line break`,
  tags: i % 2 ? [] : ['a', 'b'],
  nested: { deep: { value: i, text: 'x\ty' } },
  none: null,
}));

/** The stream's text over the rows cut into pages of `size` (some pages empty, as a filter leaves them). */
function streamed(opts: RenderOptions, list: Record<string, unknown>[], size: number): string {
  const out = listStream(opts);
  let text = '';
  for (let i = 0; i < list.length; i += size) {
    text += out.page(list.slice(i, i + size));
    text += out.page([]);
  }
  return text + out.end();
}

describe('a list written a page at a time', () => {
  it('is the same text as the list rendered whole, in JSON and JSON lines, with and without --fields', async () => {
    for (const format of ['json', 'jsonl'] as const) {
      for (const fields of [undefined, ['id', 'nested.deep.value']]) {
        const opts: RenderOptions = { format, term, ...(fields ? { fields } : {}) };
        for (const list of [rows, rows.slice(0, 1), []]) {
          const whole = await renderList(list, opts);
          for (const size of [1, 2, 7, 100]) expect(streamed(opts, list, size)).toBe(whole);
        }
      }
    }
  });

  it('checks --fields on the first row before writing anything, and against the known fields when nothing came', () => {
    const out = listStream({ format: 'json', term, fields: ['id', 'colour'] });
    expect(() => out.page(rows.slice(0, 3))).toThrow('unknown field "colour" for --fields; available: id, name, tags, nested, none');
    const empty = listStream({ format: 'jsonl', term, fields: ['colour'], knownFields: ['id'] });
    expect(() => empty.end()).toThrow('unknown field "colour"');
    expect(listStream({ format: 'jsonl', term, fields: ['colour'], knownFields: ['id'] }).end(['id', 'colour'])).toBe('');
  });

  it('is only for JSON and JSON lines without --jq', () => {
    expect(streams({ format: 'json', term })).toBe(true);
    expect(streams({ format: 'jsonl', term })).toBe(true);
    expect(streams({ format: 'json', term, jq: '.' })).toBe(false);
    for (const format of ['table', 'wide', 'yaml', 'csv'] as const) expect(streams({ format, term })).toBe(false);
    expect(() => listStream({ format: 'yaml', term })).toThrow();
  });
});
