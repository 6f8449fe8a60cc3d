// Conventions real clients depend on, checked through both transports: the platform's boolean
// spellings, group search and visibility of ancestors, instance metadata, and web URLs built
// from the address a request reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { addMember, createProject } from '../factories/projects.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createUser, unique, type TestUser } from '../factories/users.js';

describe.each(TRANSPORTS)('platform fidelity (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
  });
  afterAll(() => inst.close());

  it('accepts every boolean spelling the platform accepts, and refuses others', async () => {
    const mine = await createProject(inst, alice.client);
    for (const yes of ['True', 'TRUE', 't', 'T', 'yes', 'Y', 'on', 'ON', '1']) {
      const res = await alice.client.get<{ id: number }[]>('/projects', { owned: yes });
      expect(res.data.map((p) => p.id), yes).toEqual([mine.id]);
    }
    for (const no of ['False', 'f', 'no', 'N', 'off', '0']) {
      const res = await alice.client.get<{ id: number }[]>('/projects', { owned: no, search: mine.path });
      expect(res.status, no).toBe(200);
    }
    await expectApiError(alice.client.get('/projects', { owned: 'tRuE' }), 400, { error: 'owned is invalid' });
  });

  describe('groups finder', () => {
    let parent: GroupJson;
    let child: GroupJson;
    let grandchild: GroupJson;
    let bob: TestUser;

    beforeAll(async () => {
      const word = unique('Zephyr');
      parent = await createGroup(inst, inst.admin, { path: word.toLowerCase(), name: `${word} Works` });
      child = await createGroup(inst, inst.admin, { path: unique('tools'), name: 'Tools', parent_id: parent.id });
      grandchild = await createGroup(inst, inst.admin, { path: unique('cli'), name: 'Cli', parent_id: child.id });
      bob = await createUser(inst);
      await addMember(inst, 'groups', grandchild.id, bob.user.id, 30);
    });

    it('searches full names and full paths, so a parent finds its subgroups', async () => {
      const byName = await inst.admin.get<GroupJson[]>('/groups', { search: parent.name.split(' ')[0], all_available: true });
      expect(byName.data.map((g) => g.id).sort()).toEqual([parent.id, child.id, grandchild.id].sort());
      const byPath = await inst.admin.get<GroupJson[]>('/groups', { search: `${child.path}/${grandchild.path}` });
      expect(byPath.data.map((g) => g.id)).toEqual([grandchild.id]);
      // Subgroups of one parent match on their own names only.
      const sub = await inst.admin.get<GroupJson[]>(`/groups/${parent.id}/subgroups`, { search: parent.path });
      expect(sub.data).toEqual([]);
    });

    it("lists the ancestors of a non-admin's groups", async () => {
      const res = await bob.client.get<GroupJson[]>('/groups');
      expect(res.data.map((g) => g.id).sort()).toEqual([parent.id, child.id, grandchild.id].sort());
      const top = await bob.client.get<GroupJson[]>('/groups', { top_level_only: 'True' });
      expect(top.data.map((g) => g.id)).toEqual([parent.id]);
      const outsider = await createUser(inst);
      expect((await outsider.client.get<GroupJson[]>('/groups', { search: parent.path })).data).toEqual([]);
    });
  });

  it('revoking a revoked token succeeds again, as the platform does', async () => {
    const { data } = await inst.admin.post<{ id: number }>(`/users/${alice.user.id}/personal_access_tokens`, { name: 'twice', scopes: ['read_api'] });
    expect((await inst.admin.delete(`/personal_access_tokens/${data.id}`)).status).toBe(204);
    expect((await inst.admin.delete(`/personal_access_tokens/${data.id}`)).status).toBe(204);
    expect((await inst.admin.get<{ revoked: boolean }>(`/personal_access_tokens/${data.id}`)).data.revoked).toBe(true);
  });

  it('answers /version and /metadata to signed-in callers', async () => {
    const v = await alice.client.get<{ version: string; revision: string }>('/version');
    expect(v.data).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), revision: expect.any(String) });
    const m = await alice.client.get('/metadata');
    expect(m.data).toEqual({
      version: v.data.version,
      revision: v.data.revision,
      kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
      enterprise: true,
    });
    await expectApiError(inst.client().get('/version'), 401);
    await expectApiError(inst.client().get('/metadata'), 401);
    const readUser = await createUser(inst, {}, ['read_user']);
    expect((await readUser.client.get('/version')).status).toBe(200);
  });

  it('builds web URLs from the address the request reached', async () => {
    const res = await inst.raw('GET', '/user', { headers: { 'private-token': alice.token, host: 'git.example.test:8443' } });
    const me = res.json as { web_url: string };
    // The in-process transport has no socket: what it is given is what it uses.
    expect(me.web_url).toBe(`http://git.example.test:8443/${alice.user.username}`);
    const project = await createProject(inst, alice.client);
    const viaHost = await inst.raw('GET', `/projects/${project.id}`, { headers: { 'private-token': alice.token, host: 'git.example.test:8443' } });
    expect((viaHost.json as { web_url: string }).web_url).toBe(`http://git.example.test:8443/${project.path_with_namespace}`);
    const plain = await alice.client.get<{ web_url: string }>(`/projects/${project.id}`);
    expect(plain.data.web_url).toBe(`${inst.webBase}/${project.path_with_namespace}`);
    if (kind === 'http') expect(plain.data.web_url.startsWith(inst.url as string)).toBe(true);
    // A Host that is no host name is ignored.
    const odd = await inst.raw('GET', '/user', { headers: { 'private-token': alice.token, host: 'evil.example/<x>' } });
    expect((odd.json as { web_url: string }).web_url).toBe(`${kind === 'http' ? 'http://localhost:8080' : inst.webBase}/${alice.user.username}`);
  });
});
