// Budget: one page of a project's releases (each order), a group's releases, one release's
// asset links and milestones (project, group, and a project's with its group's; each state)
// costs the same from 100,000 rows as from 100 (within 2×). Both states are built here with
// direct INSERTs; requests go through the in-process core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';
import { bulkLoad, call, medianPairGetMs, scaleRow } from './core-requests.js';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 60);

interface Ids {
  project: number;
  group: number;
  tag: string;
}

async function seed(core: Core, token: string, n: number): Promise<Ids> {
  const group = (await call(core, token, 'POST', '/groups', { name: 'Bench', path: 'bench' })) as { id: number };
  const project = (await call(core, token, 'POST', '/projects', { path: 'app', namespace_id: group.id, initialize_with_readme: true })) as { id: number };
  const first = (await call(core, token, 'POST', `/projects/${project.id}/releases`, { tag_name: 'v0', ref: 'main', name: 'v0' })) as { commit: { id: string } };
  const sha = first.commit.id;
  bulkLoad(core, ['releases', 'release_links', 'milestones'], (stage) => {
    const release = stage(`INSERT INTO releases (project_id, tag, name, description, author_id, sha, released_at, created_at, updated_at) VALUES (?, ?, ?, '', 1, ?, ?, ?, ?)`);
    const link = stage(`INSERT INTO release_links (release_id, name, url, filepath, link_type, created_at, updated_at) VALUES (?, ?, ?, ?, 'other', ?, ?)`);
    const milestone = stage(`INSERT INTO milestones (iid, project_id, group_id, title, state, due_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (let i = 1; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      // released_at runs against created_at so that the two orders differ.
      const released = new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString();
      release.run(project.id, `v${i}`, `Release ${i}`, sha, released, at, at);
    }
    // The asset links belong to a release in the middle of every order, on none of the pages
    // timed below (a release shows all its links).
    stage.flush();
    const linked = (core.db.prepare(`SELECT id FROM releases WHERE project_id = ? AND tag = 'v50'`).get(project.id) as { id: number }).id;
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      link.run(linked, `asset-${i}`, `https://example.com/assets/${i}`, `/bin/asset-${i}`, at, at);
      const due = i % 3 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + (i % 1000) * 86_400_000).toISOString().slice(0, 10);
      const state = i % 4 === 0 ? 'closed' : 'active';
      milestone.run(i + 1, project.id, null, `M ${i}`, state, due, at, at);
      milestone.run(i + 1, null, group.id, `G ${i}`, state, due, at, at);
    }
  });
  return { project: project.id, group: group.id, tag: 'v50' };
}

const dir = mkdtempSync(join(tmpdir(), 'hostctl-bench-'));
try {
  const small = initState({ stateDir: join(dir, 'small') });
  const large = initState({ stateDir: join(dir, 'large') });
  small.core.log = () => undefined;
  large.core.log = () => undefined;
  const a = await seed(small.core, small.rootToken, 100);
  const b = await seed(large.core, large.rootToken, 100_000);
  const deep = (n: number) => `per_page=20&page=${n}`;
  const cases: [string, (ids: Ids) => string, string][] = [];
  for (const order of ['released_at', 'created_at']) {
    for (const sort of ['desc', 'asc']) {
      cases.push([`project releases, page 1, ${order} ${sort}`, (ids) => `/projects/${ids.project}/releases`, `per_page=20&order_by=${order}&sort=${sort}`]);
      cases.push([`project releases, page 4, ${order} ${sort}`, (ids) => `/projects/${ids.project}/releases`, `${deep(4)}&order_by=${order}&sort=${sort}`]);
    }
  }
  cases.push(['project releases, updated_after', (ids) => `/projects/${ids.project}/releases`, 'per_page=20&updated_after=2024-12-31T00:00:00Z']);
  for (const sort of ['desc', 'asc']) {
    cases.push([`group releases, page 1, ${sort}`, (ids) => `/groups/${ids.group}/releases`, `per_page=20&sort=${sort}`]);
    cases.push([`group releases, page 4, ${sort}`, (ids) => `/groups/${ids.group}/releases`, `${deep(4)}&sort=${sort}`]);
  }
  cases.push(['release links, page 1', (ids) => `/projects/${ids.project}/releases/${ids.tag}/assets/links`, 'per_page=20']);
  cases.push(['release links, page 4', (ids) => `/projects/${ids.project}/releases/${ids.tag}/assets/links`, deep(4)]);
  for (const [owner, path] of [
    ['project', (ids: Ids) => `/projects/${ids.project}/milestones`],
    ['group', (ids: Ids) => `/groups/${ids.group}/milestones`],
  ] as const) {
    for (const state of ['all', 'active', 'closed']) {
      cases.push([`${owner} milestones, page 1, state=${state}`, path, `per_page=20&state=${state}`]);
      // A quarter of the milestones are closed: the deep page is page 4 of 5 rows at 100 rows.
      cases.push([`${owner} milestones, page 4 of 5, state=${state}`, path, `per_page=5&page=4&state=${state}`]);
    }
  }
  for (const state of ['all', 'active']) {
    const path = (ids: Ids) => `/projects/${ids.project}/milestones`;
    cases.push([`project and group milestones, page 1, state=${state}`, path, `per_page=20&state=${state}&include_parent_milestones=true`]);
    cases.push([`project and group milestones, page 4 of 5, state=${state}`, path, `per_page=5&page=4&state=${state}&include_parent_milestones=true`]);
  }
  process.stdout.write(`\nRelease, asset link and milestone lists, 100 vs 100,000 rows (up to ${ROUNDS} requests each, in turns, 6 s a row, medians)\n`);
  for (const [label, path, query] of cases) {
    const [x, y] = await medianPairGetMs({ core: small.core, token: small.rootToken, path: path(a), query }, { core: large.core, token: large.rootToken, path: path(b), query }, ROUNDS, 5);
    // A filter on update time has to count its matching rows (up to 10,001): reported, not
    // held to the budget.
    scaleRow('release lists', label, x, y, label.includes('updated_after') ? 'no budget: counts matching rows' : undefined);
  }
  small.core.close();
  large.core.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
