#!/usr/bin/env node
'use strict';
// Launcher: runs the bundled CLI from dist/ through V8 code caches kept beside it, so the code is
// not parsed and compiled again on every command. The build splits the CLI into chunks (each
// module loaded by import() and the code they share), and packs the chunks that the common
// commands load into two files, one for the CLI's side and one for the core's, so a command
// reads a few files, and a remote one never the core's; any other chunk is a file of its own,
// read on first use. Every file has its own cache. Bundles that only some commands need
// (dist/undici.cjs, the HTTP client) load the same way. A cache from another Node or V8 version
// is rejected by V8 and rewritten after the command; a cache that cannot be written (read-only
// install) only costs speed. Nothing else belongs here.
//
// V8 checks a cache against a hash of its flags. A bundle may need a flag set before it runs
// (undici's WebAssembly parser wants the baseline compiler only); the flag is set here, before
// that bundle is compiled, so its cache is checked and written under the same flags. Caches of
// bundles compiled before the change are written just before it, under the flags they are
// checked against.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
// The module system's class, as every CommonJS module sees it: `require('node:module')` would load
// the public module API and the ES module loader behind it (about 0.3 ms of every command).
const Module = module.constructor;

/** The pack the launcher opens first: the CLI's chunks, and where the others are packed. */
const FIRST_PACK = 'cli-pack.cjs';
/** What a chunk file is compiled inside (packs are written wrapped in it: scripts/warm-cache.cjs). */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname, __hostctlImport) {';
const WRAPPER_END = '\n})';
/** How the chunks of dist/ require each other (scripts/build.mjs). */
const CHUNK = /^\.\/[\w.-]+\.cjs$/;

/**
 * Loads the bundles, chunks and packs of one dist/ directory (scripts/warm-cache.cjs makes its
 * own). `noun`: the packs' caches are first looked for as kept for that noun's commands
 * (`<pack>.<v8 version>.<noun>.cache`), then as the general ones. A pack's cache holds the
 * functions the commands it was made with compiled, and V8 deserialises all of them on every
 * command: one made with a noun's commands alone is a fifth smaller for that noun than the one
 * made with all the common commands. `fresh` (the build making a noun's caches): no cache is
 * read, and only the packs' are written, under the noun's names.
 */
function createLoader(dist, { noun, fresh = false } = {}) {
  /** Scripts whose cache must be written once the command is done (or before a flag changes). */
  const stale = [];
  /** The module of each bundle or chunk loaded so far, by file name. */
  const loaded = new Map();
  /**
   * The `chunks` object of each pack read so far (chunk name → function): looked up where it is
   * rather than copied into a map, which made an entry array per chunk on every command.
   */
  const packs = [];
  /** Which pack holds each chunk that is not in a pack read so far. */
  let packOf = {};
  const opened = new Set();
  // One module resolves what chunks require from node_modules and Node.
  const resolver = new Module(path.join(dist, 'cli.cjs'), module);
  resolver.filename = resolver.id;
  resolver.paths = Module._nodeModulePaths(dist);
  // import() from these files resolves packages with ESM rules from the package's own node_modules.
  // A built-in, and a package the build marks as CommonJS (`cjs`), come through require instead,
  // as the namespace import() would give (the exports, and `default`): import() starts Node's ES
  // module loader, 8–10 ms here, and reads an ES build file by file through it. A built-in's
  // exports are reached through the namespace's prototype (copying them would run getters such as
  // fs.promises); a package's are copied, as import() does.
  const load = async (id, cjs) => {
    if (!cjs && !id.startsWith('node:')) return import(id);
    const m = cjs ? need(id) : require(id);
    return cjs ? { ...m, default: m } : Object.assign(Object.create(m), { default: m });
  };
  // A chunk of the CLI (./name.cjs) comes from its pack or its file; anything else as usual.
  // Chunks require each other hundreds of times in a command: each chunk's name is made from its
  // id once, as testing and slicing the id on every call left tens of KB of garbage in the young
  // generation (its scavenges are a visible part of a short command).
  const chunkNames = new Map();
  // The chunks take only createRequire from node:module, to load packages and built-ins late;
  // every chunk is a file of dist/, so the requires it makes resolve as the resolver's do. The
  // module itself would load the ES module loader behind it (about 0.3 ms of every command).
  const moduleStandIn = {
    createRequire() {
      const req = (id) => need(id);
      req.resolve = (request) => Module._resolveFilename(request, resolver);
      return req;
    },
  };
  const need = (id) => {
    let name = chunkNames.get(id);
    if (name === undefined) {
      if (id === 'node:module') return moduleStandIn;
      if (!CHUNK.test(id)) return resolver.require(id);
      name = id.slice(2);
      chunkNames.set(id, name);
    }
    return bundle(name);
  };

  /**
   * Compiles one file of dist/ through its code cache; returns the function it holds. A pack is
   * written as that function already (`wrapped`): compiling the file's text as it is read spares
   * V8 a copy of the whole text joined to a wrapper (young-generation memory as large as the
   * pack, 670 KB for a local command).
   */
  function compile(name, v8Flags, wrapped = false) {
    if (v8Flags) {
      writeCaches();
      require('node:v8').setFlagsFromString(v8Flags);
    }
    const file = path.join(dist, name);
    const general = `${file}.${process.versions.v8}.cache`;
    const own = wrapped && noun !== undefined ? `${file}.${process.versions.v8}.${noun}.cache` : undefined;
    // The build writes the bundles in ASCII (scripts/build.mjs): read as Latin-1, the same text
    // comes without UTF-8 decoding.
    const source = readShared(file).toString('latin1');
    let cachedData;
    let cacheFile = own ?? general;
    if (!fresh) {
      for (const candidate of own ? [own, general] : [general]) {
        try {
          cachedData = readShared(candidate);
          cacheFile = candidate;
          break;
        } catch {
          cachedData = undefined;
        }
      }
      if (cachedData === undefined) cacheFile = general;
    }
    const script = new vm.Script(wrapped ? source : `${WRAPPER_START}${source}${WRAPPER_END}`, {
      filename: file,
      cachedData,
    });
    if (fresh ? own !== undefined : cachedData === undefined || script.cachedDataRejected) stale.push({ script, cacheFile });
    return script.runInThisContext();
  }

  /**
   * Reads a whole file into one buffer that every read of this loader reuses. V8 copies a
   * script's text into its heap and deserialises a cache while the script compiles, so neither
   * needs the bytes afterwards; each page of memory a command touches for the first time costs
   * it a page fault (about 2 µs here), and reading the two packs and their caches into buffers of
   * their own touched 1.3 MB instead of the largest file's 0.5 MB.
   */
  let shared = Buffer.allocUnsafeSlow(0);
  function readShared(file) {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (shared.length < size) shared = Buffer.allocUnsafeSlow(Math.max(size, 1 << 20));
      let length = 0;
      while (length < size) {
        const n = fs.readSync(fd, shared, length, size - length, null);
        if (n === 0) break;
        length += n;
      }
      return shared.subarray(0, length);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Runs one chunk (or bundle); chunks may require each other in a cycle, so it is known before it runs. */
  function run(name, fn) {
    const mod = { exports: {}, filename: `${dist}${path.sep}${name}` };
    loaded.set(name, mod);
    fn.call(mod.exports, mod.exports, need, mod, mod.filename, dist, load);
    return mod;
  }

  /** Reads a pack: a map of chunk names to functions, and the map of chunks packed elsewhere. */
  function openPack(name) {
    opened.add(name);
    const pack = { exports: {} };
    compile(name, undefined, true).call(pack.exports, pack.exports, need, pack, path.join(dist, name), dist, load);
    packs.push(pack.exports.chunks);
    if (pack.exports.packOf) packOf = pack.exports.packOf;
  }

  function packedFunction(name) {
    for (let i = 0; i < packs.length; i++) if (Object.hasOwn(packs[i], name)) return packs[i][name];
    return undefined;
  }

  function bundle(name, v8Flags) {
    const done = loaded.get(name);
    if (done) return done.exports;
    const pack = packOf[name];
    if (pack && !opened.has(pack)) openPack(pack);
    const fn = packedFunction(name);
    return run(name, fn ?? compile(name, v8Flags)).exports;
  }

  /** Writes the caches of the files compiled so far that had none (or a rejected one). */
  function writeCaches() {
    for (const { script, cacheFile } of stale.splice(0)) {
      try {
        const tmp = `${cacheFile}.${process.pid}`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // No cache this time; the next command tries again.
      }
    }
  }

  // Without packs (a build whose packing step failed) every chunk is read from its own file.
  try {
    openPack(FIRST_PACK);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  return { bundle, writeCaches, loaded };
}

/**
 * The noun a command line names when it begins with one (`tokens list`): the packs' caches kept
 * for it are read first. A command line that begins with a flag or names no such noun reads the
 * general caches.
 */
function nounOf(argv) {
  const word = argv[0];
  return word !== undefined && /^[a-z][a-z-]*$/.test(word) ? word : undefined;
}

/** Runs a command with the CLI of `dist`. */
function runCli(dist, argv) {
  const loader = createLoader(dist, { noun: nounOf(argv) });
  globalThis.__hostctlLoadBundle = loader.bundle;
  const cli = loader.bundle('cli.cjs');
  // Output goes straight to the descriptors, without Node's stream objects (src/cli/io/output.ts).
  const done = Promise.resolve(cli.main(argv, { directOutput: true }));
  done.finally(() => {
    loader.writeCaches();
    // When the command has left the event loop nothing to do, exit at once: Node would otherwise
    // first free the environment and tear down the heap, about a millisecond of a local command.
    // process.exit still runs the 'exit' listeners. A command that leaves work running (serve, a
    // download still flushing) ends as before, when that work is done.
    setImmediate(() => {
      if (process.getActiveResourcesInfo().length === 0) process.exit();
    });
  });
  return done;
}

module.exports = { createLoader, runCli, WRAPPER_START, WRAPPER_END };
if (require.main === module) runCli(path.join(__dirname, '..', 'dist'), process.argv.slice(2));
