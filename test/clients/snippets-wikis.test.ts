// Snippets and wikis through real clients: python-gitlab's gl.snippets, project.snippets and
// project.wikis; the Ruby gem's snippet and wiki methods; gitbeaker's Snippets, ProjectSnippets,
// ProjectWikis and GroupWikis. Each drives the routes through the client's own object API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';
import { createUser, type TestUser } from '../factories/users.js';
import { addMember, createProject, type ProjectJson } from '../factories/projects.js';
import { createGroup, type GroupJson } from '../factories/groups.js';

let inst: ServedInstance;
let project: ProjectJson;
let group: GroupJson;
let dev: TestUser;

beforeAll(async () => {
  inst = await startServed();
  dev = await createUser(inst);
  project = await createProject(inst, inst.admin, { path: 'clients-wiki', visibility: 'private' });
  group = await createGroup(inst, inst.admin);
  await addMember(inst, 'projects', project.id, dev.user.id, 30);
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab', () => {
  it.runIf(hasPythonGitlab())('gl.snippets: create, list, public, get, content, update, user agent detail, delete', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
# python-gitlab 3.12 insists on the older file_name + content form for creation; files[] goes in the update.
s = gl.snippets.create({"title": "py", "visibility": "public", "file_name": "a.py", "content": "print(1)\\n"})
mine = [x.id for x in gl.snippets.list()]
public = [x.id for x in gl.snippets.public()]
got = gl.snippets.get(s.id)
content = got.content().decode()
got.title = "py renamed"
got.files = [{"action": "update", "file_path": "a.py", "content": "print(2)\\n"}, {"action": "create", "file_path": "b.txt", "content": "b"}]
got.save()
again = gl.snippets.get(s.id)
detail = again.user_agent_detail()
after = again.content().decode()
again.delete()
try:
    gl.snippets.get(s.id)
    gone = None
except gitlab.exceptions.GitlabGetError as e:
    gone = e.response_code
print(json.dumps({"id": s.id, "web_url": s.web_url, "files": [f["path"] for f in again.files], "mine": s.id in mine, "public": s.id in public,
  "content": content, "title": again.title, "after": after, "ua": detail["user_agent"], "gone": gone}))
`,
    );
    expect(out).toMatchObject({ files: ['a.py', 'b.txt'], mine: true, public: true, content: 'print(1)\n', title: 'py renamed', after: 'print(2)\n', gone: 404 });
    expect(String(out.ua)).toMatch(/python-gitlab/);
  });

  it.runIf(hasPythonGitlab())('project.snippets and project.wikis', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      dev.token,
      `
p = gl.projects.get(${project.id})
s = p.snippets.create({"title": "proj", "file_name": "p.sh", "content": "echo p", "visibility": "private"})
listed = [x.id for x in p.snippets.list()]
raw = p.snippets.get(s.id).content().decode()
page = p.wikis.create({"title": "py/Page One", "content": "# one"})
page2 = p.wikis.get("py/Page-One")
page2.content = "# two"
page2.save()
again = p.wikis.get("py/Page-One")
pages = [w.slug for w in p.wikis.list()]
# Sent as the string "true": python-gitlab would spell a Python True as "True", a Grape boolean
# spelling the core's parameter parser does not take on this branch.
with_content = [w.content for w in p.wikis.list(with_content="true")]
print(json.dumps({"project_id": s.project_id, "listed": s.id in listed, "raw": raw, "slug": page.slug, "title": page.title, "content": again.content, "pages": pages, "with_content": with_content}))
`,
    );
    expect(out).toMatchObject({ project_id: project.id, listed: true, raw: 'echo p', slug: 'py/Page-One', title: 'Page One', content: '# two', pages: ['py/Page-One'], with_content: ['# two'] });
  });
});

describe('python-gitlab group wikis', () => {
  it.runIf(hasPythonGitlab())('group.wikis: create, get, update, list, delete', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
g = gl.groups.get(${group.id})
g.wikis.create({"title": "Py Group", "content": "one"})
page = g.wikis.get("Py-Group")
page.content = "two"
page.save()
content = g.wikis.get("Py-Group").content
slugs = [w.slug for w in g.wikis.list()]
g.wikis.delete("Py-Group")
after = [w.slug for w in g.wikis.list()]
print(json.dumps({"content": content, "listed": "Py-Group" in slugs, "after": "Py-Group" in after}))
`,
    );
    expect(out).toEqual({ content: 'two', listed: true, after: false });
  });
});

