// Releases, release links and milestones (project and group) through each real client's own
// object API against `hostctl serve`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';

let inst: ServedInstance;
/** A group and a project in it with a README commit on main. */
const makeProject = async (path: string): Promise<{ pid: number; gid: number }> => {
  const g = await inst.admin.post<{ id: number }>('/groups', { name: `${path}-group`, path: `${path}-group` });
  const p = await inst.admin.post<{ id: number }>('/projects', { path, namespace_id: g.data.id, initialize_with_readme: true });
  return { pid: p.data.id, gid: g.data.id };
};

beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab: releases, links, milestones', () => {
  it.runIf(hasPythonGitlab())('drives releases, their links and milestones through its managers', async () => {
    const { pid, gid } = await makeProject('py-rel');
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
p = gl.projects.get(${pid})
g = gl.groups.get(${gid})
r = {}
m = p.milestones.create({"title": "1.0", "due_date": "2026-03-01"})
r["milestone"] = [m.title, m.state, m.due_date]
gm = g.milestones.create({"title": "Q1"})
r["group_milestones"] = [x.title for x in g.milestones.list()]
rel = p.releases.create({"name": "First", "tag_name": "v1.0", "ref": "main", "description": "Notes", "milestones": ["1.0"],
  "assets": {"links": [{"name": "bin", "url": "https://example.com/bin", "link_type": "package"}]}})
r["release"] = [rel.name, rel.tag_name, [x["title"] for x in rel.milestones], [x["name"] for x in rel.assets["links"]]]
r["sources"] = sorted(s["format"] for s in rel.assets["sources"])
r["release_url"] = rel._links["self"].startswith(gl.url)
got = p.releases.get("v1.0")
got.description = "Better notes"
got.save()
r["edited"] = p.releases.get("v1.0").description
link = got.links.create({"name": "docs", "url": "https://example.com/docs", "link_type": "other", "direct_asset_path": "/docs"})
r["link"] = [link.name, link.link_type, link.direct_asset_url.startswith(gl.url)]
r["links"] = sorted(x.name for x in got.links.list())
link.name = "manual"
link.save()
r["link_edited"] = got.links.get(link.id).name
got.links.delete(link.id)
r["links_after"] = [x.name for x in got.links.list()]
r["releases"] = [x.tag_name for x in p.releases.list()]
r["milestone_releases"] = [x["tag_name"] for x in p.milestones.get(m.id).releases()] if hasattr(m, "releases") else "n/a"
m.state_event = "close"
m.save()
r["closed"] = p.milestones.get(m.id).state
r["active"] = [x.title for x in p.milestones.list(state="active")]
p.releases.delete("v1.0")
r["releases_after"] = [x.tag_name for x in p.releases.list()]
r["tag_kept"] = [x.name for x in p.tags.list()]
print(json.dumps(r))
`,
    );
    expect(out).toMatchObject({
      milestone: ['1.0', 'active', '2026-03-01'],
      group_milestones: ['Q1'],
      release: ['First', 'v1.0', ['1.0'], ['bin']],
      sources: ['tar', 'tar.bz2', 'tar.gz', 'zip'],
      release_url: true,
      edited: 'Better notes',
      link: ['docs', 'other', true],
      links: ['bin', 'docs'],
      link_edited: 'manual',
      links_after: ['bin'],
      releases: ['v1.0'],
      closed: 'closed',
      active: [],
      releases_after: [],
      tag_kept: ['v1.0'],
    });
  });
});

describe('the Ruby gitlab gem: releases, links, milestones', () => {
  it.runIf(hasRubyGitlab())('drives releases, their links and milestones through its client methods', async () => {
    const { pid, gid } = await makeProject('rb-rel');
    const out = await runRuby<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
pid = ${pid}
r = {}
m = gl.create_milestone(pid, "1.0", due_date: "2026-03-01")
r["milestone"] = [m.title, m.state]
gl.create_group_milestone(${gid}, "Q1")
r["group_milestones"] = gl.group_milestones(${gid}).map(&:title)
rel = gl.create_project_release(pid, name: "First", tag_name: "v1.0", ref: "main", description: "Notes", milestones: ["1.0"])
r["release"] = [rel.name, rel.tag_name, rel.milestones.map { |x| x["title"] }]
gl.update_project_release(pid, "v1.0", description: "Better notes")
r["edited"] = gl.project_release(pid, "v1.0").description
link = gl.create_project_release_link(pid, "v1.0", name: "docs", url: "https://example.com/docs")
r["link"] = [link.name, link.url]
gl.update_project_release_link(pid, "v1.0", link.id, name: "manual")
r["links"] = gl.project_release_links(pid, "v1.0").map(&:name)
gl.delete_project_release_link(pid, "v1.0", link.id)
r["links_after"] = gl.project_release_links(pid, "v1.0").map(&:name)
r["releases"] = gl.project_releases(pid).map(&:tag_name)
gl.edit_milestone(pid, m.id, state_event: "close")
r["closed"] = gl.milestone(pid, m.id).state
gl.delete_project_release(pid, "v1.0")
r["releases_after"] = gl.project_releases(pid).map(&:tag_name)
puts JSON.generate(r)
`,
    );
    expect(out).toEqual({
      milestone: ['1.0', 'active'],
      group_milestones: ['Q1'],
      release: ['First', 'v1.0', ['1.0']],
      edited: 'Better notes',
      link: ['docs', 'https://example.com/docs'],
      links: ['manual'],
      links_after: [],
      releases: ['v1.0'],
      closed: 'closed',
      releases_after: [],
    });
  });
});

