// The project sections of settings as code (and protected environments at both levels), driven
// the way `diff` and `apply` drive them: parse a file's value, read the target, plan, apply each
// step, read again. Through both transports: create, update, no-op and prune of every section;
// an export parses back and plans as in sync; a bad cron, an unknown zone and an unknown role are
// errors located in the file; client keys never reach an export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { addMember, createProject, type ProjectJson } from '../factories/projects.js';
import { createUser, type TestUser } from '../factories/users.js';
import { SettingsFileError, type AnySection, type Change, type Locator, type SectionContext, type Target } from '../../src/cli/settings/section.js';
import { freezePeriodsSection } from '../../src/cli/settings/sections/project-freeze-periods.js';
import { securitySettingsSection } from '../../src/cli/settings/sections/project-security-settings.js';
import { protectedBranchesSection } from '../../src/cli/settings/sections/project-protected-branches.js';
import { packageProtectionRulesSection } from '../../src/cli/settings/sections/project-package-protection-rules.js';
import { errorTrackingSection } from '../../src/cli/settings/sections/project-error-tracking.js';
import { protectedEnvironmentsSection } from '../../src/cli/settings/sections/protected-environments.js';
import { sectionsFor } from '../../src/cli/settings/sections/index.js';
import { CachedNames } from '../../src/cli/settings/names.js';
import { SettingsReads } from '../../src/cli/settings/reads.js';

const at = (scope: 'groups' | 'projects', path: string, section: string): Locator => ({ file: 'settings.yaml', pointer: [scope, path, section] });

it('the registry holds the project sections, and protected environments at both levels', () => {
  const project = ['freeze_periods', 'security_settings', 'protected_branches', 'package_protection_rules', 'error_tracking', 'protected_environments'];
  for (const name of project) expect(sectionsFor('project').get(name)?.name).toBe(name);
  expect(sectionsFor('group').get('protected_environments')).toBe(protectedEnvironmentsSection);
  expect(sectionsFor('group').has('freeze_periods')).toBe(false);
});

