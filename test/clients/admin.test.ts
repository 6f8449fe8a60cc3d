// Users, groups, projects, members, tokens and instance metadata through each real client's own
// object API against `hostctl serve`. One served instance; each client runs one script that
// makes many calls and prints what the test checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';

let inst: ServedInstance;
beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab: users, groups, projects, members, tokens', () => {
  it.runIf(hasPythonGitlab())('drives every admin area through its managers', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
import warnings
r = {}
# python-gitlab warns when the server's URLs differ from the URL it was given (gl.auth() checks
# the user's web_url, list pages their Link); served URLs follow the address reached.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    gl.auth()
    list(gl.users.list(per_page=1, iterator=True))
r["url_warnings"] = [str(w.message) for w in caught]
r["version"] = list(gl.version())
u = gl.users.create({"username": "pyuser", "name": "Py User", "email": "py@example.com", "password": "correct-horse-battery"})
r["user"] = [u.username, u.state, u.web_url.startswith(gl.url)]
u.name = "Py Renamed"
u.save()
r["renamed"] = gl.users.get(u.id).name
r["search"] = [x.username for x in gl.users.list(search="pyuser")]
u.block()
r["blocked"] = gl.users.get(u.id).state
# python-gitlab sends booleans as True/False; the platform accepts them.
r["blocked_list"] = [x.username for x in gl.users.list(blocked=True)]
u.unblock()
r["unblocked"] = gl.users.get(u.id).state

g = gl.groups.create({"name": "Py Group", "path": "py-group"})
sub = gl.groups.create({"name": "Py Sub", "path": "py-sub", "parent_id": g.id})
r["group"] = [g.full_path, sub.full_path]
r["subgroups"] = [x.full_path for x in g.subgroups.list()]
r["group_search"] = sorted(x.full_path for x in gl.groups.list(search='"Py Group"', all_available=True))
g.description = "edited"
g.save()
r["group_desc"] = gl.groups.get(g.id).description
m = g.members.create({"user_id": u.id, "access_level": 30})
r["group_member"] = [m.username, m.access_level]
m.access_level = 40
m.save()
r["group_member_updated"] = g.members.get(u.id).access_level
r["group_members"] = sorted(x.username for x in g.members.list())
r["group_members_all"] = sorted(x.username for x in sub.members_all.list())

p = gl.projects.create({"name": "Py App", "namespace_id": g.id, "initialize_with_readme": True})
r["project"] = [p.path_with_namespace, p.default_branch, p.web_url.startswith(gl.url)]
p.description = "app"
p.save()
r["project_desc"] = gl.projects.get(p.id).description
r["owned"] = [x.path for x in gl.projects.list(owned=True, search="py-app")]
r["by_path"] = gl.projects.get("py-group/py-app").id == p.id
# A group Maintainer cannot be given less on the project (the platform refuses); use another user.
other = gl.users.create({"username": "pyother", "name": "Py Other", "email": "pyo@example.com", "password": "correct-horse-battery"})
pm = p.members.create({"user_id": other.id, "access_level": 20})
r["project_member"] = [pm.username, pm.access_level]
r["project_members_all"] = sorted(x.username for x in p.members_all.list())
p.members.delete(other.id)
r["project_members_after"] = [x.username for x in p.members.list()]

# A project moved from root's namespace into pyuser's lists its new holder at Owner, who stays
# so for good (root, its former holder, keeps the Owner membership made with the project).
moved = gl.projects.create({"name": "Py Moved"})
moved.transfer(u.username)
moved = gl.projects.get(moved.id)
r["holder_all"] = sorted([x.username, x.access_level] for x in moved.members_all.list(get_all=True))
r["holder_get"] = [moved.members_all.get(u.id).access_level, moved.members.get(u.id).expires_at]
holder = moved.members.get(u.id)
holder.expires_at = "2026-02-01"
try:
    holder.save()
    r["holder_expiry"] = "saved"
except gitlab.exceptions.GitlabUpdateError as e:
    r["holder_expiry"] = e.response_code
r["group_projects"] = [x.path for x in g.projects.list()]

# A group the project is shared with lends its members, at most at the share's level.
team = gl.groups.create({"name": "Py Team", "path": "py-team"})
mate = gl.users.create({"username": "pymate", "name": "Py Mate", "email": "pym@example.com", "password": "correct-horse-battery"})
team.members.create({"user_id": mate.id, "access_level": 40})
p.share(team.id, 20)
r["shared_member"] = [[x.username, x.access_level] for x in p.members_all.list(get_all=True) if x.username == "pymate"]
r["shared_member_get"] = p.members_all.get(mate.id).access_level
p.unshare(team.id)
r["unshared_member"] = [x.username for x in p.members_all.list(get_all=True) if x.username == "pymate"]

# Storage statistics count package files; a group's sum its own projects'.
import tempfile, os
with tempfile.NamedTemporaryFile(delete=False) as f:
    f.write(b"x" * 1000)
p.generic_packages.upload("py-pkg", "1.0.0", "blob.bin", f.name)
os.unlink(f.name)
ps = gl.projects.get(p.id, statistics=True).statistics
parts = ["repository_size", "wiki_size", "lfs_objects_size", "job_artifacts_size", "pipeline_artifacts_size", "packages_size", "snippets_size", "uploads_size"]
gs = [x.statistics for x in gl.groups.list(statistics=True, search="py-group") if x.full_path == "py-group"][0]
r["statistics"] = [ps["packages_size"], ps["storage_size"] == sum(ps[k] for k in parts), gs["packages_size"], gs["storage_size"] == ps["storage_size"]]

t = u.personal_access_tokens.create({"name": "py-token", "scopes": ["read_api"], "expires_at": "2026-06-01"})
r["token"] = [t.name, t.scopes, t.expires_at, bool(t.token)]
listed = gl.personal_access_tokens.list(user_id=u.id)
r["tokens"] = [x.name for x in listed]
r["tokens_sorted"] = [x.name for x in gl.personal_access_tokens.list(user_id=u.id, sort="id_desc")]
gl.personal_access_tokens.delete(t.id)
r["revoked"] = gl.personal_access_tokens.list(user_id=u.id, revoked=True)[0].revoked
u2 = gitlab.Gitlab(gl.url, private_token=t.token)
try:
    u2.auth()
    r["revoked_auth"] = "ok"
except gitlab.exceptions.GitlabAuthenticationError as e:
    r["revoked_auth"] = e.response_code
r["paged"] = len(gl.users.list(per_page=1, page=1)) == 1 and len(gl.users.list(all=True)) >= 2

# order_by=similarity: the search's best match first (among root's own projects); star_count: the
# most starred first. Both orders differ from the default one (newest first).
gl.projects.create({"name": "Py App Extra", "namespace_id": g.id})
r["newest_first"] = [x.path for x in gl.projects.list(search="py-app")]
r["similar"] = [x.path for x in gl.projects.list(search="py-app", order_by="similarity")]
p.star()
r["most_starred"] = [x.path for x in gl.projects.list(search="py-app", order_by="star_count", sort="desc")]
r["similar_groups"] = [x.full_path for x in gl.groups.list(search="py-", order_by="similarity", all_available=True) if x.full_path.startswith("py-")]
# search_namespaces: the term may span the group's path and the project's ('py-group/py-app'),
# or its name and the project's (a quoted phrase: words apart are terms apart); found through the index, and again under the group's new path.
ns = lambda q: sorted(x.path_with_namespace for x in gl.projects.list(search=q, search_namespaces=True, get_all=True))
r["ns_search"] = [ns("py-group/py-app"), ns('"Py Group / Py App E"'), [x.path for x in gl.projects.list(search="py-group/py-app", get_all=True)]]
g.path = "py-grp"
g.save()
r["ns_search_renamed"] = [ns("py-grp/py-app"), ns("py-group/py-app")]
try:
    gl.projects.list(order_by="stars")
    r["bad_order"] = "listed"
except gitlab.exceptions.GitlabListError as e:
    r["bad_order"] = [e.response_code, e.error_message]
print(json.dumps(r))
`,
    );
    expect(out).toMatchObject({
      url_warnings: [],
      version: [expect.stringMatching(/^\d+\.\d+\.\d+/), expect.any(String)],
      user: ['pyuser', 'active', true],
      renamed: 'Py Renamed',
      search: ['pyuser'],
      blocked: 'blocked',
      blocked_list: ['pyuser'],
      unblocked: 'active',
      group: ['py-group', 'py-group/py-sub'],
      subgroups: ['py-group/py-sub'],
      // The platform searches full names: the parent's name finds the subgroup too. Quoted,
      // as one phrase: unquoted, `py` is too short to count and `group` finds every group.
      group_search: ['py-group', 'py-group/py-sub'],
      group_desc: 'edited',
      group_member: ['pyuser', 30],
      group_member_updated: 40,
      group_members: ['pyuser', 'root'],
      group_members_all: ['pyuser', 'root'],
      project: ['py-group/py-app', 'main', true],
      project_desc: 'app',
      // root created the group, so it owns the project too.
      owned: ['py-app'],
      by_path: true,
      project_member: ['pyother', 20],
      project_members_all: ['pyother', 'pyuser', 'root'],
      project_members_after: [],
      holder_all: [
        ['pyuser', 50],
        ['root', 50],
      ],
      holder_get: [50, null],
      holder_expiry: 403,
      group_projects: ['py-app'],
      shared_member: [['pymate', 20]],
      shared_member_get: 20,
      unshared_member: [],
      statistics: [1000, true, 1000, true],
      token: ['py-token', ['read_api'], '2026-06-01', true],
      tokens: ['py-token'],
      tokens_sorted: ['py-token'],
      revoked: true,
      revoked_auth: 401,
      paged: true,
      newest_first: ['py-app-extra', 'py-app'],
      similar: ['py-app', 'py-app-extra'],
      most_starred: ['py-app', 'py-app-extra'],
      // Scores 0.73, 0.64 and 0.57: "py" is a larger part of the shorter paths and names.
      similar_groups: ['py-group/py-sub', 'py-team', 'py-group'],
      ns_search: [['py-group/py-app', 'py-group/py-app-extra'], ['py-group/py-app-extra'], []],
      ns_search_renamed: [['py-grp/py-app', 'py-grp/py-app-extra'], []],
      bad_order: [400, 'order_by does not have a valid value'],
    });
  });
});

describe('python-gitlab: searches fold the case of letters beyond ASCII', () => {
  it.runIf(hasPythonGitlab())('finds a project, a group, a user and a member by their non-ASCII capitals in small letters and back', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
g = gl.groups.create({"name": "ÆRØ Gruppe", "path": "aero-gruppe"})
p = gl.projects.create({"name": "ÜBER Tools", "path": "uber-tools", "namespace_id": g.id, "description": "Straße"})
u = gl.users.create({"username": "orsted", "name": "Ørsted Ÿves", "email": "orsted@example.com", "password": "correct-horse-battery"})
p.members.create({"user_id": u.id, "access_level": 30})
names = lambda xs: sorted(x.name for x in xs)
r["projects"] = [names(gl.projects.list(search=q, get_all=True)) for q in ["über", "ÜBER tools", "straße"]]
r["ns"] = names(gl.projects.list(search="ærø über", search_namespaces=True, get_all=True))
r["groups"] = names(gl.groups.list(search="ærø", get_all=True))
r["users"] = [sorted(x.username for x in gl.users.list(search=q, get_all=True)) for q in ["ørsted", "ÿves", "ORSTED"]]
r["members"] = sorted(x.username for x in p.members_all.list(query="ØRSTED", get_all=True))
print(json.dumps(r))
`,
    );
    expect(out).toEqual({
      projects: [['ÜBER Tools'], ['ÜBER Tools'], ['ÜBER Tools']],
      ns: ['ÜBER Tools'],
      groups: ['ÆRØ Gruppe'],
      users: [['orsted'], ['orsted'], ['orsted']],
      members: ['orsted'],
    });
  });
});

