import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, defined } from '../../kit/refs.js';
import { UsageError } from '../../kit/errors.js';
import { RELEASE_DETAIL_COLUMNS } from './columns.js';
import { parseLinkSpec } from './link-spec.js';
import { readNotes, type NotesOpts } from './notes.js';
import { addProjectOption, parseTime, projectRef, releasesPath, repeat, tagArg, type ProjectOpts } from './project.js';

interface CreateOpts extends ProjectOpts, NotesOpts {
  tag?: string;
  ref?: string;
  tagMessage?: string;
  name?: string;
  milestone?: string[];
  link?: string[];
  releasedAt?: string;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  // The last-words rule would take tag_name for --name.
  apiFields: { tag_name: 'tag', description: 'notes' },
  summary: 'Create a release (Developer); with --ref the tag is created when it does not exist yet',
  examples: [
    'hostctl releases create -R acme/web/storefront --tag v1.3.0 --ref main --notes "Faster checkout"',
    'hostctl releases create -R acme/web/storefront --tag v1.3.0 --notes-file CHANGELOG.md --milestone "Q1 launch"',
    'hostctl releases create -R 5 --tag v2.0.0 --ref main --tag-message "Version 2" --link name=linux,url=https://cdn.example.com/app-linux,type=package,path=/bin/app-linux',
    'hostctl releases create -R 5 --tag v2.1.0 --ref main --released-at 2026-06-01T00:00:00Z   # an upcoming release',
    'git log --oneline v1.2.0..v1.3.0 | hostctl releases create -R 5 --tag v1.3.0 --notes-file -',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--tag <tag>', 'the tag the release is made from (required)')
      .option('--ref <ref>', 'branch, tag or commit to create the tag from when it does not exist')
      .option('--tag-message <text>', 'makes the new tag an annotated one with this message')
      .option('--name <name>', 'release name (default: the tag)')
      .option('--notes <markdown>', 'release notes (Markdown)')
      .option('--notes-file <file>', "release notes from a file ('-' reads standard input)")
      .option('--milestone <title>', 'attach this milestone (repeatable)', repeat)
      .option('--link <spec>', 'asset link name=...,url=...[,type=other|runbook|image|package][,path=/direct/asset/path] (repeatable)', repeat)
      .option('--released-at <time>', 'release date (ISO 8601); in the future makes an upcoming release, in the past a historical one'),
  // Asked for on a terminal: an existing tag without a release, or a new one (made from --ref).
  promptValues: {
    '--tag': {
      allowNew: true,
      exclude: async (api, o) => {
        const res = await api.request<{ tag_name?: string }[]>('GET', releasesPath(projectRef(o)), { query: { per_page: 100 }, allowError: true });
        return res.status === 200 && Array.isArray(res.data) ? res.data.map((r) => String(r.tag_name)) : [];
      },
    },
  },
  async run(cli, _args, o) {
    const tag = tagArg(o.tag, '--tag');
    const links = (o.link ?? []).map((spec) => parseLinkSpec(spec));
    const releasedAt = o.releasedAt !== undefined ? parseTime(o.releasedAt, '--released-at') : undefined;
    const project = projectRef(o);
    const body = defined({
      tag_name: tag,
      ref: o.ref,
      tag_message: o.tagMessage,
      name: o.name,
      description: await readNotes(o),
      milestones: o.milestone,
      released_at: releasedAt,
      ...(links.length > 0 ? { assets: { links } } : {}),
    });
    const api = await cli.client();
    if (o.ref === undefined && cli.term.canPrompt && !cli.globals.dryRun) {
      // A new tag (typed at the prompt, say) is made from --ref: on a terminal it is asked for
      // here rather than refused by the server after the other answers.
      const existing = await api.request('GET', apiPath('/projects/:id/repository/tags/:tag', { id: project, tag }), { allowError: true });
      if (existing.status === 404) throw new UsageError(`missing --ref: tag ${tag} does not exist yet; give the branch, tag or commit to make it from`);
    }
    const { data } = await api.post<Record<string, unknown>>(releasesPath(project), body);
    await cli.showItem(data, RELEASE_DETAIL_COLUMNS);
  },
};
