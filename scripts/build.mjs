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

// The HTTP transport's parts of undici (src/client/undici-parts.ts) are bundled, so a remote
// command compiles them from the code cache like the rest of the CLI; undici's HTTP/2 client is
// left out (hostctl speaks HTTP/1.1, and it would load node:http2 on every remote command).
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
    plugins: [withoutHttp2],
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
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
// Best effort: without a cache the first command writes one itself.
spawnSync(process.execPath, [`${root}scripts/warm-cache.cjs`], { stdio: 'ignore', timeout: 60_000 });
