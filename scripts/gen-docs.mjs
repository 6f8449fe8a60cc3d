// Writes the shell completions and the man page from the built CLI's command tree.
//   node scripts/gen-docs.mjs            → completions/ and man/ in this repository
//   node scripts/gen-docs.mjs --out DIR  → the same files under DIR (the freshness test uses this)
// Run `npm run gen:docs` (which builds first) after adding or changing a command.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const outIndex = process.argv.indexOf('--out');
const root = outIndex > 0 ? resolve(process.argv[outIndex + 1] ?? '.') : resolve(import.meta.dirname, '..');
const { loadDocs } = createRequire(import.meta.url)('../dist/cli.cjs');
const { generateDocs } = await loadDocs();
for (const [path, content] of Object.entries(await generateDocs())) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  process.stderr.write(`wrote ${file}\n`);
}
