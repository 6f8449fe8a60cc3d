'use strict';
// Runs a few common commands in one process against a throw-away state, through the launcher's
// loader (bin/hostctl.js), for one of two ends:
//   warm-cache.cjs pack DIST CORE_CHUNKS_JSON   writes DIST's packs: the chunks those commands
//       load, in two files (the core's chunks, named by the build, and the CLI's), so that a
//       command reads two files instead of dozens;
//   warm-cache.cjs cache [DIST]                 writes the V8 code caches of what they load
//       (the packs, chunk files, dist/cli.cjs), after running them, so the caches hold the
//       functions those commands compile, not only the ones the first command after
//       installation happened to use.
// The state is made by another process (`init DIST STATE`), so init's code stays out of both.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createLoader } = require('../bin/hostctl.js');

const [mode = 'cache', distArg] = process.argv.slice(2);
const dist = path.resolve(distArg ?? path.join(__dirname, '..', 'dist'));

const RUNS = [
  ['tokens', 'list'],
  ['tokens', 'get', 'self', '-o', 'json'],
  ['users', 'list'],
  ['projects', 'list', '-o', 'json'],
  ['groups', 'list'],
  ['tokens', 'get', '999'],
];

/** The function of one chunk file, wrapped as a pack entry (the launcher's compile wrapper). */
const entry = (name) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname, __hostctlImport) {${fs.readFileSync(path.join(dist, name), 'latin1')}\n}`;

function writePack(name, chunks, packOf) {
  const text = `exports.chunks = {\n${chunks.map(entry).join(',\n')}\n};\n${packOf ? `exports.packOf = ${JSON.stringify(packOf)};\n` : ''}`;
  const tmp = path.join(dist, `${name}.${process.pid}`);
  fs.writeFileSync(tmp, text, 'latin1');
  fs.renameSync(tmp, path.join(dist, name));
}

async function main() {
  if (mode === 'init') {
    // No caches written here: init's code is not what commands run.
    const loader = createLoader(dist);
    globalThis.__hostctlLoadBundle = loader.bundle;
    await loader.bundle('cli.cjs').main(['init', '--state', process.argv[4]], { directOutput: true });
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostctl-warm-'));
  process.env.HOSTCTL_CONFIG_DIR = path.join(dir, 'config');
  process.env.XDG_DATA_HOME = path.join(dir, 'data');
  process.env.CI = '1';
  try {
    const init = require('node:child_process').spawnSync(process.execPath, [__filename, 'init', dist, path.join(dir, 'state')], { stdio: 'ignore', env: process.env });
    if (init.status !== 0) throw new Error(`init of the throw-away state failed (exit ${init.status ?? init.signal})`);
    const loader = createLoader(dist);
    globalThis.__hostctlLoadBundle = loader.bundle;
    const cli = loader.bundle('cli.cjs');
    for (const argv of RUNS) await cli.main(argv, { directOutput: true });
    // The last run looks up a token that is not there: its exit code is not this script's.
    process.exitCode = 0;
    if (mode === 'cache') {
      loader.writeCaches();
      return;
    }
    const core = new Set(JSON.parse(process.argv[4]));
    const used = [...loader.loaded.keys()].filter((n) => n !== 'undici.cjs');
    const inCore = used.filter((n) => core.has(n));
    writePack('core-pack.cjs', inCore);
    writePack('cli-pack.cjs', used.filter((n) => !core.has(n)), Object.fromEntries(inCore.map((n) => [n, 'core-pack.cjs'])));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
