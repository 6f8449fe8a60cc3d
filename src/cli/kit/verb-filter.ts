// Which verbs a noun makes while it is configured for one command line. Kept apart from verb.ts,
// which loads rendering, configuration and the client: the program sets the filter on every
// command, --version too, and must not load those for it.
import type { Command } from 'commander';

let current: { noun: Command; word: string } | undefined;

/**
 * Runs `configure` on `noun` making only the verbs that answer to `word` (by name or alias;
 * addVerb asks `skipsVerb`): a command line that names its verb runs that one, and making each
 * of a noun's verbs (a commander command with its options, aliases and help) cost every command
 * most of a millisecond. Subcommand groups and their verbs are made as usual. The caller
 * configures the noun again in full when no verb answered (a typo gets its suggestions from all
 * of them).
 */
export function onlyVerbNamed(noun: Command, word: string, configure: () => void): void {
  current = { noun, word };
  try {
    configure();
  } finally {
    current = undefined;
  }
}

/** Whether a verb of `parent` answering to `names` is left out by the filter in force. */
export const skipsVerb = (parent: Command, names: readonly string[]): boolean => current !== undefined && current.noun === parent && !names.includes(current.word);
