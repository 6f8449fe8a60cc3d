// Email notification events and levels of the notification settings, shared by the service
// and the CLI (which checks and completes event names).

export const NOTIFICATION_LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** Events of every setting, in the platform's order. */
export const BASE_EVENTS = [
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
] as const;

/** Every event key the update operations accept. */
export const ALL_EVENTS = [...BASE_EVENTS, 'new_epic', 'approver'] as const;
export type NotificationEvent = (typeof ALL_EVENTS)[number];

export type NotificationScope = 'global' | 'group' | 'project';

/**
 * The events of a setting. The specification lists 21 event keys for the global, group and
 * project updates alike, limited only by `new_epic` existing in paid tiers (the platform keeps
 * `approver` off groups and `new_epic` off projects; the specification wins).
 */
export function eventsOf(paidTier: boolean): NotificationEvent[] {
  return paidTier ? [...ALL_EVENTS] : ALL_EVENTS.filter((e) => e !== 'new_epic');
}
