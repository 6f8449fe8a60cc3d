// Names inside a state directory that both the core and the CLI need to know.
import { isAbsolute, join } from 'node:path';

/** The SQLite database of a state directory. */
export const STATE_DB = 'state.db';

/**
 * A storage's directory as configured (`storages/default`, or an absolute path elsewhere) made
 * absolute: a relative one is inside the state directory.
 */
export const storageDirIn = (stateDir: string, dir: string): string => (isAbsolute(dir) ? dir : join(stateDir, dir));
