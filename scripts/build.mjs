// Bundles the CLI (and the core it carries) into dist/ with code splitting, so that each
// command loads only the chunks it reaches through dynamic import(). The new bundle is built
// beside the old one and swapped in with renames, so a CLI process started a moment before
// never finds dist/ half-written.
import { build } from 'esbuild';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const fresh = `${root}.dist-${process.pid}`;
const stale = `${root}.dist-old-${process.pid}`;

rmSync(fresh, { recursive: true, force: true });
try {
  await build({
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: fresh,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: false,
    minify: false,
    // better-sqlite3's JavaScript is bundled too; its compiled addon is loaded by path at run time.
    external: [],
    chunkNames: 'chunks/[name]-[hash]',
    banner: {
      // Bundled CommonJS dependencies call require() for Node built-ins.
      js: "import { createRequire as __hostctlRequire } from 'node:module'; const require = __hostctlRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
