// Demo settings: notification choices (set before the releases are made, so the outbox shows
// who would have heard of them), deploy freeze periods in three time zones, secret push
// protection on the storefront (Ultimate only), and error tracking with a client key.
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

export async function seedSettings(demo: Demo, log: DemoLog): Promise<void> {
  const storefront = demo.projects['acme/web/storefront'] as number;
  const gateway = demo.projects['acme/platform/api-gateway'] as number;
  const web = demo.groups['acme/web'] as number;
  const alice = actAs(demo, 'alice');
  const bob = actAs(demo, 'bob');
  const carol = actAs(demo, 'carol');
  const dave = actAs(demo, 'dave');

  await alice.put('/notification_settings', { level: 'custom', new_release: true, failed_pipeline: true, new_note: false });
  await carol.put(`/groups/${web}/notification_settings`, { level: 'watch' });
  await bob.put(`/projects/${storefront}/notification_settings`, { level: 'custom', new_release: false, moved_project: true });
  await dave.put('/notification_settings', { level: 'disabled' });

  await alice.post(`/projects/${storefront}/freeze_periods`, { freeze_start: '0 23 * * fri', freeze_end: '0 7 * * mon', cron_timezone: 'Europe/Berlin' });
  await alice.post(`/projects/${storefront}/freeze_periods`, { freeze_start: '0 0 23 12 *', freeze_end: '0 0 2 1 *', cron_timezone: 'UTC' });
  await bob.post(`/projects/${gateway}/freeze_periods`, { freeze_start: '0 22 * * *', freeze_end: '0 6 * * *', cron_timezone: 'America/New_York' });

  // Below Ultimate the security settings are unlicensed (403); the demo then leaves them out.
  const security = await alice.request('PUT', `/projects/${storefront}/security_settings`, { body: { secret_push_protection_enabled: true }, allowError: true });

  await alice.put(`/projects/${storefront}/error_tracking/settings`, { active: true, integrated: true });
  await alice.post(`/projects/${storefront}/error_tracking/client_keys`);
  await bob.put(`/projects/${gateway}/error_tracking/settings`, { active: false, integrated: true });

  log(
    `demo: notification choices for alice, bob, carol and dave; 3 freeze periods; ${security.status === 200 ? 'secret push protection on acme/web/storefront; ' : ''}error tracking with a client key on acme/web/storefront`,
  );
}
