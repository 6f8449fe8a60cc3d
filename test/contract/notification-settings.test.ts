import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { addMember, createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createUser, type TestUser } from '../factories/users.js';
import { createRelease } from '../factories/releases.js';
import type { Tier } from '../../src/core/http/route.js';

const BASE_EVENTS = [
  'new_release',
  'new_note',
  'new_issue',
  'reopen_issue',
  'close_issue',
  'reassign_issue',
  'issue_due',
  'new_merge_request',
  'push_to_merge_request',
  'reopen_merge_request',
  'close_merge_request',
  'reassign_merge_request',
  'change_reviewer_merge_request',
  'merge_merge_request',
  'failed_pipeline',
  'fixed_pipeline',
  'success_pipeline',
  'moved_project',
  'merge_when_pipeline_succeeds',
];

interface SettingJson {
  level: string;
  notification_email?: string;
  events?: Record<string, boolean | null>;
}

interface OutboxJson {
  id: number;
  event: string;
  user_id: number;
  username: string;
  notification_email: string;
  project_id: number;
  project_path: string;
  actor_username: string | null;
  subject: string;
}

describe.each(TRANSPORTS)('notification settings (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  const setTier = (tier: Tier) => {
    (inst.core.settings as { tier: Tier }).tier = tier;
  };

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  });
  afterAll(() => inst.close());

  describe('global', () => {
    it('reads participating and the primary email by default; anonymous 401', async () => {
      const res = await f.guest.client.get<SettingJson>('/notification_settings');
      expect(res.data).toEqual({ level: 'participating', notification_email: f.guest.user.email });
      await expectApiError(inst.client().get('/notification_settings'), 401, { message: '401 Unauthorized' });
      await expectApiError(inst.client().put('/notification_settings', { level: 'watch' }), 401, { message: '401 Unauthorized' });
    });

    it('custom shows every event key (global has new_epic and approver on paid tiers); pipelines read true when unset', async () => {
      const res = await f.guest.client.put<SettingJson>('/notification_settings', { level: 'custom', new_release: true, new_note: false });
      expect(res.status).toBe(200);
      expect(res.data.level).toBe('custom');
      expect(res.data.notification_email).toBe(f.guest.user.email);
      expect(Object.keys(res.data.events ?? {})).toEqual([...BASE_EVENTS, 'new_epic', 'approver']);
      expect(res.data.events).toMatchObject({ new_release: true, new_note: false, new_issue: null, failed_pipeline: true, fixed_pipeline: true, success_pipeline: null });
      const off = await f.guest.client.put<SettingJson>('/notification_settings', { failed_pipeline: false });
      expect(off.data.events?.failed_pipeline).toBe(false);
      // The choices stay when the level moves away from custom and back.
      expect((await f.guest.client.put<SettingJson>('/notification_settings', { level: 'watch' })).data).toEqual({ level: 'watch', notification_email: f.guest.user.email });
      expect((await f.guest.client.put<SettingJson>('/notification_settings', { level: 'custom' })).data.events).toMatchObject({ new_release: true, failed_pipeline: false });
    });

    it('below paid tiers new_epic is not an event', async () => {
      try {
        setTier('free');
        const res = await f.guest.client.get<SettingJson>('/notification_settings');
        expect(Object.keys(res.data.events ?? {})).toEqual([...BASE_EVENTS, 'approver']);
        const put = await f.guest.client.put<SettingJson>('/notification_settings', { new_epic: true });
        expect(put.data.events).not.toHaveProperty('new_epic');
      } finally {
        setTier('ultimate');
      }
      expect((await f.guest.client.get<SettingJson>('/notification_settings')).data.events?.new_epic).toBeNull();
    });

    it('an unknown level is the platform 400 and changes nothing', async () => {
      await expectApiError(f.reporter.client.put('/notification_settings', { level: 'loud' }), 400, { message: "'loud' is not a valid level" });
      expect((await f.reporter.client.get<SettingJson>('/notification_settings')).data.level).toBe('participating');
      await expectApiError(f.reporter.client.put('/notification_settings', { new_note: 'sometimes' }), 400, { error: 'new_note is invalid' });
    });

    it('notification_email must be a verified address of the caller', async () => {
      const res = await f.reporter.client.put<SettingJson>('/notification_settings', { notification_email: f.reporter.user.email.toUpperCase() });
      expect(res.data.notification_email).toBe(f.reporter.user.email);
      await expectApiError(f.reporter.client.put('/notification_settings', { notification_email: 'someone@else.example' }), 400, {
        message: { notification_email: ['must be an email you have verified'] },
      });
      const unconfirmed = await createUser(inst, { skip_confirmation: false });
      await expectApiError(unconfirmed.client.put('/notification_settings', { notification_email: unconfirmed.user.email }), 400, {
        message: { notification_email: ['must be an email you have verified'] },
      });
    });
  });

  describe('group and project', () => {
    it('default to global; custom shows all 21 event keys of the specification at both levels', async () => {
      const g = `/groups/${f.group.id}/notification_settings`;
      const p = `/projects/${f.project.id}/notification_settings`;
      expect((await f.developer.client.get<SettingJson>(p)).data).toEqual({ level: 'global' });
      expect((await f.owner.client.get<SettingJson>(g)).data).toEqual({ level: 'global' });
      // The specification's PUT accepts every one of its 21 event keys (the platform drops
      // new_epic on projects and approver on groups).
      const project = await f.developer.client.put<SettingJson>(p, { level: 'custom', new_release: true, new_epic: true, approver: false });
      expect(Object.keys(project.data)).toEqual(['level', 'events']);
      expect(Object.keys(project.data.events ?? {})).toEqual([...BASE_EVENTS, 'new_epic', 'approver']);
      expect(Object.keys(project.data.events ?? {})).toHaveLength(21);
      expect(project.data.events).toMatchObject({ new_release: true, new_epic: true, approver: false });
      const group = await f.owner.client.put<SettingJson>(g, { level: 'custom', new_epic: true, approver: true });
      expect(Object.keys(group.data.events ?? {})).toEqual([...BASE_EVENTS, 'new_epic', 'approver']);
      expect(group.data.events).toMatchObject({ new_epic: true, approver: true });
      expect((await f.owner.client.get<SettingJson>(g)).data.events).toMatchObject({ new_epic: true, approver: true });
      expect((await f.owner.client.put<SettingJson>(g, { level: 'mention' })).data).toEqual({ level: 'mention' });
      await expectApiError(f.developer.client.put(p, { level: 'all' }), 400, { message: "'all' is not a valid level" });
    });

    it('the settings are per user', async () => {
      const p = `/projects/${f.project.id}/notification_settings`;
      await f.maintainer.client.put(p, { level: 'disabled' });
      expect((await f.maintainer.client.get<SettingJson>(p)).data.level).toBe('disabled');
      expect((await f.reporter.client.get<SettingJson>(p)).data.level).toBe('global');
    });

    it('invisible sources are 404 with their names; visible ones work for anyone signed in; anonymous 401', async () => {
      await expectApiError(f.nonMember.client.get(`/projects/${f.project.id}/notification_settings`), 404, { message: '404 Project Not Found' });
      await expectApiError(f.nonMember.client.put(`/groups/${f.group.id}/notification_settings`, { level: 'watch' }), 404, { message: '404 Group Not Found' });
      await expectApiError(inst.admin.get('/groups/999999/notification_settings'), 404, { message: '404 Group Not Found' });
      await expectApiError(inst.client().get(`/projects/${f.project.id}/notification_settings`), 401, { message: '401 Unauthorized' });
      const open = await createProject(inst, inst.admin, { visibility: 'public' });
      expect((await f.nonMember.client.put<SettingJson>(`/projects/${open.id}/notification_settings`, { level: 'watch' })).data).toEqual({ level: 'watch' });
      expect((await f.guest.client.get<SettingJson>(`/projects/${encodeURIComponent(f.project.path_with_namespace)}/notification_settings`)).status).toBe(200);
    });
  });

  describe('outbox', () => {
    let team: RoleFixture;
    let watcher: TestUser;
    let customOn: TestUser;
    let customOff: TestUser;
    let groupWatcher: TestUser;
    let mentionOnly: TestUser;

    beforeAll(async () => {
      team = await createProjectWithRoles(inst, { initialize_with_readme: true });
      [watcher, customOn, customOff, groupWatcher, mentionOnly] = await Promise.all([createUser(inst), createUser(inst), createUser(inst), createUser(inst), createUser(inst)]);
      for (const u of [watcher, customOn, customOff, mentionOnly]) await addMember(inst, 'projects', team.project.id, u.user.id, 30);
      await addMember(inst, 'groups', team.group.id, groupWatcher.user.id, 20);
      const p = `/projects/${team.project.id}/notification_settings`;
      await watcher.client.put(p, { level: 'watch' });
      await customOn.client.put(p, { level: 'custom', new_release: true, moved_project: false });
      await customOff.client.put(p, { level: 'custom', new_release: false });
      await groupWatcher.client.put(`/groups/${team.group.id}/notification_settings`, { level: 'watch' });
      await mentionOnly.client.put('/notification_settings', { level: 'mention' });
    });

    const recipients = async (event: string) =>
      (await inst.admin.get<OutboxJson[]>('/hostctl/notifications/outbox', { project_id: team.project.id, event, per_page: 100 })).data.map((o) => o.username).sort();

    it('a release records the watchers and custom new_release users, never the author', async () => {
      await createRelease(inst, team.project.id, { tag_name: 'v1.0.0' }, watcher.client);
      expect(await recipients('new_release')).toEqual([customOn.user.username, groupWatcher.user.username].sort());
      const entries = (await inst.admin.get<OutboxJson[]>('/hostctl/notifications/outbox', { event: 'new_release', project_id: team.project.id })).data;
      expect(entries[0]).toMatchObject({ event: 'new_release', project_id: team.project.id, project_path: team.project.path_with_namespace, subject: 'v1.0.0', actor_username: watcher.user.username });
    });

    it('a project transfer records the team except disabled, mention-only and custom with moved_project off', async () => {
      const target = await createGroup(inst);
      await inst.admin.put(`/projects/${team.project.id}/transfer`, { namespace: target.id });
      const expected = [team.maintainer, team.developer, team.reporter, team.guest, watcher, customOff].map((u) => u.user.username).sort();
      expect(await recipients('moved_project')).toEqual(expected);
      const entry = (await inst.admin.get<OutboxJson[]>('/hostctl/notifications/outbox', { event: 'moved_project', project_id: team.project.id })).data[0] as OutboxJson;
      expect(entry.subject).toBe(`${team.project.path_with_namespace} → ${target.full_path}/${team.project.path}`);
    });

    it('users see their own entries; filtering by someone else is refused; anonymous 401', async () => {
      const own = (await customOn.client.get<OutboxJson[]>('/hostctl/notifications/outbox')).data;
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((o) => o.user_id))).toEqual(new Set([customOn.user.id]));
      await expectApiError(customOn.client.get('/hostctl/notifications/outbox', { user_id: watcher.user.id }), 403, { message: '403 Forbidden' });
      await expectApiError(inst.client().get('/hostctl/notifications/outbox'), 401);
      await expectApiError(inst.admin.get('/hostctl/notifications/outbox', { event: 'new_note' }), 400, { error: 'event does not have a valid value' });
    });
  });
});
