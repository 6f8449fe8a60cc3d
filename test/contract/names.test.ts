// `GET /hostctl/names`: the names the CLI shows for ids in tables, many in one request, each only
// to a caller who could read it one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createGroup } from '../factories/groups.js';
import { createProject } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';

type Names = { users: Record<string, string>; groups: Record<string, string>; projects: Record<string, string> };

describe.each(TRANSPORTS)('names by id (%s)', (kind) => {
  let inst: Instance;
  let alice: TestUser;
  let bob: TestUser;
  let hidden: { id: number; full_path: string };
  let open: { id: number; full_path: string };
  let privateProject: { id: number; path_with_namespace: string };

  beforeAll(async () => {
    inst = await startInstance(kind);
    alice = await createUser(inst);
    bob = await createUser(inst);
    hidden = await createGroup(inst, inst.admin, { visibility: 'private' });
    open = await createGroup(inst, inst.admin, { visibility: 'public' });
    privateProject = await createProject(inst, inst.admin, { namespace_id: hidden.id, visibility: 'private' });
  });
  afterAll(() => inst.close());

  it('answers the names of every id given, by kind, in one request', async () => {
    const res = await inst.admin.get<Names>('/hostctl/names', {
      user_ids: `${alice.user.id},${bob.user.id},999999`,
      group_ids: `${hidden.id},${open.id}`,
      project_ids: String(privateProject.id),
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      users: { [alice.user.id]: alice.user.username, [bob.user.id]: bob.user.username },
      groups: { [hidden.id]: hidden.full_path, [open.id]: open.full_path },
      projects: { [privateProject.id]: privateProject.path_with_namespace },
    });
  });

  it('leaves out groups and projects the caller cannot see, as if they did not exist', async () => {
    const res = await alice.client.get<Names>('/hostctl/names', { user_ids: String(bob.user.id), group_ids: `${hidden.id},${open.id}`, project_ids: String(privateProject.id) });
    expect(res.data).toEqual({ users: { [bob.user.id]: bob.user.username }, groups: { [open.id]: open.full_path }, projects: {} });
  });

  it('refuses anonymous callers, ids that are not integers and more than 100 ids of a kind', async () => {
    await expectApiError(inst.client().get('/hostctl/names', { user_ids: String(alice.user.id) }), 401, { message: '401 Unauthorized' });
    await expectApiError(inst.admin.get('/hostctl/names', { user_ids: 'root' }), 400, { error: 'user_ids is invalid' });
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    await expectApiError(inst.admin.get('/hostctl/names', { group_ids: many }), 400, { error: 'group_ids has more than 100 ids' });
  });
});
