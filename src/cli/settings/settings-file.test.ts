import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettingsText, loadSettingsFiles } from './load.js';
import { expandProjects, globMatcher } from './globs.js';
import { diffFields, planList } from './plan-list.js';
import { renderPlan } from './render.js';
import { SCHEMA_FILE, settingsSchemaText } from './schema.js';
import { SettingsFileError, type Change } from './section.js';
import type { Plan } from './plan.js';
import { membersSection } from './sections/members.js';

const fails = (text: string): SettingsFileError => {
  try {
    parseSettingsText(text, 'f.yaml');
  } catch (error) {
    if (error instanceof SettingsFileError) return error;
    throw error;
  }
  throw new Error('expected a SettingsFileError');
};

describe('settings files', () => {
  it('names the line and column of bad YAML', () => {
    expect(fails('version: 1\ngroups:\n  acme:\n    members: {alice: owner\n').message).toMatch(/^f\.yaml:\d+:\d+: not valid YAML/);
  });

  it('points at an unknown key and suggests the near one', () => {
    const e = fails('version: 1\ngroups:\n  acme:\n    membres: {alice: owner}\n');
    expect(e.message).toMatch(/^f\.yaml:4:5: unknown group section "membres"; did you mean "members"\?/);
    expect(fails('version: 1\nnotification_setting: {level: watch}\n').message).toMatch(/^f\.yaml:2:1: unknown top-level key .*did you mean "notification_settings"/);
  });

  it('points at a bad role, a bad level and an event outside level custom', () => {
    expect(fails('version: 1\nprojects:\n  a/b:\n    members:\n      bob: boss\n').message).toMatch(/^f\.yaml:5:12: "boss" is not a role here; use one of guest, planner, reporter, developer, maintainer, owner/);
    expect(fails('version: 1\nnotification_settings: {level: loud}\n').message).toMatch(/^f\.yaml:2:32: level: unknown value "loud"/);
    expect(fails('version: 1\nnotification_settings: {level: watch, events: {new_note: true}}\n').message).toMatch(/events count only with level: custom/);
  });

  it('requires version 1 and refuses prototype keys', () => {
    expect(fails('groups: {}\n').message).toMatch(/missing "version: 1"/);
    expect(fails('version: 2\n').message).toMatch(/^f\.yaml:1:10: version 2 is not supported/);
    expect(fails('version: 1\ngroups:\n  acme:\n    members: {__proto__: owner}\n').message).toMatch(/"__proto__" is not allowed/);
  });

  it('reads roles by name or number, JSON too', () => {
    const decls = parseSettingsText('{"version": 1, "groups": {"acme": {"members": {"alice": 50, "bob": "Maintainer"}}}}', 'f.json');
    expect(decls[0]?.data).toMatchObject([
      { username: 'alice', access_level: 50 },
      { username: 'bob', access_level: 40 },
    ]);
  });

  it('refuses the same section of the same target in two files, naming both places', async () => {
    const files: Record<string, string> = { 'a.yaml': 'version: 1\ngroups:\n  acme:\n    members: {alice: owner}\n', 'b.yaml': 'version: 1\ngroups:\n  acme:\n    members: {bob: owner}\n' };
    await expect(loadSettingsFiles(['a.yaml', 'b.yaml'], (f) => files[f] as string)).rejects.toThrow(/^b\.yaml:4:5: members of group acme is declared twice \(also at a\.yaml:4:5\)/);
  });
});

