// Release notes from --notes, or from --notes-file (a path, or '-' for standard input).
import { readFileSync } from 'node:fs';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';

export interface NotesOpts {
  notes?: string;
  notesFile?: string;
}

export function readNotes(o: NotesOpts): string | undefined {
  if (o.notes !== undefined && o.notesFile !== undefined) throw new UsageError('--notes and --notes-file exclude each other');
  if (o.notesFile === undefined) return o.notes;
  try {
    return readFileSync(o.notesFile === '-' ? 0 : o.notesFile, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read --notes-file ${o.notesFile}: ${(error as Error).message}`, EXIT.failure);
  }
}
