// Every route that changes something records an event: each POST, PUT, PATCH and DELETE of the
// route manifest is listed here with the events it records, and a route added without its entry
// fails this file. The names must be in the catalogue (src/core/audit/names.ts), and each one is
// asserted by name in the recording tests, which drive the routes through both transports (the
// contract suite's instances also refuse, when they close, any recorded name the catalogue lacks).
// No mutating route is exempt today; an exemption would be listed in EXEMPT with its reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MANIFEST } from '../../src/core/areas/manifest.js';
import { AUDIT_EVENT_NAMES, HOSTCTL_EVENT_NAMES, PLATFORM_EVENT_NAMES } from '../../src/core/audit/names.js';

// A bot's token is made with its bot (a user and a member).
const BOT_MADE = ['user_created', 'member_created'];
const MEMBERS = ['member_created', 'member_updated', 'member_destroyed'];
const MILESTONES = ['milestone_created', 'milestone_updated', 'milestone_deleted'];
const WIKI = ['wiki_page_created', 'wiki_page_updated', 'wiki_page_deleted', 'wiki_attachment_uploaded'];
const MOVE = ['repository_storage_move_scheduled'];
const NOTIFY = ['notification_setting_level_updated'];

/** What each mutating route records (any of the names, at least one when it changes something). */
const RECORDS: Record<string, readonly string[]> = {
  'POST /personal_access_tokens/self/rotate': ['personal_access_token_rotated'],
  'POST /personal_access_tokens/:id/rotate': ['personal_access_token_rotated'],
  'DELETE /personal_access_tokens/self': ['personal_access_token_revoked', 'project_access_token_deleted', 'group_access_token_deleted'],
  'DELETE /personal_access_tokens/:id': ['personal_access_token_revoked', 'project_access_token_deleted', 'group_access_token_deleted'],
  'POST /users/:user_id/personal_access_tokens': ['personal_access_token_created'],
  'POST /user/personal_access_tokens': ['personal_access_token_created'],
  'POST /projects/:id/access_tokens': ['project_access_token_created', ...BOT_MADE],
  'DELETE /projects/:id/access_tokens/:token_id': ['project_access_token_deleted'],
  'POST /groups/:id/access_tokens': ['group_access_token_created', ...BOT_MADE],
  'DELETE /groups/:id/access_tokens/:token_id': ['group_access_token_deleted'],
  'POST /users/:user_id/impersonation_tokens': ['personal_access_token_created'],
  'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id': ['personal_access_token_revoked'],
  'POST /users': ['user_created'],
  'PUT /users/:id': ['user_username_updated', 'user_name_updated', 'user_email_address_updated', 'user_admin_status_updated', 'user_external_status_updated', 'user_password_updated', 'user_projects_limit_updated', 'user_can_create_group_updated', 'user_avatar_updated', 'user_profile_visibility_updated', 'user_profile_updated', 'user_identity_updated'],
  'DELETE /users/:id': ['user_destroyed'],
  'DELETE /users/:id/identities/:provider': ['user_identity_deleted'],
  'PUT /hostctl/users/:id/two_factor': ['user_enable_two_factor', 'user_disable_two_factor'],
  'POST /users/:id/ban': ['ban_user'],
  'POST /users/:id/unban': ['unban_user'],
  'POST /users/:id/block': ['user_blocked'],
  'POST /users/:id/unblock': ['unblock_user'],
  'POST /groups': ['group_created'],
  'PUT /groups/:id': ['group_name_updated', 'group_path_updated', 'group_description_updated', 'group_visibility_level_updated'],
  'DELETE /groups/:id': ['group_destroyed'],
  'POST /groups/:id/transfer': ['group_transferred'],
  'POST /groups/:id/share': ['group_share_with_group_link_created'],
  'DELETE /groups/:id/share/:group_id': ['group_share_with_group_link_removed'],
  'POST /projects': ['project_created'],
  'POST /projects/user/:user_id': ['project_created'],
  'PUT /projects/:id': ['project_name_updated', 'project_path_updated', 'project_description_updated', 'project_visibility_level_updated', 'project_default_branch_updated', ...MOVE],
  'DELETE /projects/:id': ['project_destroyed'],
  'PUT /projects/:id/transfer': ['project_namespace_updated', ...MEMBERS],
  'POST /projects/:id/fork': ['project_fork_operation'],
  'POST /projects/:id/star': ['project_starred'],
  'POST /projects/:id/unstar': ['project_unstarred'],
  'POST /projects/:id/share': ['project_group_link_created'],
  'DELETE /projects/:id/share/:group_id': ['project_group_link_deleted'],
  'POST /projects/:id/housekeeping': ['manually_trigger_housekeeping'],
  'POST /projects/:id/archive': ['project_archived'],
  'POST /projects/:id/unarchive': ['project_unarchived'],
  'POST /projects/:id/members': MEMBERS,
  'PUT /projects/:id/members/:user_id': MEMBERS,
  'DELETE /projects/:id/members/:user_id': MEMBERS,
  'POST /groups/:id/members': MEMBERS,
  'PUT /groups/:id/members/:user_id': MEMBERS,
  'DELETE /groups/:id/members/:user_id': MEMBERS,
  'POST /projects/:id/milestones': MILESTONES,
  'PUT /projects/:id/milestones/:milestone_id': MILESTONES,
  'DELETE /projects/:id/milestones/:milestone_id': MILESTONES,
  'POST /groups/:id/milestones': MILESTONES,
  'PUT /groups/:id/milestones/:milestone_id': MILESTONES,
  'DELETE /groups/:id/milestones/:milestone_id': MILESTONES,
  'POST /projects/:id/milestones/:milestone_id/promote': ['milestone_promoted'],
  'POST /projects/:id/releases': ['release_created'],
  'PUT /projects/:id/releases/:tag_name': ['release_updated'],
  'DELETE /projects/:id/releases/:tag_name': ['release_deleted_audit_event'],
  'POST /projects/:id/releases/:tag_name/evidence': ['release_evidence_collected'],
  'POST /projects/:id/releases/:tag_name/assets/links': ['release_link_created'],
  'PUT /projects/:id/releases/:tag_name/assets/links/:link_id': ['release_link_updated'],
  'DELETE /projects/:id/releases/:tag_name/assets/links/:link_id': ['release_link_deleted'],
  'POST /projects/:id/repository/commits/:sha/revert': ['commit_reverted'],
  'POST /projects/:id/repository/commits/:sha/cherry_pick': ['commit_cherry_picked'],
  'POST /projects/:id/repository/commits/:sha/comments': ['commit_note_created'],
  'POST /projects/:id/statuses/:sha': ['commit_status_created', 'commit_status_updated'],
  'POST /projects/:id/repository/commits': ['commit_created'],
  'POST /projects/:id/repository/tags': ['tag_created'],
  'DELETE /projects/:id/repository/tags/:tag_name': ['tag_deleted', 'release_deleted_audit_event'],
  'POST /projects/:id/repository/branches': ['branch_created'],
  'DELETE /projects/:id/repository/branches/:branch': ['branch_deleted'],
  'PUT /projects/:id/repository/branches/:branch/protect': ['protected_branch_created', 'protected_branch_updated'],
  'PUT /projects/:id/repository/branches/:branch/unprotect': ['protected_branch_removed'],
  'DELETE /projects/:id/repository/merged_branches': ['branch_deleted'],
  'POST /projects/:id/protected_branches': ['protected_branch_created'],
  'PATCH /projects/:id/protected_branches/:name': ['protected_branch_updated'],
  'DELETE /projects/:id/protected_branches/:name': ['protected_branch_removed'],
  'POST /projects/:id/freeze_periods': ['freeze_period_created'],
  'PUT /projects/:id/freeze_periods/:freeze_period_id': ['freeze_period_updated'],
  'DELETE /projects/:id/freeze_periods/:freeze_period_id': ['freeze_period_deleted'],
  'PUT /projects/:id/security_settings': ['project_security_setting_updated'],
  'PUT /notification_settings': NOTIFY,
  'PUT /groups/:id/notification_settings': NOTIFY,
  'PUT /projects/:id/notification_settings': NOTIFY,
  'PUT /projects/:id/error_tracking/settings': ['error_tracking_setting_active_updated', 'error_tracking_setting_integrated_updated'],
  'PATCH /projects/:id/error_tracking/settings': ['error_tracking_setting_active_updated', 'error_tracking_setting_integrated_updated'],
  'POST /projects/:id/error_tracking/client_keys': ['error_tracking_client_key_created'],
  'DELETE /projects/:id/error_tracking/client_keys/:key_id': ['error_tracking_client_key_deleted'],
  'POST /groups/:id/protected_environments': ['environment_protected'],
  'PUT /groups/:id/protected_environments/:name': ['protected_environment_updated'],
  'DELETE /groups/:id/protected_environments/:name': ['environment_unprotected'],
  'POST /projects/:id/protected_environments': ['environment_protected'],
  'PUT /projects/:id/protected_environments/:name': ['protected_environment_updated'],
  'DELETE /projects/:id/protected_environments/:name': ['environment_unprotected'],
  'PUT /hostctl/groups/:id/saml_provider': ['group_saml_provider_create', 'group_saml_provider_update'],
  'POST /hostctl/groups/:id/scim_token': ['scim_token_generated'],
  'PATCH /groups/:id/saml/:uid': ['update_mismatched_group_saml_extern_uid'],
  'DELETE /groups/:id/saml/:uid': ['saml_identity_deleted'],
  'PATCH /groups/:id/scim/:uid': ['scim_identity_updated'],
  'DELETE /groups/:id/scim/:uid': ['scim_identity_deleted'],
  'POST /groups/:id/saml_group_links': ['saml_group_links_created'],
  'DELETE /groups/:id/saml_group_links/:saml_group_name': ['saml_group_links_removed'],
  'POST /groups/:id/member_roles': ['member_role_created'],
  'DELETE /groups/:id/member_roles/:member_role_id': ['member_role_deleted'],
  'PATCH /groups/:id/enterprise_users/:user_id/disable_two_factor': ['user_disable_two_factor'],
  'POST /scim/v2/groups/:group_path/Users': ['user_provisioned_by_scim', 'scim_user_reprovisioned'],
  'PATCH /scim/v2/groups/:group_path/Users/:uid': ['scim_user_deprovisioned', 'scim_user_reprovisioned'],
  'DELETE /scim/v2/groups/:group_path/Users/:uid': ['scim_user_deprovisioned'],
  'POST /projects/:id/repository/files/:file_path': ['commit_created'],
  'PUT /projects/:id/repository/files/:file_path': ['commit_created'],
  'DELETE /projects/:id/repository/files/:file_path': ['commit_created'],
  'POST /snippets': ['snippet_created'],
  'PUT /snippets/:id': ['snippet_updated', 'snippet_visibility_updated'],
  'DELETE /snippets/:id': ['snippet_destroyed'],
  'POST /projects/:id/snippets': ['snippet_created'],
  'PUT /projects/:id/snippets/:snippet_id': ['snippet_updated', 'snippet_visibility_updated'],
  'DELETE /projects/:id/snippets/:snippet_id': ['snippet_destroyed'],
  'POST /projects/:id/wikis': WIKI,
  'PUT /projects/:id/wikis/:slug': WIKI,
  'DELETE /projects/:id/wikis/:slug': WIKI,
  'POST /projects/:id/wikis/attachments': WIKI,
  'POST /groups/:id/wikis': WIKI,
  'PUT /groups/:id/wikis/:slug': WIKI,
  'DELETE /groups/:id/wikis/:slug': WIKI,
  'POST /groups/:id/wikis/attachments': WIKI,
  'POST /project_repository_storage_moves': MOVE,
  'POST /projects/:id/repository_storage_moves': MOVE,
  'POST /snippet_repository_storage_moves': MOVE,
  'POST /snippets/:id/repository_storage_moves': MOVE,
  'POST /group_repository_storage_moves': MOVE,
  'POST /groups/:id/repository_storage_moves': MOVE,
  'POST /hostctl/storages': ['repository_storage_added'],
  'DELETE /hostctl/storages/:name': ['repository_storage_removed'],
  'DELETE /projects/:id/packages/:package_id': ['package_registry_package_deleted'],
  'DELETE /projects/:id/packages/:package_id/package_files/:package_file_id': ['package_file_deleted'],
  'PUT /projects/:id/packages/generic/:package_name/:package_version/*file_path': ['package_registry_package_published'],
  'POST /projects/:id/packages/protection/rules': ['package_protection_rule_created'],
  'PATCH /projects/:id/packages/protection/rules/:package_protection_rule_id': ['package_protection_rule_updated'],
  'DELETE /projects/:id/packages/protection/rules/:package_protection_rule_id': ['package_protection_rule_deleted'],
  'PUT /application/plan_limits': ['plan_limits_updated'],
  'POST /projects/:id/pipeline': ['pipeline_created'],
  'POST /projects/:id/pipelines/:pipeline_id/cancel': ['pipeline_canceled'],
  'POST /projects/:id/pipelines/:pipeline_id/retry': ['pipeline_retried'],
  'DELETE /projects/:id/pipelines/:pipeline_id': ['destroy_pipeline'],
  'POST /hostctl/projects/:id/pipelines/:pipeline_id/job_token': ['ci_job_token_issued'],
};

