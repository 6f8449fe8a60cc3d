// The status line of a list that spans pages: on a terminal's stderr, rows fetched of the total
// the answer gives, then taken away before the table; nothing for a list of one page or piped,
// and the same through hostctl serve, where the totals come in HTTP headers.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, cliSandbox, startServe, type CliSandbox } from '../helpers/cli.js';
import { canUseTerminal, hasCommand, runOnTerminal } from './terminal.js';

const CLEAR_LINE = '\u001b[2K';
// No pager: the list is taller than the pseudo-terminal.
const QUIET = { HOSTCTL_PAGER: '' };

describe.skipIf(!canUseTerminal)('progress of a list across pages', () => {
  let box: CliSandbox;
  let token: string;
  let total: number;
  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init(['--demo']);
    total = (JSON.parse(String((await box.run(['tokens', 'list', '--all', '-o', 'json'])).stdout)) as unknown[]).length;
    expect(total).toBeGreaterThan(10);
  });
  afterAll(() => box.cleanup());

  const ids = (output: string) => output.split('\n').filter((l) => /^\d+\s*$/.test(l)).map(Number);

  it('--all shows the rows of the total and the pages, then clears the line before the table', async () => {
    const pages = Math.ceil(total / 5);
    const run = await runOnTerminal(box, ['tokens', 'list', '--all', '--per-page', '5', '--fields', 'id'], { env: QUIET });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(`fetching rows: 5 of ${total} (page 1 of ${pages})`);
    const cleared = run.output.lastIndexOf(CLEAR_LINE);
    expect(cleared).toBeGreaterThan(run.output.indexOf('fetching rows'));
    expect(run.output.indexOf('ID', cleared)).toBeGreaterThan(cleared);
    expect(ids(run.output)).toHaveLength(total);
  });

  it('--limit counts towards the limit; one page, and a piped list, show no line', async () => {
    expect((await runOnTerminal(box, ['tokens', 'list', '--limit', '7', '--per-page', '5', '--fields', 'id'], { env: QUIET })).output).toContain('fetching rows: 5 of 7 (page 1)');
    const one = await runOnTerminal(box, ['tokens', 'list', '--all', '--fields', 'id'], { env: QUIET });
    expect(ids(one.output)).toHaveLength(total);
    expect(one.output).not.toContain('fetching');
    const piped = await box.run(['tokens', 'list', '--all', '--per-page', '5', '--fields', 'id']);
    expect(String(piped.stdout).split('\n')).toHaveLength(total);
    expect(String(piped.stderr)).toBe('');
  });

  it.runIf(hasCommand('script'))('rows written as they come: the line beside a file, none beside a pipe whose reader shares the terminal', async () => {
    const file = join(box.dir, 'tokens.jsonl');
    const onTerminal = async (redirect: string) =>
      String((await execa('script', ['-qec', `"${process.execPath}" "${BIN}" tokens list --all --per-page 5 -o jsonl ${redirect}`, '/dev/null'], { env: { ...cleanEnv(), ...box.env, COLUMNS: '200', TERM: 'xterm' }, extendEnv: false, stdin: 'ignore' })).stdout);
    expect(await onTerminal(`> "${file}"`)).toContain(`fetching rows: 5 of ${total}`);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(total);
    const piped = await onTerminal('| cat');
    expect(piped).not.toContain('fetching rows');
    expect(piped.trim().split('\n')).toHaveLength(total);
  });

  it('through hostctl serve, from the totals in its headers', async () => {
    const serve = await startServe(box);
    try {
      const run = await runOnTerminal(box, ['tokens', 'list', '--all', '--per-page', '4', '--fields', 'id'], { env: { ...QUIET, HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: token } });
      expect(run.exitCode).toBe(0);
      expect(run.output).toContain(`fetching rows: 4 of ${total} (page 1 of ${Math.ceil(total / 4)})`);
      expect(ids(run.output)).toHaveLength(total);
    } finally {
      serve.proc.kill();
      await serve.proc;
    }
  });
});
