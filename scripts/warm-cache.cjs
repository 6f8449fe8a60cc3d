'use strict';
// Writes the V8 code cache of dist/cli.cjs (see bin/hostctl.js) after running a few common
// commands in one process against a throw-away state, so the cache holds the functions those
// commands compile, not only the ones the first command after installation happened to use.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, '..', 'dist', 'cli.cjs');
const cacheFile = `${file}.${process.versions.v8}.cache`;
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __hostctlImport) {${fs.readFileSync(file, 'latin1')}\n})`, { filename: file });
const mod = new Module(file, module);
mod.filename = file;
mod.paths = Module._nodeModulePaths(path.dirname(file));
// import() from this file resolves packages with ESM rules from the package's own node_modules.
const load = (id) => import(id);
script.runInThisContext()(mod.exports, (id) => mod.require(id), mod, file, path.dirname(file), load);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostctl-warm-'));
  process.env.HOSTCTL_CONFIG_DIR = path.join(dir, 'config');
  process.env.XDG_DATA_HOME = path.join(dir, 'data');
  process.env.CI = '1';
  try {
    // The state is made by another process, so init's code stays out of this cache.
    require('node:child_process').spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'hostctl.js'), 'init', '--state', path.join(dir, 'state')], {
      stdio: 'ignore',
      env: process.env,
    });
    const runs = [
      ['tokens', 'list'],
      ['tokens', 'get', 'self', '-o', 'json'],
      ['users', 'list'],
      ['projects', 'list', '-o', 'json'],
      ['groups', 'list'],
      ['tokens', 'get', '999'],
    ];
    for (const argv of runs) await mod.exports.main(argv, { directOutput: true });
    fs.writeFileSync(cacheFile, script.createCachedData());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
