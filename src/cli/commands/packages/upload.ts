import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { checkChoice } from '../../kit/refs.js';
import { FILE_COLUMNS, FILE_FIELDS } from './columns.js';
import { addProjectOption, genericFilePath, projectRef, type ProjectOpts } from './paths.js';
import { Progress } from './progress.js';
import { humanBytes } from '../../../shared/byte-size.js';

interface UploadOpts extends ProjectOpts {
  name?: string;
  packageVersion?: string;
  status?: string;
  path?: string;
}

export const uploadVerb: VerbSpec<UploadOpts> = {
  name: 'upload',
  bulk: true,
  args: '<file...>',
  summary: 'Publish files to a generic package (streamed, never held in memory; progress on a terminal)',
  aliases: ['publish'],
  examples: [
    'hostctl packages upload -R acme/web/storefront --name cli --package-version 1.4.0 dist/cli-linux dist/cli-darwin',
    'hostctl packages upload -R 5 --name nightly --package-version 2026.01.15 build.tar.gz --status hidden',
    'hostctl packages upload -R 5 --name docs --package-version 1.0.0 --path html index.html -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--name <name>', 'package name (letters, digits, . _ + ~ @ -)')
      .option('--package-version <version>', 'package version, e.g. 1.4.0')
      .option('--status <status>', 'default, or hidden to keep the package out of lists')
      .option('--path <dir>', 'a directory inside the package to put the files in'),
  async run(cli, files, o) {
    if (!o.name) throw new UsageError('missing --name (the package name)');
    if (!o.packageVersion) throw new UsageError('missing --package-version (the package version)');
    if (o.status !== undefined) checkChoice(o.status, ['default', 'hidden'], '--status');
    if (files.length === 0) throw new UsageError('missing FILE (one or more files to upload)');
    const sizes = files.map((file) => {
      try {
        const st = statSync(file);
        if (!st.isFile()) throw new UsageError(`${file} is not a regular file`);
        return st.size;
      } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    });
    const project = projectRef(o);
    const api = await cli.client();
    const uploaded: Record<string, unknown>[] = [];
    for (const [i, file] of files.entries()) {
      const size = sizes[i] as number;
      const name = basename(file);
      const inside = o.path ? `${o.path.replace(/^\/+|\/+$/g, '')}/${name}` : name;
      const source = createReadStream(file, { highWaterMark: 1024 * 1024 });
      const progress = new Progress({ label: name, total: size, out: cli.term.stderrIsTTY ? process.stderr : null, columns: cli.term.columns });
      source.on('error', (e) => progress.destroy(e));
      try {
        const { data } = await api.request<Record<string, unknown>>('PUT', genericFilePath(project, o.name, o.packageVersion, inside), {
          query: { status: o.status, select: 'package_file' },
          stream: source.pipe(progress),
          headers: { 'content-length': String(size) },
        });
        uploaded.push(data);
        cli.info(`uploaded ${inside} (${humanBytes(size)}) to ${o.name} ${o.packageVersion}`);
      } finally {
        // A failed upload leaves its line where it stopped, ended, above the error.
        progress.finish();
        source.destroy();
      }
    }
    if (cli.globals.output !== 'table' || cli.globals.fields) await cli.showList(uploaded, FILE_COLUMNS, FILE_FIELDS);
  },
};