describe('the Ruby gitlab gem: users, groups, projects, members, tokens', () => {
  it.runIf(hasRubyGitlab())('drives every admin area through its client methods', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
v = gl.version
r["version"] = v.version
u = gl.create_user("rb@example.com", "correct-horse-battery", "rbuser", { name: "Rb User" })
r["user"] = [u.username, u.state]
gl.edit_user(u.id, name: "Rb Renamed")
r["renamed"] = gl.user(u.id).name
r["search"] = gl.user_search("rbuser").map(&:username)
r["block"] = gl.block_user(u.id)
r["blocked"] = gl.user(u.id).state
r["block_again"] = gl.block_user(u.id)
r["unblock"] = gl.unblock_user(u.id)

g = gl.create_group("Rb Group", "rb-group")
sub = gl.create_group("Rb Sub", "rb-sub", parent_id: g.id)
r["group"] = [g.full_path, sub.full_path]
r["subgroups"] = gl.group_subgroups(g.id).map(&:full_path)
r["group_search"] = gl.group_search('"Rb Group"').map(&:full_path).sort
gl.edit_group(g.id, description: "edited")
r["group_desc"] = gl.group(g.id).description
m = gl.add_group_member(g.id, u.id, 30)
r["group_member"] = [m.username, m.access_level]
gl.edit_group_member(g.id, u.id, 40)
r["group_member_updated"] = gl.group_member(g.id, u.id).access_level
r["group_members"] = gl.group_members(g.id).map(&:username).sort

p = gl.create_project("Rb App", namespace_id: g.id, initialize_with_readme: true)
r["project"] = [p.path_with_namespace, p.default_branch]
gl.edit_project(p.id, description: "app")
r["project_desc"] = gl.project("rb-group/rb-app").description
r["projects_search"] = gl.project_search("rb-app").map(&:path)
other = gl.create_user("rbo@example.com", "correct-horse-battery", "rbother", { name: "Rb Other" })
pm = gl.add_team_member(p.id, other.id, 20)
r["project_member"] = [pm.username, pm.access_level]
r["project_members"] = gl.team_members(p.id).map(&:username)
gl.remove_team_member(p.id, other.id)
r["project_members_after"] = gl.team_members(p.id).map(&:username)
r["group_projects"] = gl.group_projects(g.id).map(&:path)

# The gem (4.17) has no personal access token methods: its generic request helpers instead.
t = gl.post("/users/#{u.id}/personal_access_tokens", body: { name: "rb-token", scopes: ["read_api"] })
r["token"] = [t.name, t.scopes, !t.token.to_s.empty?]
r["tokens"] = gl.get("/personal_access_tokens", query: { user_id: u.id }).map(&:name)
gl.delete("/personal_access_tokens/#{t.id}")
r["revoked"] = gl.get("/personal_access_tokens/#{t.id}").revoked
puts JSON.generate(r)
`,
    );
    expect(out).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      user: ['rbuser', 'active'],
      renamed: 'Rb Renamed',
      search: ['rbuser'],
      block: true,
      blocked: 'blocked',
      // The platform answers a second block with a null body (nothing changed); the gem's parser
      // turns a null body into false, as it does against the real platform.
      block_again: false,
      unblock: true,
      group: ['rb-group', 'rb-group/rb-sub'],
      subgroups: ['rb-group/rb-sub'],
      group_search: ['rb-group', 'rb-group/rb-sub'],
      group_desc: 'edited',
      group_member: ['rbuser', 30],
      group_member_updated: 40,
      group_members: ['rbuser', 'root'],
      project: ['rb-group/rb-app', 'main'],
      project_desc: 'app',
      projects_search: ['rb-app'],
      project_member: ['rbother', 20],
      project_members: ['rbother'],
      project_members_after: [],
      group_projects: ['rb-app'],
      token: ['rb-token', ['read_api'], true],
      tokens: ['rb-token'],
      revoked: true,
    });
  });
});

describe('@gitbeaker/rest: users, groups, projects, members, tokens', () => {
  it('drives every admin area through its resources', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const meta = (await api.Metadata.show()) as { version: string; enterprise: boolean };
    expect(meta).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), enterprise: true });

    // gitbeaker keeps the platform's snake_case keys (it camelizes only when asked).
    const u = (await api.Users.create({ username: 'gbuser', name: 'Gb User', email: 'gb@example.com', password: 'correct-horse-battery' })) as { id: number; username: string; web_url: string };
    expect(u.username).toBe('gbuser');
    expect(u.web_url.startsWith(inst.url)).toBe(true);
    await api.Users.edit(u.id, { name: 'Gb Renamed' });
    expect(((await api.Users.show(u.id)) as { name: string }).name).toBe('Gb Renamed');
    expect(((await api.Users.all({ search: 'gbuser' })) as { username: string }[]).map((x) => x.username)).toEqual(['gbuser']);
    await api.Users.block(u.id);
    expect(((await api.Users.all({ blocked: true })) as { username: string }[]).map((x) => x.username)).toContain('gbuser');
    await api.Users.block(u.id);
    await api.Users.unblock(u.id);
    expect(((await api.Users.show(u.id)) as { state: string }).state).toBe('active');

    const g = (await api.Groups.create('Gb Group', 'gb-group')) as { id: number; full_path: string };
    const sub = (await api.Groups.create('Gb Sub', 'gb-sub', { parentId: g.id })) as { id: number; full_path: string };
    expect(sub.full_path).toBe('gb-group/gb-sub');
    expect(((await api.Groups.allSubgroups(g.id)) as { full_path: string }[]).map((x) => x.full_path)).toEqual(['gb-group/gb-sub']);
    expect(((await api.Groups.all({ search: '"Gb Group"', allAvailable: true })) as { full_path: string }[]).map((x) => x.full_path).sort()).toEqual([
      'gb-group',
      'gb-group/gb-sub',
    ]);
    await api.Groups.edit(g.id, { description: 'edited' });
    expect(((await api.Groups.show(g.id)) as { description: string }).description).toBe('edited');
    await api.GroupMembers.add(g.id, 30, { userId: u.id });
    await api.GroupMembers.edit(g.id, u.id, 40);
    expect(((await api.GroupMembers.show(g.id, u.id)) as { access_level: number }).access_level).toBe(40);
    expect(((await api.GroupMembers.all(sub.id, { includeInherited: true })) as { username: string }[]).map((x) => x.username).sort()).toEqual(['gbuser', 'root']);

    const p = (await api.Projects.create({ name: 'Gb App', namespaceId: g.id, initializeWithReadme: true })) as { id: number; path_with_namespace: string };
    expect(p.path_with_namespace).toBe('gb-group/gb-app');
    await api.Projects.edit(p.id, { description: 'app' });
    expect(((await api.Projects.show('gb-group/gb-app')) as { description: string }).description).toBe('app');
    expect(((await api.Projects.all({ search: 'gb-app', membership: true })) as { path: string }[]).map((x) => x.path)).toEqual(['gb-app']);
    const other = (await api.Users.create({ username: 'gbother', name: 'Gb Other', email: 'gbo@example.com', password: 'correct-horse-battery' })) as { id: number };
    await api.ProjectMembers.add(p.id, 20, { userId: other.id });
    expect(((await api.ProjectMembers.all(p.id)) as { username: string }[]).map((x) => x.username)).toEqual(['gbother']);
    await api.ProjectMembers.remove(p.id, other.id);
    expect(await api.ProjectMembers.all(p.id)).toEqual([]);
    expect(((await api.Groups.allProjects(g.id)) as { path: string }[]).map((x) => x.path)).toEqual(['gb-app']);

    const t = (await api.PersonalAccessTokens.create(u.id, 'gb-token', ['read_api'], { expiresAt: '2026-06-01' })) as { id: number; token: string; expires_at: string };
    expect(t.expires_at).toBe('2026-06-01');
    const mine = await gitbeaker(inst, t.token);
    expect(((await mine.PersonalAccessTokens.show()) as { name: string }).name).toBe('gb-token');
    expect(((await api.PersonalAccessTokens.all({ userId: u.id, sort: 'created_at_desc' } as never)) as { name: string }[]).map((x) => x.name)).toEqual(['gb-token']);
    await api.PersonalAccessTokens.remove({ tokenId: t.id });
    expect(((await api.PersonalAccessTokens.show({ tokenId: t.id })) as { revoked: boolean }).revoked).toBe(true);
    // The token's own answer was kept with its row; the revoke (another request) ends it.
    await expect(mine.PersonalAccessTokens.show()).rejects.toMatchObject({ cause: { response: { status: 401 } } });
    // Pagination: gitbeaker follows the Link header (offset) across every page.
    const all = (await api.Users.all({ perPage: 1, maxPages: 10 })) as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});

describe('python-gitlab: project and group access tokens', () => {
  it.runIf(hasPythonGitlab())('creates, lists and revokes them through their managers, and a bot token reads as itself', async () => {
    const expires = new Date(inst.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
g = gl.groups.create({"name": "py-tokens", "path": "py-tokens"})
p = gl.projects.create({"name": "py-tokened", "namespace_id": g.id})
t = p.access_tokens.create({"name": "ci-bot", "scopes": ["read_api"], "expires_at": "${expires}", "access_level": 30})
r["created"] = [t.name, t.access_level, t.scopes, t.token.startswith("glpat-") or len(t.token) > 20]
r["listed"] = [[x.name, x.access_level, x.active] for x in p.access_tokens.list(get_all=True)]
gt = g.access_tokens.create({"name": "grp-bot", "scopes": ["api"], "expires_at": "${expires}"})
r["group"] = [[x.name, x.access_level] for x in g.access_tokens.list(get_all=True)]
bot = gitlab.Gitlab(gl.url, private_token=t.token)
r["self"] = bot.http_get("/personal_access_tokens/self")["name"]
p.access_tokens.delete(t.id)
r["after_revoke"] = [[x.name, x.active, x.revoked] for x in p.access_tokens.list(get_all=True)]
try:
    bot.http_get("/personal_access_tokens/self")
    r["revoked_reads"] = "answered"
except gitlab.exceptions.GitlabAuthenticationError as e:
    r["revoked_reads"] = e.response_code
print(json.dumps(r))
`,
    );
    expect(out).toEqual({
      created: ['ci-bot', 30, ['read_api'], true],
      listed: [['ci-bot', 30, true]],
      group: [['grp-bot', 40]],
      self: 'ci-bot',
      after_revoke: [['ci-bot', false, true]],
      revoked_reads: 401,
    });
  });
});
