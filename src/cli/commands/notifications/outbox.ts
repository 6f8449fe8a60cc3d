import { CliOption } from '../../kit/cli-command.js';
import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, idOrPath, resolveUserId } from '../../kit/refs.js';

interface OutboxOpts {
  project?: string;
  user?: string;
  event?: string;
}

export const outboxVerb: VerbSpec<OutboxOpts> = {
  name: 'outbox',
  summary: 'Who would have been notified of new releases and project moves, per the settings (yours; administrators see everyone)',
  list: true,
  examples: ['hostctl notifications outbox', 'hostctl notifications outbox -R acme/web/storefront --event new_release', 'hostctl notifications outbox --user alice --all -o json'],
  options: (cmd) =>
    cmd
      .option('-R, --project <project>', 'only this project (id or full path)')
      .option('--user <user>', 'only this recipient (id or username; administrators)')
      .addOption(new CliOption('--event <event>', 'only this event').choices(['new_release', 'moved_project'])),
  async run(cli, _args, o) {
    const api = await cli.client();
    const query: Record<string, unknown> = {};
    if (o.event) query.event = o.event;
    if (o.user !== undefined) query.user_id = await resolveUserId(api, o.user);
    if (o.project !== undefined) {
      const ref = idOrPath(o.project, '--project');
      query.project_id = typeof ref === 'number' ? ref : (await api.get<{ id: number }>(apiPath('/projects/:id', { id: ref }))).data.id;
    }
    await cli.showPages(
      '/hostctl/notifications/outbox',
      query,
      [{ key: 'created_at', header: 'when' }, { key: 'event' }, { key: 'username', header: 'recipient' }, { key: 'notification_email', header: 'email' }, { key: 'project_path', header: 'project' }, { key: 'subject' }, { key: 'actor_username', header: 'by' }],
      ['id', 'event', 'user_id', 'username', 'notification_email', 'project_id', 'project_path', 'actor_id', 'actor_username', 'subject', 'created_at'],
    );
  },
};
