// Branches, protected branches, tags, commits, repository files and trees, compare and archives
// through each real client's own object API against `hostctl serve`, on real git repositories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';

let inst: ServedInstance;
/** A fresh project with a README commit on main, per client. */
const makeProject = async (path: string): Promise<number> => {
  const res = await inst.admin.post<{ id: number }>('/projects', { path, initialize_with_readme: true });
  return res.data.id;
};

beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab: repository areas', () => {
  it.runIf(hasPythonGitlab())('drives branches, protection, tags, commits, files, trees, compare and archives', async () => {
    const pid = await makeProject('py-repo');
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
import io, zipfile, base64
pid = ${pid}
p = gl.projects.get(pid)
r = {}
f = p.files.create({"file_path": "src/app.py", "branch": "main", "content": "print(1)\\n", "commit_message": "Add app"})
r["file_created"] = f.file_path
got = p.files.get(file_path="src/app.py", ref="main")
r["file"] = [got.file_name, got.decode().decode(), got.encoding]
got.content = "print(2)\\n"
got.save(branch="main", commit_message="Change app")
r["raw"] = p.files.raw(file_path="src/app.py", ref="main").decode()
r["blame"] = [len(x["lines"]) for x in p.files.blame(file_path="src/app.py", ref="main")]
c = p.commits.create({"branch": "main", "commit_message": "Two files\\n\\nSigned-off-by: Py <py@example.com>", "actions": [
  {"action": "create", "file_path": "docs/a.md", "content": "# A\\n"},
  {"action": "create", "file_path": "docs/b.md", "content": base64.b64encode(b"# B\\n").decode(), "encoding": "base64"},
]})
r["commit"] = [c.title, len(c.parent_ids)]
one = p.commits.get(c.id)
r["commit_get"] = [one.id == c.id, one.stats["additions"]]
r["commit_diff"] = sorted(d["new_path"] for d in one.diff())
r["commit_refs"] = [x["name"] for x in one.refs()]
r["commits"] = [x.title for x in p.commits.list(ref_name="main", per_page=2)]
r["commits_trailers"] = p.commits.list(ref_name="main", trailers=True, per_page=1)[0].trailers

b = p.branches.create({"branch": "feature", "ref": "main"})
p.files.create({"file_path": "feature.txt", "branch": "feature", "content": "f\\n", "commit_message": "Feature"})
r["branch"] = [b.name, b.protected]
r["branches"] = sorted(x.name for x in p.branches.list())
r["branch_get"] = p.branches.get("feature").commit["title"]
# python-gitlab keeps \`all=\` for itself (fetch every page), so the API's \`all\` goes through
# query_parameters, as its documentation says for the real platform.
r["commits_all"] = "Feature" in [x.title for x in p.commits.list(query_parameters={"all": True}, all=True)]
cmp = p.repository_compare("main", "feature")
r["compare"] = [[x["title"] for x in cmp["commits"]], [d["new_path"] for d in cmp["diffs"]]]
r["merge_base"] = p.repository_merge_base(["main", "feature"])["id"] == c.id
tree = p.repository_tree(path="docs", ref="main", all=True)
r["tree"] = [x["name"] for x in tree]
r["tree_recursive"] = sorted(x["path"] for x in p.repository_tree(recursive=True, ref="main", all=True))
keyset = list(p.repository_tree(recursive=True, ref="main", pagination="keyset", per_page=2, iterator=True))
r["tree_keyset"] = sorted(x["path"] for x in keyset)

pb = p.protectedbranches.create({"name": "release/*", "push_access_level": 40, "merge_access_level": 30})
r["protected"] = [pb.name, pb.push_access_levels[0]["access_level"]]
r["protected_list"] = sorted(x.name for x in p.protectedbranches.list())
p.protectedbranches.delete("release/*")
r["protected_after"] = [x.name for x in p.protectedbranches.list()]

t = p.tags.create({"tag_name": "v1.0", "ref": "main", "message": "First"})
r["tag"] = [t.name, t.message]
r["tags"] = [x.name for x in p.tags.list()]
try:
    p.tags.create({"tag_name": "v1.0", "ref": "main"})
except gitlab.exceptions.GitlabCreateError as e:
    r["tag_again"] = [e.response_code, e.error_message]
p.tags.delete("v1.0")
r["tags_after"] = [x.name for x in p.tags.list()]

z = zipfile.ZipFile(io.BytesIO(p.repository_archive(sha="main", format="zip")))
r["archive_zip"] = sorted(n.split("/", 1)[1] for n in z.namelist() if not n.endswith("/"))
r["archive_tgz"] = p.repository_archive(sha="main")[:2] == b"\\x1f\\x8b"
got = p.files.get(file_path="feature.txt", ref="feature")
got.delete(branch="feature", commit_message="Drop feature file")
r["deleted"] = [x["name"] for x in p.repository_tree(ref="feature", all=True)]
p.branches.delete("feature")
r["branches_after"] = [x.name for x in p.branches.list()]
print(json.dumps(r))
`,
    );
    expect(out).toEqual({
      file_created: 'src/app.py',
      file: ['app.py', 'print(1)\n', 'base64'],
      raw: 'print(2)\n',
      blame: [1],
      commit: ['Two files', 1],
      commit_get: [true, 2],
      commit_diff: ['docs/a.md', 'docs/b.md'],
      commit_refs: ['main'],
      commits: ['Two files', 'Change app'],
      // Trailers are parsed only when asked for (trailers=True), as on the platform.
      commits_trailers: { 'Signed-off-by': 'Py <py@example.com>' },
      branch: ['feature', false],
      branches: ['feature', 'main'],
      branch_get: 'Feature',
      commits_all: true,
      compare: [['Feature'], ['feature.txt']],
      merge_base: true,
      tree: ['a.md', 'b.md'],
      tree_recursive: ['README.md', 'docs', 'docs/a.md', 'docs/b.md', 'src', 'src/app.py'],
      tree_keyset: ['README.md', 'docs', 'docs/a.md', 'docs/b.md', 'src', 'src/app.py'],
      protected: ['release/*', 40],
      protected_list: ['main', 'release/*'],
      protected_after: ['main'],
      tag: ['v1.0', 'First'],
      tags: ['v1.0'],
      tag_again: [400, 'Tag v1.0 already exists'],
      tags_after: [],
      archive_zip: ['README.md', 'docs/a.md', 'docs/b.md', 'src/app.py'],
      archive_tgz: true,
      deleted: ['README.md', 'docs', 'src'],
      branches_after: ['main'],
    });
  });
});

describe('the Ruby gitlab gem: repository areas', () => {
  it.runIf(hasRubyGitlab())('drives branches, protection, tags, commits, files, trees, compare and archives', async () => {
    const pid = await makeProject('rb-repo');
    const out = await runRuby<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
pid = ${pid}
r = {}
gl.create_file(pid, "src/app.rb", "main", "puts 1\\n", "Add app")
f = gl.get_file(pid, "src/app.rb", "main")
r["file"] = [f.file_name, Base64.decode64(f.content)]
gl.edit_file(pid, "src/app.rb", "main", "puts 2\\n", "Change app")
r["raw"] = gl.file_contents(pid, "src/app.rb", "main")
r["blame"] = gl.get_file_blame(pid, "src/app.rb", "main").map { |x| x.lines.size } rescue r["blame"] = "missing"
c = gl.create_commit(pid, "main", "Docs", [{ action: "create", file_path: "docs/a.md", content: "# A\\n" }])
r["commit"] = c.title
r["commit_get"] = gl.commit(pid, c.id).id == c.id
r["commit_diff"] = gl.commit_diff(pid, c.id).map(&:new_path)
r["commit_refs"] = gl.commit_refs(pid, c.id).map(&:name)
r["commits"] = gl.commits(pid, ref_name: "main", per_page: 2).map(&:title)

gl.create_branch(pid, "feature", "main")
gl.create_file(pid, "feature.txt", "feature", "f\\n", "Feature")
r["branch"] = gl.branch(pid, "feature").commit.title
r["branches"] = gl.branches(pid).map(&:name).sort
cmp = gl.compare(pid, "main", "feature")
r["compare"] = [cmp.commits.map { |x| x["title"] }, cmp.diffs.map { |d| d["new_path"] }]
r["merge_base"] = gl.merge_base(pid, ["main", "feature"]).id == c.id
r["tree"] = gl.tree(pid, path: "docs", ref: "main").map(&:name)
r["tree_recursive"] = gl.tree(pid, recursive: true, ref: "main").auto_paginate.map(&:path).sort

gl.protect_branch(pid, "release/*", push_access_level: 40)
r["protected"] = gl.protected_branches(pid).map(&:name).sort
gl.unprotect_branch(pid, "release/*")
r["protected_after"] = gl.protected_branches(pid).map(&:name)

t = gl.create_tag(pid, "v1.0", "main", "First")
r["tag"] = [t.name, t.message]
r["tags"] = gl.tags(pid).map(&:name)
begin
  gl.create_tag(pid, "v1.0", "main")
rescue Gitlab::Error::BadRequest => e
  r["tag_again"] = [e.response_status, e.message.include?("Tag v1.0 already exists")]
end
gl.delete_tag(pid, "v1.0")
r["tags_after"] = gl.tags(pid).map(&:name)

zip = gl.repo_archive(pid, "main", "zip")
r["archive"] = [zip.filename.end_with?(".zip"), zip.to_h[:data].read(2)]
gl.remove_file(pid, "feature.txt", "feature", "Drop feature file")
gl.delete_branch(pid, "feature")
r["branches_after"] = gl.branches(pid).map(&:name)
puts JSON.generate(r)
`,
    );
    expect(out).toEqual({
      file: ['app.rb', 'puts 1\n'],
      raw: 'puts 2\n',
      blame: [1],
      commit: 'Docs',
      commit_get: true,
      commit_diff: ['docs/a.md'],
      commit_refs: ['main'],
      commits: ['Docs', 'Change app'],
      branch: 'Feature',
      branches: ['feature', 'main'],
      compare: [['Feature'], ['feature.txt']],
      merge_base: true,
      tree: ['a.md'],
      tree_recursive: ['README.md', 'docs', 'docs/a.md', 'src', 'src/app.rb'],
      protected: ['main', 'release/*'],
      protected_after: ['main'],
      tag: ['v1.0', 'First'],
      tags: ['v1.0'],
      tag_again: [400, true],
      tags_after: [],
      archive: [true, 'PK'],
      branches_after: ['main'],
    });
  });
});