/** Mutating routes that record nothing, with the reason (none today). */
const EXEMPT: Record<string, string> = {};

/** Events recorded without a route of their own: in the background, or on a token's reuse. */
const BACKGROUND = [
  'repository_storage_move_finished',
  'repository_storage_move_failed',
  'personal_access_token_family_revoked',
  // Every other notification choice is recorded like the level (same routes, one per choice).
  ...[...AUDIT_EVENT_NAMES].filter((n) => n.startsWith('notification_setting_')),
];

const mutating = ROUTE_MANIFEST.filter(([method]) => method !== 'GET').map(([method, path]) => `${method} ${path}`);

/** The recording tests, where each name is asserted. */
const TESTS = ['audit-recording.test.ts', 'audit-events.test.ts'].map((f) => readFileSync(join(import.meta.dirname, f), 'utf8')).join('\n');

describe('audit coverage of the mutating routes', () => {
  it('lists every POST, PUT, PATCH and DELETE of the manifest once, recording or exempt (and no route that is gone)', () => {
    const listed = [...Object.keys(RECORDS), ...Object.keys(EXEMPT)];
    expect(mutating.filter((r) => !listed.includes(r)), 'mutating routes with no audit entry').toEqual([]);
    expect(listed.filter((r) => !mutating.includes(r)), 'entries for routes the manifest no longer has').toEqual([]);
    expect(Object.keys(RECORDS).filter((r) => r in EXEMPT)).toEqual([]);
    expect(mutating.length).toBeGreaterThan(100);
  });

  it('names only catalogued events, and every catalogued name is recorded by some route or in the background', () => {
    const claimed = new Set(Object.values(RECORDS).flat());
    expect([...claimed].filter((n) => !AUDIT_EVENT_NAMES.has(n))).toEqual([]);
    expect([...AUDIT_EVENT_NAMES].filter((n) => !claimed.has(n) && !BACKGROUND.includes(n))).toEqual([]);
    // The two lists do not overlap.
    expect(PLATFORM_EVENT_NAMES.filter((n) => HOSTCTL_EVENT_NAMES.includes(n))).toEqual([]);
  });

  it('has a recording test asserting each name a route claims', () => {
    const claimed = new Set(Object.values(RECORDS).flat());
    // Asserted elsewhere: the per-choice notification events beyond those the recording test names.
    const untested = [...claimed].filter((n) => !TESTS.includes(`'${n}'`) && !TESTS.includes(`\`${n}\``));
    expect(untested).toEqual([]);
  });
});
