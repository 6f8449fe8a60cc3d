import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, type ProjectJson } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createUser, type TestUser } from '../factories/users.js';
import { commitFiles, createBranch, createRepoProject, createTag } from '../factories/repository.js';
import { createGroupWiki, createProjectWiki, createSnippetWithRepository, fsck, refsOf } from '../factories/containers.js';

const READ_ONLY = { message: 'The repository is temporarily read-only. Please try again later.' };
const MOVE_KEYS = ['id', 'created_at', 'state', 'source_storage_name', 'destination_storage_name', 'error_message'];
const STORAGES = { second: 'storages/second', third: 'storages/third' };

type Move = { id: number; state: string; source_storage_name: string; destination_storage_name: string; error_message: string | null; [k: string]: unknown };

const storageOf = (inst: Instance, table: string, id: number): string =>
  (inst.core.db.prepare(`SELECT repository_storage FROM ${table} WHERE id = ?`).get(id) as { repository_storage: string }).repository_storage;
const readOnlyOf = (inst: Instance, table: string, id: number): number =>
  (inst.core.db.prepare(`SELECT repository_read_only FROM ${table} WHERE id = ?`).get(id) as { repository_read_only: number }).repository_read_only;
const repoDir = (inst: Instance, storage: string, rel: string): string => join(inst.core.repos.storagePath(storage), rel);

