// The extensions found on PATH as rows: whether each runs, and what hides the others (a command,
// an alias, one earlier on PATH), in the order a command line looks for them (main.ts).
import { readConfig } from '../../config/store.js';
import { aliasNamed } from '../../config/aliases.js';
import { listExtensions } from '../../config/extensions.js';
import { commandNamed } from '../../program.js';

export interface ExtensionRow extends Record<string, unknown> {
  name: string;
  runs: boolean;
  path: string;
  hidden_by?: string;
}

export function extensionRows(env: NodeJS.ProcessEnv): ExtensionRow[] {
  const aliases = readConfig(env).aliases;
  return listExtensions(env).map((e) => {
    const command = commandNamed(e.name);
    const hiddenBy = command
      ? `hostctl ${e.name} is ${command === e.name ? 'a command' : `an alias of the command ${command}`}`
      : aliasNamed(aliases, e.name) !== undefined
        ? `hostctl ${e.name} is an alias (hostctl alias list)`
        : e.shadowedBy !== undefined
          ? `${e.shadowedBy} comes first on PATH`
          : undefined;
    return { name: e.name, runs: hiddenBy === undefined, path: e.path, ...(hiddenBy !== undefined ? { hidden_by: hiddenBy } : {}) };
  });
}
