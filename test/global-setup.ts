// Runs once before any test file: the end-to-end tests run the bundle (dist/cli.cjs) as a
// process, so a bundle older than the source would test yesterday's code and could pass. When
// any file the bundle is made from is newer than the bundle (or it is missing), it is rebuilt
// here; if the build fails, nothing runs and the build's error says why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

export default function setup(): () => void {
  rebuildIfStale();
  // Where test processes keep the states they copy instances from (test/helpers/instance.ts);
  // removed when the run ends, since a worker process may be ended without its exit handlers.
  const templates = mkdtempSync(join(tmpdir(), 'hostctl-templates-'));
  process.env.HOSTCTL_TEST_TEMPLATES = templates;
  // Test processes inherit this environment: a command a test starts outside a sandbox
  // (whose own directories come first) still keeps its caches out of the real home directory.
  process.env.XDG_CACHE_HOME = join(templates, 'cache');
  return () => rmSync(templates, { recursive: true, force: true });
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
