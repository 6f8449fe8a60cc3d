// The members, notification_settings and saml_group_links sections of settings as code, driven as
// `diff` and `apply` drive them (parse, read, plan, apply each step, read again), through both
// transports: create, update, no-op and prune; an export parses back and plans as in sync. The
// whole plan (buildPlan) resolves names first: an unknown user is an error at the file's place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { createProject, type ProjectJson } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';
import { enableSaml } from '../factories/governance.js';
import type { AnySection, Change, Locator, SectionContext, Target } from '../../src/cli/settings/section.js';
import { membersSection } from '../../src/cli/settings/sections/members.js';
import { notificationSettingsSection } from '../../src/cli/settings/sections/notification-settings.js';
import { samlGroupLinksSection } from '../../src/cli/settings/sections/saml-group-links.js';
import { CachedNames } from '../../src/cli/settings/names.js';
import { SettingsReads } from '../../src/cli/settings/reads.js';
import { buildPlan, SettingsFileErrors } from '../../src/cli/settings/plan.js';
import { parseSettingsText } from '../../src/cli/settings/load.js';

describe.each(TRANSPORTS)('settings sections: members, notification settings, SAML group links (%s)', (kind) => {
  let inst: Instance;
  let ctx: SectionContext & { names: CachedNames };
  let group: GroupJson;
  let project: ProjectJson;
  let alice: TestUser;
  let bob: TestUser;
  let groupTarget: Target;
  let projectTarget: Target;

  beforeAll(async () => {
    inst = await startInstance(kind, { tier: 'premium' });
    ctx = { client: inst.admin, names: new CachedNames(inst.admin, true), extensions: true, reads: new SettingsReads(inst.admin, true) };
    group = await createGroup(inst);
    project = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'shop' });
    alice = await createUser(inst);
    bob = await createUser(inst);
    groupTarget = { scope: 'group', path: group.full_path, id: group.id };
    projectTarget = { scope: 'project', path: project.path_with_namespace, id: project.id };
  });
  afterAll(() => inst.close());

  const at = (t: Target, section: string): Locator => ({ file: 'f.yaml', pointer: [t.scope === 'group' ? 'groups' : 'projects', t.path, section] });

  async function planOf(section: AnySection, value: unknown, t: Target, prune = false): Promise<Change[]> {
    const d = section.parse(value, at(t, section.name), t.scope);
    return section.plan(d, await section.read(ctx, t), { prune, target: t }).changes.map((c) => ({ ...c, section: section.name, target: t }));
  }
  async function apply(section: AnySection, value: unknown, t: Target, prune = false): Promise<string[]> {
    const changes = await planOf(section, value, t, prune);
    for (const c of changes) await section.apply(ctx, c);
    return changes.map((c) => `${c.op} ${c.key}`);
  }
  async function expectInSync(section: AnySection, value: unknown, t: Target): Promise<unknown> {
    expect(await planOf(section, value, t, true)).toEqual([]);
    const exported = section.export(await section.read(ctx, t), ctx, t);
    if (exported !== undefined) expect(await planOf(section, JSON.parse(JSON.stringify(exported)), t, true)).toEqual([]);
    return exported;
  }

  it('members of a group and a project: create, update, no-op, prune', async () => {
    const a = alice.user.username;
    const b = bob.user.username;
    const admin = 'root';
    // A project of another group: members of a project may not be below their inherited role.
    const other = await createGroup(inst);
    const lone = await createProject(inst, inst.admin, { namespace_id: other.id, path: 'lone' });
    for (const t of [groupTarget, { scope: 'project', path: lone.path_with_namespace, id: lone.id } as Target]) {
      const base = t.scope === 'group' ? admin : undefined;
      const keep = base ? { [base]: 'owner' } : {};
      expect(await apply(membersSection, { ...keep, [a]: 'developer', [b]: 20 }, t)).toEqual([`create ${a}`, `create ${b}`]);
      expect(await apply(membersSection, { ...keep, [a]: 'maintainer', [b]: 'reporter' }, t)).toEqual([`update ${a}`]);
      const { data } = await inst.admin.get<{ username: string; access_level: number }[]>(`/${t.scope}s/${t.id as number}/members`);
      expect(data.find((m) => m.username === a)?.access_level).toBe(40);
      expect(await planOf(membersSection, { [a]: 'maintainer' }, t)).toEqual([]);
      expect(await apply(membersSection, { ...keep, [a]: 'maintainer' }, t, true)).toEqual([`delete ${b}`]);
      const after = await inst.admin.get<{ username: string }[]>(`/${t.scope}s/${t.id as number}/members`);
      expect(after.data.map((m) => m.username)).not.toContain(b);
      const exported = await expectInSync(membersSection, { ...keep, [a]: 'maintainer' }, t);
      expect(exported).toMatchObject({ [a]: 'maintainer' });
    }
  });

  it('notification settings, global, group and project: update, no-op; custom events', async () => {
    const global: Target = { scope: 'global', path: '' };
    expect(await apply(notificationSettingsSection, { level: 'watch' }, global)).toEqual(['update setting']);
    expect((await inst.admin.get<{ level: string }>('/notification_settings')).data.level).toBe('watch');
    await expectInSync(notificationSettingsSection, { level: 'watch' }, global);
    const custom = { level: 'custom', events: { new_release: true, failed_pipeline: false } };
    for (const t of [groupTarget, projectTarget]) {
      expect(await apply(notificationSettingsSection, custom, t)).toEqual(['update setting']);
      const { data } = await inst.admin.get<{ level: string; events: Record<string, boolean> }>(`/${t.scope}s/${t.id as number}/notification_settings`);
      expect([data.level, data.events.new_release, data.events.failed_pipeline]).toEqual(['custom', true, false]);
      expect(await planOf(notificationSettingsSection, custom, t)).toEqual([]);
      expect(await expectInSync(notificationSettingsSection, custom, t)).toMatchObject(custom);
      const changed = await planOf(notificationSettingsSection, { level: 'custom', events: { new_release: false } }, t);
      expect(changed[0]?.fields).toEqual([{ field: 'events.new_release', from: true, to: false }]);
    }
  });

  it('notification settings: the global notification_email, compared without case; only at the top of the file', async () => {
    const global: Target = { scope: 'global', path: '' };
    const { data: me } = await inst.admin.get<{ email: string }>('/user');
    // Case alone is no change; the export names the address, and its plan is in sync.
    expect(await planOf(notificationSettingsSection, { level: 'watch', notification_email: me.email.toUpperCase() }, global)).toEqual(
      (await planOf(notificationSettingsSection, { level: 'watch' }, global)),
    );
    expect(await expectInSync(notificationSettingsSection, { level: 'watch', notification_email: me.email }, global)).toMatchObject({ notification_email: me.email });
    // An address that is not one of the caller's: the plan shows it, the server refuses it.
    const [change] = await planOf(notificationSettingsSection, { notification_email: 'elsewhere@example.com' }, global);
    expect(change?.fields).toEqual([{ field: 'notification_email', from: me.email, to: 'elsewhere@example.com' }]);
    await expect(notificationSettingsSection.apply(ctx, { ...(change as Change), section: 'notification_settings', target: global })).rejects.toThrow(/verified/);
    expect((await inst.admin.get<{ notification_email: string }>('/notification_settings')).data.notification_email).toBe(me.email);
    // Not a setting of a group or a project, and not an address.
    expect(() => notificationSettingsSection.parse({ notification_email: me.email }, at(groupTarget, 'notification_settings'), 'group')).toThrow(/unknown key "notification_email"/);
    expect(() => notificationSettingsSection.parse({ notification_email: 'nobody' }, at(global, 'notification_settings'), 'global')).toThrow(/must be an email address/);
  });

  it('SAML group links: refused by name without SAML; then create, update (delete and create), no-op, prune', async () => {
    await expect(samlGroupLinksSection.read(ctx, groupTarget)).rejects.toThrow(/saml_group_links of group .*SAML/);
    await enableSaml(inst, group.id);
    expect(await apply(samlGroupLinksSection, { devs: 'developer', ops: { access_level: 'maintainer' } }, groupTarget)).toEqual(['create devs', 'create ops']);
    expect(await apply(samlGroupLinksSection, { devs: 'reporter', ops: 40 }, groupTarget)).toEqual(['update devs']);
    const { data } = await inst.admin.get<{ name: string; access_level: number }[]>(`/groups/${group.id}/saml_group_links`);
    expect(data.map((l) => [l.name, l.access_level]).sort()).toEqual([
      ['devs', 20],
      ['ops', 40],
    ]);
    expect(await apply(samlGroupLinksSection, { ops: 'maintainer' }, groupTarget, true)).toEqual(['delete devs']);
    expect(await expectInSync(samlGroupLinksSection, { ops: 'maintainer' }, groupTarget)).toEqual({ ops: 'maintainer' });
  });

  it('the whole plan resolves every name first: an unknown user and an unknown project are located errors', async () => {
    const text = ['version: 1', 'groups:', `  ${group.full_path}:`, '    members:', '      nobody-here: developer', 'projects:', `  ${group.full_path}/missing:`, '    members: {}', `  "${group.full_path}/*":`, `    members: {${alice.user.username}: developer}`].join('\n');
    const error = await buildPlan(ctx, parseSettingsText(text, 'f.yaml'), { prune: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettingsFileErrors);
    const lines = (error as Error).message.split('\n');
    expect(lines).toContain('f.yaml:5:7: no user "nobody-here" on the target (or the token cannot see it)');
    expect(lines).toContain(`f.yaml:7:3: no project "${group.full_path}/missing" on the target (or the token cannot see it)`);
    // The glob found the project: its plan is the rest (nothing was sent to change anything).
    const ok = await buildPlan(ctx, parseSettingsText(['version: 1', 'projects:', `  "${group.full_path}/*":`, `    members: {${bob.user.username}: guest}`].join('\n'), 'f.yaml'), { prune: false });
    expect(ok.items.map((i) => i.target.path)).toEqual([project.path_with_namespace]);
    expect(ok.counts).toMatchObject({ create: 1 });
  });
});
