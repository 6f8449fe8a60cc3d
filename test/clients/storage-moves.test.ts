// Repository storage moves through real clients. @gitbeaker/rest has an object API for the
// three kinds of moves (all, show, schedule) and is driven through it. python-gitlab 3.12 and
// the Ruby gem 4.17 have no storage-move API, so their scripts use each client's generic HTTP
// helpers (python-gitlab's http_get/http_post/http_list, the gem's get/post).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';
import { createRepoProject } from '../factories/repository.js';
import { createGroup } from '../factories/groups.js';
import { createGroupWiki, createSnippetWithRepository } from '../factories/containers.js';

type Move = { id: number; state: string; source_storage_name: string; destination_storage_name: string; project?: { id: number }; snippet?: { id: number }; group?: { id: number } };

let inst: ServedInstance;
beforeAll(async () => {
  inst = await startServed({ storages: { second: 'storages/second', third: 'storages/third' } });
});
afterAll(async () => {
  await inst.close();
});

const storageOf = (table: string, id: number): string =>
  (inst.core.db.prepare(`SELECT repository_storage FROM ${table} WHERE id = ?`).get(id) as { repository_storage: string }).repository_storage;

describe('storage moves through real clients', () => {
  it.runIf(hasPythonGitlab())('python-gitlab schedules a bulk move, then lists and gets the moves', async () => {
    const projects = [await createRepoProject(inst), await createRepoProject(inst)];
    const scheduled = await runPython<{ status: unknown }>(
      inst,
      inst.rootToken,
      'r = gl.http_post("/project_repository_storage_moves", post_data={"source_storage_name": "default", "destination_storage_name": "second"})\nprint(json.dumps({"status": r}))',
    );
    expect(scheduled.status).toEqual({ message: '202 Accepted' });
    await inst.settleJobs();
    const out = await runPython<{ moves: Move[]; one: Move; mine: Move[] }>(
      inst,
      inst.rootToken,
      [
        'moves = gl.http_list("/project_repository_storage_moves", all=True)',
        'one = gl.http_get("/project_repository_storage_moves/%d" % moves[0]["id"])',
        `mine = gl.http_list("/projects/${projects[0]?.id}/repository_storage_moves")`,
        'print(json.dumps({"moves": moves, "one": one, "mine": mine}))',
      ].join('\n'),
    );
    expect(out.moves.length).toBeGreaterThanOrEqual(2);
    expect(out.moves.every((m) => m.state === 'finished' && m.destination_storage_name === 'second')).toBe(true);
    expect(out.one).toEqual(out.moves[0]);
    expect(out.mine.map((m) => m.project?.id)).toEqual([projects[0]?.id]);
    for (const p of projects) expect(storageOf('projects', p.id)).toBe('second');
    const denied = await runPython<{ code: number }>(
      inst,
      '',
      'try:\n    gl.http_get("/project_repository_storage_moves")\n    print(json.dumps({"code": 200}))\nexcept gitlab.exceptions.GitlabError as e:\n    print(json.dumps({"code": e.response_code}))',
    );
    expect(denied.code).toBe(401);
  });

  it.runIf(hasRubyGitlab())('the Ruby gem schedules one project move and reads it back', async () => {
    const p = await createRepoProject(inst);
    const out = await runRuby<{ scheduled: Move }>(
      inst,
      inst.rootToken,
      `m = gl.post("/projects/${p.id}/repository_storage_moves", body: { destination_storage_name: "third" })\nputs JSON.generate({scheduled: m.to_h})`,
    );
    expect(out.scheduled).toMatchObject({ state: 'scheduled', source_storage_name: 'default', destination_storage_name: 'third', project: { id: p.id } });
    await inst.settleJobs();
    const got = await runRuby<{ state: string }>(inst, inst.rootToken, `m = gl.get("/projects/${p.id}/repository_storage_moves/${out.scheduled.id}")\nputs JSON.generate({state: m.state})`);
    expect(got.state).toBe('finished');
    expect(storageOf('projects', p.id)).toBe('third');
  });

  it('@gitbeaker/rest schedules, lists and shows project, snippet and group moves with its own API', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const p = await createRepoProject(inst);
    const move = (await api.ProjectRepositoryStorageMoves.schedule('default', { projectId: p.id, destinationStorageName: 'third' })) as unknown as Move;
    expect(move).toMatchObject({ state: 'scheduled', destination_storage_name: 'third', project: { id: p.id } });
    await inst.settleJobs();
    const shown = (await api.ProjectRepositoryStorageMoves.show(move.id)) as unknown as Move;
    expect(shown.state).toBe('finished');
    const mine = (await api.ProjectRepositoryStorageMoves.all({ projectId: p.id })) as unknown as Move[];
    expect(mine.map((m) => m.id)).toEqual([move.id]);

    const s = createSnippetWithRepository(inst);
    await api.SnippetRepositoryStorageMoves.schedule('default', { destinationStorageName: 'second' });
    await inst.settleJobs();
    const snippetMoves = (await api.SnippetRepositoryStorageMoves.all()) as unknown as Move[];
    expect(snippetMoves.find((m) => m.snippet?.id === s.id)?.state).toBe('finished');
    expect(storageOf('snippets', s.id)).toBe('second');

    const g = await createGroup(inst);
    createGroupWiki(inst, g.id);
    await api.GroupRepositoryStorageMoves.schedule('default', { destinationStorageName: 'third' });
    await inst.settleJobs();
    const groupMoves = (await api.GroupRepositoryStorageMoves.all({ groupId: g.id })) as unknown as Move[];
    expect(groupMoves.map((m) => [m.group?.id, m.state])).toEqual([[g.id, 'finished']]);
    expect(storageOf('namespaces', g.id)).toBe('third');
  });
});
