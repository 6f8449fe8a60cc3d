// Release notes from --notes, or from --notes-file (a path, or '-' for standard input).
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { readPathOrStdin } from '../../kit/stdin.js';

export interface NotesOpts {
  notes?: string;
  notesFile?: string;
}

export async function readNotes(o: NotesOpts): Promise<string | undefined> {
  if (o.notes !== undefined && o.notesFile !== undefined) throw new UsageError('--notes and --notes-file exclude each other');
  if (o.notesFile === undefined) return o.notes;
  try {
    return (await readPathOrStdin(o.notesFile)).toString('utf8');
  } catch (error) {
    throw new CliError(`cannot read --notes-file ${o.notesFile}: ${(error as Error).message}`, EXIT.failure);
  }
}
