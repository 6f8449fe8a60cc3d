// Names inside a state directory that both the core and the CLI need to know.

/** The SQLite database of a state directory. */
export const STATE_DB = 'state.db';
