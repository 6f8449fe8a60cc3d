// Every audit event name hostctl records, in two lists. The platform's own names come first:
// each is defined in its audit event types (config/audit_events/types/*.yml and
// ee/config/audit_events/types/*.yml, listed in its doc/user/compliance/audit_event_types.md), and
// hostctl uses one wherever the platform audits the same change. The second list holds the names
// of changes the platform does not audit, formed the same way (`<subject>_<past participle>`).
// Tests check that every recorded event carries a name from one of the lists.
import { ALL_EVENTS } from '../../shared/notification-events.js';

export const PLATFORM_EVENT_NAMES: readonly string[] = [
  // Access tokens (a bot's token revoked is the platform's `_deleted`).
  'personal_access_token_created',
  'personal_access_token_revoked',
  'project_access_token_created',
  'project_access_token_deleted',
  'group_access_token_created',
  'group_access_token_deleted',
  // Users.
  'user_created',
  'user_destroyed',
  'user_blocked',
  'unblock_user',
  'ban_user',
  'unban_user',
  'user_username_updated',
  'user_name_updated',
  'user_email_address_updated',
  'user_admin_status_updated',
  'user_external_status_updated',
  'user_profile_visibility_updated',
  'user_password_updated',
  'user_enable_two_factor',
  'user_disable_two_factor',
  // Groups and projects.
  'group_created',
  'group_destroyed',
  'group_name_updated',
  'group_path_updated',
  'group_description_updated',
  'group_visibility_level_updated',
  'group_share_with_group_link_created',
  'group_share_with_group_link_removed',
  'project_created',
  'project_fork_operation',
  'project_destroyed',
  'project_name_updated',
  'project_path_updated',
  'project_description_updated',
  'project_visibility_level_updated',
  'project_default_branch_updated',
  'project_namespace_updated',
  'project_archived',
  'project_unarchived',
  'project_group_link_created',
  'project_group_link_deleted',
  'manually_trigger_housekeeping',
  // Members and custom roles.
  'member_created',
  'member_updated',
  'member_destroyed',
  'member_role_created',
  'member_role_deleted',
  // Protection and security.
  'protected_branch_created',
  'protected_branch_updated',
  'protected_branch_removed',
  'environment_protected',
  'protected_environment_updated',
  'environment_unprotected',
  'project_security_setting_updated',
  // SAML and SCIM.
  'group_saml_provider_create',
  'group_saml_provider_update',
  'saml_group_links_created',
  'saml_group_links_removed',
  'update_mismatched_group_saml_extern_uid',
  'user_provisioned_by_scim',
  // Packages, releases, pipelines.
  'package_registry_package_published',
  'package_registry_package_deleted',
  'release_created',
  'release_updated',
  'release_deleted_audit_event',
  'destroy_pipeline',
];

export const HOSTCTL_EVENT_NAMES: readonly string[] = [
  // Rotations and the revocation of a rotated token's family on reuse (personal tokens only:
  // the rotate endpoints refuse a bot's token).
  'personal_access_token_rotated',
  'personal_access_token_family_revoked',
  // User attributes the platform does not audit, and an identity removed.
  'user_profile_updated',
  'user_projects_limit_updated',
  'user_can_create_group_updated',
  'user_avatar_updated',
  'user_identity_updated',
  'user_identity_deleted',
  // Groups and projects.
  'group_transferred',
  'project_starred',
  'project_unstarred',
  // Git content changed through the API.
  'branch_created',
  'branch_deleted',
  'tag_created',
  'tag_deleted',
  'commit_created',
  'commit_reverted',
  'commit_cherry_picked',
  'commit_note_created',
  'commit_status_created',
  'commit_status_updated',
  'wiki_page_created',
  'wiki_page_updated',
  'wiki_page_deleted',
  'wiki_attachment_uploaded',
  // Snippets, milestones, releases' links and evidence, freeze periods.
  'snippet_created',
  'snippet_updated',
  'snippet_visibility_updated',
  'snippet_destroyed',
  'milestone_created',
  'milestone_updated',
  'milestone_deleted',
  'milestone_promoted',
  'release_link_created',
  'release_link_updated',
  'release_link_deleted',
  'release_evidence_collected',
  'freeze_period_created',
  'freeze_period_updated',
  'freeze_period_deleted',
  // Error tracking.
  'error_tracking_setting_active_updated',
  'error_tracking_setting_integrated_updated',
  'error_tracking_client_key_created',
  'error_tracking_client_key_deleted',
  // SAML and SCIM.
  'scim_token_generated',
  'scim_user_deprovisioned',
  'scim_user_reprovisioned',
  'saml_identity_deleted',
  'scim_identity_updated',
  'scim_identity_deleted',
  // Packages, plan limits, pipelines.
  'package_file_deleted',
  'package_protection_rule_created',
  'package_protection_rule_updated',
  'package_protection_rule_deleted',
  'plan_limits_updated',
  'pipeline_created',
  'pipeline_canceled',
  'pipeline_retried',
  'ci_job_token_issued',
  // Storages and repository storage moves.
  'repository_storage_added',
  'repository_storage_removed',
  'repository_storage_move_scheduled',
  'repository_storage_move_finished',
  'repository_storage_move_failed',
  // Notification settings: one per choice.
  ...['level', 'notification_email', ...ALL_EVENTS].map((key) => `notification_setting_${key}_updated`),
];

/** Every name an event may carry. */
export const AUDIT_EVENT_NAMES: ReadonlySet<string> = new Set([...PLATFORM_EVENT_NAMES, ...HOSTCTL_EVENT_NAMES]);
