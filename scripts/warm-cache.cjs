'use strict';
// Runs a few common commands in one process against a throw-away state, through the launcher's
// loader (bin/hostctl.js), for one of two ends:
//   warm-cache.cjs pack DIST CORE_CHUNKS_JSON   writes DIST's packs: the chunks those commands
//       load, in two files (the core's chunks, named by the build, and the CLI's), so that a
//       command reads two files instead of dozens;
//   warm-cache.cjs cache [DIST]                 writes the V8 code caches of what they load
//       (the packs, chunk files, dist/cli.cjs), after running them, so the caches hold the
//       functions those commands compile, not only the ones the first command after
//       installation happened to use;
//   warm-cache.cjs cache DIST NOUN              writes the packs' caches kept for one noun
//       (`<pack>.<v8 version>.<noun>.cache`, read first by that noun's commands), after running
//       only that noun's commands here, from source: smaller than the general ones, which hold
//       every common command's functions, and V8 deserialises all of a cache it is given.
// The state is made by another process (`init DIST STATE`), so init's code stays out of both.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createLoader, WRAPPER_START, WRAPPER_END } = require('../bin/hostctl.js');

const [mode = 'cache', distArg, nounArg] = process.argv.slice(2);
const dist = path.resolve(distArg ?? path.join(__dirname, '..', 'dist'));

const RUNS = [
  ['tokens', 'list'],
  ['tokens', 'get', 'self', '-o', 'json'],
  ['users', 'list'],
  ['projects', 'list', '-o', 'json'],
  ['groups', 'list'],
  ['tokens', 'get', '999'],
];

/** The nouns of RUNS: the build makes the packs' caches of each (`cache DIST NOUN`). */
const NOUNS_KEPT = [...new Set(RUNS.map(([noun]) => noun))];

/** The function of one chunk file, wrapped as a pack entry (the launcher's compile wrapper). */
const entry = (name) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname, __hostctlImport) {${fs.readFileSync(path.join(dist, name), 'latin1')}\n}`;

/** A pack is written as the function the launcher compiles (bin/hostctl.js), not wrapped at each load. */
function writePack(name, chunks, packOf) {
  const text = `${WRAPPER_START}exports.chunks = {\n${chunks.map(entry).join(',\n')}\n};\n${packOf ? `exports.packOf = ${JSON.stringify(packOf)};\n` : ''}${WRAPPER_END}`;
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
  // A noun's caches are made in a process of their own (nothing compiled before), against the
  // state of the run that started it.
  const noun = mode === 'cache' ? nounArg : undefined;
  const shared = noun ? process.env.HOSTCTL_WARM_DIR : undefined;
  const dir = shared ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hostctl-warm-'));
  process.env.HOSTCTL_CONFIG_DIR = path.join(dir, 'config');
  process.env.XDG_DATA_HOME = path.join(dir, 'data');
  process.env.CI = '1';
  const { spawnSync } = require('node:child_process');
  try {
    if (!shared) {
      const init = spawnSync(process.execPath, [__filename, 'init', dist, path.join(dir, 'state')], { stdio: 'ignore', env: process.env });
      if (init.status !== 0) throw new Error(`init of the throw-away state failed (exit ${init.status ?? init.signal})`);
    }
    const loader = createLoader(dist, noun ? { noun, fresh: true } : {});
    globalThis.__hostctlLoadBundle = loader.bundle;
    const cli = loader.bundle('cli.cjs');
    for (const argv of RUNS) if (!noun || argv[0] === noun) await cli.main(argv, { directOutput: true });
    // The last run looks up a token that is not there: its exit code is not this script's.
    process.exitCode = 0;
    if (mode === 'cache') {
      loader.writeCaches();
      if (!noun) {
        for (const kept of NOUNS_KEPT) {
          const made = spawnSync(process.execPath, [__filename, 'cache', dist, kept], { stdio: 'ignore', env: { ...process.env, HOSTCTL_WARM_DIR: dir } });
          if (made.status !== 0) throw new Error(`the caches of ${kept} were not made (exit ${made.status ?? made.signal})`);
        }
      }
      return;
    }
    const core = new Set(JSON.parse(process.argv[4]));
    const used = [...loader.loaded.keys()].filter((n) => n !== 'undici.cjs');
    const inCore = used.filter((n) => core.has(n));
    writePack('core-pack.cjs', inCore);
    writePack('cli-pack.cjs', used.filter((n) => !core.has(n)), Object.fromEntries(inCore.map((n) => [n, 'core-pack.cjs'])));
  } finally {
    if (!shared) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
