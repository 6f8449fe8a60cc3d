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

/**
 * Stand-ins for Node built-ins that a bundled package loads at once but hostctl never (or barely)
 * uses through it: each costs milliseconds of every command's start-up, loading modules of Node's
 * own. `importer` limits a stand-in to the files of one package; inside a stand-in, `require` of
 * the real module resolves as usual.
 */
function standIns(name, entries) {
  return {
    name,
    setup(b) {
      entries.forEach((e, i) => {
        b.onResolve({ filter: new RegExp(`^${e.module}$`) }, (args) => (e.importer.test(args.importer) ? { path: String(i), namespace: name } : undefined));
      });
      b.onLoad({ filter: /.*/, namespace: name }, (args) => ({ contents: entries[Number(args.path)].contents, loader: 'js', resolveDir: process.cwd() }));
    },
  };
}

// commander loads node:child_process for subcommands that are separate executables, which
// hostctl does not have; the stand-in loads it on the first spawn.
const cliStandIns = standIns('cli-stand-ins', [
  {
    module: 'node:child_process',
    importer: /[\\/]node_modules[\\/]commander[\\/]/,
    contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
]);

// undici checks its own invariants with assert(value[, message]) and nothing more of node:assert
// (which loads five modules of Node's). It reads node:http for two things: a class to compare a
// stream's constructor with (hostctl never hands it Node's IncomingMessage) and the default
// header-size limit, Node's 16 KiB (hostctl does not pass --max-http-header-size). Loading
// node:http would start Node's whole HTTP stack, client, server and agent, beside undici's.
const undiciStandIns = standIns('undici-stand-ins', [
  {
    module: 'node:assert',
    importer: /[\\/]node_modules[\\/]undici[\\/]/,
    contents:
      "module.exports = function assert(value, message) { if (!value) { const e = new Error(message ?? 'undici: assertion failed'); e.code = 'ERR_ASSERTION'; throw e; } };",
  },
  {
    module: 'node:http',
    importer: /[\\/]node_modules[\\/]undici[\\/]/,
    contents: 'module.exports = { IncomingMessage: class NotNodesIncomingMessage {}, maxHeaderSize: 16 * 1024 };',
  },
]);

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

/**
 * The bundle with every character outside ASCII written as a \u escape. V8 keeps an all-ASCII
 * source as a one-byte string, which the launcher reads as Latin-1 without decoding; a single
 * other character (a regular expression literal or a licence comment keeps theirs) makes the
 * whole source a two-byte string, twice the size, and its read and compile a few milliseconds
 * slower on every command. An escape means the same character in a string, a template, a
 * regular expression, an identifier or a comment.
 */
function asciiOnly(code) {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

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
    plugins: [undiciElsewhere, cliStandIns],
    // Start-up reads the bundle and deserialises its code cache on every command: both shrink
    // by a quarter without whitespace and with simpler syntax. Names stay, so stacks
    // (HOSTCTL_DEBUG=stack) still read.
    minifyWhitespace: true,
    minifySyntax: true,
    // The bundle's URL is made when a module first asks for it: node:url costs every command a
    // millisecond, and most never ask.
    define: { 'import.meta.url': '__hostctlMeta.url', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __hostctlMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
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
  writeFileSync(outfile, asciiOnly(code));
  await build({
    entryPoints: ['src/client/undici-parts.ts'],
    outfile: `${fresh}/undici.cjs`,
    bundle: true,
    minifyWhitespace: true,
    minifySyntax: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: [withoutHttp2, undiciStandIns],
    logLevel: 'warning',
  });
  writeFileSync(`${fresh}/undici.cjs`, asciiOnly(readFileSync(`${fresh}/undici.cjs`, 'utf8')));
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
// Best effort: without a cache the first command writes one itself.
spawnSync(process.execPath, [`${root}scripts/warm-cache.cjs`], { stdio: 'ignore', timeout: 60_000 });