describe('project globs', () => {
  it('* matches within one segment, ** any depth', () => {
    expect(globMatcher('acme/web/*')('acme/web/shop')).toBe(true);
    expect(globMatcher('acme/web/*')('acme/web/x/shop')).toBe(false);
    expect(globMatcher('acme/**')('acme/web/x/shop')).toBe(true);
    expect(globMatcher('acme/**/shop')('acme/shop')).toBe(true);
    expect(globMatcher('acme/*-api')('acme/pay-api')).toBe(true);
    expect(globMatcher('acme/*-api')('acme/pay-web')).toBe(false);
  });

  it('an exact key beats a glob; more segments beat fewer; equal globs are an error', () => {
    const decls = parseSettingsText(
      ['version: 1', 'projects:', '  "acme/**":', '    members: {a: guest}', '  "acme/web/*":', '    members: {b: guest}', '  acme/web/shop:', '    members: {c: guest}'].join('\n'),
      'f.yaml',
    );
    const got = expandProjects(decls, ['acme/web/shop', 'acme/web/blog', 'acme/infra/x/y']);
    const who = (p: string) => (got.get(p)?.[0]?.data as { username: string }[])[0]?.username;
    expect([who('acme/web/shop'), who('acme/web/blog'), who('acme/infra/x/y')]).toEqual(['c', 'b', 'a']);
    const tie = parseSettingsText(['version: 1', 'projects:', '  "acme/*/shop":', '    members: {a: guest}', '  "acme/web/*":', '    members: {b: guest}'].join('\n'), 'f.yaml');
    expect(() => expandProjects(tie, ['acme/web/shop'])).toThrow(/neither is more specific/);
  });
});

describe('plans', () => {
  it('compares only declared fields, and lists by natural identity', () => {
    expect(diffFields({ a: 1, b: 2 }, { a: 1 })).toEqual([]);
    expect(diffFields({ a: 1 }, { a: 2 })).toEqual([{ field: 'a', from: 1, to: 2 }]);
    const plan = planList([{ k: 'x', v: 1 }, { k: 'y', v: 2 }], [{ k: 'y', v: 3 }, { k: 'z', v: 4 }], { desired: (d) => d.k, current: (c) => c.k }, { desired: (d) => ({ v: d.v }), current: (c) => ({ v: c.v }) }, true);
    expect(plan.changes.map((c) => `${c.op} ${c.key}`)).toEqual(['create x', 'update y', 'delete z']);
    expect(planList([{ k: 'y', v: 3 }], [{ k: 'y', v: 3 }, { k: 'z', v: 4 }], { desired: (d) => d.k, current: (c) => c.k }, { desired: (d) => ({ v: d.v }), current: (c) => ({ v: c.v }) }, false)).toMatchObject({ changes: [], unchanged: 1 });
  });

  it('members plan: username case-insensitive, expiry compared only when declared', () => {
    const d = membersSection.parse({ Alice: 'owner', bob: { access_level: 'developer', expires_at: '2027-01-01' } }, { file: 'f', pointer: [] }, 'group');
    const { changes, unchanged } = membersSection.plan(d, [{ username: 'alice', access_level: 50, expires_at: '2026-12-01' }, { username: 'bob', access_level: 30, expires_at: null }], { prune: false, target: { scope: 'group', path: 'acme' } });
    expect(unchanged).toBe(1);
    expect(changes).toMatchObject([{ op: 'update', key: 'bob', fields: [{ field: 'expires_at', from: null, to: '2027-01-01' }] }]);
  });

  it('a plan of 40 changes fits 80 columns, grouped by target and section, with the summary', () => {
    const target = { scope: 'project' as const, path: 'acme/platform/infra/terraform-modules-and-more' };
    const changes: Change[] = Array.from({ length: 40 }, (_, i) => ({
      op: (['create', 'update', 'delete'] as const)[i % 3] as Change['op'],
      section: 'protected_branches',
      target,
      key: i % 5 === 0 ? `release/very-long-branch-name-number-${i}-for-the-storefront` : `branch-${i}`,
      fields: [{ field: 'push_access_level', from: 'developer', to: 'maintainer' }, ...(i % 2 ? [{ field: 'allow_force_push', from: true, to: false }] : [])],
    }));
    const plan: Plan = { items: [{ target, section: { name: 'protected_branches', order: 30 } as never, data: null, changes, unchanged: 41 }], counts: { create: 14, update: 13, delete: 13, unchanged: 41 } };
    const text = renderPlan(plan, 80);
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(text).toContain('project acme/platform/infra/terraform-modules-and-more\n  protected_branches\n');
    expect(text).toMatch(/~ branch-1\n\s+push_access_level: developer → maintainer\n\s+allow_force_push: true → false/);
    expect(text.trimEnd().split('\n').pop()).toBe('14 to create, 13 to change, 13 to delete, 41 unchanged');
  });
});

