import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { requireChanges } from '../../kit/refs.js';
import { RELEASE_DETAIL_COLUMNS } from './columns.js';
import { readNotes, type NotesOpts } from './notes.js';
import { addProjectOption, parseTime, projectRef, releasePath, repeat, tagArg, type ProjectOpts } from './project.js';

interface UpdateOpts extends ProjectOpts, NotesOpts {
  name?: string;
  milestone?: string[];
  clearMilestones?: boolean;
  releasedAt?: string;
}

export const updateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<tag>',
  apiFields: { tag_name: 'tag', description: 'notes' },
  summary: "Change a release's name, notes, date or milestones (Developer)",
  aliases: ['edit'],
  examples: [
    'hostctl releases update v1.3.0 -R acme/web/storefront --name "Spring release"',
    'hostctl releases update v1.3.0 -R 5 --notes-file NOTES.md --milestone "Q1 launch" --milestone "Q2 launch"',
    'hostctl releases update v1.3.0 -R 5 --clear-milestones',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--name <name>', 'release name')
      .option('--notes <markdown>', 'release notes (Markdown)')
      .option('--notes-file <file>', "release notes from a file ('-' reads standard input)")
      .option('--milestone <title>', 'the milestones, replacing the current ones (repeatable)', repeat)
      .option('--clear-milestones', 'detach every milestone')
      .option('--released-at <time>', 'release date (ISO 8601)'),
  async run(cli, [tag], o) {
    if (o.milestone && o.clearMilestones) throw new UsageError('--milestone and --clear-milestones exclude each other');
    const body = requireChanges(
      {
        name: o.name,
        description: await readNotes(o),
        released_at: o.releasedAt !== undefined ? parseTime(o.releasedAt, '--released-at') : undefined,
        milestones: o.clearMilestones ? [] : o.milestone,
      },
      '--name, --notes, --notes-file, --released-at, --milestone, --clear-milestones',
    );
    const api = await cli.client();
    const { data } = await api.put<Record<string, unknown>>(releasePath(projectRef(o), tagArg(tag)), body);
    await cli.showItem(data, RELEASE_DETAIL_COLUMNS);
  },
};
