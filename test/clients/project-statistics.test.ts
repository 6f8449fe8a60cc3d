// Project statistics, size orders, the largest offset and blank or padded search terms through
// each real client's own object API against `hostctl serve`: commits made with the client's
// commits API change commit_count and repository_size at the next read (and two reads with no
// write between them agree); an admin's list ordered by repository_size comes in the order of the
// sizes it shows; a page past offset 50,000 raises the client's own error with 405 and the
// platform's message; a search of white space only lists what no search lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';

const OFFSET_MESSAGE =
  'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.';

let inst: ServedInstance;
beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

type Stats = { commit_count: number; repository_size: number; storage_size: number; wiki_size: number; packages_size: number; snippets_size: number };

/** The sizes of a list in its order are monotone in the direction asked. */
const ordered = (sizes: number[], dir: 'asc' | 'desc'): boolean => sizes.every((s, i) => i === 0 || (dir === 'desc' ? s <= (sizes[i - 1] as number) : s >= (sizes[i - 1] as number)));

describe('python-gitlab', () => {
  it.runIf(hasPythonGitlab())('commits through project.commits change commit_count and repository_size at the next read', async () => {
    const out = await runPython<Record<string, Stats[] | boolean>>(
      inst,
      inst.rootToken,
      `
p = gl.projects.create({"name": "Py Stats", "initialize_with_readme": True})
def stats():
    return gl.projects.get(p.id, statistics=True).statistics
r = {"read": [], "again": []}
def read_twice():
    r["read"].append(stats())
    r["again"].append(stats())
read_twice()
p.commits.create({"branch": "main", "commit_message": "One", "actions": [{"action": "create", "file_path": "one.txt", "content": "one\\n" * 200}]})
read_twice()
p.commits.create({"branch": "main", "commit_message": "Two", "actions": [
  {"action": "update", "file_path": "one.txt", "content": "two\\n" * 200},
  {"action": "create", "file_path": "two.txt", "content": "2\\n"},
]})
read_twice()
# A commit on another branch is a write: the size changes, the default branch's count does not.
p.commits.create({"branch": "side", "start_branch": "main", "commit_message": "Side", "actions": [{"action": "create", "file_path": "side.txt", "content": "s\\n"}]})
read_twice()
print(json.dumps(r))
`,
    );
    const read = out.read as Stats[];
    expect(out.again).toEqual(read);
    expect(read.map((s) => s.commit_count)).toEqual([1, 2, 3, 3]);
    const sizes = read.map((s) => s.repository_size);
    expect(sizes[0]).toBeGreaterThan(0);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i], `repository_size after write ${i}`).not.toBe(sizes[i - 1]);
    for (const s of read) expect(s.storage_size).toBe(s.repository_size + s.wiki_size + s.packages_size + s.snippets_size);
  });

  it.runIf(hasPythonGitlab())('orders by repository_size and storage_size, refuses offsets past 50,000, and ignores a blank search', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
import os, base64
r = {}
small = gl.projects.create({"name": "Py Size Small"})
mid = gl.projects.create({"name": "Py Size Mid", "initialize_with_readme": True})
big = gl.projects.create({"name": "Py Size Big", "initialize_with_readme": True})
big.commits.create({"branch": "main", "commit_message": "Blob", "actions": [{"action": "create", "file_path": "blob.b64", "content": base64.b64encode(os.urandom(48000)).decode()}]})
# A name without a space: a blank term matched as a single space would miss it.
gl.projects.create({"name": "pyplain"})
mine = {small.id: "small", mid.id: "mid", big.id: "big"}
for field in ("repository_size", "storage_size"):
    for sort in ("desc", "asc"):
        # Two to a page, so the order runs across page boundaries too.
        rows = gl.projects.list(order_by=field, sort=sort, statistics=True, per_page=2, get_all=True)
        r[field + "_" + sort] = {"ids": [x.id for x in rows], "sizes": [x.statistics[field] for x in rows], "mine": [mine[x.id] for x in rows if x.id in mine]}

def refused(**kw):
    try:
        gl.projects.list(**kw)
        return None
    except gitlab.exceptions.GitlabListError as e:
        return [e.response_code, e.error_message]
r["page_501"] = refused(page=501, per_page=100)
r["page_501_by_size"] = refused(page=501, per_page=100, order_by="repository_size", statistics=True)
r["page_501_by_name"] = refused(page=501, per_page=100, order_by="name", sort="asc")
# page x per_page as sent: a per_page the platform caps at 100 still counts as asked.
r["page_51_per_1000"] = refused(page=51, per_page=1000)
r["page_500"] = [x.id for x in gl.projects.list(page=500, per_page=100)]

everything = [x.id for x in gl.projects.list(get_all=True)]
r["search_blank"] = [x.id for x in gl.projects.list(search="   ", get_all=True)] == everything
r["search_tab"] = [x.id for x in gl.projects.list(search="\\t ", get_all=True)] == everything
r["search_padded"] = sorted(x.name for x in gl.projects.list(search="  Size Big  ", get_all=True))
r["search_inner_run"] = sorted(x.name for x in gl.projects.list(search="Size   Big", get_all=True))
gl.users.create({"username": "py-size-user", "name": "Py Size User", "email": "size@example.com", "password": "correct-horse-battery"})
users = [x.id for x in gl.users.list(get_all=True)]
r["users_blank"] = [x.id for x in gl.users.list(search="  ", get_all=True)] == users
r["users_padded"] = [x.username for x in gl.users.list(search="  root  ")]
gl.groups.create({"name": "Py Size Group", "path": "py-size-group"})
gl.groups.create({"name": "pyplaingroup", "path": "pyplaingroup"})
groups = [x.id for x in gl.groups.list(get_all=True, all_available=True)]
r["groups_blank"] = [x.id for x in gl.groups.list(search="  ", get_all=True, all_available=True)] == groups
r["groups_padded"] = [x.full_path for x in gl.groups.list(search="  Size Group ", all_available=True)]
r["counts"] = [len(everything), len(users), len(groups)]

# A request header named __proto__ is refused before anything else reads the request.
bad = gitlab.Gitlab(gl.url, private_token=gl.private_token)
bad.session.headers["__proto__"] = '{"is_admin": true}'
try:
    bad.projects.list()
    r["proto_header"] = None
except gitlab.exceptions.GitlabListError as e:
    r["proto_header"] = [e.response_code, e.error_message]
print(json.dumps(r))
`,
    );
    for (const field of ['repository_size', 'storage_size']) {
      for (const dir of ['desc', 'asc'] as const) {
        const got = out[`${field}_${dir}`] as { ids: number[]; sizes: number[]; mine: string[] };
        expect(ordered(got.sizes, dir), `${field} ${dir}: ${got.sizes.join(',')}`).toBe(true);
        expect(new Set(got.ids).size, `${field} ${dir}: every project once`).toBe(got.ids.length);
        expect(got.mine).toEqual(dir === 'desc' ? ['big', 'mid', 'small'] : ['small', 'mid', 'big']);
      }
    }
    expect((out.repository_size_desc as { ids: number[] }).ids.length).toBe((out.counts as number[])[0]);
    for (const key of ['page_501', 'page_501_by_size', 'page_501_by_name', 'page_51_per_1000']) expect(out[key], key).toEqual([405, OFFSET_MESSAGE]);
    expect(out.page_500).toEqual([]);
    expect(out).toMatchObject({
      search_blank: true,
      search_tab: true,
      search_padded: ['Py Size Big'],
      search_inner_run: ['Py Size Big'],
      users_blank: true,
      users_padded: ['root'],
      groups_blank: true,
      groups_padded: ['py-size-group'],
      proto_header: [400, '__proto__ is not an allowed parameter name'],
    });
    // A blank term taken as a filter (on the spaces, or on one space) would leave some out; with one row there would be nothing to leave.
    expect((out.counts as number[]).every((n) => n > 1), String(out.counts)).toBe(true);
  });
});

describe('the Ruby gitlab gem', () => {
  it.runIf(hasRubyGitlab())('create_commit and project statistics, a size order, the largest offset and a blank search', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      inst.rootToken,
      `
r = {}
p = gl.create_project("Rb Stats", initialize_with_readme: true)
# The gem's project(id) takes no options in 4.17; its list does, statistics=true included.
stats = -> { gl.projects(search: "Rb Stats", statistics: true).find { |x| x.id == p.id }.statistics.to_h }
r["before"] = [stats.call, stats.call]
gl.create_commit(p.id, "main", "One", [{ action: "create", file_path: "one.txt", content: "one\\n" * 200 }])
r["after"] = [stats.call, stats.call]
big = gl.create_project("Rby Size Big", initialize_with_readme: true)
gl.create_commit(big.id, "main", "Blob", [{ action: "create", file_path: "blob.txt", content: Random.new(1).bytes(48000).unpack1("H*") }])
rows = gl.projects(order_by: "repository_size", sort: "desc", statistics: true, per_page: 2).auto_paginate
r["sizes"] = rows.map { |x| x.statistics["repository_size"] }
r["order"] = rows.map(&:id).select { |id| [p.id, big.id].include?(id) } == [big.id, p.id]
begin
  gl.projects(page: 501, per_page: 100)
  r["page_501"] = nil
rescue Gitlab::Error::MethodNotAllowed => e
  r["page_501"] = [e.response_status, e.message]
end
all = gl.projects(per_page: 100).auto_paginate.map(&:id)
r["search_blank"] = gl.projects(search: "  ", per_page: 100).auto_paginate.map(&:id) == all
# Terms under 3 characters are left out beside longer ones (Gitlab::SQL::Pattern): a distinct long term picks the one project.
r["search_padded"] = gl.projects(search: " Rby Size  Big ").map(&:name)
r["count"] = all.size
puts JSON.generate(r)
`,
    );
    const [before, beforeAgain] = out.before as Stats[];
    const [after, afterAgain] = out.after as Stats[];
    expect(beforeAgain).toEqual(before);
    expect(afterAgain).toEqual(after);
    expect([before?.commit_count, after?.commit_count]).toEqual([1, 2]);
    expect(after?.repository_size).not.toBe(before?.repository_size);
    expect(ordered(out.sizes as number[], 'desc'), String(out.sizes)).toBe(true);
    expect((out.sizes as number[]).length).toBe(out.count);
    // The gem puts the server's message after its own prefix.
    const [status, message] = out.page_501 as [number, string];
    expect(status).toBe(405);
    expect(message).toContain(OFFSET_MESSAGE);
    expect(out).toMatchObject({ order: true, search_blank: true, search_padded: ['Rby Size Big'] });
  });
});

describe('@gitbeaker/rest', () => {
  it('Commits.create and Projects.show statistics, a size order, the largest offset and a blank search', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const p = (await api.Projects.create({ name: 'Gb Stats', initializeWithReadme: true })) as { id: number };
    const stats = async (): Promise<Stats> => ((await api.Projects.show(p.id, { statistics: true })) as unknown as { statistics: Stats }).statistics;
    const before = await stats();
    expect(await stats()).toEqual(before);
    await api.Commits.create(p.id, 'main', 'One', [{ action: 'create', filePath: 'one.txt', content: 'one\n'.repeat(200) }]);
    const after = await stats();
    expect(await stats()).toEqual(after);
    expect([before.commit_count, after.commit_count]).toEqual([1, 2]);
    expect(after.repository_size).not.toBe(before.repository_size);

    const empty = (await api.Projects.create({ name: 'Gb Size Empty' })) as { id: number };
    // gitbeaker's types list only some orders; the API takes every size field from an admin.
    const rows = (await api.Projects.all({ orderBy: 'repository_size', sort: 'asc', statistics: true, perPage: 2 } as unknown as Parameters<typeof api.Projects.all>[0])) as unknown as {
      id: number;
      statistics: Stats;
    }[];
    expect(ordered(rows.map((x) => x.statistics.repository_size), 'asc'), rows.map((x) => x.statistics.repository_size).join(',')).toBe(true);
    expect(rows.map((x) => x.id).filter((id) => id === p.id || id === empty.id)).toEqual([empty.id, p.id]);

    await expect(api.Projects.all({ page: 501, perPage: 100 } as Parameters<typeof api.Projects.all>[0])).rejects.toMatchObject({
      cause: { description: OFFSET_MESSAGE, response: { status: 405 } },
    });

    const all = ((await api.Projects.all({ perPage: 100 })) as { id: number }[]).map((x) => x.id);
    expect(all.length).toBeGreaterThan(1);
    expect(((await api.Projects.all({ search: '  ', perPage: 100 })) as { id: number }[]).map((x) => x.id)).toEqual(all);
    expect(((await api.Projects.all({ search: '  Gb Size  Empty ' })) as { name: string }[]).map((x) => x.name)).toEqual(['Gb Size Empty']);
  });
});
