#!/usr/bin/env node
'use strict';
// Launcher: runs the bundled CLI (dist/cli.cjs) through a V8 code cache kept beside it, so the
// bundle is not parsed and compiled again on every command. Bundles that only some commands need
// (dist/undici.cjs, the HTTP client) load the same way, on first use, through a cache of their
// own. A cache from another Node or V8 version is rejected by V8 and rewritten after the command;
// a cache that cannot be written (read-only install) only costs speed. Nothing else belongs here.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const dist = path.join(__dirname, '..', 'dist');
/** Scripts whose cache must be written once the command is done. */
const stale = [];

/** Compiles and runs one CommonJS bundle of dist/ through its code cache; returns its exports. */
function loadBundle(name) {
  const file = path.join(dist, name);
  const cacheFile = `${file}.${process.versions.v8}.cache`;
  const source = fs.readFileSync(file, 'utf8');
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

const loaded = new Map();
globalThis.__hostctlLoadBundle = (name) => {
  if (!loaded.has(name)) loaded.set(name, loadBundle(name));
  return loaded.get(name);
};

const cli = loadBundle('cli.cjs');
const done = Promise.resolve(cli.main(process.argv.slice(2)));
done.finally(() => {
  for (const { script, cacheFile } of stale) {
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch {
      // No cache this time; the next command tries again.
    }
  }
});