describe('@gitbeaker/rest: repository areas', () => {
  it('drives branches, protection, tags, commits, files, trees, compare and archives', async () => {
    const pid = await makeProject('gb-repo');
    const api = await gitbeaker(inst, inst.rootToken);
    await api.RepositoryFiles.create(pid, 'src/app.ts', 'main', 'one\n', 'Add app');
    const file = (await api.RepositoryFiles.show(pid, 'src/app.ts', 'main')) as { file_name: string; content: string; last_commit_id: string };
    expect([file.file_name, Buffer.from(file.content, 'base64').toString()]).toEqual(['app.ts', 'one\n']);
    await api.RepositoryFiles.edit(pid, 'src/app.ts', 'main', 'two\n', 'Change app', { lastCommitId: file.last_commit_id });
    const raw = await api.RepositoryFiles.showRaw(pid, 'src/app.ts', 'main');
    expect(typeof raw === 'string' ? raw : await (raw as Blob).text()).toBe('two\n');
    const blame = (await api.RepositoryFiles.allFileBlames(pid, 'src/app.ts', 'main')) as { lines: string[] }[];
    expect(blame.map((b) => b.lines)).toEqual([['two']]);

    const c = (await api.Commits.create(pid, 'main', 'Docs', [{ action: 'create', filePath: 'docs/a.md', content: '# A\n' }])) as { id: string; title: string };
    expect(c.title).toBe('Docs');
    expect(((await api.Commits.show(pid, c.id)) as { id: string }).id).toBe(c.id);
    expect(((await api.Commits.showDiff(pid, c.id)) as { new_path: string }[]).map((d) => d.new_path)).toEqual(['docs/a.md']);
    expect(((await api.Commits.allReferences(pid, c.id)) as { name: string }[]).map((x) => x.name)).toEqual(['main']);
    expect(((await api.Commits.all(pid, { refName: 'main', perPage: 2, maxPages: 1 })) as { title: string }[]).map((x) => x.title)).toEqual(['Docs', 'Change app']);

    await api.Branches.create(pid, 'feature', 'main');
    await api.RepositoryFiles.create(pid, 'feature.txt', 'feature', 'f\n', 'Feature');
    expect(((await api.Branches.show(pid, 'feature')) as { commit: { title: string } }).commit.title).toBe('Feature');
    expect(((await api.Branches.all(pid)) as { name: string }[]).map((b) => b.name).sort()).toEqual(['feature', 'main']);
    // gitbeaker sends booleans as true/false; `all` lists every ref's commits.
    expect(((await api.Commits.all(pid, { all: true })) as { title: string }[]).map((x) => x.title)).toContain('Feature');
    const cmp = (await api.Repositories.compare(pid, 'main', 'feature')) as { commits: { title: string }[]; diffs: { new_path: string }[] };
    expect([cmp.commits.map((x) => x.title), cmp.diffs.map((d) => d.new_path)]).toEqual([['Feature'], ['feature.txt']]);
    expect(((await api.Repositories.mergeBase(pid, ['main', 'feature'])) as { id: string }).id).toBe(c.id);
    const tree = (await api.Repositories.allRepositoryTrees(pid, { recursive: true, ref: 'main', perPage: 2, pagination: 'keyset' })) as { path: string }[];
    expect(tree.map((e) => e.path).sort()).toEqual(['README.md', 'docs', 'docs/a.md', 'src', 'src/app.ts']);

    await api.ProtectedBranches.protect(pid, 'release/*', { pushAccessLevel: 40 });
    expect(((await api.ProtectedBranches.all(pid)) as { name: string }[]).map((x) => x.name).sort()).toEqual(['main', 'release/*']);
    await api.ProtectedBranches.unprotect(pid, 'release/*');
    expect(((await api.ProtectedBranches.all(pid)) as { name: string }[]).map((x) => x.name)).toEqual(['main']);

    const tag = (await api.Tags.create(pid, 'v1.0', 'main', { message: 'First' })) as { name: string; message: string };
    expect([tag.name, tag.message]).toEqual(['v1.0', 'First']);
    await expect(api.Tags.create(pid, 'v1.0', 'main')).rejects.toMatchObject({ cause: { response: { status: 400 } } });
    await api.Tags.remove(pid, 'v1.0');
    expect(await api.Tags.all(pid)).toEqual([]);

    const zip = await api.Repositories.showArchive(pid, { fileType: 'zip', sha: 'main' });
    const bytes = Buffer.from(await (zip as Blob).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await api.RepositoryFiles.remove(pid, 'feature.txt', 'feature', 'Drop feature file');
    await api.Branches.remove(pid, 'feature');
    expect(((await api.Branches.all(pid)) as { name: string }[]).map((b) => b.name)).toEqual(['main']);
  });
});
