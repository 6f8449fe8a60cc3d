// Runs every benchmark in turn and prints their figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const scripts = readdirSync(dir).filter((f) => (f.endsWith('.mjs') && !['lib.mjs', 'run-all.mjs', 'run-ts.mjs'].includes(f) && !f.startsWith('.')) || (f.endsWith('.ts') && !f.startsWith('.')));
let failed = 0;
for (const f of scripts.sort()) {
  const args = f.endsWith('.ts') ? [join(dir, 'run-ts.mjs'), join(dir, f)] : [join(dir, f)];
  const res = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