describe('ruby gitlab gem', () => {
  it.runIf(hasRubyGitlab())('user snippet, project snippet and wiki methods', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
s = gl.create_user_snippet(title: "rb", file_name: "r.rb", content: "puts 1", visibility: "internal")
raw = gl.user_snippet_raw(s.id)
edited = gl.edit_user_snippet(s.id, title: "rb2")
ua = gl.snippet_user_agent_details(s.id)
mine = gl.user_snippets.map(&:id)
gl.delete_user_snippet(s.id)
ps = gl.create_snippet(${project.id}, title: "prb", file_name: "x.txt", content: "x", visibility: "private")
pcontent = gl.snippet_content(${project.id}, ps.id)
gl.edit_snippet(${project.id}, ps.id, title: "prb2")
ptitle = gl.snippet(${project.id}, ps.id).title
gl.delete_snippet(${project.id}, ps.id)
w = gl.create_wiki(${project.id}, "Ruby Page", "ruby content")
gl.update_wiki(${project.id}, w.slug, content: "ruby 2")
got = gl.wiki(${project.id}, w.slug)
slugs = gl.wikis(${project.id}).map(&:slug)
gl.delete_wiki(${project.id}, w.slug)
after = gl.wikis(${project.id}).map(&:slug)
puts JSON.generate({raw: raw.to_s, title: edited.title, ua: ua.user_agent, mine: mine.include?(s.id), pcontent: pcontent.to_s, ptitle: ptitle, wslug: w.slug, wcontent: got.content, slugs: slugs, after: after})
`,
    );
    expect(out).toMatchObject({ raw: 'puts 1', title: 'rb2', mine: true, pcontent: 'x', ptitle: 'prb2', wslug: 'Ruby-Page', wcontent: 'ruby 2' });
    expect(out.slugs).toContain('Ruby-Page');
    expect(out.after).not.toContain('Ruby-Page');
    expect(String(out.ua)).toMatch(/Ruby|Gitlab/i);
  });
});

describe('@gitbeaker/rest', () => {
  it('Snippets and ProjectSnippets', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const s = (await api.Snippets.create('gb', { visibility: 'public', files: [{ filePath: 'g.ts', content: 'export {}' }] })) as { id: number; files: { path: string }[] };
    expect(s.files.map((f) => f.path)).toEqual(['g.ts']);
    expect(await api.Snippets.showContent(s.id)).toBe('export {}');
    expect(await api.Snippets.showRepositoryFileContent(s.id, 'main', 'g.ts')).toBe('export {}');
    const edited = (await api.Snippets.edit(s.id, { files: [{ action: 'move', previousPath: 'g.ts', filePath: 'src/g.ts' }] })) as { files: { path: string }[] };
    expect(edited.files.map((f) => f.path)).toEqual(['src/g.ts']);
    const publicIds = ((await api.Snippets.all({ public: true })) as { id: number }[]).map((x) => x.id);
    expect(publicIds).toContain(s.id);
    const ua = (await api.Snippets.showUserAgentDetails(s.id)) as { userAgent?: string; user_agent?: string };
    expect(ua.userAgent ?? ua.user_agent).toBeTruthy();
    await api.Snippets.remove(s.id);
    await expect(api.Snippets.show(s.id)).rejects.toMatchObject({ cause: { response: { status: 404 } } });

    const ps = (await api.ProjectSnippets.create(project.id, 'gbp', { visibility: 'private', files: [{ filePath: 'p.md', content: '# p' }] })) as { id: number; projectId?: number; project_id?: number };
    expect(ps.projectId ?? ps.project_id).toBe(project.id);
    expect(await api.ProjectSnippets.showContent(project.id, ps.id)).toBe('# p');
    expect(((await api.ProjectSnippets.all(project.id)) as { id: number }[]).map((x) => x.id)).toContain(ps.id);
    await api.ProjectSnippets.remove(project.id, ps.id);
  });

  it('ProjectWikis and GroupWikis, with an attachment', async () => {
    const api = await gitbeaker(inst, dev.token);
    const page = (await api.ProjectWikis.create(project.id, 'gb *content*', 'gb/Wiki Page')) as { slug: string };
    expect(page.slug).toBe('gb/Wiki-Page');
    const html = (await api.ProjectWikis.show(project.id, 'gb/Wiki-Page', { renderHtml: true })) as { content: string };
    expect(html.content).toBe('<p>gb <em>content</em></p>');
    const edited = (await api.ProjectWikis.edit(project.id, 'gb/Wiki-Page', { title: 'gb/Renamed' })) as { slug: string };
    expect(edited.slug).toBe('gb/Renamed');
    const att = (await api.ProjectWikis.uploadAttachment(project.id, { content: new Blob(['hello']), filename: 'hello.txt' })) as { file_name?: string; fileName?: string; file_path?: string; filePath?: string };
    expect(att.fileName ?? att.file_name).toBe('hello.txt');
    expect(att.filePath ?? att.file_path).toMatch(/^uploads\/[0-9a-f]{32}\/hello\.txt$/);
    const all = (await api.ProjectWikis.all(project.id, { withContent: true })) as { slug: string; content: string }[];
    expect(all.find((p) => p.slug === 'gb/Renamed')?.content).toBe('gb *content*');
    const admin = await gitbeaker(inst, inst.rootToken);
    await admin.ProjectWikis.remove(project.id, 'gb/Renamed');
    const gpage = (await admin.GroupWikis.create(group.id, 'group text', 'Group Page')) as { slug: string };
    expect(gpage.slug).toBe('Group-Page');
    expect(((await admin.GroupWikis.show(group.id, 'Group-Page')) as { content: string }).content).toBe('group text');
  });
});

// A snippet's create and update are all-or-nothing (the repository is staged and moved into place
// in the row's transaction): what a client reads right after either is what it sent, and an
// update whose repository change fails leaves the title, the files and the content as they were.
describe('snippets read back at once, and a failed update changes nothing', () => {
  it.runIf(hasPythonGitlab())('python-gitlab: gl.snippets and project.snippets', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      dev.token,
      `
r = {}
s = gl.snippets.create({"title": "atomic", "visibility": "private", "file_name": "a.txt", "content": "one"})
r["created"] = s.content().decode()
got = gl.snippets.get(s.id)
got.file_name = "a.txt"
got.content = "two"
got.save()
r["updated"] = gl.snippets.get(s.id).content().decode()
got = gl.snippets.get(s.id)
got.files = [{"action": "update", "file_path": "a.txt", "content": "three"}, {"action": "create", "file_path": "b.txt", "content": "b"}]
got.save()
r["files_updated"] = [gl.snippets.get(s.id).content().decode(), sorted(f["path"] for f in gl.snippets.get(s.id).files)]
bad = gl.snippets.get(s.id)
bad.title = "must not stick"
bad.files = [{"action": "create", "file_path": "c.txt", "content": "c"}, {"action": "update", "file_path": "missing.txt", "content": "y"}]
try:
    bad.save()
    r["failed"] = None
except gitlab.exceptions.GitlabUpdateError as e:
    r["failed"] = [e.response_code, e.error_message]
after = gl.snippets.get(s.id)
r["after_failure"] = [after.title, sorted(f["path"] for f in after.files), after.content().decode()]

p = gl.projects.get(${project.id})
# The project's snippets_size is the sum of its snippets' repositories: a staged repository moved
# into place is a write, so each read after one sees it, and two reads with none between agree.
sizes = []
def snippets_size():
    first = gl.projects.get(p.id, statistics=True).statistics["snippets_size"]
    sizes.append([first, gl.projects.get(p.id, statistics=True).statistics["snippets_size"]])
snippets_size()
ps = p.snippets.create({"title": "patomic", "file_name": "p.txt", "content": "p1", "visibility": "private"})
r["project_created"] = ps.content().decode()
snippets_size()
pg = p.snippets.get(ps.id)
pg.file_name = "p.txt"
pg.content = "p2 longer than before"
pg.save()
r["project_updated"] = p.snippets.get(ps.id).content().decode()
snippets_size()
r["snippets_size"] = sizes
print(json.dumps(r))
`,
    );
    expect(out).toEqual({
      created: 'one',
      updated: 'two',
      files_updated: ['three', ['a.txt', 'b.txt']],
      failed: [400, { error: 'Repository Error updating the snippet' }],
      after_failure: ['atomic', ['a.txt', 'b.txt'], 'three'],
      project_created: 'p1',
      project_updated: 'p2 longer than before',
      snippets_size: expect.any(Array),
    });
    const sizes = out.snippets_size as [number, number][];
    for (const [first, second] of sizes) expect(second).toBe(first);
    expect(sizes[1]?.[0]).toBeGreaterThan(sizes[0]?.[0] as number);
    expect(sizes[2]?.[0]).not.toBe(sizes[1]?.[0]);
  });

  it.runIf(hasRubyGitlab())('the Ruby gem: user snippets', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      dev.token,
      `
r = {}
s = gl.create_user_snippet(title: "rb atomic", file_name: "r.txt", content: "one", visibility: "private")
r["created"] = gl.user_snippet_raw(s.id).to_s
gl.edit_user_snippet(s.id, file_name: "r.txt", content: "two")
r["updated"] = gl.user_snippet_raw(s.id).to_s
begin
  gl.edit_user_snippet(s.id, title: "must not stick", files: [{ action: "create", file_path: "c.txt", content: "c" }, { action: "update", file_path: "missing.txt", content: "y" }])
  r["failed"] = nil
rescue Gitlab::Error::BadRequest => e
  r["failed"] = [e.response_status, e.message.include?("Repository Error updating the snippet")]
end
after = gl.user_snippet(s.id)
r["after_failure"] = [after.title, after.files.map { |f| f["path"] }, gl.user_snippet_raw(s.id).to_s]
puts JSON.generate(r)
`,
    );
    expect(out).toEqual({ created: 'one', updated: 'two', failed: [400, true], after_failure: ['rb atomic', ['r.txt'], 'two'] });
  });

  it('@gitbeaker/rest: Snippets, with the repository file read by ref', async () => {
    const api = await gitbeaker(inst, dev.token);
    const s = (await api.Snippets.create('gb atomic', { description: 'before', visibility: 'private', files: [{ filePath: 'g.txt', content: 'one' }] })) as { id: number };
    expect(await api.Snippets.showContent(s.id)).toBe('one');
    expect(await api.Snippets.showRepositoryFileContent(s.id, 'main', 'g.txt')).toBe('one');
    await api.Snippets.edit(s.id, { files: [{ action: 'update', filePath: 'g.txt', content: 'two' }] });
    expect(await api.Snippets.showContent(s.id)).toBe('two');
    expect(await api.Snippets.showRepositoryFileContent(s.id, 'main', 'g.txt')).toBe('two');
    await expect(
      api.Snippets.edit(s.id, {
        description: 'must not stick',
        files: [
          { action: 'create', filePath: 'c.txt', content: 'c' },
          { action: 'update', filePath: 'missing.txt', content: 'y' },
        ],
      }),
    ).rejects.toMatchObject({ cause: { response: { status: 400 } } });
    const after = (await api.Snippets.show(s.id)) as unknown as { description: string; files: { path: string }[] };
    expect([after.description, after.files.map((f) => f.path)]).toEqual(['before', ['g.txt']]);
    expect(await api.Snippets.showContent(s.id)).toBe('two');
  });
});
