// Budget: the group governance lists cost the same with 100,000 rows as with 100 (within 2×):
// a top-level group's enterprise users (pages, and the state, two-factor and username filters),
// its SCIM Users list (no filter, a deep startIndex, the userName and externalId filters), its
// protected environments, a project's 100,000 protected environments, and its SAML group links
// while other groups hold the 100,000 links.
// The SAML group links and the SAML and SCIM identity lists are not paginated on the platform
// (every row is answered): their rows at 100,000 links or identities in the one group are
// printed without a budget. Rows are written in SQL (only the lists are measured); requests go
// through the in-process core as the group's administrator or its SCIM client.
import { initState } from '../src/core/init.js';
import type { Core } from '../src/core/app.js';
import { atTwoSizes, bulkLoad, call, medianPairRequestMs, scaleRow, type ScaleRequest } from './core-requests.js';

const NAME = 'governance lists';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 100);
const TIERS = ['production', 'staging', 'testing', 'development', 'other'];

interface State {
  core: Core;
  token: string;
  scimToken: string;
  group: { id: number; path: string };
  /** A group holding `n` SAML group links (the measured group holds ten). */
  crowded: number;
  /** A project with `n` protected environments. */
  project: number;
}

async function build(dir: string, n: number): Promise<State> {
  const { core, rootToken } = initState({ stateDir: dir, offering: 'hosted', tier: 'ultimate' });
  core.log = () => undefined;
  const group = (await call(core, rootToken, 'POST', '/groups', { name: 'Corp', path: 'corp' })) as { id: number; full_path: string };
  const crowded = (await call(core, rootToken, 'POST', '/groups', { name: 'Crowded', path: 'crowded' })) as { id: number };
  const project = (await call(core, rootToken, 'POST', '/projects', { path: 'deploys', namespace_id: crowded.id })) as { id: number };
  // SAML group links exist only below a group whose SAML provider is enabled.
  for (const id of [group.id, crowded.id]) {
    await call(core, rootToken, 'PUT', `/hostctl/groups/${id}/saml_provider`, {
      sso_url: 'https://idp.example.com/sso/saml',
      certificate_fingerprint: '11:22:33:44:55:66:77:88:99:00:aa:bb:cc:dd:ee:ff:11:22:33:44',
    });
  }
  const scimToken = ((await call(core, rootToken, 'POST', `/hostctl/groups/${group.id}/scim_token`)) as { token: string }).token;
  const provider = (core.db.prepare('SELECT id FROM saml_providers WHERE group_id = ?').get(group.id) as { id: number }).id;
  for (const tier of TIERS) {
    await call(core, rootToken, 'POST', `/groups/${group.id}/protected_environments`, { name: tier, deploy_access_levels: [{ access_level: 40 }] });
  }
  for (let i = 0; i < 10; i++) await call(core, rootToken, 'POST', `/groups/${group.id}/saml_group_links`, { saml_group_name: `team-${i}`, access_level: 30 });

  const now = core.nowIso();
  bulkLoad(core, ['users', 'scim_identities', 'identities', 'saml_group_links', 'protected_environments'], (stage) => {
    const user = stage(
      `INSERT INTO users (username, username_lower, email, email_lower, name, state, two_factor_enabled, enterprise_group_id, enterprise_group_associated_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const scim = stage('INSERT INTO scim_identities (group_id, user_id, extern_uid, active, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)');
    const saml = stage("INSERT INTO identities (user_id, provider, extern_uid, saml_provider_id, created_at) VALUES (?, 'group_saml', ?, ?, ?)");
    const link = stage('INSERT INTO saml_group_links (group_id, saml_group_name, access_level, created_at) VALUES (?, ?, 30, ?)');
    const env = stage('INSERT INTO protected_environments (project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)');
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const id = Number(user.run(`user${i}`, `user${i}`, `user${i}@corp.example.com`, `user${i}@corp.example.com`, `User ${i}`, i % 4 === 3 ? 'blocked' : 'active', i % 3 === 0 ? 1 : 0, group.id, now, at, at).lastInsertRowid);
      scim.run(group.id, id, `ext-${i}`, now, now);
      saml.run(id, `saml-${i}`, provider, now);
      link.run(crowded.id, `crowd-${i}`, now);
      env.run(project.id, `review/${i}`, now, now);
    }
  });
  return { core, token: rootToken, scimToken, group: { id: group.id, path: group.full_path }, crowded: crowded.id, project: project.id };
}

const scimGet = (query: string) => (s: State): ScaleRequest => ({
  core: s.core,
  req: { method: 'GET', path: `/scim/v2/groups/${encodeURIComponent(s.group.path)}/Users`, query, headers: { authorization: `Bearer ${s.scimToken}`, accept: 'application/scim+json' }, api: 'scim' },
});

type Case = [label: string, request: (s: State) => ScaleRequest, unbudgeted?: string];
const get = (path: (s: State) => string, query: string) => (s: State): ScaleRequest => ({ core: s.core, req: { method: 'GET', path: path(s), query, headers: { 'private-token': s.token } } });
const users = (s: State) => `/groups/${s.group.id}/enterprise_users`;
const filter = (text: string) => `filter=${encodeURIComponent(text)}`;
const UNPAGINATED = 'no budget: not paginated on the platform, every row answered';

const CASES: Case[] = [
  ['enterprise users, page 1', get(users, 'per_page=20')],
  ['enterprise users, page 3', get(users, 'per_page=20&page=3')],
  ['enterprise users, active=true', get(users, 'per_page=20&active=true')],
  ['enterprise users, blocked=true', get(users, 'per_page=20&blocked=true')],
  ['enterprise users, two_factor=enabled', get(users, 'per_page=20&two_factor=enabled')],
  ['enterprise users, username=user42', get(users, 'per_page=20&username=user42')],
  ['enterprise users, filter search=user4', get(users, 'per_page=20&search=user4'), 'no budget: a filter counts up to 10,001 matches'],
  ['enterprise users, filter created_after', get(users, 'per_page=20&created_after=2025-01-01T00:30:00Z'), 'no budget: a filter counts up to 10,001 matches'],
  ['SCIM Users, startIndex=1', scimGet('startIndex=1&count=20')],
  ['SCIM Users, startIndex=41', scimGet('startIndex=41&count=20')],
  ['SCIM Users, userName eq (email)', scimGet(filter('userName eq "user42@corp.example.com"'))],
  ['SCIM Users, userName eq (username)', scimGet(filter('userName eq "user42"'))],
  ['SCIM Users, externalId eq', scimGet(filter('externalId eq "ext-42"'))],
  ['group protected environments, page 1', get((s) => `/groups/${s.group.id}/protected_environments`, 'per_page=20')],
  ['group protected environments, page 2', get((s) => `/groups/${s.group.id}/protected_environments`, 'per_page=2&page=2')],
  ['project protected environments, page 1', get((s) => `/projects/${s.project}/protected_environments`, 'per_page=20')],
  ['project protected environments, page 4', get((s) => `/projects/${s.project}/protected_environments`, 'per_page=20&page=4')],
  ['SAML group links of a group (10 links)', get((s) => `/groups/${s.group.id}/saml_group_links`, '')],
  ['SAML group links, all in one group', get((s) => `/groups/${s.crowded}/saml_group_links`, ''), UNPAGINATED],
  ['SAML identities of a group', get((s) => `/groups/${s.group.id}/saml/identities`, ''), UNPAGINATED],
  ['SCIM identities of a group', get((s) => `/groups/${s.group.id}/scim/identities`, ''), UNPAGINATED],
];

await atTwoSizes(build, async (small, large) => {
  process.stdout.write(`\nGroup governance lists, 100 vs 100,000 rows (up to ${ROUNDS} requests each, in turns, 6 s a row, medians; budget 2×)\n`);
  for (const [label, request, unbudgeted] of CASES) {
    // A list that answers every row is timed a few times only. The two sizes take turns.
    const rounds = unbudgeted === UNPAGINATED ? 5 : ROUNDS;
    const [a, b] = await medianPairRequestMs([request(small), request(large)], rounds, Math.min(10, rounds));
    scaleRow(NAME, label, a, b, unbudgeted);
  }
});
