// Bundles the CLI (and the core it carries) into dist/ with code splitting, so that each
// command loads only the chunks it reaches through dynamic import().
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: false,
  // Native addon: must stay a real require of the installed package.
  // better-sqlite3's JavaScript is bundled; its compiled addon is loaded by path at run time.
  external: [],
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    // Bundled CommonJS dependencies call require() for Node built-ins.
    js: "import { createRequire as __hostctlRequire } from 'node:module'; const require = __hostctlRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