describe('the shipped JSON Schema', () => {
  it('is what the sections generate (else: run npm run gen:docs)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../..', SCHEMA_FILE), 'utf8');
    expect(committed === settingsSchemaText(), `${SCHEMA_FILE} is stale: run npm run gen:docs`).toBe(true);
    const schema = JSON.parse(committed) as { properties: { groups: { additionalProperties: { properties: Record<string, unknown> } } } };
    expect(Object.keys(schema.properties.groups.additionalProperties.properties)).toEqual(expect.arrayContaining(['members', 'saml_group_links', 'notification_settings']));
  });
});

describe('targets without the hostctl extensions', () => {
  it('refuses sections that need one, by name, and lets the others through', async () => {
    const { refuseMissingExtensions } = await import('./plan.js');
    const ctx = { extensions: false } as never;
    const needing = { ...membersSection, name: 'storage_settings', needsExtension: true };
    expect(() => refuseMissingExtensions(ctx, [membersSection, needing])).toThrow(/no hostctl extensions, which these sections need: storage_settings; nothing was changed/);
    expect(() => refuseMissingExtensions(ctx, [membersSection])).not.toThrow();
    expect(() => refuseMissingExtensions({ extensions: true } as never, [needing])).not.toThrow();
  });
});

describe('which steps depend on a failed one (apply --keep-going)', () => {
  const change = (section: string, scope: 'group' | 'project', path: string, key: string, op: Change['op'] = 'create', payload?: unknown): Change => ({ op, section, target: { scope, path }, key, fields: [], payload });
  const branch = (users: string[], groups: string[]) => ({ desired: { name: 'main', spec: { allowed_to_push: [...users.map((user) => ({ user })), ...groups.map((group) => ({ group }))] } } });

  it('a member of a group reaches the projects below it, not a sibling whose path only starts alike', async () => {
    const { dependsOn } = await import('./apply.js');
    const groupMember = change('members', 'group', 'acme', 'Tom');
    expect(dependsOn(change('members', 'project', 'acme/web/shop', 'tom'), groupMember)).toBe(true);
    expect(dependsOn(change('protected_branches', 'project', 'acme/web/shop', 'main', 'create', branch(['tom'], [])), groupMember)).toBe(true);
    expect(dependsOn(change('protected_branches', 'project', 'acme-labs/shop', 'main', 'create', branch(['tom'], [])), groupMember)).toBe(false);
    expect(dependsOn(change('protected_branches', 'project', 'acme/web/shop', 'main', 'create', branch(['ann'], [])), groupMember)).toBe(false);
    expect(dependsOn(change('members', 'project', 'acme/web/shop', 'ann'), groupMember)).toBe(false);
  });

  it('a group entry needs the changes of who is in that group; a member is removed only after the rule naming it', async () => {
    const { dependsOn } = await import('./apply.js');
    const rule = change('protected_branches', 'project', 'web/shop', 'main', 'create', branch([], ['acme/ops']));
    expect(dependsOn(rule, change('members', 'group', 'acme/ops', 'tom'))).toBe(true);
    expect(dependsOn(rule, change('notification_settings', 'group', 'acme/ops', 'setting', 'update'))).toBe(false);
    const ruleDelete = change('protected_branches', 'project', 'acme/shop', 'main', 'delete', { current: { name: 'main', spec: { allowed_to_push: [{ user: 'tom' }] } } });
    expect(dependsOn(change('members', 'group', 'acme', 'tom', 'delete'), ruleDelete)).toBe(true);
    expect(dependsOn(change('members', 'group', 'acme', 'ann', 'delete'), ruleDelete)).toBe(false);
  });
});

describe('duplicate keys', () => {
  it('a key given twice in one map is an error at its second place', () => {
    const error = fails('version: 1\nprojects:\n  acme/a:\n    members: {tom: guest}\n  acme/b:\n    members: {}\n  acme/a:\n    members: {}\n');
    expect(error.message).toMatch(/^f\.yaml:7:3: not valid YAML: Map keys must be unique \("acme\/a" is given twice\)/);
    expect(fails('version: 1\ngroups:\n  acme:\n    members: {tom: guest, tom: owner}\n').message).toMatch(/^f\.yaml:4:27: .*"tom" is given twice/);
  });
});
