// Bundles the CLI (and the core it carries) into CommonJS chunks in dist/: dist/cli.cjs is the
// entry, and each module loaded by import() (a noun's commands, an area of the core, the HTTP
// transport, …) is a chunk of its own, with the code several share in shared chunks. Start-up is
// the budget that shapes this: CommonJS loads without Node's ESM loader, and the launcher
// (bin/hostctl.js) runs the chunks through V8 code caches so they are not re-parsed on every
// command. The chunks that the common commands load are also packed into two files
// (scripts/warm-cache.cjs), the CLI's and the core's, so such a command reads two files, and a
// remote one never the core's. Large libraries used by few commands (YAML, tables, prompts, the
// HTTP client, Markdown, RE2, cron, multipart) stay outside and are imported when first used.
// The chunks are built beside the old ones and swapped in by rename, so a CLI process started a
// moment before never finds dist/ half-written.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createRequire, isBuiltin } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeManifest } from './gen-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const fresh = `${root}.dist-${process.pid}`;
const stale = `${root}.dist-old-${process.pid}`;

/** Imported at run time from node_modules, never bundled. */
export const LAZY_PACKAGES = ['yaml', 'js-yaml', 'cli-table3', 'chalk', '@inquirer/prompts', 'conf', 'markdown-it', 're2js', 'cron-parser', 'busboy', 'scim2-parse-filter', 'jq-wasm'];

/**
 * The lazy packages that `require` loads as CommonJS (their package resolves for require to a
 * CommonJS file). The launcher loads these with require rather than import(): import() starts
 * Node's ES module loader and, for a package whose ES build is many files (markdown-it), reads
 * each through it: 72–101 ms against 30–49 for markdown-it here, 30–37 against 19–24 for
 * cron-parser. The others (ES modules only: chalk, conf) still go through import().
 */
const REQUIRABLE = new Set(
  LAZY_PACKAGES.filter((id) => {
    let file;
    try {
      file = createRequire(`${root}package.json`).resolve(id);
    } catch {
      return false;
    }
    if (file.endsWith('.mjs')) return false;
    if (file.endsWith('.cjs')) return true;
    // A .js file is what the nearest package.json says, as for Node: CommonJS unless type is module.
    for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type !== 'module';
    }
    return true;
  }),
);

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

/**
 * One chunk of esbuild's ESM output as CommonJS. esbuild writes the imports of other chunks first
 * (after the banner), imports of Node's modules where the importing module begins, and the
 * exports last, as one `export{…}` clause. Imports become `require` with destructuring, at the
 * top (where ESM evaluates them), and the exports one `module.exports` object of plain
 * properties. Plain properties, not the getters a general ESM-to-CommonJS conversion defines
 * (a call on every use of an imported name, hundreds defined per shared chunk, and enough of
 * both that V8 starts optimising them during a command), are right here because the chunks'
 * static imports form no cycle (acyclic() checks), so a chunk is fully evaluated before another
 * reads its exports; a binding assigned again after its declaration keeps a getter.
 */
