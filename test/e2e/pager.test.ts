// The pager: a table taller than the terminal goes through HOSTCTL_PAGER (else PAGER) on a
// terminal only; a short one, a piped one and an empty HOSTCTL_PAGER never start it, and a pager
// that cannot run leaves the table printed and says so. On a pseudo-terminal, with a "pager"
// that marks every line it shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { canUseTerminal, runOnTerminal } from './terminal.js';

const MARKING = "sed 's/^/paged: /'";

describe.skipIf(!canUseTerminal)('the pager', () => {
  let box: CliSandbox;
  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('takes a table taller than the terminal, and LESS is set for it', async () => {
    const run = await runOnTerminal(box, ['projects', 'list'], { env: { HOSTCTL_PAGER: `${MARKING}; echo "LESS=$LESS"`, LINES: '5', COLUMNS: '60' } });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).toMatch(/^paged: ID +PATH/m);
    expect(run.output).toMatch(/^paged: 5 +acme\/web\/storefront/m);
    expect(run.output).toContain('LESS=FRX');
    // The note about the columns left out comes after the pager, unmarked.
    expect(run.output).toMatch(/paged: 1 +acme\/platform\/api-gateway[^]*\n\(\+\d columns/);
    // PAGER when HOSTCTL_PAGER is not set; HOSTCTL_PAGER="" turns paging off whatever PAGER says.
    expect((await runOnTerminal(box, ['projects', 'list'], { env: { PAGER: MARKING, LINES: '5' } })).output).toMatch(/^paged: ID/m);
    expect((await runOnTerminal(box, ['projects', 'list'], { env: { PAGER: MARKING, HOSTCTL_PAGER: '', LINES: '5' } })).output).not.toContain('paged:');
  });

  it('leaves a table that fits, and piped output, alone; a pager that cannot run leaves the table printed', async () => {
    expect((await runOnTerminal(box, ['projects', 'list'], { env: { HOSTCTL_PAGER: MARKING, LINES: '40' } })).output).not.toContain('paged:');
    const piped = await box.run(['projects', 'list'], { env: { HOSTCTL_PAGER: MARKING, LINES: '2' } });
    expect([piped.exitCode, String(piped.stdout)]).toEqual([0, expect.stringMatching(/^8\talice\/dotfiles/)]);
    const missing = await runOnTerminal(box, ['projects', 'list'], { env: { HOSTCTL_PAGER: 'no-such-pager-here', LINES: '5' } });
    expect(missing.exitCode).toBe(0);
    expect(missing.output).toMatch(/^5 +acme\/web\/storefront/m);
    expect(missing.output).toContain('note: the pager "no-such-pager-here" could not be run (exit 127); set HOSTCTL_PAGER to another pager, or to "" for none');
  });
});
