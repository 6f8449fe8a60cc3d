// Protected-branch users and groups on the Free tier: the instance accepts them and keeps only the
// roles, so a file naming them would show as drift after every apply. The plan refuses them where
// the file gives them, before anything changes; the same file with roles only applies and is then
// in sync. Through both transports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createProject, type ProjectJson } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';
import { parseSettingsText } from '../../src/cli/settings/load.js';
import { buildPlan, changesOf, inSync, makeContext, SettingsFileErrors } from '../../src/cli/settings/plan.js';

describe.each(TRANSPORTS)('settings files on the Free tier (%s)', (kind) => {
  let inst: Instance;
  let group: GroupJson;
  let project: ProjectJson;
  let alice: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind, { tier: 'free' });
    group = await createGroup(inst);
    project = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'shop' });
    alice = await createUser(inst);
  });
  afterAll(() => inst.close());

  const file = (branch: string) =>
    [
      'version: 1',
      'projects:',
      `  ${project.path_with_namespace}:`,
      '    protected_branches:',
      `      ${branch}:`,
      '        push_access_level: maintainer',
      `        allowed_to_push: [{user: ${alice.user.username}}]`,
      '        allowed_to_merge: []',
      `        allowed_to_unprotect: [{group: ${group.full_path}}]`,
      '',
    ].join('\n');

  async function plan(text: string) {
    const ctx = await makeContext(inst.admin);
    return { ctx, plan: await buildPlan(ctx, parseSettingsText(text, 'team.yaml'), { prune: false }) };
  }

  it('the instance keeps only the role of a rule that names users and groups (what the refusal guards)', async () => {
    await inst.admin.post(`/projects/${project.id}/protected_branches`, { name: 'probe', push_access_level: 40, allowed_to_push: [{ user_id: alice.user.id }] });
    const { data } = await inst.admin.get<{ push_access_levels: { user_id: number | null }[] }>(`/projects/${project.id}/protected_branches/probe`);
    expect(data.push_access_levels.map((e) => e.user_id)).toEqual([null]);
  });

  it('users and groups in a protected branch are refused at their lines, naming the tier; nothing is changed', async () => {
    let error: unknown;
    try {
      await plan(file('main'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsFileErrors);
    const messages = (error as SettingsFileErrors).problems.map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/^team\.yaml:7:9: users and groups in allowed_to_push need Premium or Ultimate: the target is on the Free tier/),
      expect.stringMatching(/^team\.yaml:9:9: users and groups in allowed_to_unprotect need Premium/),
    ]);
    const res = await inst.admin.request('GET', `/projects/${project.id}/protected_branches/main`, { allowError: true });
    expect(res.status).toBe(404);
  });

  it('the rule with roles only (and an empty list) applies, and the next plan is in sync', async () => {
    const rolesOnly = file('main')
      .split('\n')
      .filter((l) => !/allowed_to_(push|unprotect)/.test(l))
      .join('\n');
    const first = await plan(rolesOnly);
    expect(changesOf(first.plan).map((c) => `${c.op} ${c.key}`)).toEqual(['create main']);
    for (const item of first.plan.items) for (const change of item.changes) await item.section.apply(first.ctx, change);
    expect(inSync((await plan(rolesOnly)).plan)).toBe(true);
  });
});
