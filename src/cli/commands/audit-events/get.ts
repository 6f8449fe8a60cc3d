import { showVerb } from '../../kit/show-verb.js';
import { UsageError } from '../../kit/errors.js';
import { addProjectOption } from '../../kit/project-option.js';
import { EVENT_COLUMNS, eventsPath } from './shared.js';

interface GetOpts {
  project?: string;
  group?: string;
}

export const getVerb = showVerb<GetOpts>({
  name: 'get',
  args: '<id>',
  summary: 'Show one audit event (of the instance, or of a group or project)',
  aliases: ['view'],
  examples: ['hostctl audit-events get 42', 'hostctl audit-events get 42 --group acme -o json'],
  options: (cmd) => addProjectOption(cmd).option('-g, --group <group>', 'the group (id or full path)'),
  path: ([id], o) => {
    if (!/^\d+$/.test(String(id))) throw new UsageError(`the audit event id must be a number, got "${String(id)}"`);
    return `${eventsPath(o)}/${String(id)}`;
  },
  columns: EVENT_COLUMNS,
});