function commonJs(text, name) {
  const banner = text.indexOf('\n') + 1;
  const requires = [];
  const head = [];
  const statement = (named, star, plain, from) => {
    const req = `require(${JSON.stringify(from)})`;
    if (named !== undefined) return `const{${named.replace(/\s+as\s+/g, ':')}}=${req};`;
    if (star !== undefined || plain !== undefined) return `const ${star ?? plain}=${req};`;
    return `${req};`;
  };
  // Node's modules: esbuild keeps their import statements where the importing module begins,
  // in the middle of a chunk. ESM evaluates imports before the code, so they move to the top.
  const nodeImport = /(?<=^|[;}\n])import\s*(?:\{([^}]*)\}\s*from\s*|\*\s*as\s+([\w$]+)\s+from\s*|([\w$]+)\s+from\s*)?"([\w:/]+)";/g;
  let body = text.slice(banner).replace(nodeImport, (whole, named, star, plain, from) => {
    if (!isBuiltin(from)) return whole;
    head.push(statement(named, star, plain, from));
    return '';
  });
  // The chunks it imports: first, in order.
  const imports = /^\s*import\s*(?:\{([^}]*)\}\s*from\s*|\*\s*as\s+([\w$]+)\s+from\s*|([\w$]+)\s+from\s*)?"(\.\/[\w.-]+)";/;
  for (let m = imports.exec(body); m; m = imports.exec(body)) {
    const [whole, named, star, plain, from] = m;
    requires.push(from.slice(2));
    head.push(statement(named, star, plain, from));
    body = body.slice(whole.length);
  }
  const exported = /export\s*\{([^}]*)\};?\s*$/.exec(body);
  if (exported) {
    const props = exported[1].split(',').map((e) => e.trim()).filter(Boolean).map((e) => {
      const [local, as = local] = e.split(/\s+as\s+/);
      // A binding assigned after its declaration is read when used, as an ESM import would be.
      if (assignedAgain(body, local)) return `get ${JSON.stringify(as)}(){return ${local}}`;
      return as === local ? local : `${JSON.stringify(as)}:${local}`;
    });
    body = `${body.slice(0, exported.index)}module.exports={${props.join(',')}};\n`;
  }
  // What is left must hold no import or export statement (strings aside).
  const code = body.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
  const left = /(^|[;}\n])\s*(?:import\s*[{*"\w]|export\s*[{*]|export\s+(?:default|const|let|var|function|class)\b)/.exec(code);
  if (left) throw new Error(`${name}: an import or export esbuild wrote in a form this build does not convert: ${code.slice(left.index, left.index + 80)}`);
  return { code: `${text.slice(0, banner)}${head.join('')}${body}`, requires };
}

/** Whether `name` is assigned more than once in `code` (a declaration with a value is once). */
function assignedAgain(code, name) {
  const n = name.replace(/\$/g, '\\$');
  const assignment = new RegExp(`(?<![\\w$.])${n}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?)?=(?![=>])|(?:\\+\\+|--)${n}(?![\\w$])|(?<![\\w$.])${n}(?:\\+\\+|--)`, 'g');
  return (code.match(assignment) ?? []).length > 1;
}

/** Throws when the chunks' static imports form a cycle (commonJs() relies on there being none). */
function acyclic(needs) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') throw new Error(`chunks import each other in a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'open');
    for (const n of needs.get(name) ?? []) visit(n, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of needs.keys()) visit(name, []);
}

// The router's manifest is derived from the route tables; refresh it before bundling.
if (await writeManifest()) process.stderr.write('route manifest updated (src/core/areas/manifest.ts)\n');

rmSync(fresh, { recursive: true, force: true });
mkdirSync(fresh, { recursive: true });
try {
  // ESM with code splitting: each module loaded by import() (a noun's commands, an area of the
  // core, the HTTP transport, …) becomes a chunk of its own, and the code several of them share
  // goes into shared chunks. Each chunk is then turned into CommonJS, which the launcher
  // compiles with vm.Script through a code cache, so a command reads and deserialises only the
  // code it loads instead of the whole CLI and core.
  const result = await build({
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: fresh,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: LAZY_PACKAGES,
    plugins: [undiciElsewhere, cliStandIns],
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.cjs' },
    // Start-up reads the chunks and deserialises their code caches on every command: both
    // shrink by a quarter without whitespace and with simpler syntax. Names stay, so stacks
    // (HOSTCTL_DEBUG=stack) still read.
    minifyWhitespace: true,
    minifySyntax: true,
    // A chunk's URL is made when a module first asks for it: node:url costs every command a
    // millisecond, and most never ask.
    define: { 'import.meta.url': '__hostctlMeta.url', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __hostctlMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // The launcher compiles the chunks with vm.Script, where a bare import() has no loader: a
  // package or Node module is imported through the loader it passes in as __hostctlImport, and
  // another chunk is required (the launcher serves it from its pack or file, through its cache).
  const names = [...LAZY_PACKAGES.map((p) => p.replace(/[/@.-]/g, '\\$&')), 'node:[a-z_/]+'];
  const pattern = new RegExp(`\\bimport\\((["'])(${names.join('|')})\\1\\)`, 'g');
  const chunkImport = /\bimport\((["'])(\.\/[\w.-]+\.cjs)\1\)/g;
  const needs = new Map();
  for (const out of result.outputFiles) {
    const name = out.path.slice(out.path.lastIndexOf('/') + 1);
    const { code, requires } = commonJs(out.text, name);
    needs.set(name, requires);
    const text = code.replace(pattern, (_m, q, id) => `__hostctlImport(${q}${id}${q}${REQUIRABLE.has(id) ? ', 1' : ''})`).replace(chunkImport, 'Promise.resolve().then(() => require($1$2$1))');
    // JSDoc types in bundled libraries read `{import('…').Type}`: those are comments, not imports.
    const leftover = /(?<!\{)\bimport\(\s*["'`]/.exec(text);
    if (leftover) throw new Error(`${name} still has a dynamic import the launcher cannot serve: ${text.slice(leftover.index, leftover.index + 60)}`);
    writeFileSync(out.path, asciiOnly(text));
  }
  acyclic(needs);
  // Chunks holding code of the core (or its SQLite driver) go into the core's pack, the others
  // into the CLI's (scripts/warm-cache.cjs): a remote command then never reads the core.
  const coreChunks = Object.entries(result.metafile.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => i.startsWith('src/core/') || i.includes('node_modules/better-sqlite3/')))
    .map(([p]) => p.slice(p.lastIndexOf('/') + 1));
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
  // The packs are made from the chunks the common commands load, run once here against a
  // throw-away state. Without them every chunk is read from its own file: slower, still right.
  const packing = spawnSync(process.execPath, [`${root}scripts/warm-cache.cjs`, 'pack', fresh, JSON.stringify(coreChunks)], { encoding: 'utf8', timeout: 120_000 });
  if (packing.status !== 0) process.stderr.write(`warning: dist/ has no packs (every chunk is read from its own file): ${packing.stderr || packing.error?.message || packing.signal}\n`);
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
// Best effort: without a cache the first command writes one itself.
spawnSync(process.execPath, [`${root}scripts/warm-cache.cjs`, 'cache', dist], { stdio: 'ignore', timeout: 60_000 });