describe.each(TRANSPORTS)('repository storage moves (%s)', (kind) => {
  let inst: Instance;
  let user: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind, { storages: STORAGES });
    user = await createUser(inst);
  });
  afterAll(() => inst.close());

  describe('who may call', () => {
    const endpoints = (pid: number, sid: number, gid: number): [string, string][] => [
      ['GET', '/project_repository_storage_moves'],
      ['GET', '/project_repository_storage_moves/1'],
      ['POST', '/project_repository_storage_moves'],
      ['GET', `/projects/${pid}/repository_storage_moves`],
      ['GET', `/projects/${pid}/repository_storage_moves/1`],
      ['POST', `/projects/${pid}/repository_storage_moves`],
      ['GET', '/snippet_repository_storage_moves'],
      ['GET', '/snippet_repository_storage_moves/1'],
      ['POST', '/snippet_repository_storage_moves'],
      ['GET', `/snippets/${sid}/repository_storage_moves`],
      ['GET', `/snippets/${sid}/repository_storage_moves/1`],
      ['POST', `/snippets/${sid}/repository_storage_moves`],
      ['GET', '/group_repository_storage_moves'],
      ['GET', '/group_repository_storage_moves/1'],
      ['POST', '/group_repository_storage_moves'],
      ['GET', `/groups/${gid}/repository_storage_moves`],
      ['GET', `/groups/${gid}/repository_storage_moves/1`],
      ['POST', `/groups/${gid}/repository_storage_moves`],
      ['GET', '/hostctl/storages'],
      ['POST', '/hostctl/storages'],
      ['DELETE', '/hostctl/storages/second'],
    ];

    it('answers 401 without a token and 403 to a non-administrator, even the project owner', async () => {
      const own = await createProject(inst, user.client);
      const snippet = createSnippetWithRepository(inst);
      const group = await createGroup(inst, user.client);
      for (const [method, path] of endpoints(own.id, snippet.id, group.id)) {
        await expectApiError(inst.client().request(method, path, { body: {} }), 401, { message: '401 Unauthorized' });
        await expectApiError(user.client.request(method, path, { body: {} }), 403, { message: '403 Forbidden' });
      }
      expect(readOnlyOf(inst, 'projects', own.id)).toBe(0);
    });
  });

  describe('project moves', () => {
    let project: ProjectJson;
    let mainSha: string;

    beforeAll(async () => {
      project = await createRepoProject(inst);
      mainSha = (await commitFiles(inst.admin, project.id, 'main', { 'a.txt': 'a\n' })).id;
      await createBranch(inst.admin, project.id, 'feature', 'main');
      await createTag(inst.admin, project.id, 'v1', 'main', 'annotated');
      createProjectWiki(inst, project.id);
    });

    it('schedules one move (201, state scheduled, project identity) and runs it to finished', async () => {
      const before = refsOf(repoDir(inst, 'default', `@projects/${project.id}.git`));
      const res = await inst.admin.post<Move>(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'second' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual([...MOVE_KEYS, 'project']);
      expect(res.data).toMatchObject({ state: 'scheduled', source_storage_name: 'default', destination_storage_name: 'second', error_message: null, created_at: expect.any(String) });
      expect(res.data.project).toEqual({
        id: project.id,
        description: project.description,
        name: project.name,
        name_with_namespace: project.name_with_namespace,
        path: project.path,
        path_with_namespace: project.path_with_namespace,
        created_at: project.created_at,
      });
      await inst.settleJobs();
      const done = await inst.admin.get<Move>(`/projects/${project.id}/repository_storage_moves/${res.data.id}`);
      expect(done.data.state).toBe('finished');
      expect(storageOf(inst, 'projects', project.id)).toBe('second');
      expect(readOnlyOf(inst, 'projects', project.id)).toBe(0);
      const moved = repoDir(inst, 'second', `@projects/${project.id}.git`);
      expect(refsOf(moved)).toBe(before);
      fsck(moved);
      fsck(repoDir(inst, 'second', `@projects/${project.id}.wiki.git`));
      expect(existsSync(repoDir(inst, 'default', `@projects/${project.id}.git`))).toBe(false);
      expect(existsSync(repoDir(inst, 'default', `@projects/${project.id}.wiki.git`))).toBe(false);
      // Reads and writes go to the new place.
      const branch = await inst.admin.get<{ commit: { id: string } }>(`/projects/${project.id}/repository/branches/main`);
      expect(branch.data.commit.id).toBe(mainSha);
      await commitFiles(inst.admin, project.id, 'main', { 'b.txt': 'b\n' });
      const admin = await inst.admin.get<{ repository_storage: string }>(`/projects/${project.id}`);
      expect(admin.data.repository_storage).toBe('second');
    });

    it('lists and gets moves globally and per project, newest first, paginated', async () => {
      const second = await inst.admin.post<Move>(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'default' });
      await inst.settleJobs();
      inst.clock.advance(1000);
      const list = await inst.admin.get<Move[]>(`/projects/${project.id}/repository_storage_moves`);
      expect(list.status).toBe(200);
      expect(list.data.length).toBe(2);
      expect(list.data[0]?.id).toBe(second.data.id);
      expect(list.data[0]?.state).toBe('finished');
      expect(list.headers['x-total']).toBe('2');
      const page = await inst.admin.get<Move[]>(`/projects/${project.id}/repository_storage_moves`, { per_page: 1, page: 2 });
      expect(page.data.map((m) => m.id)).toEqual([list.data[1]?.id]);
      expect(page.headers['x-total-pages']).toBe('2');
      const global = await inst.admin.get<Move[]>('/project_repository_storage_moves');
      expect(global.data.map((m) => m.id)).toEqual(expect.arrayContaining([second.data.id]));
      const ids = global.data.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const one = await inst.admin.get<Move>(`/project_repository_storage_moves/${second.data.id}`);
      expect(one.data).toEqual(list.data[0]);
    });

    it('answers 404 for unknown projects and moves, and for a move of another project or kind', async () => {
      const other = await createProject(inst);
      const mine = (await inst.admin.get<Move[]>(`/projects/${project.id}/repository_storage_moves`)).data[0] as Move;
      await expectApiError(inst.admin.get('/projects/999999/repository_storage_moves'), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.admin.post('/projects/999999/repository_storage_moves', {}), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.admin.get('/project_repository_storage_moves/999999'), 404, { message: '404 Not found' });
      await expectApiError(inst.admin.get(`/projects/${other.id}/repository_storage_moves/${mine.id}`), 404, { message: '404 Not found' });
      await expectApiError(inst.admin.get(`/snippet_repository_storage_moves/${mine.id}`), 404, { message: '404 Not found' });
      await expectApiError(inst.admin.get('/project_repository_storage_moves/abc'), 400, { error: 'repository_storage_id is invalid' });
    });

    it('refuses unknown storages and read-only projects with validation errors (400)', async () => {
      await expectApiError(inst.admin.post(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'nowhere' }), 400, {
        message: { destination_storage_name: ['is not included in the list'] },
      });
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(project.id);
      try {
        await expectApiError(inst.admin.post(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'second' }), 400, {
          message: { project: ['is read-only'] },
        });
      } finally {
        inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(project.id);
      }
    });

    it('picks the destination by storage weight when none is named', async () => {
      const p = await createRepoProject(inst);
      const res = await inst.admin.post<Move>(`/projects/${p.id}/repository_storage_moves`, {});
      expect(res.data.source_storage_name).toBe('default');
      expect(['second', 'third']).toContain(res.data.destination_storage_name);
      expect(res.data.destination_storage_name).toBe('second');
      await inst.settleJobs();
      expect(storageOf(inst, 'projects', p.id)).toBe('second');
    });

    it('PUT /projects/:id with repository_storage schedules a move instead of relabelling the row', async () => {
      const p = await createRepoProject(inst);
      const sha = (await commitFiles(inst.admin, p.id, 'main', { 'x.txt': 'x\n' })).id;
      const res = await inst.admin.put<{ repository_storage: string }>(`/projects/${p.id}`, { repository_storage: 'third' });
      expect(res.status).toBe(200);
      await inst.settleJobs();
      const moves = await inst.admin.get<Move[]>(`/projects/${p.id}/repository_storage_moves`);
      expect(moves.data.map((m) => [m.state, m.source_storage_name, m.destination_storage_name])).toEqual([['finished', 'default', 'third']]);
      expect(storageOf(inst, 'projects', p.id)).toBe('third');
      const branch = await inst.admin.get<{ commit: { id: string } }>(`/projects/${p.id}/repository/branches/main`);
      expect(branch.data.commit.id).toBe(sha);
      await expectApiError(inst.admin.put(`/projects/${p.id}`, { repository_storage: 'nowhere' }), 400, { message: { repository_storage: ['is not included in the list'] } });
      // The same storage again changes nothing and schedules nothing.
      await inst.admin.put(`/projects/${p.id}`, { repository_storage: 'third' });
      expect((await inst.admin.get<Move[]>(`/projects/${p.id}/repository_storage_moves`)).data.length).toBe(1);
      // A project already read-only (a move under way) refuses, and nothing else changes.
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(p.id);
      try {
        await expectApiError(inst.admin.put(`/projects/${p.id}`, { repository_storage: 'default', description: 'changed' }), 400, { message: { project: ['is read-only'] } });
        expect((await inst.admin.get<{ description: string }>(`/projects/${p.id}`)).data.description).not.toBe('changed');
      } finally {
        inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(p.id);
      }
      // Only administrators choose storages: an owner's value is ignored.
      const own = await createRepoProject(inst, user.client);
      await user.client.put(`/projects/${own.id}`, { repository_storage: 'third' });
      await inst.settleJobs();
      expect(storageOf(inst, 'projects', own.id)).toBe('default');
      expect((await inst.admin.get<Move[]>(`/projects/${own.id}/repository_storage_moves`)).data).toEqual([]);
    });

    it('refuses every repository write of a read-only project with the platform message, and keeps reads working', async () => {
      const p = await createRepoProject(inst);
      await createBranch(inst.admin, p.id, 'merged', 'main');
      await createTag(inst.admin, p.id, 'old', 'main');
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(p.id);
      try {
        const writes: (() => Promise<unknown>)[] = [
          () => commitFiles(inst.admin, p.id, 'main', { 'c.txt': 'c\n' }),
          () => createBranch(inst.admin, p.id, 'new', 'main'),
          () => inst.admin.delete(`/projects/${p.id}/repository/branches/merged`),
          () => createTag(inst.admin, p.id, 'v9', 'main'),
          () => inst.admin.delete(`/projects/${p.id}/repository/tags/old`),
          () => inst.admin.post(`/projects/${p.id}/releases`, { tag_name: 'v10', ref: 'main' }),
          () => inst.admin.delete(`/projects/${p.id}/repository/merged_branches`),
        ];
        for (const w of writes) await expectApiError(w(), 400, READ_ONLY);
        expect((await inst.admin.get(`/projects/${p.id}/repository/branches`)).status).toBe(200);
        expect((await inst.admin.get(`/projects/${p.id}/repository/commits`)).status).toBe(200);
        expect((await inst.admin.get(`/projects/${p.id}/repository/tags`)).status).toBe(200);
      } finally {
        inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(p.id);
      }
    });

    it('a copy that fails verification marks the move failed, leaves the source untouched and the project writable', async () => {
      const p = await createRepoProject(inst);
      const source = repoDir(inst, 'default', `@projects/${p.id}.git`);
      const before = refsOf(source);
      // Break the source: drop the loose object of the README commit's tree blob.
      const objects = join(source, 'objects');
      const dir = readdirSync(objects).find((d) => /^[0-9a-f]{2}$/.test(d)) as string;
      const file = readdirSync(join(objects, dir))[0] as string;
      unlinkSync(join(objects, dir, file));
      const res = await inst.admin.post<Move>(`/projects/${p.id}/repository_storage_moves`, { destination_storage_name: 'second' });
      await inst.settleJobs();
      const done = await inst.admin.get<Move>(`/project_repository_storage_moves/${res.data.id}`);
      expect(done.data.state).toBe('failed');
      expect(done.data.error_message).toMatch(/^Failed to verify project repository checksum from [0-9a-f]{64} to /);
      expect(storageOf(inst, 'projects', p.id)).toBe('default');
      expect(readOnlyOf(inst, 'projects', p.id)).toBe(0);
      expect(refsOf(source)).toBe(before);
      expect(existsSync(repoDir(inst, 'second', `@projects/${p.id}.git`))).toBe(false);
      await inst.admin.delete(`/projects/${p.id}`);
    });

    it('a failure after the switch is cleanup failed: the copy is in use, the source is kept', async () => {
      const p = await createRepoProject(inst);
      const scratch = repoDir(inst, 'default', '@moves');
      rmSync(scratch, { recursive: true, force: true });
      writeFileSync(scratch, 'not a directory');
      try {
        const res = await inst.admin.post<Move>(`/projects/${p.id}/repository_storage_moves`, { destination_storage_name: 'second' });
        await inst.settleJobs();
        const done = await inst.admin.get<Move>(`/project_repository_storage_moves/${res.data.id}`);
        expect(done.data.state).toBe('cleanup failed');
        expect(done.data.error_message).toEqual(expect.any(String));
        expect(storageOf(inst, 'projects', p.id)).toBe('second');
        expect(readOnlyOf(inst, 'projects', p.id)).toBe(0);
        fsck(repoDir(inst, 'second', `@projects/${p.id}.git`));
        expect(existsSync(repoDir(inst, 'default', `@projects/${p.id}.git`))).toBe(true);
      } finally {
        rmSync(scratch, { force: true });
      }
    });

    it('moves every project of a storage in bulk (202), after which none is listed on it', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await createRepoProject(inst)).id);
      await expectApiError(inst.admin.post('/project_repository_storage_moves', {}), 400, { error: 'source_storage_name is missing' });
      await expectApiError(inst.admin.post('/project_repository_storage_moves', { source_storage_name: 'nowhere' }), 400, {
        error: 'source_storage_name does not have a valid value',
      });
      await expectApiError(inst.admin.post('/project_repository_storage_moves', { source_storage_name: 'default', destination_storage_name: 'nowhere' }), 400, {
        error: 'destination_storage_name does not have a valid value',
      });
      const res = await inst.admin.post('/project_repository_storage_moves', { source_storage_name: 'default', destination_storage_name: 'third' });
      expect(res.status).toBe(202);
      expect(res.data).toEqual({ message: '202 Accepted' });
      await inst.settleJobs();
      for (const id of ids) expect(storageOf(inst, 'projects', id)).toBe('third');
      const left = await inst.admin.get<unknown[]>('/projects', { repository_storage: 'default' });
      expect(left.data).toEqual([]);
      const global = await inst.admin.get<Move[]>('/project_repository_storage_moves', { per_page: 100 });
      for (const id of ids) {
        const m = global.data.find((x) => (x.project as { id: number }).id === id && x.destination_storage_name === 'third');
        expect(m?.state).toBe('finished');
      }
    });
  });

  describe('snippet moves', () => {
    it('moves one snippet (201) and all snippets of a storage (202), with the snippet fields', async () => {
      const s = createSnippetWithRepository(inst, { title: 'notes' });
      const before = refsOf(repoDir(inst, 'default', `@snippets/${s.id}.git`));
      const res = await inst.admin.post<Move>(`/snippets/${s.id}/repository_storage_moves`, { destination_storage_name: 'second' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual([...MOVE_KEYS, 'snippet']);
      expect(res.data.snippet).toEqual({
        id: s.id,
        title: 'notes',
        description: null,
        visibility: 'private',
        updated_at: expect.any(String),
        created_at: expect.any(String),
        project_id: null,
        web_url: `${inst.webBase}/-/snippets/${s.id}`,
        raw_url: `${inst.webBase}/-/snippets/${s.id}/raw`,
        ssh_url_to_repo: `git@${new URL(inst.webBase).hostname}:snippets/${s.id}.git`,
        http_url_to_repo: `${inst.webBase}/snippets/${s.id}.git`,
      });
      await inst.settleJobs();
      expect(storageOf(inst, 'snippets', s.id)).toBe('second');
      expect(refsOf(repoDir(inst, 'second', `@snippets/${s.id}.git`))).toBe(before);
      expect(existsSync(repoDir(inst, 'default', `@snippets/${s.id}.git`))).toBe(false);
      const list = await inst.admin.get<Move[]>(`/snippets/${s.id}/repository_storage_moves`);
      expect(list.data.map((m) => m.state)).toEqual(['finished']);
      expect((await inst.admin.get<Move>(`/snippets/${s.id}/repository_storage_moves/${res.data.id}`)).data.id).toBe(res.data.id);
      expect((await inst.admin.get<Move>(`/snippet_repository_storage_moves/${res.data.id}`)).data.state).toBe('finished');
      await expectApiError(inst.admin.post('/snippet_repository_storage_moves', { source_storage_name: 'nowhere' }), 400, { error: 'source_storage_name does not have a valid value' });
      await expectApiError(inst.admin.post(`/snippets/${s.id}/repository_storage_moves`, { destination_storage_name: 'nowhere' }), 400, {
        message: { destination_storage_name: ['is not included in the list'] },
      });
      await expectApiError(inst.admin.get('/snippets/999999/repository_storage_moves'), 404, { message: '404 Snippet Not Found' });

      const others = [createSnippetWithRepository(inst), createSnippetWithRepository(inst)];
      const bulk = await inst.admin.post('/snippet_repository_storage_moves', { source_storage_name: 'default', destination_storage_name: 'third' });
      expect(bulk.status).toBe(202);
      await inst.settleJobs();
      for (const o of others) {
        expect(storageOf(inst, 'snippets', o.id)).toBe('third');
        fsck(repoDir(inst, 'third', `@snippets/${o.id}.git`));
      }
      const global = await inst.admin.get<Move[]>('/snippet_repository_storage_moves');
      expect(global.data.length).toBeGreaterThanOrEqual(3);
      expect(global.data.every((m) => 'snippet' in m && !('project' in m))).toBe(true);
    });

    it('refuses a read-only snippet', async () => {
      const s = createSnippetWithRepository(inst);
      inst.core.db.prepare('UPDATE snippets SET repository_read_only = 1 WHERE id = ?').run(s.id);
      await expectApiError(inst.admin.post(`/snippets/${s.id}/repository_storage_moves`, { destination_storage_name: 'second' }), 400, {
        message: { snippet: ['is read-only'] },
      });
    });
  });

  describe('group moves', () => {
    it('moves a group wiki (201) and every group of a storage (202), with id, web_url and name', async () => {
      const g = await createGroup(inst);
      createGroupWiki(inst, g.id);
      const before = refsOf(repoDir(inst, 'default', `@groups/${g.id}.wiki.git`));
      const res = await inst.admin.post<Move>(`/groups/${g.id}/repository_storage_moves`, { destination_storage_name: 'second' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual([...MOVE_KEYS, 'group']);
      expect(res.data.group).toEqual({ id: g.id, web_url: g.web_url, name: g.name });
      await inst.settleJobs();
      expect(storageOf(inst, 'namespaces', g.id)).toBe('second');
      expect(refsOf(repoDir(inst, 'second', `@groups/${g.id}.wiki.git`))).toBe(before);
      expect(existsSync(repoDir(inst, 'default', `@groups/${g.id}.wiki.git`))).toBe(false);
      expect((await inst.admin.get<Move[]>(`/groups/${encodeURIComponent(g.full_path)}/repository_storage_moves`)).data.map((m) => m.state)).toEqual(['finished']);
      await expectApiError(inst.admin.get('/groups/999999/repository_storage_moves'), 404, { message: '404 Group Not Found' });
      expect((await inst.admin.get<Move>(`/groups/${g.id}/repository_storage_moves/${res.data.id}`)).data.state).toBe('finished');
      expect((await inst.admin.get<Move>(`/group_repository_storage_moves/${res.data.id}`)).data.group).toEqual(res.data.group);
      await expectApiError(inst.admin.get(`/project_repository_storage_moves/${res.data.id}`), 404, { message: '404 Not found' });

      const bulk = await inst.admin.post('/group_repository_storage_moves', { source_storage_name: 'second', destination_storage_name: 'third' });
      expect(bulk.status).toBe(202);
      await inst.settleJobs();
      expect(storageOf(inst, 'namespaces', g.id)).toBe('third');
      fsck(repoDir(inst, 'third', `@groups/${g.id}.wiki.git`));
      const got = await inst.admin.get<Move[]>('/group_repository_storage_moves');
      expect(got.data[0]?.destination_storage_name).toBe('third');
    });
  });

  describe('storages (hostctl extension)', () => {
    it('lists storages with repositories per kind, bytes used and free space', async () => {
      const res = await inst.admin.get<Record<string, unknown>[]>('/hostctl/storages');
      expect(res.data.map((s) => s.name)).toEqual(['default', 'second', 'third']);
      for (const s of res.data) {
        expect(Object.keys(s)).toEqual(['name', 'path', 'weight', 'repositories', 'bytes_used', 'free_bytes']);
        expect(Object.keys(s.repositories as object)).toEqual(['project', 'snippet', 'group']);
        expect(typeof s.bytes_used).toBe('number');
        expect(s.free_bytes).toBeGreaterThan(0);
      }
      const third = res.data.find((s) => s.name === 'third') as { repositories: { project: number }; bytes_used: number; path: string };
      expect(third.repositories.project).toBeGreaterThanOrEqual(3);
      expect(third.bytes_used).toBeGreaterThan(0);
      expect(third.path).toBe(join(inst.stateDir, 'state', 'storages', 'third'));
    });

    it('adds a storage that moves can use at once, and removes it only when nothing lives there', async () => {
      const added = await inst.admin.post<Record<string, unknown>>('/hostctl/storages', { name: 'extra', path: 'storages/extra', weight: 0 });
      expect(added.status).toBe(201);
      expect(added.data).toMatchObject({ name: 'extra', weight: 0, repositories: { project: 0, snippet: 0, group: 0 } });
      expect(existsSync(join(inst.stateDir, 'state', 'storages', 'extra'))).toBe(true);
      await expectApiError(inst.admin.post('/hostctl/storages', { name: 'extra', path: 'storages/other' }), 409, { message: 'Storage extra already exists' });
      await expectApiError(inst.admin.post('/hostctl/storages', { name: 'twin', path: 'storages/extra' }), 409);
      await expectApiError(inst.admin.post('/hostctl/storages', { name: '__proto__', path: 'x' }), 400);
      await expectApiError(inst.admin.post('/hostctl/storages', { name: 'x' }), 400, { error: 'path is missing' });
      // A path that cannot become a directory is refused at once, and nothing is added.
      const blocker = join(inst.stateDir, 'a-file');
      writeFileSync(blocker, 'not a directory');
      await expectApiError(inst.admin.post('/hostctl/storages', { name: 'blocked', path: join(blocker, 'below') }), 400);
      await expectApiError(inst.admin.post('/hostctl/storages', { name: 'proc', path: '/proc/hostctl-nope/x' }), 400);
      const names = (await inst.admin.get<{ name: string }[]>('/hostctl/storages')).data.map((s) => s.name);
      expect(names).not.toContain('blocked');
      expect(names).not.toContain('proc');

      const p = await createRepoProject(inst);
      await inst.admin.post(`/projects/${p.id}/repository_storage_moves`, { destination_storage_name: 'extra' });
      await inst.settleJobs();
      expect(storageOf(inst, 'projects', p.id)).toBe('extra');
      await expectApiError(inst.admin.delete('/hostctl/storages/extra'), 409, { message: 'Storage extra still holds the repositories of 1 project; move them first' });
      await inst.admin.post(`/projects/${p.id}/repository_storage_moves`, { destination_storage_name: 'default' });
      await inst.settleJobs();
      const removed = await inst.admin.delete('/hostctl/storages/extra');
      expect(removed.status).toBe(204);
      await expectApiError(inst.admin.delete('/hostctl/storages/extra'), 404, { message: '404 Storage Not Found' });
      expect((await inst.admin.get<{ name: string }[]>('/hostctl/storages')).data.map((s) => s.name)).not.toContain('extra');
      await expectApiError(inst.admin.post(`/projects/${p.id}/repository_storage_moves`, { destination_storage_name: 'extra' }), 400, {
        message: { destination_storage_name: ['is not included in the list'] },
      });
    });
  });
});

describe('storage moves by tier and offering', () => {
  it('group moves need a paid tier; every move endpoint needs a self-managed or dedicated offering', async () => {
    const free = await startInstance('local', { tier: 'free', storages: STORAGES });
    try {
      await expectApiError(free.admin.get('/group_repository_storage_moves'), 404, { error: '404 Not Found' });
      await expectApiError(free.admin.post('/groups/1/repository_storage_moves', {}), 404, { error: '404 Not Found' });
      expect((await free.admin.get('/project_repository_storage_moves')).status).toBe(200);
      expect((await free.admin.get('/snippet_repository_storage_moves')).status).toBe(200);
    } finally {
      await free.close();
    }
    const hosted = await startInstance('local', { offering: 'hosted', storages: STORAGES });
    try {
      for (const path of ['/project_repository_storage_moves', '/snippet_repository_storage_moves', '/group_repository_storage_moves']) {
        await expectApiError(hosted.admin.get(path), 404, { error: '404 Not Found' });
      }
    } finally {
      await hosted.close();
    }
    const dedicated = await startInstance('local', { offering: 'dedicated', storages: STORAGES });
    try {
      expect((await dedicated.admin.get('/group_repository_storage_moves')).status).toBe(200);
    } finally {
      await dedicated.close();
    }
  });
});
