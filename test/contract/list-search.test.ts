// Text search and membership filters of the project, user and group lists: terms of every
// length (a trigram index serves three characters or more, shorter ones read the rows), LIKE
// wildcards taken literally, non-ASCII text, fields kept in step after renames and deletes, and
// which projects membership=true and min_access_level select, with their totals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLists } from '../helpers/search-lists.js';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser, unique, type TestUser, type UserJson } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, type ProjectJson } from '../factories/projects.js';
import { patternMatches } from '../../src/core/db/sql.js';

describe.each(TRANSPORTS)('list search and membership filters (%s)', (kind) => {
  let inst: Instance;
  let viewer: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    viewer = await createUser(inst);
  });
  afterAll(() => inst.close());

  const projectNames = async (search: string, client = inst.admin, extra: Record<string, unknown> = {}) =>
    (await client.get<ProjectJson[]>('/projects', { search, per_page: 100, ...extra })).data.map((p) => p.name).sort();

  it('projects: terms of one, two and three or more characters, in any ASCII case, in name, path or description', async () => {
    // The tag prefixes every name, so it must not hold the letters the short terms look for.
    const tag = unique('q').toLowerCase().replace(/[xy]/g, 'k');
    const group = await createGroup(inst, inst.admin, { visibility: 'public' });
    await createProject(inst, inst.admin, { name: `${tag} Alpha Xy`, path: `${tag}-alpha`, namespace_id: group.id, visibility: 'public' });
    await createProject(inst, inst.admin, { name: `${tag} Beta`, path: `${tag}-beta`, namespace_id: group.id, visibility: 'public', description: 'holds the Kestrel word' });
    await createProject(inst, inst.admin, { name: `${tag} Gamma`, path: `${tag}-zq-gamma`, namespace_id: group.id, visibility: 'private' });
    for (const client of [inst.admin, viewer.client]) {
      const all = client === inst.admin ? [`${tag} Alpha Xy`, `${tag} Beta`, `${tag} Gamma`] : [`${tag} Alpha Xy`, `${tag} Beta`];
      expect(await projectNames(tag, client)).toEqual(all);
      expect(await projectNames(tag.toUpperCase(), client)).toEqual(all);
      // Three characters or more: the index finds them; the rest of the name must match too.
      expect(await projectNames(`${tag} alpha`, client)).toEqual([`${tag} Alpha Xy`]);
      expect(await projectNames('kEsTrEl', client, { simple: true })).toEqual([`${tag} Beta`]);
      expect(await projectNames(`${tag}-zq`, client)).toEqual(client === inst.admin ? [`${tag} Gamma`] : []);
      // Two characters and one (Gitlab::SQL::Pattern): only a field equal to the whole term.
      expect((await projectNames('xy', client)).filter((n) => n.startsWith(tag))).toEqual([]);
      expect((await projectNames('X', client)).filter((n) => n.startsWith(tag))).toEqual([]);
    }
  });

  it('projects: % and _ match themselves, also in terms the index serves', async () => {
    const tag = unique('w').toLowerCase();
    for (const name of [`${tag} a_b`, `${tag} axb`]) await createProject(inst, inst.admin, { name, path: unique('wp') });
    // Names hold no %: descriptions do.
    await createProject(inst, inst.admin, { name: `${tag} pct`, path: unique('wp'), description: `${tag} 50% off` });
    await createProject(inst, inst.admin, { name: `${tag} x`, path: unique('wp'), description: `${tag} 50x off` });
    expect(await projectNames(`${tag} a_b`)).toEqual([`${tag} a_b`]);
    expect(await projectNames('a_b')).toEqual([`${tag} a_b`]);
    expect(await projectNames(`${tag} 50%`)).toEqual([`${tag} pct`]);
    expect(await projectNames(`${tag} 50% o`)).toEqual([`${tag} pct`]);
    // One character is matched whole, and literally: no name is only `_` or `%`.
    expect((await projectNames('_')).filter((n) => n.startsWith(tag))).toEqual([]);
    expect((await projectNames('%')).filter((n) => n.startsWith(tag))).toEqual([]);
    expect(await projectNames(`${tag}%`)).toEqual([]);
    expect(await projectNames(`"${tag}`)).toEqual([]);
  });

  it('projects: non-ASCII names are found by their text, and renames and deletes are followed', async () => {
    const tag = unique('u').toLowerCase();
    const p = await createProject(inst, inst.admin, { name: `${tag} Café Ünïcode`, path: unique('up') });
    // Letters beyond ASCII match in any case, as on the platform (list-search-case-fold.test.ts).
    expect(await projectNames(`${tag} CAFÉ`)).toEqual([`${tag} Café Ünïcode`]);
    expect(await projectNames('ïcode')).toEqual([`${tag} Café Ünïcode`]);
    expect(await projectNames(`${tag} ïco`)).toEqual([`${tag} Café Ünïcode`]);
    await inst.admin.put(`/projects/${p.id}`, { name: `${tag} Renamed`, description: 'now with Osprey' });
    expect(await projectNames('Ünïcode')).toEqual([]);
    expect(await projectNames(`${tag} renamed`)).toEqual([`${tag} Renamed`]);
    expect(await projectNames('osprey')).toEqual([`${tag} Renamed`]);
    await inst.admin.delete(`/projects/${p.id}`);
    const left = await projectNames(`${tag} renamed`);
    // Deleting may be deferred on the platform; once the row is gone the index has no match.
    if (inst.core.db.prepare('SELECT 1 FROM projects WHERE id = ?').get(p.id) === undefined) expect(left).toEqual([]);
  });

  it('users: short and long terms over username and name, exact emails, renames', async () => {
    const tag = unique('s').toLowerCase();
    const a = await createUser(inst, { username: `${tag}_kite`, name: 'Kite Flyer' });
    await createUser(inst, { username: `${tag}xkite`, name: 'Other Person' });
    const names = async (search: string, client = inst.admin) => (await client.get<UserJson[]>('/users', { search, per_page: 100 })).data.map((u) => u.username).sort();
    for (const client of [inst.admin, viewer.client]) {
      expect(await names(`${tag}_kite`, client)).toEqual([`${tag}_kite`]);
      expect(await names(`${tag.toUpperCase()}`, client)).toEqual([`${tag}_kite`, `${tag}xkite`]);
      expect(await names('kite flyer', client)).toEqual([`${tag}_kite`]);
    }
    // Administrators find a private email by its whole text only.
    expect(await names(`${tag}_kite@example.com`)).toEqual([`${tag}_kite`]);
    expect(await names(`${tag}_kite@example.co`)).toEqual([]);
    expect(await names(`${tag}_kite@example.com`, viewer.client)).toEqual([]);
    await inst.admin.put(`/users/${a.user.id}`, { name: 'Heron Watcher' });
    expect(await names('kite flyer')).toEqual([]);
    expect((await names('heron watch')).includes(`${tag}_kite`)).toBe(true);
  });

  it("groups: a parent's name finds its subgroups; renames reach the subgroups' full paths", async () => {
    const tag = unique('g').toLowerCase();
    const parent = await createGroup(inst, inst.admin, { name: `${tag} Parent`, path: `${tag}-parent`, visibility: 'public' });
    const child = await createGroup(inst, inst.admin, { name: 'Nested One', path: unique('nested'), parent_id: parent.id, visibility: 'public' });
    const names = async (search: string, client = inst.admin, extra: Record<string, unknown> = {}) =>
      (await client.get<GroupJson[]>('/groups', { search, per_page: 100, ...extra })).data.map((g) => g.id).sort((x, y) => x - y);
    expect(await names(`${tag} parent`)).toEqual([parent.id, child.id]);
    expect(await names(`${tag}-PARENT/`)).toEqual([child.id]);
    expect(await names(`${tag} parent`, viewer.client, { all_available: true })).toEqual([parent.id, child.id]);
    await inst.admin.put(`/groups/${parent.id}`, { name: `${tag} Renamed`, path: `${tag}-renamed` });
    expect(await names(`${tag} parent`)).toEqual([]);
    expect(await names(`${tag}-renamed/`)).toEqual([child.id]);
  });

  it("projects: search_namespaces matches the full path, the full name (the groups' names, ' / ', the name) and the description, each on its own", async () => {
    const tag = unique('sn').toLowerCase();
    const parent = await createGroup(inst, inst.admin, { name: `${tag} Parent`, path: `${tag}-root`, visibility: 'public' });
    const child = await createGroup(inst, inst.admin, { name: 'Osprey Nest', path: unique('nest'), parent_id: parent.id, visibility: 'public' });
    const harrier = await createProject(inst, inst.admin, { name: 'Harrier', path: 'zulu-yard', namespace_id: child.id, visibility: 'public', description: 'holds the kestrel word' });
    // A path of two characters: a short term matches a column only when equal to it.
    const short = await createProject(inst, inst.admin, { name: 'Merlin', path: 'qz', namespace_id: child.id, visibility: 'public' });
    const ours = new Set([harrier.id, short.id]);
    const ids = async (search: string, namespaces: boolean, client = inst.admin) =>
      (await client.get<ProjectJson[]>('/projects', { search, per_page: 100, ...(namespaces ? { search_namespaces: true } : {}) })).data
        .map((p) => p.id)
        .filter((id) => ours.has(id))
        .sort((x, y) => x - y);
    for (const client of [inst.admin, viewer.client]) {
      // Terms split between a group's name and the project's name: both in the full name.
      expect(await ids(`${tag} harrier`, true, client)).toEqual([harrier.id]);
      expect(await ids('harrier osprey', true, client)).toEqual([harrier.id]);
      expect(await ids('"nest / harrier"', true, client)).toEqual([harrier.id]);
      expect(await ids(`${tag} harrier`, false, client)).toEqual([]);
      // A group's name alone: every project below it with, none without.
      expect(await ids('osprey', true, client)).toEqual([harrier.id, short.id]);
      expect(await ids('osprey', false, client)).toEqual([]);
      // The description, with and without.
      expect(await ids('kestrel', true, client)).toEqual([harrier.id]);
      expect(await ids('kestrel word', false, client)).toEqual([harrier.id]);
      // The project's path, within the full path; a group's path with it too.
      expect(await ids('zulu', true, client)).toEqual([harrier.id]);
      expect(await ids(`${tag}-root zulu`, true, client)).toEqual([harrier.id]);
      expect(await ids('zulu', false, client)).toEqual([harrier.id]);
      expect(await ids(`${tag}-root zulu`, false, client)).toEqual([]);
      // Terms in two columns (a name and a path, a name and the description) match no column.
      expect(await ids('osprey zulu', true, client)).toEqual([]);
      expect(await ids('harrier kestrel', true, client)).toEqual([]);
      // A short path equals the project's path column, never the full path.
      expect(await ids('qz', false, client)).toEqual([short.id]);
      expect(await ids('qz', true, client)).toEqual([]);
    }
  });

  it('projects: search_namespaces finds terms across the namespace and the project, and follows renames and transfers of groups, projects and users', async () => {
    const tag = unique('sb').toLowerCase();
    const top = await createGroup(inst, inst.admin, { name: `${tag} Top`, path: `${tag}-top`, visibility: 'public' });
    const sub = await createGroup(inst, inst.admin, { name: 'Heron Sub', path: `${tag}-sub`, parent_id: top.id, visibility: 'public' });
    const other = await createGroup(inst, inst.admin, { name: `${tag} Other`, path: `${tag}-other`, visibility: 'public' });
    const holder = await createUser(inst, { username: `${tag}-holder`, name: `${tag} Holder` });
    const plover = await createProject(inst, inst.admin, { name: 'Plover App', path: 'plover-app', namespace_id: sub.id, visibility: 'public', description: 'shore birds' });
    const tern = await createProject(inst, inst.admin, { name: 'Tern', path: 'tern', namespace_id: top.id, visibility: 'public' });
    const stilt = await createProject(inst, holder.client, { name: 'Stilt', path: 'stilt', visibility: 'public' });
    const ours = [plover.id, tern.id, stilt.id];
    const ids = async (search: string, client = inst.admin) =>
      (await client.get<ProjectJson[]>('/projects', { search, search_namespaces: true, per_page: 100 })).data
        .map((p) => p.id)
        .filter((id) => ours.includes(id))
        .sort((x, y) => x - y);
    /**
     * The rule on each project's route as the API shows it now (every term of three characters
     * or more in one of: full path, full name, description; otherwise a column equal to the
     * query): what a scan of every row answers, which the index must never narrow.
     */
    const scanned = async (search: string) => {
      const words = search.toLowerCase();
      const matches = [];
      for (const id of ours) {
        const { data: p } = await inst.admin.get<ProjectJson>(`/projects/${id}`);
        if (patternMatches([p.path_with_namespace, p.name_with_namespace, p.description as string | null].map((v) => v?.toLowerCase()), words)) matches.push(id);
      }
      return matches.sort((x, y) => x - y);
    };
    const expectFound = async (expected: Record<string, number[]>) => {
      for (const [search, want] of Object.entries(expected)) {
        const sorted = [...want].sort((x, y) => x - y);
        expect({ search, found: await ids(search) }).toEqual({ search, found: sorted });
        expect({ search, found: await ids(search, viewer.client) }).toEqual({ search, found: sorted });
        expect({ search, scanned: await scanned(search) }).toEqual({ search, scanned: sorted });
      }
    };
    await expectFound({
      // Across the boundary: the end of a group's path or name and the start of the project's.
      [`${tag}-sub/plover`]: [plover.id],
      'ub/plo': [plover.id],
      '"sub / plover"': [plover.id],
      [`"${tag} top / tern"`]: [tern.id],
      [`${tag}-top/${tag}-sub/plover-app`]: [plover.id],
      [`ub/plo ${tag}-top`]: [plover.id],
      [`${tag}-holder/sti`]: [stilt.id],
      [`"holder / stilt"`]: [stilt.id],
      // Terms in the route and in the description are in two columns: no match.
      'ub/plo shore': [],
      // The group's name finds what is below it, the top group's everything in its subtree.
      heron: [plover.id],
      [`${tag} top`]: [plover.id, tern.id],
    });
    // The subgroup renamed: its projects' routes follow, the old ones find nothing.
    await inst.admin.put(`/groups/${sub.id}`, { name: 'Egret Sub', path: `${tag}-egret` });
    await expectFound({ heron: [], [`${tag}-sub/plover`]: [], '"egret sub / plover"': [plover.id], [`${tag}-egret/plo`]: [plover.id], [`${tag} top`]: [plover.id, tern.id] });
    // The top group renamed: the subgroup's projects follow too.
    await inst.admin.put(`/groups/${top.id}`, { name: `${tag} Summit`, path: `${tag}-summit` });
    await expectFound({ [`${tag} top`]: [], [`${tag}-top/`]: [], [`${tag}-summit/${tag}-egret/plover`]: [plover.id], [`"${tag} summit / egret sub / plover"`]: [plover.id], [`"${tag} summit / tern"`]: [tern.id] });
    // The subgroup moved under another group.
    await inst.admin.post(`/groups/${sub.id}/transfer`, { group_id: other.id });
    await expectFound({ [`${tag}-summit/${tag}-egret`]: [], [`${tag}-other/${tag}-egret/plover`]: [plover.id], [`"${tag} other / egret sub / plover"`]: [plover.id], [`${tag} summit`]: [tern.id] });
    // A project moved to another namespace, then renamed.
    await inst.admin.put(`/projects/${tern.id}/transfer`, { namespace: other.id });
    await expectFound({ [`${tag}-summit/tern`]: [], [`${tag}-other/tern`]: [tern.id], [`"${tag} other / tern"`]: [tern.id] });
    await inst.admin.put(`/projects/${tern.id}`, { name: 'Skua', path: 'skua' });
    await expectFound({ [`${tag}-other/tern`]: [], [`${tag}-other/sku`]: [tern.id], [`"other / skua"`]: [tern.id], [`${tag} other`]: [plover.id, tern.id] });
    // A user renamed: the personal namespace's path and name, so the route of its projects.
    await inst.admin.put(`/users/${holder.user.id}`, { username: `${tag}-keeper`, name: `${tag} Keeper` });
    await expectFound({ [`${tag}-holder/sti`]: [], '"holder / stilt"': [], [`${tag}-keeper/sti`]: [stilt.id], [`"${tag} keeper / stilt"`]: [stilt.id] });
  });

  describe('membership=true and min_access_level', () => {
    let member: TestUser;
    let ids: Record<string, number>;

    beforeAll(async () => {
      member = await createUser(inst);
      const top = await createGroup(inst, inst.admin, { visibility: 'private' });
      const sub = await createGroup(inst, inst.admin, { parent_id: top.id, visibility: 'private' });
      const elsewhere = await createGroup(inst, inst.admin, { visibility: 'public' });
      const mk = async (namespace_id: number, visibility = 'private') => (await createProject(inst, inst.admin, { namespace_id, visibility })).id;
      ids = {
        top: await mk(top.id),
        // Inherited from the membership of the parent group.
        sub: await mk(sub.id),
        direct: await mk(elsewhere.id),
        expired: await mk(elsewhere.id),
        notMine: await mk(elsewhere.id),
        publicNotMine: await mk(elsewhere.id, 'public'),
      };
      await addMember(inst, 'groups', top.id, member.user.id, 30);
      await addMember(inst, 'projects', ids.direct as number, member.user.id, 40);
      await addMember(inst, 'projects', ids.expired as number, member.user.id, 50, inst.admin, { expires_at: '2026-02-01' });
      inst.clock.set(new Date('2026-03-01T00:00:00Z'));
      const own = await createProject(inst, member.client, { visibility: 'private' });
      ids.own = own.id;
    });
    afterAll(() => inst.clock.set(new Date('2026-01-15T10:00:00.000Z')));

    const listed = async (query: Record<string, unknown>) => {
      const res = await member.client.get<ProjectJson[]>('/projects', { per_page: 100, ...query });
      return { ids: res.data.map((p) => p.id).sort((a, b) => a - b), total: res.headers['x-total'] };
    };
    const sorted = (...names: string[]) => names.map((n) => ids[n] as number).sort((a, b) => a - b);

    it('selects the groups reached through a parent, direct memberships and the personal namespace, not expired ones', async () => {
      const all = sorted('top', 'sub', 'direct', 'own');
      expect(await listed({ membership: true })).toEqual({ ids: all, total: String(all.length) });
      expect(await listed({ membership: true, simple: true, order_by: 'name', sort: 'asc' })).toMatchObject({ ids: all });
      expect((await listed({ membership: true, per_page: 1, page: 3 })).total).toBe(String(all.length));
    });

    it('min_access_level keeps what reaches the level, at each boundary', async () => {
      expect(await listed({ min_access_level: 10 })).toEqual({ ids: sorted('top', 'sub', 'direct', 'own'), total: '4' });
      expect(await listed({ min_access_level: 30 })).toEqual({ ids: sorted('top', 'sub', 'direct', 'own'), total: '4' });
      expect(await listed({ min_access_level: 40 })).toEqual({ ids: sorted('direct', 'own'), total: '2' });
      expect(await listed({ min_access_level: 50 })).toEqual({ ids: sorted('own'), total: '1' });
      expect(await listed({ min_access_level: 40, membership: true })).toEqual({ ids: sorted('direct', 'own'), total: '2' });
    });

    it('combines with search and the other filters', async () => {
      const top = (await inst.admin.get<ProjectJson>(`/projects/${ids.top}`)).data;
      expect((await listed({ membership: true, search: top.path })).ids).toEqual([ids.top]);
      expect((await listed({ min_access_level: 40, search: top.path })).ids).toEqual([]);
      expect((await listed({ membership: true, visibility: 'public' })).ids).toEqual([]);
    });
  });
  it('a blank search or members query (white space only) filters nothing, on every list that takes one', async () => {
    const group = await createGroup(inst, inst.admin, { visibility: 'public' });
    const project = await createProject(inst, inst.admin, { namespace_id: group.id, visibility: 'public', initialize_with_readme: true });
    await addMember(inst, 'projects', project.id, viewer.user.id, 30);
    await inst.admin.post(`/projects/${project.id}/milestones`, { title: unique('m') });
    await inst.admin.post(`/projects/${project.id}/repository/branches`, { branch: unique('b'), ref: 'main' });
    await inst.admin.post(`/projects/${project.id}/repository/tags`, { tag_name: unique('t'), ref: 'main' });
    const lists: [string, string][] = [
      ['/projects', 'search'],
      ['/users', 'search'],
      ['/groups', 'search'],
      [`/groups/${group.id}/projects`, 'search'],
      [`/projects/${project.id}/groups`, 'search'],
      [`/projects/${project.id}/members/all`, 'query'],
      [`/projects/${project.id}/members`, 'query'],
      [`/projects/${project.id}/repository/branches`, 'search'],
      [`/projects/${project.id}/repository/tags`, 'search'],
      [`/projects/${project.id}/milestones`, 'search'],
      [`/projects/${project.id}/protected_branches`, 'search'],
      ['/personal_access_tokens', 'search'],
    ];
    const auth = { 'private-token': inst.rootToken };
    for (const [path, name] of lists) {
      const plain = await inst.raw('GET', path, { query: 'per_page=100', headers: auth });
      expect(plain.status, path).toBe(200);
      expect((plain.json as unknown[]).length, path).toBeGreaterThan(0);
      // A space (`+` and `%20`), a tab, a newline and a no-break space: blank to the platform.
      for (const blank of ['+', '%20%20', '%09', '%0A', '%C2%A0']) {
        const res = await inst.raw('GET', path, { query: `per_page=100&${name}=${blank}`, headers: auth });
        expect(res.status, `${path} ${name}=${blank}`).toBe(200);
        expect(res.json, `${path} ${name}=${blank}`).toEqual(plain.json);
        expect(res.headers['x-total'], `${path} ${name}=${blank}`).toBe(plain.headers['x-total']);
      }
    }
  });

  it('a search is squished where the platform squishes it (Gitlab::SQL::Pattern), and matched as sent where it does not', async () => {
    const tag = unique('sq').toLowerCase();
    const words = `${tag} Foo Bar`;
    const group = await createGroup(inst, inst.admin, { name: words, path: `${tag}-grp`, visibility: 'public' });
    const project = await createProject(inst, inst.admin, { name: words, path: `${tag}-prj`, namespace_id: group.id, visibility: 'public', initialize_with_readme: true });
    const person = await createUser(inst, { username: `${tag}_person`, name: words });
    await addMember(inst, 'projects', project.id, person.user.id, 30);
    await inst.admin.post(`/projects/${project.id}/milestones`, { title: words });
    await inst.admin.post(`/users/${person.user.id}/personal_access_tokens`, { name: words, scopes: ['api'] });
    await inst.admin.post(`/projects/${project.id}/access_tokens`, { name: words, scopes: ['api'], access_level: 30, expires_at: '2027-01-01' });
    const branch = `${tag}-branch`;
    await inst.admin.post(`/projects/${project.id}/repository/branches`, { branch, ref: 'main' });
    await inst.admin.post(`/projects/${project.id}/repository/tags`, { tag_name: branch, ref: 'main' });
    await inst.admin.post(`/projects/${project.id}/protected_branches`, { name: branch });
    const auth = { 'private-token': inst.rootToken };
    const get = async (path: string, name: string, term: string) => {
      const res = await inst.raw('GET', path, { query: `per_page=100&${name}=${encodeURIComponent(term)}`, headers: auth });
      expect(res.status, `${path} ${name}=${JSON.stringify(term)}`).toBe(200);
      return { body: res.json as unknown[], total: res.headers['x-total'] };
    };
    // White space at both ends and runs inside: spaces, a tab, a newline, a no-break space.
    const padded = (term: string) => ` \t${term.replaceAll(' ', '  \u00a0\n ')}\n `;
    const squished: [string, string, string][] = [
      ['/projects', 'search', `${tag} foo bar`],
      ['/groups', 'search', `${tag} foo bar`],
      ['/namespaces', 'search', `${tag} foo bar`],
      [`/groups/${group.id}/projects`, 'search', `${tag} foo bar`],
      [`/projects/${project.id}/groups`, 'search', `${tag} foo bar`],
      [`/projects/${project.id}/members`, 'query', `${tag} foo bar`],
      [`/projects/${project.id}/members/all`, 'query', `${tag} foo bar`],
      [`/projects/${project.id}/milestones`, 'search', `${tag} foo bar`],
      ['/personal_access_tokens', 'search', `${tag} foo bar`],
      [`/projects/${project.id}/access_tokens`, 'search', `${tag} foo bar`],
      [`/projects/${project.id}/protected_branches`, 'search', branch],
      ['/users', 'search', `${tag} foo bar`],
    ];
    for (const [path, name, term] of squished) {
      const plain = await get(path, name, term);
      expect(plain.body.length, `${path} ${name}=${term}`).toBeGreaterThan(0);
      const spaced = await get(path, name, padded(term));
      expect(spaced.body, `${path} ${name} padded`).toEqual(plain.body);
      expect(spaced.total, `${path} ${name} padded`).toBe(plain.total);
    }
    // Branches and tags (GitRefsFinder) match the term as sent: a space is part of it.
    for (const path of [`/projects/${project.id}/repository/branches`, `/projects/${project.id}/repository/tags`]) {
      expect((await get(path, 'search', branch)).body.length, path).toBe(1);
      expect((await get(path, 'search', ` ${branch}`)).body, path).toEqual([]);
    }
    // Users: names and usernames squished, emails compared as sent (User.search).
    const email = `${tag}_person@example.com`;
    expect((await get('/users', 'search', email)).body.length).toBe(1);
    expect((await get('/users', 'search', ` ${email} `)).body).toEqual([]);
    expect((await get('/users', 'search', ` ${tag}_person `)).body.length).toBe(1);
  });
  it("terms by Gitlab::SQL::Pattern's rules on every list that goes through it: all of them, in any order, short ones whole, quoted ones as phrases", async () => {
    const tag = unique('pt').toLowerCase();
    const group = await createGroup(inst, inst.admin, { name: `${tag} Red Fox`, path: `${tag}-grp`, visibility: 'public' });
    const one = await createProject(inst, inst.admin, { name: `${tag} Quick Brown Fox`, path: `${tag}-one`, namespace_id: group.id, visibility: 'public', initialize_with_readme: true });
    await createProject(inst, inst.admin, { name: `${tag} Fox Quick`, path: `${tag}-two`, namespace_id: group.id, visibility: 'public' });
    const alice = await createUser(inst, { username: `${tag}_alice`, name: `Alice ${tag} Cooper` });
    await addMember(inst, 'projects', one.id, alice.user.id, 30);
    for (const title of ['v1', 'v1.0', `${tag} Spring Release`]) await inst.admin.post(`/projects/${one.id}/milestones`, { title });
    for (const name of [`beta ${tag} token`, `${tag} alpha`]) await inst.admin.post(`/users/${alice.user.id}/personal_access_tokens`, { name, scopes: ['api'] });
    for (const name of [`${tag}-stable`, `release-${tag}`]) await inst.admin.post(`/projects/${one.id}/protected_branches`, { name });
    const { list, projects } = searchLists(inst);
    const both = [`${tag} Fox Quick`, `${tag} Quick Brown Fox`];

    // Every term, in any order, all in one field.
    expect((await projects(`fox ${tag} quick`)).sort()).toEqual(both);
    expect((await projects(`brown ${tag}`)).sort()).toEqual([`${tag} Quick Brown Fox`]);
    expect(await projects(`brown ${tag} nowhere`)).toEqual([]);
    // A quoted phrase is one term, matched as written.
    expect(await projects(`"quick brown" ${tag}`)).toEqual([`${tag} Quick Brown Fox`]);
    expect(await projects(`"brown quick" ${tag}`)).toEqual([]);
    expect((await projects(`"${tag} fox"`)).sort()).toEqual([`${tag} Fox Quick`]);
    // A term shorter than three characters is left out beside a longer one...
    expect((await projects(`${tag} zz fox`)).sort()).toEqual(both);
    // ...and alone matches only a field equal to it.
    expect(await list<{ title: string }>(`/projects/${one.id}/milestones`, 'search', 'v1').then((m) => m.map((x) => x.title))).toEqual(['v1']);
    expect(await list<{ title: string }>(`/projects/${one.id}/milestones`, 'search', 'v1.').then((m) => m.map((x) => x.title))).toEqual(['v1.0']);
    // Ranked by similarity to the whole search, the closer name first.
    expect(await projects(`${tag} fox quick`, '&order_by=similarity')).toEqual([`${tag} Fox Quick`, `${tag} Quick Brown Fox`]);

    expect((await list<GroupJson>('/groups', 'search', `fox ${tag}`)).map((g) => g.id)).toEqual([group.id]);
    expect((await list<GroupJson>('/groups', 'search', `fox ${tag}`, '&order_by=similarity')).map((g) => g.id)).toEqual([group.id]);
    expect(await list('/groups', 'search', `"fox red" ${tag}`)).toEqual([]);
    expect((await list<{ id: number }>('/namespaces', 'search', `fox ${tag}`)).map((n) => n.id)).toEqual([group.id]);
    expect((await list<{ id: number }>(`/projects/${one.id}/groups`, 'search', `fox ${tag}`)).map((g) => g.id)).toEqual([group.id]);
    expect(await list(`/projects/${one.id}/groups`, 'search', `"fox red" ${tag}`)).toEqual([]);
    expect((await list<{ title: string }>(`/projects/${one.id}/milestones`, 'search', `release ${tag}`)).map((m) => m.title)).toEqual([`${tag} Spring Release`]);
    expect((await list<{ name: string }>('/personal_access_tokens', 'search', `token ${tag}`)).map((t) => t.name)).toEqual([`beta ${tag} token`]);
    expect((await list<{ name: string }>(`/projects/${one.id}/protected_branches`, 'search', `stable ${tag}`)).map((b) => b.name)).toEqual([`${tag}-stable`]);

    // Users: name and username by the same rules, a leading @ dropped, emails only whole.
    const users = async (term: string, client = inst.admin) => (await client.get<UserJson[]>('/users', { search: term, per_page: 100 })).data.map((u) => u.username);
    for (const client of [inst.admin, viewer.client]) {
      expect(await users(`cooper alice ${tag}`, client)).toEqual([`${tag}_alice`]);
      expect(await users(`@${tag}_alice`, client)).toEqual([`${tag}_alice`]);
      expect(await users(`"alice cooper" ${tag}`, client)).toEqual([]);
    }
    expect(await users('@')).toEqual([]);
    expect(await users(`${tag}_alice@example.com`)).toEqual([`${tag}_alice`]);
    expect(await users(`@${tag}_alice@example.com`)).toEqual([`${tag}_alice`]);
    expect(await users(`${tag}_alice@example`)).toEqual([]);
    expect(await users(`alice@example.com`)).toEqual([]);
    // Members' query: User.search without the minimum, so short terms match anywhere too.
    for (const path of [`/projects/${one.id}/members`, `/projects/${one.id}/members/all`]) {
      for (const term of [`cooper ${tag}`, `@${tag}_alice`, `co ${tag}`]) {
        expect((await list<{ username: string }>(path, 'query', term)).map((m) => m.username), `${path} ${term}`).toEqual([`${tag}_alice`]);
      }
      expect(await list(path, 'query', `alice nobody${tag}`)).toEqual([]);
    }
  });
});