describe.each(TRANSPORTS)('settings sections of projects and environments (%s)', (kind) => {
  let inst: Instance;
  let ctx: SectionContext;
  let group: GroupJson;
  let platform: GroupJson;
  let project: ProjectJson;
  let alice: TestUser;
  let target: Target;
  let groupTarget: Target;

  beforeAll(async () => {
    inst = await startInstance(kind, { tier: 'ultimate' });
    ctx = { client: inst.admin, names: new CachedNames(inst.admin, true), extensions: true, reads: new SettingsReads(inst.admin, true) };
    group = await createGroup(inst);
    platform = await createGroup(inst, inst.admin, { parent_id: group.id, path: 'platform' });
    project = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'storefront', initialize_with_readme: true });
    alice = await createUser(inst);
    await addMember(inst, 'groups', group.id, alice.user.id, 40);
    target = { scope: 'project', path: project.path_with_namespace };
    groupTarget = { scope: 'group', path: group.full_path };
  });
  afterAll(() => inst.close());

  /** The plan of `value` for `section` against what the target has now. */
  async function planOf(section: AnySection, value: unknown, where: Target, prune = false): Promise<{ changes: Change[]; unchanged: number }> {
    const d = section.parse(value, at(where.scope === 'group' ? 'groups' : 'projects', where.path, section.name), where.scope);
    const plan = section.plan(d, await section.read(ctx, where), { prune, target: where });
    return { changes: plan.changes.map((c) => ({ ...c, section: section.name, target: where })), unchanged: plan.unchanged };
  }

  /** Applies the plan of `value`; answers the plan that was applied. */
  async function apply(section: AnySection, value: unknown, where: Target, prune = false) {
    const plan = await planOf(section, value, where, prune);
    for (const change of plan.changes) await section.apply(ctx, change);
    return plan;
  }

  /** After an apply, the same file plans nothing; and an export of the target plans nothing either. */
  async function expectInSync(section: AnySection, value: unknown, where: Target) {
    const again = await planOf(section, value, where, true);
    expect(again.changes).toEqual([]);
    const exported = section.export(await section.read(ctx, where), ctx, where);
    const roundTrip = await planOf(section, JSON.parse(JSON.stringify(exported ?? null)), where, true);
    expect(roundTrip.changes).toEqual([]);
    return exported;
  }

  const summary = (changes: Change[]) => changes.map((c) => `${c.op} ${c.key}`);

  function locatedError(section: AnySection, value: unknown, where: Target): SettingsFileError {
    try {
      section.parse(value, at(where.scope === 'group' ? 'groups' : 'projects', where.path, section.name), where.scope);
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsFileError);
      return err as SettingsFileError;
    }
    throw new Error('no error');
  }

  describe('freeze_periods', () => {
    const s = freezePeriodsSection as AnySection;
    const friday = { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1', cron_timezone: 'Europe/Berlin' };
    const christmas = { freeze_start: '0 0 24 12 *', freeze_end: '0 0 27 12 *' };

    it('creates the periods a file declares, then plans nothing', async () => {
      const plan = await apply(s, [friday, christmas], target);
      expect(summary(plan.changes)).toEqual(['create 0 23 * * 5 → 0 7 * * 1 (Europe/Berlin)', 'create 0 0 24 12 * → 0 0 27 12 * (UTC)']);
      const { data } = await inst.admin.get<Record<string, unknown>[]>(`/projects/${project.id}/freeze_periods`);
      expect(data.map((p) => [p.freeze_start, p.freeze_end, p.cron_timezone])).toEqual([
        ['0 23 * * 5', '0 7 * * 1', 'Europe/Berlin'],
        ['0 0 24 12 *', '0 0 27 12 *', 'UTC'],
      ]);
      const exported = await expectInSync(s, [friday, christmas], target);
      expect(exported).toEqual([friday, { ...christmas, cron_timezone: 'UTC' }]);
    });

    it('a window that differs in blanks only is the same period (no-op)', async () => {
      const plan = await planOf(s, [{ ...friday, freeze_start: ' 0  23 * * 5 ' }, christmas], target);
      expect(plan).toEqual({ changes: [], unchanged: 2 });
    });

    it('crons are compared by what they mean: names, steps of one, ranges and lists show no drift', async () => {
      const same = [
        { ...friday, freeze_start: '0 23 * * fri', freeze_end: '0 7 * * MON' },
        { freeze_start: '*/1 0 24 12 *', freeze_end: '0 0 27 dec *', cron_timezone: 'UTC' },
      ];
      const first = { ...same[1], freeze_start: '0 0 24 12 *' };
      expect(await planOf(s, [same[0], first], target, true)).toEqual({ changes: [], unchanged: 2 });
      // A step of one is every minute: a different window from minute 0, so it is a new period.
      expect(summary((await planOf(s, [same[0], same[1]], target)).changes)).toEqual(['create */1 0 24 12 * → 0 0 27 dec * (UTC)']);
      expect(await planOf(s, [{ ...friday, freeze_start: '0 22-23 * * 5' }, christmas], target)).toMatchObject({ unchanged: 1 });
      const ranges = await planOf(s, [{ ...friday, freeze_end: '0 7 * * 1-1' }, { ...christmas, freeze_start: '0 0-0 24 12 *', freeze_end: '0 0 27 12 *' }], target, true);
      expect(ranges).toEqual({ changes: [], unchanged: 2 });
      // Two spellings of one window in one file are one period declared twice.
      const twice = locatedError(s, [friday, { ...friday, freeze_start: '0 23 * * FRI' }], target);
      expect(twice.message).toMatch(/declared twice/);
    });

    it('a changed window is created; the old one stays without --prune and goes with it', async () => {
      const moved = { ...friday, freeze_end: '0 6 * * 1' };
      const kept = await planOf(s, [moved, christmas], target);
      expect(summary(kept.changes)).toEqual(['create 0 23 * * 5 → 0 6 * * 1 (Europe/Berlin)']);
      const plan = await apply(s, [moved, christmas], target, true);
      expect(summary(plan.changes)).toEqual(['create 0 23 * * 5 → 0 6 * * 1 (Europe/Berlin)', 'delete 0 23 * * 5 → 0 7 * * 1 (Europe/Berlin)']);
      const { data } = await inst.admin.get<Record<string, unknown>[]>(`/projects/${project.id}/freeze_periods`);
      expect(data.map((p) => p.freeze_end).sort()).toEqual(['0 0 27 12 *', '0 6 * * 1']);
      await expectInSync(s, [moved, christmas], target);
    });

    it('a bad cron and an unknown time zone are errors located at the field', () => {
      const cron = locatedError(s, [friday, { freeze_start: '0 25 * * *', freeze_end: '0 7 * * 1' }], target);
      expect(cron.at.pointer).toEqual(['projects', target.path, 'freeze_periods', 1, 'freeze_start']);
      expect(cron.message).toContain('"0 25 * * *"');
      const zone = locatedError(s, [{ ...friday, cron_timezone: 'Mars/Olympus' }], target);
      expect(zone.at.pointer).toEqual(['projects', target.path, 'freeze_periods', 0, 'cron_timezone']);
      expect(zone.message).toContain('Mars/Olympus');
      const key = locatedError(s, [{ ...friday, freze_end: 'x' }], target);
      expect(key.message).toContain('did you mean "freeze_end"');
    });
  });

  describe('security_settings', () => {
    const s = securitySettingsSection as AnySection;

    it('updates secret push protection, then plans nothing; export round-trips', async () => {
      const plan = await apply(s, { secret_push_protection_enabled: true }, target);
      expect(plan.changes).toMatchObject([{ op: 'update', fields: [{ field: 'secret_push_protection_enabled', from: false, to: true }] }]);
      const { data } = await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/security_settings`);
      expect(data.secret_push_protection_enabled).toBe(true);
      expect(await planOf(s, { secret_push_protection_enabled: true }, target)).toEqual({ changes: [], unchanged: 1 });
      expect(await expectInSync(s, { secret_push_protection_enabled: true }, target)).toEqual({ secret_push_protection_enabled: true });
      await apply(s, { secret_push_protection_enabled: false }, target);
      expect((await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/security_settings`)).data.secret_push_protection_enabled).toBe(false);
    });

    it('refuses the flags the API does not change, at their key', () => {
      const err = locatedError(s, { auto_fix_sast: true }, target);
      expect(err.at.pointer).toEqual(['projects', target.path, 'security_settings', 'auto_fix_sast']);
    });
  });

  describe('protected_branches', () => {
    const s = protectedBranchesSection as AnySection;

    it('creates a wildcard rule with roles by name, updates the default branch, prunes an undeclared rule', async () => {
      // The default branch came protected (Maintainers) with the first commit.
      const file = {
        main: { push_access_level: 'maintainer', merge_access_level: 'developer', allow_force_push: false },
        'release/*': { push_access_level: 'none', merge_access_level: 'maintainer', unprotect_access_level: 'admin', code_owner_approval_required: true },
      };
      const plan = await apply(s, file, target);
      expect(summary(plan.changes)).toEqual(['update main', 'create release/*']);
      expect(plan.changes[0]?.fields).toEqual([{ field: 'merge_access_level', from: 'maintainer', to: 'developer' }]);
      expect(plan.unchanged).toBe(0);
      const { data: release } = await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/protected_branches/${encodeURIComponent('release/*')}`);
      expect(release).toMatchObject({ push_access_levels: [{ access_level: 0 }], merge_access_levels: [{ access_level: 40 }], unprotect_access_levels: [{ access_level: 60 }], code_owner_approval_required: true });
      const { data: main } = await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/protected_branches/main`);
      expect(main).toMatchObject({ merge_access_levels: [{ access_level: 30 }], push_access_levels: [{ access_level: 40 }] });
      expect(await planOf(s, file, target)).toEqual({ changes: [], unchanged: 2 });
      const exported = await expectInSync(s, file, target);
      expect((exported as Record<string, unknown>)['release/*']).toEqual({ ...file['release/*'], allow_force_push: false });

      await inst.admin.post(`/projects/${project.id}/protected_branches`, { name: 'hotfix' });
      expect((await planOf(s, file, target)).changes).toEqual([]);
      const pruned = await apply(s, file, target, true);
      expect(summary(pruned.changes)).toEqual(['delete hotfix']);
      const res = await inst.admin.request('GET', `/projects/${project.id}/protected_branches/hotfix`, { allowError: true });
      expect(res.status).toBe(404);
    });

    it('users and groups allowed to push, merge and unprotect: create, update by name, no-op, export, prune', async () => {
      const bob = await createUser(inst);
      const file = {
        'stable/*': { push_access_level: 'maintainer', allowed_to_push: [{ user: alice.user.username }, { group: platform.full_path }], allowed_to_merge: [{ group: group.full_path }] },
      };
      const plan = await apply(s, file, target);
      expect(summary(plan.changes)).toEqual(['create stable/*']);
      const rule = async () => (await inst.admin.get<Record<string, { access_level: number | null; user_id: number | null; group_id: number | null }[]>>(`/projects/${project.id}/protected_branches/${encodeURIComponent('stable/*')}`)).data;
      const who = (entries: { access_level: number | null; user_id: number | null; group_id: number | null }[] | undefined) => (entries ?? []).map((e) => e.user_id ?? e.group_id ?? `role ${e.access_level}`).sort();
      expect(who((await rule()).push_access_levels)).toEqual([alice.user.id, platform.id, 'role 40'].sort());
      expect(who((await rule()).merge_access_levels)).toEqual([group.id]);
      // The same names in another order and case: nothing to do.
      const reordered = { 'stable/*': { ...file['stable/*'], allowed_to_push: [{ group: platform.full_path.toUpperCase() }, { user: alice.user.username }] } };
      expect(await planOf(s, reordered, target)).toMatchObject({ changes: [] });
      // One user swapped for another: an update of that list only; the role entry and the other lists stay.
      const swapped = { 'stable/*': { ...file['stable/*'], allowed_to_push: [{ user: bob.user.username }, { group: platform.full_path }] } };
      const update = await apply(s, swapped, target);
      expect(update.changes.map((c) => [c.op, c.key, c.fields.map((f) => f.field)])).toEqual([['update', 'stable/*', ['allowed_to_push']]]);
      expect(who((await rule()).push_access_levels)).toEqual([bob.user.id, platform.id, 'role 40'].sort());
      expect(who((await rule()).merge_access_levels)).toEqual([group.id]);
      expect((await planOf(s, swapped, target)).changes).toEqual([]);
      const exported = s.export(await s.read(ctx, target), ctx, target) as Record<string, Record<string, unknown>>;
      expect((await planOf(s, JSON.parse(JSON.stringify(exported)), target, true)).changes).toEqual([]);
      expect(exported['stable/*']).toMatchObject({ allowed_to_push: [{ group: platform.full_path }, { user: bob.user.username }], allowed_to_merge: [{ group: group.full_path }] });
      expect(exported['stable/*']).not.toHaveProperty('allowed_to_unprotect');
      // An empty list removes every user and group of that action; an undeclared one is left alone.
      await apply(s, { 'stable/*': { allowed_to_merge: [] } }, target);
      expect(who((await rule()).merge_access_levels)).toEqual([]);
      expect(who((await rule()).push_access_levels)).toEqual([bob.user.id, platform.id, 'role 40'].sort());
    });

    it('a user or group entry names exactly one, and the names are resolved before anything changes', () => {
      const both = locatedError(s, { main: { allowed_to_push: [{ user: 'a', group: 'b' }] } }, target);
      expect(both.at.pointer).toEqual(['projects', target.path, 'protected_branches', 'main', 'allowed_to_push', 0]);
      const role = locatedError(s, { main: { allowed_to_merge: [{ access_level: 'maintainer' }] } }, target);
      expect(role.message).toMatch(/unknown key "access_level"/);
      const d = s.parse({ main: { allowed_to_push: [{ user: 'someone' }], allowed_to_unprotect: [{ group: 'acme/ops' }] } }, at('projects', target.path, 'protected_branches'), 'project');
      const refs = s.references(d);
      expect([refs.users?.map((r) => r.name), refs.groups?.map((r) => r.name)]).toEqual([['someone'], ['acme/ops']]);
      expect(refs.users?.[0]?.at.pointer).toEqual(['projects', target.path, 'protected_branches', 'main', 'allowed_to_push', 0, 'user']);
    });

    it('an unknown role is an error at its field', () => {
      const err = locatedError(s, { main: { push_access_level: 'owner' } }, target);
      expect(err.at.pointer).toEqual(['projects', target.path, 'protected_branches', 'main', 'push_access_level']);
      expect(err.problem).toMatch(/"owner" is not a role here; use one of none, developer, maintainer, admin/);
    });
  });

  describe('package_protection_rules', () => {
    const s = packageProtectionRulesSection as AnySection;
    const rule = { package_name_pattern: 'storefront-*', package_type: 'generic', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner' };

    it('creates, updates by pattern and type, and prunes', async () => {
      const npm = { package_name_pattern: '@acme/*', package_type: 'npm', minimum_access_level_for_push: 'owner' };
      let plan = await apply(s, [rule, npm], target);
      expect(summary(plan.changes)).toEqual(['create storefront-* (generic)', 'create @acme/* (npm)']);
      expect(await planOf(s, [rule, npm], target)).toEqual({ changes: [], unchanged: 2 });

      plan = await apply(s, [{ ...rule, minimum_access_level_for_push: 'admin' }, npm], target);
      expect(plan.changes).toMatchObject([{ op: 'update', key: 'storefront-* (generic)', fields: [{ field: 'minimum_access_level_for_push', from: 'maintainer', to: 'admin' }] }]);
      const { data } = await inst.admin.get<Record<string, unknown>[]>(`/projects/${project.id}/packages/protection/rules`);
      expect(data.map((r) => [r.package_name_pattern, r.package_type, r.minimum_access_level_for_push, r.minimum_access_level_for_delete])).toEqual([
        ['storefront-*', 'generic', 'admin', 'owner'],
        ['@acme/*', 'npm', 'owner', null],
      ]);

      // The same pattern with another type is another rule.
      plan = await apply(s, [{ ...rule, package_type: 'npm' }], target, true);
      expect(summary(plan.changes)).toEqual(['create storefront-* (npm)', 'delete storefront-* (generic)', 'delete @acme/* (npm)']);
      const exported = await expectInSync(s, [{ ...rule, package_type: 'npm' }], target);
      expect(exported).toEqual([{ ...rule, package_type: 'npm' }]);
    });

    it('an unknown role or type is an error at its field', () => {
      const err = locatedError(s, [rule, { ...rule, package_name_pattern: 'x', minimum_access_level_for_delete: 'maintainer' }], target);
      expect(err.at.pointer).toEqual(['projects', target.path, 'package_protection_rules', 1, 'minimum_access_level_for_delete']);
      expect(locatedError(s, [{ ...rule, package_type: 'rubygems' }], target).at.pointer).toEqual(['projects', target.path, 'package_protection_rules', 0, 'package_type']);
    });
  });

  describe('error_tracking', () => {
    const s = errorTrackingSection as AnySection;

    it('configures it when absent, updates it, plans nothing after; prune removes nothing', async () => {
      expect(s.export(await s.read(ctx, target), ctx, target)).toBeUndefined();
      let plan = await apply(s, { active: true, integrated: true }, target);
      expect(plan.changes).toMatchObject([{ op: 'create', fields: [{ field: 'active', from: undefined, to: true }, { field: 'integrated', from: undefined, to: true }] }]);
      expect((await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/error_tracking/settings`)).data).toMatchObject({ active: true, integrated: true });
      expect(await planOf(s, { active: true, integrated: true }, target, true)).toEqual({ changes: [], unchanged: 1 });
      plan = await apply(s, { active: false, integrated: true }, target, true);
      expect(plan.changes).toMatchObject([{ op: 'update', fields: [{ field: 'active', from: true, to: false }] }]);
      expect((await inst.admin.get<Record<string, unknown>>(`/projects/${project.id}/error_tracking/settings`)).data).toMatchObject({ active: false, integrated: true });
      await expectInSync(s, { active: false, integrated: true }, target);
    });

    it('never exports client keys or their DSN, and a file cannot name them', async () => {
      const { data: key } = await inst.admin.post<{ public_key: string; tracker_dsn: string }>(`/projects/${project.id}/error_tracking/client_keys`);
      const current = await s.read(ctx, target);
      const text = JSON.stringify([s.export(current, ctx, target), current, s.plan(s.parse({ active: true, integrated: true }, at('projects', target.path, 'error_tracking'), 'project'), current, { prune: true, target })]);
      expect(text).not.toContain(key.public_key);
      expect(text).not.toContain('glet_');
      expect(text).not.toContain('dsn');
      expect(s.export(current, ctx, target)).toEqual({ active: false, integrated: true });
      const err = locatedError(s, { active: true, integrated: true, client_keys: [key.public_key] }, target);
      expect(err.at.pointer).toEqual(['projects', target.path, 'error_tracking', 'client_keys']);
      expect(err.message).not.toContain(key.public_key);
    });
  });

  describe('protected_environments', () => {
    const s = protectedEnvironmentsSection as AnySection;

    it('group level, by tier: creates with roles, a group and a user; updates the lists by identity; prunes', async () => {
      const file = {
        production: {
          deploy_access_levels: [{ access_level: 'maintainer' }, { group: platform.full_path }],
          approval_rules: [{ user: alice.user.username, required_approvals: 1 }, { access_level: 'developer', group_inheritance_type: 1 }],
        },
      };
      let plan = await apply(s, file, groupTarget);
      expect(summary(plan.changes)).toEqual(['create production']);
      const { data } = await inst.admin.get<Record<string, Record<string, unknown>[]>>(`/groups/${group.id}/protected_environments/production`);
      expect(data.deploy_access_levels?.map((r) => [r.access_level, r.group_id])).toEqual([
        [40, null],
        [null, platform.id],
      ]);
      expect(data.approval_rules?.map((r) => [r.user_id, r.access_level, r.required_approvals, r.group_inheritance_type])).toEqual([
        [alice.user.id, null, 1, 0],
        [null, 30, 1, 1],
      ]);
      // Order does not matter; defaults stated or not are the same.
      const reordered = { production: { deploy_access_levels: [{ group: platform.full_path, group_inheritance_type: 0 }, { access_level: 40 }], approval_rules: [...file.production.approval_rules].reverse() } };
      expect(await planOf(s, reordered, groupTarget)).toEqual({ changes: [], unchanged: 1 });

      const changed = {
        production: { deploy_access_levels: [{ access_level: 'maintainer' }, { user: alice.user.username }], approval_rules: [{ user: alice.user.username, required_approvals: 2 }] },
        staging: { deploy_access_levels: [{ access_level: 'developer' }] },
      };
      plan = await apply(s, changed, groupTarget);
      expect(summary(plan.changes)).toEqual(['update production', 'create staging']);
      expect(plan.changes[0]?.fields.map((f) => f.field)).toEqual(['deploy_access_levels', 'approval_rules']);
      const after = (await inst.admin.get<Record<string, Record<string, unknown>[]>>(`/groups/${group.id}/protected_environments/production`)).data;
      expect(after.deploy_access_levels?.map((r) => [r.access_level, r.user_id, r.group_id])).toEqual([
        [40, null, null],
        [null, alice.user.id, null],
      ]);
      expect(after.approval_rules?.map((r) => [r.user_id, r.required_approvals])).toEqual([[alice.user.id, 2]]);
      const exported = await expectInSync(s, changed, groupTarget);
      expect(exported).toEqual({
        production: { deploy_access_levels: [{ access_level: 'maintainer' }, { user: alice.user.username }], approval_rules: [{ user: alice.user.username, required_approvals: 2 }] },
        staging: { deploy_access_levels: [{ access_level: 'developer' }] },
      });

      plan = await apply(s, { staging: changed.staging }, groupTarget, true);
      expect(summary(plan.changes)).toEqual(['delete production']);
      expect((await inst.admin.request('GET', `/groups/${group.id}/protected_environments/production`, { allowError: true })).status).toBe(404);
    });

    it('project level, by environment name: create, no-op, update, prune', async () => {
      const file = { 'review/*': { deploy_access_levels: [{ access_level: 'developer' }] }, production: { deploy_access_levels: [{ user: alice.user.username }], approval_rules: [{ group: group.full_path }] } };
      let plan = await apply(s, file, target);
      expect(summary(plan.changes)).toEqual(['create review/*', 'create production']);
      expect(await planOf(s, file, target)).toEqual({ changes: [], unchanged: 2 });
      plan = await apply(s, { ...file, production: { deploy_access_levels: [{ access_level: 'admin' }] } }, target, true);
      expect(plan.changes).toMatchObject([{ op: 'update', key: 'production', fields: [{ field: 'deploy_access_levels', from: [{ user: alice.user.username }], to: [{ access_level: 'admin' }] }] }]);
      // approval_rules were not declared this time: they are left as they are.
      const { data } = await inst.admin.get<Record<string, Record<string, unknown>[]>>(`/projects/${project.id}/protected_environments/production`);
      expect(data.deploy_access_levels?.map((r) => r.access_level)).toEqual([60]);
      expect(data.approval_rules?.map((r) => r.group_id)).toEqual([group.id]);
      plan = await apply(s, { production: { deploy_access_levels: [{ access_level: 'admin' }] } }, target, true);
      expect(summary(plan.changes)).toEqual(['delete review/*']);
      await expectInSync(s, { production: { deploy_access_levels: [{ access_level: 'admin' }], approval_rules: [{ group: group.full_path }] } }, target);
    });

    it('an unknown role, a group key that is not a tier, and an entry naming two targets are located errors', () => {
      const role = locatedError(s, { production: { deploy_access_levels: [{ access_level: 'maintainer' }, { access_level: 'owner' }] } }, groupTarget);
      expect(role.at.pointer).toEqual(['groups', group.full_path, 'protected_environments', 'production', 'deploy_access_levels', 1, 'access_level']);
      expect(role.problem).toContain('use one of developer, maintainer, admin');
      const tier = locatedError(s, { prod: { deploy_access_levels: [{ access_level: 'maintainer' }] } }, groupTarget);
      expect(tier.at.pointer).toEqual(['groups', group.full_path, 'protected_environments', 'prod']);
      const two = locatedError(s, { production: { deploy_access_levels: [{ access_level: 'maintainer', user: 'alice' }] } }, target);
      expect(two.at.pointer).toEqual(['projects', target.path, 'protected_environments', 'production', 'deploy_access_levels', 0]);
      const refs = s.references(s.parse({ production: { deploy_access_levels: [{ user: 'bob' }], approval_rules: [{ group: 'acme/qa' }] } }, at('projects', 'x/y', 'protected_environments'), 'project'));
      expect(refs.users?.map((r) => [r.name, r.at.pointer])).toEqual([['bob', ['projects', 'x/y', 'protected_environments', 'production', 'deploy_access_levels', 0, 'user']]]);
      expect(refs.groups?.map((r) => [r.name, r.at.pointer])).toEqual([['acme/qa', ['projects', 'x/y', 'protected_environments', 'production', 'approval_rules', 0, 'group']]]);
    });
  });
});
