// Every kind of change the core makes leaves exactly one audit event with the right author,
// entity, target and change — through both transports. (That no event carries a secret is
// checked for every contract file when its instance closes: test/helpers/instance.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { createUser, type TestUser } from '../factories/users.js';
import { addMember, createProject } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { createRepoProject } from '../factories/repository.js';
import { createRelease } from '../factories/releases.js';
import { uploadGeneric } from '../factories/packages.js';
import { enableSaml, scim, scimUserBody } from '../factories/governance.js';
import { startServer } from '../../src/server/server.js';
import { eventsSince, lastEventId, one, type AuditEventJson } from '../helpers/audit.js';

describe.each(TRANSPORTS)('audit event recording (%s)', (kind) => {
  let inst: Instance;
  let actor: TestUser;

  beforeAll(async () => {
    inst = await startInstance(kind, { storages: { second: 'storages/second' } });
    actor = await createUser(inst, { admin: true });
  });
  afterAll(() => inst.close());

  /** The events `fn` caused, oldest first. */
  async function during(fn: () => Promise<unknown>): Promise<AuditEventJson[]> {
    const before = await lastEventId(inst);
    await fn();
    return eventsSince(inst, before);
  }

  /** Exactly one event, and it is `name`, by `actor`, on the entity, with the target type. */
  async function exactlyOne(fn: () => Promise<unknown>, name: string, entity: [string, number], targetType?: string): Promise<AuditEventJson> {
    const events = await during(fn);
    expect(events.map((e) => e.event_name)).toEqual([name]);
    const e = events[0] as AuditEventJson;
    expect(e.author_id).toBe(actor.user.id);
    expect(e.details.author_name).toBe(actor.user.name);
    expect([e.entity_type, e.entity_id]).toEqual(entity);
    if (targetType) expect(e.details.target_type).toBe(targetType);
    return e;
  }

  it('projects: create, visibility and path changes (one event each), transfer, archive, delete', async () => {
    let pid = 0;
    const made = await during(async () => {
      pid = (await createProject(inst, actor.client, { path: 'audited' })).id;
    });
    one(made, 'project_created');
    const updated = await during(() => actor.client.put(`/projects/${pid}`, { visibility: 'internal', path: 'audited-two' }));
    expect(updated.map((e) => e.event_name).sort()).toEqual(['project_path_updated', 'project_visibility_level_updated']);
    expect(one(updated, 'project_visibility_level_updated').details).toMatchObject({ change: 'visibility', from: 'private', to: 'internal' });
    const described = await exactlyOne(() => actor.client.put(`/projects/${pid}`, { description: 'audited' }), 'project_description_updated', ['Project', pid]);
    expect(described.details).toMatchObject({ change: 'description', to: 'audited' });
    const group = await createGroup(inst, actor.client);
    const moved = await exactlyOne(() => actor.client.put(`/projects/${pid}/transfer`, { namespace: group.id }), 'project_namespace_updated', ['Project', pid]);
    expect(moved.details).toMatchObject({ change: 'namespace', to: group.full_path });
    await exactlyOne(() => actor.client.post(`/projects/${pid}/archive`), 'project_archived', ['Project', pid]);
    await exactlyOne(() => actor.client.post(`/projects/${pid}/unarchive`), 'project_unarchived', ['Project', pid]);
    const gone = await exactlyOne(() => actor.client.delete(`/projects/${pid}`), 'project_destroyed', ['Project', pid]);
    expect(gone.details.entity_path).toBe(`${group.full_path}/audited-two`);
    // The group's list shows its project's events.
    const groupList = await inst.admin.get<AuditEventJson[]>(`/groups/${group.id}/audit_events`);
    expect(groupList.data.map((e) => e.event_name)).toContain('project_destroyed');
  });

  it('group shares: created and removed, on the shared group', async () => {
    const shared = await createGroup(inst, actor.client);
    const other = await createGroup(inst, actor.client);
    const made = await exactlyOne(() => actor.client.post(`/groups/${shared.id}/share`, { group_id: other.id, group_access: 30 }), 'group_share_with_group_link_created', ['Group', shared.id]);
    expect(made.details.custom_message).toContain(other.full_path);
    await exactlyOne(() => actor.client.delete(`/groups/${shared.id}/share/${other.id}`), 'group_share_with_group_link_removed', ['Group', shared.id]);
  });

  it('project shares: created and removed, on the invited group with the project as target', async () => {
    const shared = await createGroup(inst, actor.client);
    const project = await createProject(inst, actor.client, { path: 'shared-out' });
    const made = await exactlyOne(() => actor.client.post(`/projects/${project.id}/share`, { group_id: shared.id, group_access: 30 }), 'project_group_link_created', ['Group', shared.id], 'Project');
    expect(made.details).toMatchObject({ target_id: project.id, target_details: project.path_with_namespace, custom_message: 'Added project group link' });
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/share/${shared.id}`), 'project_group_link_deleted', ['Group', shared.id], 'Project');
  });

  it('users: ban and unban, each with the state change', async () => {
    const u = await createUser(inst);
    const banned = await exactlyOne(() => actor.client.post(`/users/${u.user.id}/ban`), 'ban_user', ['User', u.user.id]);
    expect(banned.details).toMatchObject({ change: 'state', from: 'active', to: 'banned' });
    const unbanned = await exactlyOne(() => actor.client.post(`/users/${u.user.id}/unban`), 'unban_user', ['User', u.user.id]);
    expect(unbanned.details).toMatchObject({ change: 'state', from: 'banned', to: 'active' });
    // A refused repeat changes nothing and records nothing.
    expect(await during(() => actor.client.request('POST', `/users/${u.user.id}/unban`, { allowError: true }))).toEqual([]);
  });

  it('groups: create, visibility change, delete', async () => {
    let gid = 0;
    const made = await during(async () => {
      gid = (await createGroup(inst, actor.client)).id;
    });
    expect(made.map((e) => e.event_name)).toEqual(['group_created']);
    const changed = await exactlyOne(() => actor.client.put(`/groups/${gid}`, { visibility: 'public' }), 'group_visibility_level_updated', ['Group', gid]);
    expect(changed.details).toMatchObject({ from: 'private', to: 'public' });
    await exactlyOne(() => actor.client.put(`/groups/${gid}`, { description: 'audited' }), 'group_description_updated', ['Group', gid]);
    const parent = await createGroup(inst, actor.client, { visibility: 'public' });
    const path = (await actor.client.get<{ full_path: string }>(`/groups/${gid}`)).data.full_path;
    const moved = await exactlyOne(() => actor.client.post(`/groups/${gid}/transfer`, { group_id: parent.id }), 'group_transferred', ['Group', gid]);
    expect(moved.details).toMatchObject({ change: 'full path', from: path, to: `${parent.full_path}/${path}` });
    // A refused transfer records nothing.
    expect(await during(() => actor.client.request('POST', `/groups/${gid}/transfer`, { body: { group_id: parent.id }, allowError: true }))).toEqual([]);
    await exactlyOne(() => actor.client.delete(`/groups/${gid}`), 'group_destroyed', ['Group', gid]);
  });

  it('members: add, role change, remove — naming the member', async () => {
    const project = await createProject(inst, actor.client);
    const member = await createUser(inst);
    const added = await exactlyOne(() => addMember(inst, 'projects', project.id, member.user.id, 30, actor.client), 'member_created', ['Project', project.id], 'User');
    expect(added.details).toMatchObject({ target_id: member.user.id, target_details: member.user.username, change: 'access level', to: 'Developer' });
    const changed = await exactlyOne(() => actor.client.put(`/projects/${project.id}/members/${member.user.id}`, { access_level: 40 }), 'member_updated', ['Project', project.id]);
    expect(changed.details).toMatchObject({ from: 'Developer', to: 'Maintainer' });
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/members/${member.user.id}`), 'member_destroyed', ['Project', project.id]);
  });

  it('protected branches and environments, freeze periods', async () => {
    const project = await createProject(inst, actor.client);
    const p = `/projects/${project.id}`;
    await exactlyOne(() => actor.client.post(`${p}/protected_branches`, { name: 'release/*' }), 'protected_branch_created', ['Project', project.id], 'ProtectedBranch');
    await exactlyOne(() => actor.client.patch(`${p}/protected_branches/${encodeURIComponent('release/*')}`, { allow_force_push: true }), 'protected_branch_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`${p}/protected_branches/${encodeURIComponent('release/*')}`), 'protected_branch_removed', ['Project', project.id]);
    await exactlyOne(() => actor.client.post(`${p}/protected_environments`, { name: 'production', deploy_access_levels: [{ access_level: 40 }] }), 'environment_protected', ['Project', project.id], 'ProtectedEnvironment');
    await exactlyOne(() => actor.client.put(`${p}/protected_environments/production`, { required_approval_count: 1 }), 'protected_environment_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`${p}/protected_environments/production`), 'environment_unprotected', ['Project', project.id]);
    let fid = 0;
    const made = await exactlyOne(
      async () => {
        fid = (await actor.client.post<{ id: number }>(`${p}/freeze_periods`, { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1' })).data.id;
      },
      'freeze_period_created',
      ['Project', project.id],
    );
    expect(made.details.target_details).toBe('0 23 * * 5 – 0 7 * * 1 UTC');
    await exactlyOne(() => actor.client.put(`${p}/freeze_periods/${fid}`, { cron_timezone: 'Europe/Berlin' }), 'freeze_period_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`${p}/freeze_periods/${fid}`), 'freeze_period_deleted', ['Project', project.id]);
  });

  it('security settings, error tracking settings and client keys (never the key)', async () => {
    const project = await createProject(inst, actor.client);
    const p = `/projects/${project.id}`;
    const sec = await exactlyOne(() => actor.client.put(`${p}/security_settings`, { secret_push_protection_enabled: true }), 'project_security_setting_updated', ['Project', project.id]);
    expect(sec.details).toMatchObject({ from: false, to: true });
    expect(await during(() => actor.client.put(`${p}/security_settings`, { secret_push_protection_enabled: true }))).toEqual([]);
    const first = await during(() => actor.client.put(`${p}/error_tracking/settings`, { active: true, integrated: true }));
    expect(first.map((e) => e.event_name).sort()).toEqual(['error_tracking_setting_active_updated', 'error_tracking_setting_integrated_updated']);
    await exactlyOne(() => actor.client.patch(`${p}/error_tracking/settings`, { active: false }), 'error_tracking_setting_active_updated', ['Project', project.id]);
    let key = { id: 0, public_key: '', sentry_dsn: '' };
    const made = await exactlyOne(
      async () => {
        key = (await actor.client.post<typeof key>(`${p}/error_tracking/client_keys`)).data;
      },
      'error_tracking_client_key_created',
      ['Project', project.id],
    );
    expect(made.details.target_id).toBe(key.id);
    expect(JSON.stringify(made)).not.toContain(key.public_key);
    await exactlyOne(() => actor.client.delete(`${p}/error_tracking/client_keys/${key.id}`), 'error_tracking_client_key_deleted', ['Project', project.id]);
  });

  it('SAML provider, group links, identities; SCIM provisioning; enterprise users two-factor', async () => {
    const group = await createGroup(inst, actor.client);
    const saml = await during(() => enableSaml(inst, group.id));
    expect(saml.map((e) => e.event_name)).toEqual(['group_saml_provider_create', 'scim_token_generated']);
    const changed = await exactlyOne(() => actor.client.put(`/hostctl/groups/${group.id}/saml_provider`, { enforced_sso: true }), 'group_saml_provider_update', ['Group', group.id]);
    expect(changed.details).toMatchObject({ from: 0, to: 1 });
    await exactlyOne(() => actor.client.post(`/groups/${group.id}/saml_group_links`, { saml_group_name: 'devs', access_level: 30 }), 'saml_group_links_created', ['Group', group.id], 'SamlGroupLink');
    await exactlyOne(() => actor.client.delete(`/groups/${group.id}/saml_group_links/devs`), 'saml_group_links_removed', ['Group', group.id]);

    const token = (await inst.admin.post<{ token: string }>(`/hostctl/groups/${group.id}/scim_token`)).data.token;
    const users = `/groups/${encodeURIComponent(group.full_path)}/Users`;
    const provisioned = await during(() => scim(inst, 'POST', users, token, scimUserBody({ externalId: 'ext-audit' })));
    const p = one(provisioned, 'user_provisioned_by_scim');
    expect([p.entity_type, p.entity_id, p.author_id]).toEqual(['Group', group.id, -1]);
    const userId = p.details.target_id as number;
    const patch = (active: boolean) => scim(inst, 'PATCH', `${users}/ext-audit`, token, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active } }] });
    expect((await during(() => patch(false))).map((e) => e.event_name)).toEqual(['scim_user_deprovisioned']);
    expect((await during(() => patch(true))).map((e) => e.event_name)).toEqual(['scim_user_reprovisioned']);
    const identity = await exactlyOne(() => actor.client.patch(`/groups/${group.id}/saml/ext-audit`, { extern_uid: 'ext-audit-2' }), 'update_mismatched_group_saml_extern_uid', ['Group', group.id]);
    expect(identity.details).toMatchObject({ change: 'extern uid', from: 'ext-audit', to: 'ext-audit-2' });

    await exactlyOne(() => actor.client.put(`/hostctl/users/${userId}/two_factor`, { enabled: true }), 'user_enable_two_factor', ['User', userId]);
    // Enterprise users are a hosted offering's (where instance audit events are not listed).
    const hosted = async (fn: () => Promise<unknown>) => {
      inst.core.settings.offering = 'hosted';
      try {
        await fn();
      } finally {
        inst.core.settings.offering = 'all';
      }
    };
    const off = await exactlyOne(() => hosted(() => actor.client.patch(`/groups/${group.id}/enterprise_users/${userId}/disable_two_factor`)), 'user_disable_two_factor', ['Group', group.id], 'User');
    expect(off.details.target_id).toBe(userId);

    // The group's SCIM and SAML identities: changed and removed.
    const scimIdentity = await exactlyOne(() => actor.client.patch(`/groups/${group.id}/scim/ext-audit`, { extern_uid: 'ext-scim-2' }), 'scim_identity_updated', ['Group', group.id], 'User');
    expect(scimIdentity.details).toMatchObject({ from: 'ext-audit', to: 'ext-scim-2' });
    await exactlyOne(() => actor.client.delete(`/groups/${group.id}/scim/ext-scim-2`), 'scim_identity_deleted', ['Group', group.id]);
    await exactlyOne(() => actor.client.delete(`/groups/${group.id}/saml/ext-audit-2`), 'saml_identity_deleted', ['Group', group.id]);
  });

  it('users: each audited attribute, the profile fields as one event, identities, avatar', async () => {
    const u = await createUser(inst);
    const id = u.user.id;
    const changed = await during(() =>
      actor.client.put(`/users/${id}`, { username: `${u.user.username}-2`, name: 'Renamed', email: `renamed-${id}@example.com`, projects_limit: 7, can_create_group: false, private_profile: true, bio: 'hi', location: 'here' }),
    );
    expect(changed.map((e) => e.event_name).sort()).toEqual([
      'user_can_create_group_updated',
      'user_email_address_updated',
      'user_name_updated',
      'user_profile_updated',
      'user_profile_visibility_updated',
      'user_projects_limit_updated',
      'user_username_updated',
    ]);
    expect(one(changed, 'user_profile_updated').details.custom_message).toBe('Changed bio, location');
    expect(one(changed, 'user_username_updated').details).toMatchObject({ change: 'username', from: u.user.username, to: `${u.user.username}-2` });
    // The same values again change nothing.
    expect(await during(() => actor.client.put(`/users/${id}`, { name: 'Renamed', bio: 'hi' }))).toEqual([]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    await exactlyOne(() => actor.client.request('PUT', `/users/${id}`, { multipart: { avatar: { filename: 'me.png', data: png, contentType: 'image/png' } } }), 'user_avatar_updated', ['User', id]);
    const linked = await exactlyOne(() => actor.client.put(`/users/${id}`, { provider: 'ldapmain', extern_uid: 'cn=renamed' }), 'user_identity_updated', ['User', id]);
    expect(linked.details).toMatchObject({ change: 'ldapmain identity', to: 'cn=renamed' });
    await exactlyOne(() => actor.client.delete(`/users/${id}/identities/ldapmain`), 'user_identity_deleted', ['User', id]);
  });

  it('project and group access tokens: created with their bot, deleted (never the token)', async () => {
    const project = await createProject(inst, actor.client);
    const group = await createGroup(inst, actor.client);
    // The names written out, as the platform spells them (a bot's revoked token is `_deleted`).
    const cases = [
      { owner: `/projects/${project.id}`, entity: ['Project', project.id], names: ['project_access_token_created', 'project_access_token_deleted'], target: 'ProjectAccessToken' },
      { owner: `/groups/${group.id}`, entity: ['Group', group.id], names: ['group_access_token_created', 'group_access_token_deleted'], target: 'GroupAccessToken' },
    ] as const;
    for (const { owner, entity, names, target } of cases) {
      let made = { id: 0, token: '' };
      // The token's bot is a user and a member of its project or group: each recorded.
      const created = await during(async () => {
        made = (await actor.client.post<typeof made>(`${owner}/access_tokens`, { name: 'bot', scopes: ['api'], access_level: 30, expires_at: '2027-01-01' })).data;
      });
      expect(created.map((e) => e.event_name)).toEqual(['user_created', 'member_created', names[0]]);
      const e = one(created, names[0]);
      expect([e.entity_type, e.entity_id, e.details.target_type, e.details.target_id]).toEqual([...entity, target, made.id]);
      expect(JSON.stringify(created)).not.toContain(made.token);
      // A bot's token cannot be rotated through the personal token endpoints: refused, nothing recorded.
      expect(await during(() => actor.client.request('POST', `/personal_access_tokens/${made.id}/rotate`, { allowError: true }))).toEqual([]);
      await exactlyOne(() => actor.client.delete(`${owner}/access_tokens/${made.id}`), names[1], [...entity]);
    }
  });

  it('groups and projects: name and path, default branch; cherry-picks; wiki attachments; package files', async () => {
    const group = await createGroup(inst, actor.client);
    const renamed = await during(() => actor.client.put(`/groups/${group.id}`, { name: `${group.name} two`, path: `${group.path}-two` }));
    expect(renamed.map((e) => e.event_name).sort()).toEqual(['group_name_updated', 'group_path_updated']);
    const project = await createRepoProject(inst, actor.client);
    const p = `/projects/${project.id}`;
    await actor.client.post(`${p}/repository/branches`, { branch: 'dev', ref: 'main' });
    const moved = await during(() => actor.client.put(p, { name: 'Renamed project', default_branch: 'dev' }));
    expect(moved.map((e) => e.event_name).sort()).toEqual(['project_default_branch_updated', 'project_name_updated']);
    expect(one(moved, 'project_default_branch_updated').details).toMatchObject({ from: 'main', to: 'dev' });
    const sha = (await actor.client.post<{ id: string }>(`${p}/repository/commits`, { branch: 'main', commit_message: 'pick me', actions: [{ action: 'create', file_path: 'p.txt', content: 'p' }] })).data.id;
    const picked = await exactlyOne(() => actor.client.post(`${p}/repository/commits/${sha}/cherry_pick`, { branch: 'dev' }), 'commit_cherry_picked', ['Project', project.id], 'Commit');
    expect(picked.details.custom_message).toBe(`Cherry-picked ${sha.slice(0, 8)} on dev`);
    await actor.client.post(`${p}/wikis`, { title: 'Home', content: 'hello' });
    const attached = await exactlyOne(
      () => actor.client.request('POST', `${p}/wikis/attachments`, { multipart: { file: { filename: 'pic.png', data: new Uint8Array([1, 2, 3]), contentType: 'image/png' } } }),
      'wiki_attachment_uploaded',
      ['Project', project.id],
      'WikiAttachment',
    );
    expect(attached.details.target_details).toBe('pic.png');
    await uploadGeneric(actor.client, project.id, 'kit', '2.0.0', 'a.txt', 'a');
    await uploadGeneric(actor.client, project.id, 'kit', '2.0.0', 'b.txt', 'b');
    const [pkg] = (await actor.client.get<{ id: number }[]>(`${p}/packages`)).data;
    const files = (await actor.client.get<{ id: number; file_name: string }[]>(`${p}/packages/${pkg?.id}/package_files`)).data;
    const file = files.find((f) => f.file_name === 'a.txt');
    await exactlyOne(() => actor.client.delete(`${p}/packages/${pkg?.id}/package_files/${file?.id}`), 'package_file_deleted', ['Project', project.id]);
    await inst.settleJobs();
  });

  it('storages and storage moves (scheduled by the caller; finished in the background for the same author)', async () => {
    await exactlyOne(() => actor.client.post('/hostctl/storages', { name: 'extra', path: 'storages/extra' }), 'repository_storage_added', ['Gitlab::Audit::InstanceScope', 1]);
    const project = await createRepoProject(inst, actor.client);
    const scheduled = await during(async () => {
      await actor.client.post(`/projects/${project.id}/repository_storage_moves`, { destination_storage_name: 'second' });
      await inst.settleJobs();
    });
    expect(scheduled.map((e) => e.event_name)).toEqual(['repository_storage_move_scheduled', 'repository_storage_move_finished']);
    for (const e of scheduled) {
      expect(e.author_id).toBe(actor.user.id);
      expect([e.entity_type, e.entity_id]).toEqual(['Project', project.id]);
      expect(e.details).toMatchObject({ from: 'default', to: 'second', target_type: 'RepositoryStorageMove' });
    }
    await exactlyOne(() => actor.client.delete('/hostctl/storages/extra'), 'repository_storage_removed', ['Gitlab::Audit::InstanceScope', 1]);
  });

  it('package deletion and protection rules', async () => {
    const project = await createProject(inst, actor.client);
    await uploadGeneric(actor.client, project.id, 'tool', '1.0.0', 'tool.txt', 'bytes');
    const [pkg] = (await actor.client.get<{ id: number }[]>(`/projects/${project.id}/packages`)).data;
    let rule = 0;
    await exactlyOne(
      async () => {
        rule = (await actor.client.post<{ id: number }>(`/projects/${project.id}/packages/protection/rules`, { package_name_pattern: 'tool*', package_type: 'generic', minimum_access_level_for_push: 'maintainer' })).data.id;
      },
      'package_protection_rule_created',
      ['Project', project.id],
    );
    await exactlyOne(() => actor.client.patch(`/projects/${project.id}/packages/protection/rules/${rule}`, { package_name_pattern: 'tools*' }), 'package_protection_rule_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/packages/protection/rules/${rule}`), 'package_protection_rule_deleted', ['Project', project.id]);
    const deleted = await exactlyOne(() => actor.client.delete(`/projects/${project.id}/packages/${pkg?.id}`), 'package_registry_package_deleted', ['Project', project.id], 'Packages::Package');
    expect(deleted.details.target_details).toBe('tool 1.0.0');
    await inst.settleJobs();
  });

  it('branches and tags through their own APIs: created and deleted, each once the ref moved', async () => {
    const project = await createRepoProject(inst, actor.client);
    const r = `/projects/${project.id}/repository`;
    const made = await exactlyOne(() => actor.client.post(`${r}/branches`, { branch: 'feature', ref: 'main' }), 'branch_created', ['Project', project.id], 'Branch');
    expect(made.details).toMatchObject({ target_id: 'feature', target_details: 'feature' });
    expect(made.details.custom_message).toMatch(/^Created branch feature from main at [0-9a-f]{8}$/);
    // A refused creation (the branch exists) records nothing.
    expect(await during(() => actor.client.request('POST', `${r}/branches`, { body: { branch: 'feature', ref: 'main' }, allowError: true }))).toEqual([]);
    await exactlyOne(() => actor.client.delete(`${r}/branches/feature`), 'branch_deleted', ['Project', project.id], 'Branch');
    // Deleting the default branch is refused: nothing recorded.
    expect(await during(() => actor.client.request('DELETE', `${r}/branches/main`, { allowError: true }))).toEqual([]);

    const tag = await exactlyOne(() => actor.client.post(`${r}/tags`, { tag_name: 'v9', ref: 'main', message: 'nine' }), 'tag_created', ['Project', project.id], 'Tag');
    expect(tag.details.custom_message).toMatch(/^Created annotated tag v9 at [0-9a-f]{8}$/);
    await exactlyOne(() => actor.client.delete(`${r}/tags/v9`), 'tag_deleted', ['Project', project.id], 'Tag');
    // A release made with its tag records the release alone; deleting the tag takes the release,
    // each recorded.
    expect((await during(() => createRelease(inst, project.id, { tag_name: 'v10' }, actor.client))).map((e) => e.event_name)).toEqual(['release_created']);
    expect((await during(() => actor.client.delete(`${r}/tags/v10`))).map((e) => e.event_name)).toEqual(['release_deleted_audit_event', 'tag_deleted']);

    // Merged branches go in a job, each recorded for the user who asked.
    await actor.client.post(`${r}/branches`, { branch: 'merged-one', ref: 'main' });
    await actor.client.post(`${r}/branches`, { branch: 'merged-two', ref: 'main' });
    // A branch at the default branch's tip is not merged into it: move main on.
    await actor.client.post(`${r}/files/later.txt`, { branch: 'main', content: 'later', commit_message: 'later' });
    const swept = await during(async () => {
      await actor.client.delete(`${r}/merged_branches`);
      await inst.settleJobs();
    });
    expect(swept.map((e) => [e.event_name, e.details.target_details, e.author_id]).sort()).toEqual([
      ['branch_deleted', 'merged-one', actor.user.id],
      ['branch_deleted', 'merged-two', actor.user.id],
    ]);
  });

  it('forks: one project_fork_operation on the new project, naming its source', async () => {
    const source = await createRepoProject(inst, actor.client);
    let forkId = 0;
    const events = await during(async () => {
      forkId = (await actor.client.post<{ id: number }>(`/projects/${source.id}/fork`, { path: `fork-${source.id}`, name: `fork-${source.id}` })).data.id;
      await inst.settleJobs();
    });
    const e = one(events, 'project_fork_operation');
    expect([e.entity_type, e.entity_id, e.details.target_id, e.details.target_details]).toEqual(['Project', forkId, source.id, source.path_with_namespace]);
    expect(events.map((x) => x.event_name)).not.toContain('project_created');
  });

  it('releases: create, update, delete', async () => {
    const project = await createRepoProject(inst, actor.client);
    const made = await exactlyOne(() => createRelease(inst, project.id, { tag_name: 'v1.0' }, actor.client), 'release_created', ['Project', project.id], 'Release');
    expect(made.details.target_details).toBe('v1.0');
    await exactlyOne(() => actor.client.put(`/projects/${project.id}/releases/v1.0`, { name: 'First' }), 'release_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/releases/v1.0`), 'release_deleted_audit_event', ['Project', project.id]);
  });

  it('release evidence: collected in the background, for the user who asked', async () => {
    const project = await createRepoProject(inst, actor.client);
    await createRelease(inst, project.id, { tag_name: 'v2.0' }, actor.client);
    const e = await exactlyOne(
      async () => {
        await actor.client.post(`/projects/${project.id}/releases/v2.0/evidence`);
        await inst.settleJobs();
      },
      'release_evidence_collected',
      ['Project', project.id],
      'Release',
    );
    expect(e.details.target_details).toBe('v2.0');
    expect(e.details.ip_address).toBe('127.0.0.1');
  });

  it('notification settings: one event per changed choice, on the user; an unchanged PUT records nothing', async () => {
    const project = await createProject(inst, actor.client);
    const level = await exactlyOne(() => actor.client.put('/notification_settings', { level: 'watch' }), 'notification_setting_level_updated', ['User', actor.user.id], 'NotificationSetting');
    expect(level.details).toMatchObject({ change: 'level', from: 'participating', to: 'watch', target_details: 'global' });
    const custom = await during(() => actor.client.put(`/projects/${project.id}/notification_settings`, { level: 'custom', new_note: true }));
    expect(custom.map((e) => e.event_name).sort()).toEqual(['notification_setting_level_updated', 'notification_setting_new_note_updated']);
    expect(one(custom, 'notification_setting_new_note_updated').details).toMatchObject({ change: 'new note', from: '', to: true, target_details: `project ${project.path_with_namespace}` });
    expect(await during(() => actor.client.put(`/projects/${project.id}/notification_settings`, { level: 'custom', new_note: true }))).toEqual([]);
  });

  it('git content changed through the API: commits, files, revert, wiki pages', async () => {
    const project = await createRepoProject(inst, actor.client);
    let sha = '';
    const made = await exactlyOne(
      async () => {
        sha = (
          await actor.client.post<{ id: string }>(`/projects/${project.id}/repository/commits`, {
            branch: 'main',
            commit_message: 'two files',
            actions: [
              { action: 'create', file_path: 'a.txt', content: 'a' },
              { action: 'create', file_path: 'b.txt', content: 'b' },
            ],
          })
        ).data.id;
      },
      'commit_created',
      ['Project', project.id],
      'Commit',
    );
    expect(made.details).toMatchObject({ target_id: sha, target_details: 'main', custom_message: `Committed ${sha.slice(0, 8)} to main (2 file changes)` });
    await exactlyOne(() => actor.client.post(`/projects/${project.id}/repository/files/c.txt`, { branch: 'main', content: 'c', commit_message: 'c' }), 'commit_created', ['Project', project.id]);
    const reverted = await exactlyOne(() => actor.client.post(`/projects/${project.id}/repository/commits/${sha}/revert`, { branch: 'main' }), 'commit_reverted', ['Project', project.id], 'Commit');
    expect(reverted.details.custom_message).toBe(`Reverted ${sha.slice(0, 8)} on main`);
    // A refused commit (the branch does not exist) records nothing.
    expect(await during(() => actor.client.post(`/projects/${project.id}/repository/files/d.txt`, { branch: 'nope', start_branch: 'missing', content: 'd', commit_message: 'd' }).catch(() => undefined))).toEqual([]);
    const page = await exactlyOne(() => actor.client.post(`/projects/${project.id}/wikis`, { title: 'Home', content: 'hello' }), 'wiki_page_created', ['Project', project.id], 'WikiPage');
    expect(page.details.target_details).toBe('Home');
    await exactlyOne(() => actor.client.put(`/projects/${project.id}/wikis/Home`, { content: 'hello again' }), 'wiki_page_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/wikis/Home`), 'wiki_page_deleted', ['Project', project.id]);
  });

  it('snippets: a visibility change; other changes are one snippet_updated naming them', async () => {
    const snippet = (await actor.client.post<{ id: number }>('/snippets', { title: 'notes', visibility: 'private', files: [{ file_path: 'a.txt', content: 'x' }] })).data;
    const e = await exactlyOne(() => actor.client.put(`/snippets/${snippet.id}`, { visibility: 'public' }), 'snippet_visibility_updated', ['User', actor.user.id], 'Snippet');
    expect(e.details).toMatchObject({ from: 'private', to: 'public', target_id: snippet.id });
    const renamed = await exactlyOne(() => actor.client.put(`/snippets/${snippet.id}`, { title: 'renamed', content: 'y' }), 'snippet_updated', ['User', actor.user.id], 'Snippet');
    expect(renamed.details.custom_message).toBe('Changed title, files');
    // An update that changes nothing records nothing.
    expect(await during(() => actor.client.put(`/snippets/${snippet.id}`, { title: 'renamed' }))).toEqual([]);
  });

  it('stars, housekeeping, commit comments and statuses, pipelines and their job tokens', async () => {
    const project = await createRepoProject(inst, actor.client);
    const p = `/projects/${project.id}`;
    const star = await exactlyOne(() => actor.client.post(`${p}/star`), 'project_starred', ['Project', project.id], 'User');
    expect(star.details.target_id).toBe(actor.user.id);
    // A repeat that changes nothing (304) records nothing.
    expect(await during(() => actor.client.request('POST', `${p}/star`, { allowError: true }))).toEqual([]);
    await exactlyOne(() => actor.client.post(`${p}/unstar`), 'project_unstarred', ['Project', project.id]);
    const hk = await exactlyOne(() => actor.client.post(`${p}/housekeeping`, { task: 'prune' }), 'manually_trigger_housekeeping', ['Project', project.id]);
    expect(hk.details.custom_message).toBe('Housekeeping task: prune');
    await inst.settleJobs();
    const sha = (await actor.client.get<{ id: string }>(`${p}/repository/commits/main`)).data.id;
    const note = await exactlyOne(() => actor.client.post(`${p}/repository/commits/${sha}/comments`, { note: 'ok' }), 'commit_note_created', ['Project', project.id], 'Note');
    expect(note.details.target_details).toBe(sha);
    const status = await exactlyOne(() => actor.client.post(`${p}/statuses/${sha}`, { state: 'pending', name: 'ci' }), 'commit_status_created', ['Project', project.id], 'CommitStatus');
    expect(status.details).toMatchObject({ from: '', to: 'pending' });
    const moved = await exactlyOne(() => actor.client.post(`${p}/statuses/${sha}`, { state: 'success', name: 'ci' }), 'commit_status_updated', ['Project', project.id]);
    expect(moved.details).toMatchObject({ from: 'pending', to: 'success' });
    let pipeline = 0;
    await exactlyOne(
      async () => {
        pipeline = (await actor.client.post<{ id: number }>(`${p}/pipeline`, { ref: 'main' })).data.id;
      },
      'pipeline_created',
      ['Project', project.id],
      'Ci::Pipeline',
    );
    let token = '';
    const issued = await exactlyOne(
      async () => {
        token = (await actor.client.post<{ token: string }>(`/hostctl${p}/pipelines/${pipeline}/job_token`)).data.token;
      },
      'ci_job_token_issued',
      ['Project', project.id],
    );
    expect(JSON.stringify(issued)).not.toContain(token);
    const canceled = await exactlyOne(() => actor.client.post(`${p}/pipelines/${pipeline}/cancel`), 'pipeline_canceled', ['Project', project.id], 'Ci::Pipeline');
    expect(canceled.details).toMatchObject({ change: 'status', from: 'created', to: 'canceled', target_id: pipeline });
    // Cancelling a canceled pipeline answers 200 and changes nothing: nothing is recorded.
    expect(await during(() => actor.client.post(`${p}/pipelines/${pipeline}/cancel`))).toEqual([]);
    const retried = await exactlyOne(() => actor.client.post(`${p}/pipelines/${pipeline}/retry`), 'pipeline_retried', ['Project', project.id]);
    expect(retried.details).toMatchObject({ from: 'canceled', to: 'pending' });
    await exactlyOne(() => actor.client.delete(`${p}/pipelines/${pipeline}`), 'destroy_pipeline', ['Project', project.id], 'Ci::Pipeline');
  });

  it('milestones: create, update, delete, and a promotion on the project it leaves', async () => {
    const group = await createGroup(inst, actor.client);
    const project = await createProject(inst, actor.client, { namespace_id: group.id });
    const p = `/projects/${project.id}/milestones`;
    let mid = 0;
    await exactlyOne(
      async () => {
        mid = (await actor.client.post<{ id: number }>(p, { title: 'v1' })).data.id;
      },
      'milestone_created',
      ['Project', project.id],
      'Milestone',
    );
    await exactlyOne(() => actor.client.put(`${p}/${mid}`, { state_event: 'close' }), 'milestone_updated', ['Project', project.id]);
    // An update that changes nothing records nothing.
    expect(await during(() => actor.client.put(`${p}/${mid}`, { title: 'v1' }))).toEqual([]);
    let groupMilestone = 0;
    const promoted = await exactlyOne(
      async () => {
        groupMilestone = (await actor.client.post<{ id: number }>(`${p}/${mid}/promote`)).data.id;
      },
      'milestone_promoted',
      ['Project', project.id],
    );
    expect(promoted.details.target_id).toBe(groupMilestone);
    await exactlyOne(() => actor.client.delete(`/groups/${group.id}/milestones/${groupMilestone}`), 'milestone_deleted', ['Group', group.id]);
  });

  it('release links, package uploads, snippets created and deleted, plan limits, member roles', async () => {
    const project = await createRepoProject(inst, actor.client);
    await createRelease(inst, project.id, { tag_name: 'v2.0' }, actor.client);
    const links = `/projects/${project.id}/releases/v2.0/assets/links`;
    let lid = 0;
    await exactlyOne(
      async () => {
        lid = (await actor.client.post<{ id: number }>(links, { name: 'bin', url: 'https://example.com/bin' })).data.id;
      },
      'release_link_created',
      ['Project', project.id],
      'Releases::Link',
    );
    await exactlyOne(() => actor.client.put(`${links}/${lid}`, { name: 'binary' }), 'release_link_updated', ['Project', project.id]);
    await exactlyOne(() => actor.client.delete(`${links}/${lid}`), 'release_link_deleted', ['Project', project.id]);
    await exactlyOne(() => uploadGeneric(actor.client, project.id, 'kit', '1.0.0', 'kit.txt', 'bytes'), 'package_registry_package_published', ['Project', project.id], 'Packages::PackageFile');
    let sid = 0;
    await exactlyOne(
      async () => {
        sid = (await actor.client.post<{ id: number }>(`/projects/${project.id}/snippets`, { title: 'n', visibility: 'private', files: [{ file_path: 'a.txt', content: 'x' }] })).data.id;
      },
      'snippet_created',
      ['Project', project.id],
      'Snippet',
    );
    await exactlyOne(() => actor.client.delete(`/projects/${project.id}/snippets/${sid}`), 'snippet_destroyed', ['Project', project.id]);
    const limits = await exactlyOne(() => actor.client.put('/application/plan_limits', { plan_name: 'default', generic_packages_max_file_size: 123456 }), 'plan_limits_updated', ['Gitlab::Audit::InstanceScope', 1]);
    expect(limits.details).toMatchObject({ to: 123456 });
    const group = await createGroup(inst, actor.client);
    let role = 0;
    await exactlyOne(
      async () => {
        role = (await actor.client.post<{ id: number }>(`/groups/${group.id}/member_roles`, { name: 'auditor', base_access_level: 10 })).data.id;
      },
      'member_role_created',
      ['Group', group.id],
      'MemberRole',
    );
    await exactlyOne(() => actor.client.delete(`/groups/${group.id}/member_roles/${role}`), 'member_role_deleted', ['Group', group.id]);
  });

  it('records the peer address, or the forwarded one that serve was told to trust', async () => {
    const events = await during(() => createUser(inst));
    expect(events.every((e) => e.details.ip_address === '127.0.0.1')).toBe(true);
    // A forwarded address sent to serve without --trust-proxy is dropped before the core sees it.
    const forwarded = await during(() => inst.raw('POST', `/users/${actor.user.id}/personal_access_tokens`, {
      headers: { 'private-token': inst.rootToken, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ name: 'fwd', scopes: ['api'] }),
    }));
    expect(one(forwarded, 'personal_access_token_created').details.ip_address).toBe(kind === 'http' ? '127.0.0.1' : '203.0.113.7');
    if (kind !== 'http') return;
    // Behind a proxy that serve trusts, the forwarded client address is the one recorded.
    const trusting = await startServer({ core: inst.core, port: 0, log: null, trustProxy: true });
    try {
      const behindProxy = await during(() =>
        fetch(`${trusting.url}/api/v4/users/${actor.user.id}/personal_access_tokens`, {
          method: 'POST',
          headers: { 'private-token': inst.rootToken, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
          body: JSON.stringify({ name: 'proxied', scopes: ['api'] }),
        }).then((r) => r.text()),
      );
      expect(one(behindProxy, 'personal_access_token_created').details.ip_address).toBe('203.0.113.9');
    } finally {
      await trusting.close();
    }
  });
});
