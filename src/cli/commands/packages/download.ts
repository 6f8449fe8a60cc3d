import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { addDownloadOptions, mayWrite, type DownloadOpts } from '../../kit/download.js';
import { addProjectOption, genericFileOfListed, genericFilePath, projectRef, type ProjectOpts } from './paths.js';
import { Progress } from './progress.js';
import { humanBytes } from '../../../shared/byte-size.js';
import { stdoutStream } from '../../io/output.js';
import { removedOnExit } from '../../io/scratch-files.js';

interface PackageDownloadOpts extends ProjectOpts, DownloadOpts {
  name?: string;
  packageVersion?: string;
}

export const downloadVerb: VerbSpec<PackageDownloadOpts> = {
  name: 'download',
  args: '<file-name>',
  summary: 'Download a file of a generic package, checking its SHA-256 (streamed; a failed download leaves nothing behind)',
  examples: [
    'hostctl packages download -R acme/web/storefront --name cli --package-version 1.4.0 cli-linux',
    'hostctl packages download -R 5 --name docs --package-version 1.0.0 html/index.html -O index.html',
    'hostctl packages download -R 5 --name docs --package-version 1.0.0 html%2Findex.html   # as packages files lists it',
    'hostctl packages download -R 5 --name cli --package-version 1.4.0 cli-linux -O - | sha256sum',
    'hostctl packages download -R 5 --name cli --package-version 1.4.0 cli-linux --clobber',
  ],
  options: (cmd) =>
    addDownloadOptions(addProjectOption(cmd).option('--name <name>', 'package name').option('--package-version <version>', 'package version'), "the file's own name"),
  async run(cli, [typed], o) {
    if (!o.name) throw new UsageError('missing --name (the package name)');
    if (!o.packageVersion) throw new UsageError('missing --package-version (the package version)');
    if (!typed) throw new UsageError('missing FILE-NAME (the file name inside the package)');
    const file = genericFileOfListed(typed);
    const target = o.outputFile ?? basename(file);
    // Never silently overwrite: an existing file needs --clobber (or is kept with --skip-existing).
    if (!mayWrite(cli, target, o)) return;
    const api = await cli.client();
    const res = await api.request('GET', genericFilePath(projectRef(o), o.name, o.packageVersion, file), { streamResponse: true });
    if (!res.stream) throw new CliError(`expected the file's bytes, got HTTP ${res.status}`, EXIT.failure);
    const expected = res.headers['x-checksum-sha256'];
    const total = res.headers['content-length'] ? Number(res.headers['content-length']) : undefined;
    const hash = createHash('sha256');
    let size = 0;
    const hasher = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const progress = new Progress({ label: basename(file), ...(total !== undefined ? { total } : {}), out: cli.term.stderrIsTTY && target !== '-' ? process.stderr : null, columns: cli.term.columns });
    if (target === '-') {
      // Standard output stays open: it is the process's (or, run in-process, the caller's) to end.
      await pipeline(res.stream, hasher, stdoutStream(), { end: false });
    } else {
      // Written beside the target and renamed only once complete and verified.
      const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`);
      // Interrupted (Ctrl-C), the process exits without reaching the catch below.
      const kept = removedOnExit(partial);
      try {
        await pipeline(res.stream, progress, hasher, createWriteStream(partial, { flags: 'wx' }));
        if (expected && hash.copy().digest('hex') !== expected) throw checksumError(file);
        renameSync(partial, target);
      } catch (error) {
        // The line where the transfer stopped, ended, above the error.
        progress.finish();
        rmSync(partial, { force: true });
        throw error;
      } finally {
        kept();
      }
    }
    const actual = hash.digest('hex');
    if (expected && actual !== expected) throw checksumError(file);
    cli.info(`wrote ${target} (${humanBytes(size)}, sha256 ${actual}${expected ? ' verified' : ''})`);
  },
};

const checksumError = (file: string) => new CliError(`${file}: the downloaded bytes do not match the SHA-256 the server gave; nothing was kept`, EXIT.failure);
