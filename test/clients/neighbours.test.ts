// The endpoints beside our areas that real clients call next: commit actions, blobs, languages,
// snapshots, forks, stars, housekeeping, storage, impersonation tokens, bans, memberships and
// milestone promotion, group transfer and sharing, project sharing, user avatars, through python-gitlab's and gitbeaker's own object APIs against `serve`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, runPython, startServed, type ServedInstance } from './harness.js';

let inst: ServedInstance;

beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab: neighbouring endpoints', () => {
  it.runIf(hasPythonGitlab())('walks commits, repository, projects, users and milestones without a 404', async () => {
    const group = (await inst.admin.post<{ id: number }>('/groups', { name: 'py-neighbours', path: 'py-neighbours' })).data;
    const pid = (await inst.admin.post<{ id: number }>('/projects', { path: 'py-next', namespace_id: group.id, initialize_with_readme: true })).data.id;
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
p = gl.projects.get(${pid})
r = {}
c = p.commits.create({"branch": "main", "commit_message": "Add app", "actions": [{"action": "create", "file_path": "app.py", "content": "print(1)\\n"}]})
rev = p.commits.get(c.id).revert(branch="main")
r["revert"] = rev["title"]
p.branches.create({"branch": "side", "ref": c.id})
c2 = p.commits.create({"branch": "main", "commit_message": "Second", "actions": [{"action": "create", "file_path": "two.py", "content": "2\\n"}]})
p.commits.get(c2.id).cherry_pick(branch="side")
r["cherry_pick"] = p.branches.get("side").commit["message"].endswith("(cherry picked from commit %s)" % c2.id)
try:
    p.commits.get(c.id).signature()
except gitlab.exceptions.GitlabGetError as e:
    r["signature"] = [e.response_code, e.error_message]
commit = p.commits.get(c.id)
commit.comments.create({"note": "Nice"})
r["comments"] = [x.note for x in commit.comments.list()]
commit.statuses.create({"state": "success", "name": "ci", "ref": "side"})
r["statuses"] = [[s.name, s.status] for s in commit.statuses.list()]
tree = {x["path"]: x["id"] for x in p.repository_tree(ref="side")}
r["blob"] = p.repository_blob(tree["app.py"])["size"]
r["raw_blob"] = p.repository_raw_blob(tree["app.py"]).decode()
r["snapshot"] = p.snapshot()[257:262].decode()
r["languages"] = p.languages()
fork = p.forks.create({"namespace_path": "root", "path": "py-next-fork"})
r["fork"] = gl.projects.get(fork.id).forked_from_project["id"] == p.id
r["forks"] = [x.id for x in p.forks.list()] == [fork.id]
p.star()
r["starred"] = gl.projects.get(p.id).star_count
p.unstar()
r["star_count"] = gl.projects.get(p.id).star_count
p.housekeeping()
r["storage"] = p.storage.get().repository_storage
r["groups"] = [g.id for g in p.groups.list()] == [${group.id}]
u = gl.users.create({"username": "py-neighbour", "email": "py-neighbour@example.com", "name": "Py N", "password": "correct-horse-battery", "skip_confirmation": True})
t = u.impersonationtokens.create({"name": "imp", "scopes": ["api"]})
r["impersonation"] = [t.impersonation, len(t.token) > 10, [x.id for x in u.impersonationtokens.list(state="active")] == [t.id]]
t.delete()
r["revoked"] = u.impersonationtokens.get(t.id).revoked
u.ban()
r["banned"] = gl.users.get(u.id).state
u.unban()
r["unbanned"] = gl.users.get(u.id).state
r["memberships"] = [m.source_type for m in gl.users.get(1).memberships.list(type="Namespace")][:1]
try:
    gl.users.get(1).memberships.list(type="Group")
except gitlab.exceptions.GitlabListError as e:
    r["memberships_bad"] = e.response_code
m = p.milestones.create({"title": "py-m", "due_date": "2026-05-01T12:00:00Z"})
r["milestone_date"] = m.due_date
m.promote()
r["promoted"] = [x.title for x in gl.groups.get(${group.id}).milestones.list()]
r["license"] = gl.get_license()["plan"]
print(json.dumps(r))
`,
    );
    expect(out).toMatchObject({
      revert: 'Revert "Add app"',
      cherry_pick: true,
      signature: [404, '404 Signature Not Found'],
      comments: ['Nice'],
      statuses: [['ci', 'success']],
      blob: 9,
      raw_blob: 'print(1)\n',
      snapshot: 'ustar',
      languages: { Python: 100 },
      fork: true,
      forks: true,
      starred: 1,
      star_count: 0,
      storage: 'default',
      groups: true,
      impersonation: [true, true, true],
      revoked: true,
      banned: 'banned',
      unbanned: 'active',
      memberships_bad: 400,
      milestone_date: '2026-05-01',
      promoted: ['py-m'],
      license: 'ultimate',
    });
  });
});

describe('python-gitlab: group transfer and share', () => {
  it.runIf(hasPythonGitlab())('group.transfer moves a group and back to the top; group.share and unshare', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
parent = gl.groups.create({"name": "py-parent", "path": "py-parent"})
g = gl.groups.create({"name": "py-moving", "path": "py-moving"})
p = gl.projects.create({"name": "py-inside", "namespace_id": g.id, "initialize_with_readme": True})
g.transfer(parent.id)
r["moved"] = gl.groups.get(g.id).full_path
r["project"] = gl.projects.get(p.id).path_with_namespace
try:
    g.transfer(parent.id)
except gitlab.exceptions.GitlabGroupTransferError as e:
    r["again"] = [e.response_code, e.error_message]
g.transfer()
r["top"] = [gl.groups.get(g.id).full_path, gl.groups.get(g.id).parent_id]
other = gl.groups.create({"name": "py-team", "path": "py-team"})
g.share(other.id, 30)
r["shared"] = [[x["group_id"], x["group_access_level"]] for x in gl.groups.get(g.id).shared_with_groups]
g.unshare(other.id)
r["unshared"] = gl.groups.get(g.id).shared_with_groups
print(json.dumps(r))
`,
    );
    expect(out).toMatchObject({
      moved: 'py-parent/py-moving',
      project: 'py-parent/py-moving/py-inside',
      again: [400, 'Transfer failed: Group is already associated to the parent group.'],
      top: ['py-moving', null],
      unshared: [],
    });
    expect((out.shared as number[][])[0]?.[1]).toBe(30);
  });
});

