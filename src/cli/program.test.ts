import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { addNouns, createProgram, findSub } from './program.js';
import { NOUNS } from './nouns.js';

/** The noun's command as a command line naming `noun` and then `verb` (no --help) gets it. */
async function nounFor(noun: string, verb: string | undefined): Promise<Command> {
  const entry = NOUNS.find((n) => n.name === noun);
  if (!entry) throw new Error(`no noun ${noun}`);
  const program = createProgram();
  await addNouns(program, [entry], { alone: true, ...(verb !== undefined ? { verb } : {}) });
  const cmd = findSub(program, noun);
  if (!cmd) throw new Error(`${noun} was not added`);
  return cmd;
}

const names = (cmd: Command) => cmd.commands.map((c) => c.name()).sort();
const shape = (cmd: Command) => cmd.commands.map((c) => [c.name(), c.aliases(), c.options.map((o) => o.flags)]);

describe('a noun configured for one command line', () => {
  it('has only the verb the command line names, by name or alias, made as in the whole noun', async () => {
    const whole = await nounFor('tokens', undefined);
    expect(names(whole).length).toBeGreaterThan(1);
    for (const word of ['list', 'ls']) {
      const one = await nounFor('tokens', word);
      expect(names(one)).toEqual(['list']);
      expect(shape(one)).toEqual(shape(whole).filter(([name]) => name === 'list'));
    }
  });

  it('is the whole noun when no verb answers to the word', async () => {
    const whole = await nounFor('tokens', undefined);
    expect(shape(await nounFor('tokens', 'lst'))).toEqual(shape(whole));
  });

  it('keeps its subcommand groups with their verbs when the word names a group', async () => {
    const whole = await nounFor('releases', undefined);
    const group = await nounFor('releases', 'evidence');
    expect(names(group)).toContain('evidence');
    expect(names(group)).not.toContain('list');
    const verbsOf = (cmd: Command) => names(findSub(cmd, 'evidence') as Command);
    expect(verbsOf(group)).toEqual(verbsOf(whole));
  });
});
