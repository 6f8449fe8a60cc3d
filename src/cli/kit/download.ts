// One rule for every verb that writes what it downloads to a file: -O/--output-file names it
// ('-' is standard output), an existing file is never overwritten silently (--clobber replaces it,
// --skip-existing keeps it and succeeds), and the file appears only once it is whole.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT, UsageError } from './errors.js';
import { stdoutStream } from '../io/output.js';
import type { Cli } from './verb.js';

export interface DownloadOpts {
  outputFile?: string;
  clobber?: boolean;
  skipExisting?: boolean;
}

/** -O/--output-file, --clobber and --skip-existing; `defaultName` says what -O defaults to, for help. */
export const addDownloadOptions = (cmd: Command, defaultName: string): Command =>
  cmd
    .option('-O, --output-file <out-file>', `where to write it ('-' for standard output; default: ${defaultName})`)
    .option('--clobber', 'overwrite the file when it exists')
    .option('--skip-existing', 'leave an existing file alone and succeed');

/**
 * Whether to go ahead and write `target`: false when it exists and --skip-existing keeps it;
 * an error (exit 5) when it exists and --clobber was not given. Call before downloading.
 */
export function mayWrite(cli: Cli, target: string, o: DownloadOpts): boolean {
  if (o.clobber && o.skipExisting) throw new UsageError('--clobber and --skip-existing exclude each other');
  if (target === '-' || !existsSync(target)) return true;
  if (o.skipExisting) {
    cli.info(`${target} exists; skipped (--skip-existing)`);
    return false;
  }
  if (!o.clobber) refuseToReplace(target, ', keep it with --skip-existing');
  return true;
}

/** The refusal (exit 5) of every verb that would write over an existing file without --clobber. */
export function refuseToReplace(target: string, otherWays = ''): never {
  throw new CliError(`${target} exists`, EXIT.conflict, `overwrite it with --clobber${otherWays}, or choose another -O FILE`);
}

/** A raw API answer as bytes: the client gives text answers as strings, the rest as bytes. */
export const bytesOf = (raw: string | Uint8Array): Uint8Array => (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw);

/** Writes the bytes to `target` (standard output for '-'): beside it first, renamed once complete. */
export function writeDownload(cli: Cli, target: string, data: Uint8Array): void {
  if (target === '-') {
    stdoutStream().write(data);
    return;
  }
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.part`);
  try {
    writeFileSync(partial, data, { flag: 'wx' });
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new CliError(`cannot write ${target}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, EXIT.failure);
  }
  cli.info(`wrote ${target} (${data.length} bytes)`);
}
