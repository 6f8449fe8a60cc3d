// Wikis at scale: a wiki of 1,000 pages against one of 10, listing (without and with content)
// and getting one page (plain and rendered). Both wikis are written in one commit each through
// the git layer (the cost measured is reading, not creating); requests go through the in-process
// core. Budget: the list and the get on the 1,000-page wiki within 2× of the 10-page one — the
// list reads one tree, a get one directory, each in a fixed number of git processes. The list
// with content is shown for information: it reads and returns 100 times the data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../src/core/app.js';
import type { ProjectRow } from '../src/core/db/rows.js';
import { ZERO_SHA } from '../src/core/git/names.js';
import { budgetLine, verdict as budgetVerdict } from './budget.mjs';
import { call, median, quietState, timed } from './core-requests.js';

// Each request takes a few milliseconds of git reads: 60 runs keep one slow run by a neighbour from moving a median.
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BUDGET_RATIO = 2;




/** A project whose wiki holds `pages` Markdown pages (a tenth of them in directories). */
async function wikiOf(core: Core, token: string, pages: number): Promise<number> {
  const project = (await call(core, token, 'POST', '/projects', { path: `wiki-${pages}` })) as { id: number };
  const row = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(project.id) as ProjectRow;
  const repo = core.repos.projectWiki(row);
  await repo.init('main');
  const paths = Array.from({ length: pages }, (_, i) => (i % 10 === 9 ? `section-${i % 7}/Page-${i}.md` : `Page-${i}.md`));
  const contents = paths.map((p, i) => Buffer.from(`# ${p}\n\n${'Some *text* about the page. '.repeat(20)}\n\n- item ${i}\n`));
  const blobs = await repo.writeBlobs(contents);
  const tree = await repo.writeTree(null, paths.map((path, i) => ({ path, mode: '100644', sha: blobs[i] as string })));
  const who = { name: 'Bench', email: 'bench@example.com', time: core.clock.now() };
  const commit = await repo.commitTree(tree, [], 'Seed pages', who, who);
  await repo.updateRef('refs/heads/main', commit, ZERO_SHA);
  return project.id;
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const { core, rootToken } = quietState(join(dir, 'state'));
  const small = await wikiOf(core, rootToken, 10);
  const large = await wikiOf(core, rootToken, 1000);

  // [name, request, under the budget]
  const ops: [string, (id: number) => Promise<unknown>, boolean][] = [
    ['list', (id) => call(core, rootToken, 'GET', `/projects/${id}/wikis`), true],
    ['get one page', (id) => call(core, rootToken, 'GET', `/projects/${id}/wikis/Page-3`), true],
    ['get one page, render_html', (id) => call(core, rootToken, 'GET', `/projects/${id}/wikis/Page-3`, undefined, 'render_html=true'), true],
    ['list with_content (info)', (id) => call(core, rootToken, 'GET', `/projects/${id}/wikis`, undefined, 'with_content=true'), false],
  ];
  // Warm-up: loads the area and markdown-it once, so neither wiki pays for it in the figures.
  for (const [, op] of ops) await op(small);

  process.stdout.write(`\nWikis: 1,000 pages vs 10 pages, medians of ${RUNS} runs (budget: within ${BUDGET_RATIO}x)\n`);
  let over = 0;
  for (const [name, op, budgeted] of ops) {
    const s: number[] = [];
    const l: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      s.push(await timed(() => op(small)));
      l.push(await timed(() => op(large)));
    }
    const ratio = median(l) / median(s);
    if (budgeted && ratio > BUDGET_RATIO) over++;
    const verdict = !budgeted ? '(100x the content)' : ratio <= BUDGET_RATIO ? 'within' : 'OVER';
    process.stdout.write(
      `  ${name.padEnd(28)} 10 pages ${median(s).toFixed(1).padStart(6)} ms   1,000 pages ${median(l).toFixed(1).padStart(6)} ms   ratio ${ratio.toFixed(2)}x ${verdict}\n`,
    );
    if (budgeted) budgetLine(`wiki at 1,000 vs 10 pages: ${name}`, `${median(l).toFixed(1)} ms = ${ratio.toFixed(2)}×`, `${median(s).toFixed(1)} ms`, `≤ ${BUDGET_RATIO}×`, budgetVerdict(ratio <= BUDGET_RATIO));
  }
  core.close?.();
  process.exitCode = over ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
