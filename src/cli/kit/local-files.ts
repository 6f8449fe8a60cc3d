// Local files named on the command line. An option whose value is `<file>` (or an argument named
// FILE) is a file the verb reads: the kit checks it before the verb runs (kit/verb.ts), so a
// missing or unreadable file is a usage error naming the flag and the path, with a hint (a
// nearby file of a similar name, `-` for standard input where the flag takes it), before any
// request. A file a verb writes is `<out-file>`.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT } from './errors.js';
import { editDistance } from './edit-distance.js';
import { compareText } from '../../shared/text-order.js';

/** The local part of a `file[=repo/path]` value: the whole value when that is a file, else what precedes `=`. */
export function localPart(value: string): string {
  const eq = value.indexOf('=');
  if (eq <= 0) return value;
  try {
    statSync(value);
    return value;
  } catch {
    return value.slice(0, eq);
  }
}

const stemOf = (name: string) => name.replace(/\.[^.]*$/, '');

/** Files in the same directory whose names are close to the missing one's (at most three, best first). */
export function nearbyFiles(path: string): string[] {
  const dir = dirname(path);
  const wanted = basename(path).toLowerCase();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 4)));
  return names
    .slice(0, 5000)
    .map((name) => {
      const lower = name.toLowerCase();
      // The same name but for case or the extension (`notes` for `notes.md`) is the best guess.
      const score = lower === wanted ? 0 : stemOf(lower) === stemOf(wanted) || stemOf(lower) === wanted ? 1 : editDistance(lower, wanted) + 1;
      return { name, score };
    })
    .filter((c) => c.score <= limit + 1)
    .sort((a, b) => a.score - b.score || compareText(a.name, b.name))
    .slice(0, 3)
    .map((c) => (dir === '.' && !path.startsWith('./') ? c.name : join(dir, c.name)));
}

/**
 * Refuses a path the verb cannot read as a file: a usage error (exit 2) naming `what` (`--notes-file`,
 * `FILE`) and the path (`shown`: how the command line gave them), with a hint. `stdin`: the flag
 * also takes `-` for standard input.
 */
export function checkReadableFile(path: string, what: string, stdin: boolean, shown = `${what} ${path}`): void {
  if (path === '-' && stdin) return;
  const orStdin = stdin ? `, or - to read standard input` : '';
  let problem: string | undefined;
  let hint: string | undefined;
  try {
    const st = statSync(path);
    if (st.isDirectory()) {
      problem = 'is a directory, not a file';
      hint = `name a file inside it${orStdin}`;
    } else accessSync(path, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') {
      problem = 'cannot be read (permission denied)';
      hint = `check the file's permissions (ls -l ${path})`;
    } else if (code === 'ENOENT' || code === 'ENOTDIR') {
      const dir = dirname(path);
      let dirExists = true;
      try {
        dirExists = statSync(dir).isDirectory();
      } catch {
        dirExists = false;
      }
      problem = dirExists ? 'no such file' : `no such file (there is no directory ${dir})`;
      const near = nearbyFiles(path);
      hint = near.length ? `did you mean ${near.join(' or ')}?${stdin ? ' (- reads standard input)' : ''}` : `check the path${orStdin}`;
    } else if (code) {
      problem = `cannot be read (${code})`;
    }
  }
  if (problem) throw new CliError(`${shown}: ${problem}`, EXIT.usage, hint);
}
