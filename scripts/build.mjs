// Bundles the CLI (and the core it carries) into one CommonJS file, dist/cli.cjs. Start-up is
// the budget that shapes this: CommonJS loads without Node's ESM loader, one file costs one read,
// and the launcher (bin/hostctl.js) runs it through a V8 code cache so it is not re-parsed on
// every command. Large libraries used by few commands (YAML, tables, prompts, the HTTP client,
// Markdown, RE2, cron, multipart) stay outside the bundle and are imported when first used.
// The bundle is built beside the old one and swapped in by rename, so a CLI process started a
// moment before never finds dist/ half-written.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeManifest } from './gen-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const fresh = `${root}.dist-${process.pid}`;
const stale = `${root}.dist-old-${process.pid}`;

/** Imported at run time from node_modules, never bundled. */
export const LAZY_PACKAGES = ['yaml', 'cli-table3', 'chalk', '@inquirer/prompts', 'conf', 'ora', 'markdown-it', 're2js', 'cron-parser', 'busboy', 'scim2-parse-filter', 'jq-wasm'];

// The HTTP transport's parts of undici (src/client/undici-parts.ts) are a bundle of their own,
// dist/undici.cjs, which the launcher loads through its own code cache when a command goes
// remote; the CLI bundle does not carry them (a local command would read and deserialise them
// for nothing). undici's HTTP/2 client is left out: hostctl speaks HTTP/1.1, and it would load
// node:http2 on every remote command.
const withoutHttp2 = {
  name: 'undici-without-http2',
  setup(b) {
    b.onResolve({ filter: /[\\/]client-h2(\.js)?$/ }, (args) => (args.importer.includes(`${'node_modules'}`) ? { path: 'undici-client-h2', namespace: 'stub' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: "module.exports = function connectH2 () { throw new Error('HTTP/2 is not supported by this client') }",
      loader: 'js',
    }));
  },
};

/** In the CLI bundle, undici's parts come from dist/undici.cjs (src/client/load-undici.ts). */
const undiciElsewhere = {
  name: 'undici-in-its-own-bundle',
  setup(b) {
    b.onResolve({ filter: /[\\/]undici-parts(\.js)?$/ }, () => ({ path: 'undici-parts', namespace: 'undici-elsewhere' }));
    b.onLoad({ filter: /.*/, namespace: 'undici-elsewhere' }, () => ({
      contents: "throw new Error('the HTTP client is loaded from dist/undici.cjs by bin/hostctl.js')",
      loader: 'js',
    }));
  },
};

// The router's manifest is derived from the route tables; refresh it before bundling.
if (await writeManifest()) process.stderr.write('route manifest updated (src/core/areas/manifest.ts)\n');

rmSync(fresh, { recursive: true, force: true });
mkdirSync(fresh, { recursive: true });
try {
  const outfile = `${fresh}/cli.cjs`;
  await build({
    entryPoints: ['src/cli/main.ts'],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: LAZY_PACKAGES,
    plugins: [undiciElsewhere],
    // Start-up reads the bundle and deserialises its code cache on every command: both shrink
    // by a quarter without whitespace and with simpler syntax. Names stay, so stacks
    // (HOSTCTL_DEBUG=stack) still read.
    minifyWhitespace: true,
    minifySyntax: true,
    define: { 'import.meta.url': '__hostctlModuleUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __hostctlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
  // The launcher compiles the bundle with vm.Script (for the code cache), where a bare import()
  // has no loader; it passes one in as __hostctlImport instead.
  const names = [...LAZY_PACKAGES.map((p) => p.replace(/[/@.-]/g, '\\$&')), 'node:[a-z_/]+'];
  const pattern = new RegExp(`\\bimport\\((["'])(${names.join('|')})\\1\\)`, 'g');
  const code = readFileSync(outfile, 'utf8').replace(pattern, '__hostctlImport($1$2$1)');
  // JSDoc types in bundled libraries read `{import('…').Type}`: those are comments, not imports.
  const leftover = /(?<!\{)\bimport\(\s*["'`]/.exec(code);
  if (leftover) throw new Error(`dist/cli.cjs still has a dynamic import the launcher cannot serve: ${code.slice(leftover.index, leftover.index + 60)}`);
  writeFileSync(outfile, code);
  await build({
    entryPoints: ['src/client/undici-parts.ts'],
    outfile: `${fresh}/undici.cjs`,
    bundle: true,
    minifyWhitespace: true,
    minifySyntax: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: [withoutHttp2],
    logLevel: 'warning',
  });
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
// Best effort: without a cache the first command writes one itself.
spawnSync(process.execPath, [`${root}scripts/warm-cache.cjs`], { stdio: 'ignore', timeout: 60_000 });