describe('python-gitlab: project share and user avatars', () => {
  it.runIf(hasPythonGitlab())("project.share and unshare; a member of the group reads the project; gl.users.create and user.save carry an avatar", async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
team = gl.groups.create({"name": "py-share-team", "path": "py-share-team"})
p = gl.projects.create({"name": "py-shared", "initialize_with_readme": True})
u = gl.users.create({"username": "py-sharer", "email": "py-sharer@example.com", "name": "Py S", "password": "correct-horse-battery", "skip_confirmation": True})
team.members.create({"user_id": u.id, "access_level": 40})
p.share(team.id, 20, expires_at="2026-12-31")
r["shared"] = [[x["group_id"], x["group_access_level"], x["expires_at"]] for x in gl.projects.get(p.id).shared_with_groups]
r["with_shared"] = [g.id for g in p.groups.list(with_shared=True)]
member = gitlab.Gitlab(gl.url, private_token=u.impersonationtokens.create({"name": "t", "scopes": ["api"]}).token)
r["member_sees"] = [x.id for x in member.projects.list(membership=True, min_access_level=20)]
r["member_dev"] = [x.id for x in member.projects.list(min_access_level=30)]
try:
    p.share(team.id, 20)
except gitlab.exceptions.GitlabCreateError as e:
    r["again"] = [e.response_code, e.error_message]
p.unshare(team.id)
r["unshared"] = gl.projects.get(p.id).shared_with_groups
try:
    p.unshare(team.id)
except gitlab.exceptions.GitlabDeleteError as e:
    r["unshare_again"] = [e.response_code, e.error_message]
png = bytes.fromhex("89504e470d0a1a0a") + bytes(range(32))
a = gl.users.create({"username": "py-avatar", "email": "py-avatar@example.com", "name": "Py A", "password": "correct-horse-battery", "skip_confirmation": True, "avatar": png})
r["avatar_url"] = a.avatar_url.rsplit("/", 2)[-2:]
r["avatar_bytes"] = gl.session.get(a.avatar_url).content == png
a = gl.users.get(a.id)
a.avatar = png[:8] + b"changed"
a.save()
r["avatar_changed"] = gl.session.get(gl.users.get(a.id).avatar_url).content == png[:8] + b"changed"
print(json.dumps(r))
`,
    );
    const ids = (await inst.admin.get<{ id: number; path: string }[]>('/projects', { search: 'py-shared' })).data.map((p) => p.id);
    const team = (await inst.admin.get<{ id: number }>('/groups/py-share-team')).data.id;
    expect(out).toMatchObject({
      shared: [[team, 20, '2026-12-31']],
      with_shared: [team],
      member_sees: ids,
      member_dev: [],
      again: [409, 'Project already shared with this group'],
      unshared: [],
      unshare_again: [404, '404 Group Link Not Found'],
      avatar_bytes: true,
      avatar_changed: true,
    });
    expect((out.avatar_url as string[])[1]).toBe('avatar.png');
  });
});

describe('gitbeaker: group transfer and share', () => {
  it('Groups.transfer to a parent and to the top; Groups.share and unshare', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const parent = await api.Groups.create('gb-parent', 'gb-parent');
    const group = await api.Groups.create('gb-moving', 'gb-moving');
    const moved = (await api.Groups.transfer(group.id, { groupId: parent.id })) as unknown as { full_path: string; parent_id: number };
    expect([moved.full_path, moved.parent_id]).toEqual(['gb-parent/gb-moving', parent.id]);
    await expect(api.Groups.transfer(group.id, { groupId: group.id })).rejects.toThrow(/Transfer failed|400/);
    const top = (await api.Groups.transfer(group.id)) as unknown as { full_path: string; parent_id: number | null };
    expect([top.full_path, top.parent_id]).toEqual(['gb-moving', null]);
    const team = await api.Groups.create('gb-team', 'gb-team');
    await api.Groups.share(group.id, team.id, 20, {});
    const shown = (await api.Groups.show(group.id)) as unknown as { shared_with_groups: { group_id: number; group_access_level: number }[] };
    expect(shown.shared_with_groups.map((x) => [x.group_id, x.group_access_level])).toEqual([[team.id, 20]]);
    await api.Groups.unshare(group.id, team.id, {});
    expect(((await api.Groups.show(group.id)) as unknown as { shared_with_groups: unknown[] }).shared_with_groups).toEqual([]);
  });

  it('Projects.share with an expiry and unshare', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const team = await api.Groups.create('gb-project-team', 'gb-project-team');
    const project = await api.Projects.create({ name: 'gb-shared' });
    await api.Projects.share(project.id, team.id, 30, { expiresAt: '2026-12-31' });
    const shown = (await api.Projects.show(project.id)) as unknown as { shared_with_groups: { group_id: number; group_access_level: number; expires_at: string }[] };
    expect(shown.shared_with_groups.map((x) => [x.group_id, x.group_access_level, x.expires_at])).toEqual([[team.id, 30, '2026-12-31']]);
    await expect(api.Projects.share(project.id, team.id, 35)).rejects.toThrow(/group_access does not have a valid value|400/);
    await api.Projects.unshare(project.id, team.id);
    expect(((await api.Projects.show(project.id)) as unknown as { shared_with_groups: unknown[] }).shared_with_groups).toEqual([]);
    await expect(api.Projects.unshare(project.id, team.id)).rejects.toThrow(/Group Link Not Found|404/);
  });
});

describe('gitbeaker: neighbouring endpoints', () => {
  it('reverts, cherry-picks, comments, reports statuses, forks, stars and promotes', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const group = await api.Groups.create('gb-neighbours', 'gb-neighbours');
    const project = await api.Projects.create({ name: 'gb-next', namespaceId: group.id, initializeWithReadme: true });
    const c = await api.Commits.create(project.id, 'main', 'Add lib', [{ action: 'create', filePath: 'lib.ts', content: 'export {};\n' }]);
    const reverted = await api.Commits.revert(project.id, c.id, 'main');
    expect(reverted.title).toBe('Revert "Add lib"');
    await api.Branches.create(project.id, 'side', c.id);
    const c2 = await api.Commits.create(project.id, 'main', 'More', [{ action: 'create', filePath: 'more.ts', content: 'export {};\n' }]);
    const picked = await api.Commits.cherryPick(project.id, c2.id, 'side');
    expect(picked.parent_ids).toEqual([c.id]);
    await api.Commits.createComment(project.id, c.id, 'From gitbeaker');
    expect((await api.Commits.allComments(project.id, c.id)).map((n) => n.note)).toEqual(['From gitbeaker']);
    await api.Commits.editStatus(project.id, c.id, 'running', { name: 'gb' });
    expect((await api.Commits.allStatuses(project.id, c.id)).map((s) => s.status)).toEqual(['running']);
    await expect(api.Commits.showGPGSignature(project.id, c.id)).rejects.toThrow(/Signature Not Found|404/);
    const fork = await api.Projects.fork(project.id, { path: 'gb-next-fork' });
    expect((fork as { forked_from_project?: { id: number } }).forked_from_project?.id).toBe(project.id);
    expect((await api.Projects.allForks(project.id)).map((p) => p.id)).toEqual([fork.id]);
    const starred = await api.Projects.star(project.id);
    expect(starred.star_count).toBe(1);
    expect((await api.Projects.unstar(project.id)).star_count).toBe(0);
    expect(await api.Projects.showLanguages(project.id)).toEqual({ TypeScript: 100 });
    await api.Projects.housekeeping(project.id);
    const m = await api.ProjectMilestones.create(project.id, 'gb-m', { dueDate: '2026-05-01T08:00:00Z' });
    expect(m.due_date).toBe('2026-05-01');
    await api.ProjectMilestones.promote(project.id, m.id);
    expect((await api.GroupMilestones.all(group.id)).map((x) => x.title)).toContain('gb-m');
    const user = await api.Users.create({ username: 'gb-neighbour', email: 'gb-neighbour@example.com', name: 'Gb N', password: 'correct-horse-battery', skipConfirmation: true });
    const token = await api.UserImpersonationTokens.create(user.id, 'gb-imp', ['read_api']);
    expect(token.impersonation).toBe(true);
    expect((await api.UserImpersonationTokens.all(user.id)).map((t) => t.id)).toEqual([token.id]);
    await api.UserImpersonationTokens.revoke(user.id, token.id);
    await api.Users.ban(user.id);
    expect((await api.Users.show(user.id)).state).toBe('banned');
    await api.Users.unban(user.id);
    expect((await api.Namespaces.exists('gb-neighbours')).exists).toBe(true);
    expect((await api.Namespaces.all()).map((n) => n.path)).toContain('gb-neighbours');
  });
});
