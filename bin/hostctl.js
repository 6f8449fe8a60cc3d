#!/usr/bin/env node
'use strict';
// Launcher: runs the bundled CLI (dist/cli.cjs) through a V8 code cache kept beside it, so the
// bundle is not parsed and compiled again on every command. Bundles that only some commands need
// (dist/undici.cjs, the HTTP client) load the same way, on first use, through a cache of their
// own. A cache from another Node or V8 version is rejected by V8 and rewritten after the command;
// a cache that cannot be written (read-only install) only costs speed. Nothing else belongs here.
//
// V8 checks a cache against a hash of its flags. A bundle may need a flag set before it runs
// (undici's WebAssembly parser wants the baseline compiler only); the flag is set here, before
// that bundle is compiled, so its cache is checked and written under the same flags. Caches of
// bundles compiled before the change are written just before it, under the flags they are
// checked against.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const dist = path.join(__dirname, '..', 'dist');
/** Scripts whose cache must be written once the command is done (or before a flag changes). */
const stale = [];

/** Compiles and runs one CommonJS bundle of dist/ through its code cache; returns its exports. */
function loadBundle(name, v8Flags) {
  if (v8Flags) {
    writeCaches();
    require('node:v8').setFlagsFromString(v8Flags);
  }
  const file = path.join(dist, name);
  const cacheFile = `${file}.${process.versions.v8}.cache`;
  // The build writes the bundles in ASCII (scripts/build.mjs): read as Latin-1, the same text
  // comes without UTF-8 decoding.
  const source = fs.readFileSync(file, 'latin1');
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __hostctlImport) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  // import() from this file resolves packages with ESM rules from the package's own node_modules.
  const load = (id) => import(id);
  script.runInThisContext()(mod.exports, (id) => mod.require(id), mod, file, path.dirname(file), load);
  if (cachedData === undefined || script.cachedDataRejected) stale.push({ script, cacheFile });
  return mod.exports;
}

/** Writes the caches of the bundles compiled so far that had none (or a rejected one). */
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

const loaded = new Map();
globalThis.__hostctlLoadBundle = (name, v8Flags) => {
  if (!loaded.has(name)) loaded.set(name, loadBundle(name, v8Flags));
  return loaded.get(name);
};

const cli = loadBundle('cli.cjs');
// Output goes straight to the descriptors, without Node's stream objects (src/cli/io/output.ts).
const done = Promise.resolve(cli.main(process.argv.slice(2), { directOutput: true }));
done.finally(writeCaches);