describe('@gitbeaker/rest: releases, links, milestones', () => {
  it('drives releases, their links and milestones through its resources', async () => {
    const { pid, gid } = await makeProject('gb-rel');
    const api = await gitbeaker(inst, inst.rootToken);
    const m = (await api.ProjectMilestones.create(pid, '1.0', { dueDate: '2026-03-01' })) as { id: number; title: string; state: string };
    expect([m.title, m.state]).toEqual(['1.0', 'active']);
    await api.GroupMilestones.create(gid, 'Q1');
    expect(((await api.GroupMilestones.all(gid)) as { title: string }[]).map((x) => x.title)).toEqual(['Q1']);
    const rel = (await api.ProjectReleases.create(pid, { name: 'First', tagName: 'v1.0', ref: 'main', description: 'Notes', milestones: ['1.0'] })) as {
      tag_name: string;
      _links: { self: string };
    };
    expect(rel.tag_name).toBe('v1.0');
    expect(rel._links.self.startsWith(inst.url)).toBe(true);
    await api.ProjectReleases.edit(pid, 'v1.0', { description: 'Better notes' });
    expect(((await api.ProjectReleases.show(pid, 'v1.0')) as { description: string }).description).toBe('Better notes');
    const link = (await api.ReleaseLinks.create(pid, 'v1.0', 'docs', 'https://example.com/docs', { linkType: 'runbook' })) as { id: number; link_type: string };
    expect(link.link_type).toBe('runbook');
    await api.ReleaseLinks.edit(pid, 'v1.0', link.id, { name: 'manual' });
    expect(((await api.ReleaseLinks.all(pid, 'v1.0')) as { name: string }[]).map((x) => x.name)).toEqual(['manual']);
    await api.ReleaseLinks.remove(pid, 'v1.0', link.id);
    expect(await api.ReleaseLinks.all(pid, 'v1.0')).toEqual([]);
    expect(((await api.ProjectReleases.all(pid)) as { tag_name: string }[]).map((x) => x.tag_name)).toEqual(['v1.0']);
    await api.ProjectMilestones.edit(pid, m.id, { stateEvent: 'close' });
    expect(((await api.ProjectMilestones.show(pid, m.id)) as { state: string }).state).toBe('closed');
    await api.ProjectReleases.remove(pid, 'v1.0');
    expect(await api.ProjectReleases.all(pid)).toEqual([]);
  });
});
