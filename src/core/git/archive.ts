// Source archives of a commit, made by `git archive` from the bare repository: zip, tar and
// tar.gz directly, tar.bz2 by compressing the tar stream with the bzip2 program (or Python's bz2
// module where no bzip2 binary is installed). Every archive holds the tree under one top-level
// directory named after the archive.
import { childProcess } from './child-process.js';
import { runGit } from './exec.js';

export const ARCHIVE_FORMATS = ['zip', 'tar.gz', 'tar.bz2', 'tar'] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

/** Format names the archive endpoint accepts, mapped to the archive they produce. */
const FORMAT_ALIASES: Record<string, ArchiveFormat> = {
  zip: 'zip',
  tar: 'tar',
  'tar.gz': 'tar.gz',
  tgz: 'tar.gz',
  gz: 'tar.gz',
  'tar.bz2': 'tar.bz2',
  tbz: 'tar.bz2',
  tbz2: 'tar.bz2',
  tb2: 'tar.bz2',
  bz2: 'tar.bz2',
};

export const archiveFormatOf = (name: string): ArchiveFormat | undefined => FORMAT_ALIASES[name.toLowerCase()];

// The platform (workhorse) sends zip archives as application/zip and every other format as
// application/octet-stream.
export const ARCHIVE_CONTENT_TYPES: Record<ArchiveFormat, string> = {
  zip: 'application/zip',
  tar: 'application/octet-stream',
  'tar.gz': 'application/octet-stream',
  'tar.bz2': 'application/octet-stream',
};

export class ArchiveToolMissingError extends Error {}

/** Runs `command` with `input` on stdin; resolves with stdout, or null when it is not installed. */
function filter(command: string, args: string[], input: Buffer): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} failed (${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.end(input);
  });
}

const PYTHON_BZ2 = 'import bz2,sys; sys.stdout.buffer.write(bz2.compress(sys.stdin.buffer.read(), 9))';

async function bzip2(data: Buffer): Promise<Buffer> {
  const viaBinary = await filter('bzip2', ['-c', '-9'], data);
  if (viaBinary) return viaBinary;
  const viaPython = await filter('python3', ['-c', PYTHON_BZ2], data);
  if (viaPython) return viaPython;
  throw new ArchiveToolMissingError('tar.bz2 archives need the bzip2 program (or python3) on this machine');
}

/**
 * The archive of `commit` (a full object id) in `format`, with every path under `prefix/`;
 * only `subdir` of the tree when given. The caller has resolved the commit and checked the
 * subdirectory path. Null when `subdir` is not in the commit's tree.
 */
export async function archiveCommit(gitDir: string, commit: string, format: ArchiveFormat, prefix: string, subdir?: string): Promise<Buffer | null> {
  const gitFormat = format === 'tar.bz2' ? 'tar' : format;
  const args = ['archive', `--format=${gitFormat}`, `--prefix=${prefix}/`, commit, ...(subdir ? ['--', subdir] : [])];
  const res = await runGit(gitDir, args, { okCodes: subdir ? [128] : [] });
  if (res.code !== 0) return null;
  return format === 'tar.bz2' ? bzip2(res.stdout) : res.stdout;
}
