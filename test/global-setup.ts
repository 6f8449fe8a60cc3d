// Runs once before any test file: the end-to-end tests run the bundle (dist/cli.cjs) as a
// process, so a bundle older than the source would test yesterday's code and could pass. When
// any file the bundle is made from is newer than the bundle (or it is missing), it is rebuilt
// here; if the build fails, nothing runs and the build's error says why.
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, statSync, statfsSync } from 'node:fs';
import { freemem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const BUNDLES = ['dist/cli.cjs', 'dist/undici.cjs'];
/** Besides src/: what else shapes the bundle. */
const INPUTS = ['scripts/build.mjs', 'scripts/gen-manifest.mjs', 'package.json', 'package-lock.json'];

/** The newest modification time among the files the bundle is built from (tests excluded). */
function newestSource(): { file: string; mtime: number } {
  let newest = { file: '', mtime: 0 };
  const consider = (file: string) => {
    const mtime = statSync(file).mtimeMs;
    if (mtime > newest.mtime) newest = { file, mtime };
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.test.ts')) consider(path);
    }
  };
  walk(join(root, 'src'));
  for (const f of INPUTS) if (existsSync(join(root, f))) consider(join(root, f));
  return newest;
}

/** Why the bundle must be rebuilt, or null when it is current. */
export function staleBundle(): string | null {
  const missing = BUNDLES.find((b) => !existsSync(join(root, b)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...BUNDLES.map((b) => statSync(join(root, b)).mtimeMs));
  const source = newestSource();
  return source.mtime > built ? `${source.file.slice(root.length + 1)} is newer than the bundle` : null;
}

/** Least free space in memory a run's temporary files may take (the suite peaks well below it). */
const MEMORY_TMP_MIN = 4 * 1024 ** 3;

/**
 * A directory in memory (Linux's /dev/shm) for the run's temporary files when the machine has
 * room for them; null where there is none, or when HOSTCTL_TEST_TMPDIR=disk asks for the disk.
 * Every test makes its states, repositories and sandboxes under os.tmpdir(), and each commit
 * syncs: on a disk those syncs and the deletes of thousands of small files are about a tenth
 * of the suite's CPU, in memory nothing. What the tests assert does not depend on the medium.
 */
function memoryTmpdir(): string | null {
  if (process.platform !== 'linux' || process.env.HOSTCTL_TEST_TMPDIR === 'disk' || !existsSync('/dev/shm')) return null;
  try {
    accessSync('/dev/shm', constants.W_OK);
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize < MEMORY_TMP_MIN || freemem() < 2 * MEMORY_TMP_MIN) return null;
    // A short name: messages that quote a state's path are checked against narrow widths.
    const dir = mkdtempSync('/dev/shm/h');
    // As /tmp: anyone may make files there, each in their own directories (the read-only state
    // test lists a state as another user, who must be able to reach it).
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return null;
  }
}

export default function setup(): () => void {
  rebuildIfStale();
  // Set before the workers start, so they and every process they start inherit it.
  const memory = memoryTmpdir();
  if (memory !== null) process.env.TMPDIR = memory;
  // Where test processes keep the states they copy instances from (test/helpers/instance.ts);
  // removed when the run ends, since a worker process may be ended without its exit handlers.
  const templates = mkdtempSync(join(tmpdir(), 'hostctl-templates-'));
  process.env.HOSTCTL_TEST_TEMPLATES = templates;
  // Test processes inherit this environment: a command a test starts outside a sandbox
  // (whose own directories come first) still keeps its caches out of the real home directory.
  process.env.XDG_CACHE_HOME = join(templates, 'cache');
  return () => {
    rmSync(templates, { recursive: true, force: true });
    if (memory !== null) rmSync(memory, { recursive: true, force: true });
  };
}

function rebuildIfStale(): void {
  const reason = staleBundle();
  if (reason === null) return;
  process.stderr.write(`rebuilding dist/ (${reason})\n`);
  const res = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) {
    throw new Error(`dist/ is older than the source and \`npm run build\` failed (exit ${res.status ?? res.signal}); no test ran against the old bundle`);
  }
  // A file saved while the build ran is newer again; the run goes on with what was built, and
  // the next run rebuilds.
  const still = staleBundle();
  if (still !== null) process.stderr.write(`note: ${still} (changed during the build; the next run rebuilds)\n`);
}
