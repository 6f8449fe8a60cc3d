// Runs a TypeScript benchmark: bundles it with esbuild into a temporary module next to this
// file (so packages resolve from the project) and imports it.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
if (!entry) {
  process.stderr.write('usage: node bench/run-ts.mjs bench/<name>.ts\n');
  process.exit(2);
}
const outfile = join(import.meta.dirname, `.${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
