// How aliases are shown (one row each), and the checks every alias verb shares.
import type { Column } from '../../render/output.js';
import { checkConfigName, type ConfigData } from '../../config/store.js';
import { aliasNamed } from '../../config/aliases.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { commandNamed } from '../../program.js';

export interface AliasRow extends Record<string, unknown> {
  name: string;
  expansion: string;
  /** A shell alias (`!` first): runs with sh -c instead of as a hostctl command. */
  shell: boolean;
}

export const ALIAS_COLUMNS: Column[] = [{ key: 'name' }, { key: 'expansion', whole: true }];

export const aliasRow = (name: string, expansion: string): AliasRow => ({ name, expansion, shell: expansion.startsWith('!') });

/** An alias NAME as given: its shape, and never a command's name (commands win, so it would never run). */
export function checkAliasName(name: string): string {
  const command = commandNamed(checkConfigName(name));
  if (command) throw new UsageError(`"${name}" is ${command === name ? 'a command' : `an alias of the command ${command}`}; an alias of that name would never run`);
  return name;
}

/** The expansion of an existing alias, or not found (exit 3) naming the aliases there are. */
export function existingAlias(config: ConfigData, name: string): string {
  const expansion = aliasNamed(config.aliases, name);
  if (expansion === undefined) {
    const known = Object.keys(config.aliases ?? {});
    throw new CliError(`unknown alias "${name}"${known.length ? `; known: ${known.sort().join(', ')}` : ''}`, EXIT.notFound, known.length ? 'list them with: hostctl alias list' : "add one with: hostctl alias set NAME 'EXPANSION'");
  }
  return expansion;
}
