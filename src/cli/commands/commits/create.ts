import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { defined } from '../../kit/refs.js';
import { addProjectOption, projectRef, repeat, repoPath, type ProjectOpts } from '../branches/project.js';
import { COMMIT_DETAIL_COLUMNS } from './columns.js';
import { addAction, existingFiles, parseAdd } from './files.js';

interface CreateOpts extends ProjectOpts {
  branch?: string;
  message?: string;
  startBranch?: string;
  startSha?: string;
  add?: string[];
  delete?: string[];
  authorName?: string;
  authorEmail?: string;
  force?: boolean;
}

export const createVerb: VerbSpec<CreateOpts> = {
  name: 'create',
  bulk: true,
  summary: 'Commit files from disk to a branch as one commit (Developer)',
  examples: [
    'hostctl commits create -R acme/web/storefront --branch main --message "Update docs" --add README.md --add docs/guide.md',
    'hostctl commits create -R 5 --branch feature/login --start-branch main --message "Start login" --add ./login.ts=src/login.ts',
    'hostctl commits create -R 5 --branch main --message "Remove old config" --delete config/old.yml',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--branch <branch>', 'branch to commit to (required)')
      .option('-m, --message <text>', 'commit message (required)')
      .option('--add <file[=repo/path]>', 'add or replace a file from disk, optionally at another repository path (repeatable)', repeat)
      .option('--delete <repo/path>', 'delete a file of the repository (repeatable)', repeat)
      .option('--start-branch <branch>', 'create --branch from this branch')
      .option('--start-sha <sha>', 'create --branch from this commit')
      .option('--author-name <name>', 'author name (default: you)')
      .option('--author-email <email>', 'author email (default: yours)')
      .option('--force', 'with --start-branch/--start-sha, overwrite --branch if it exists'),
  async run(cli, _args, o) {
    if (!o.branch) throw new UsageError('missing --branch (the branch to commit to)');
    if (o.message === undefined) throw new UsageError('missing --message');
    if (o.startBranch !== undefined && o.startSha !== undefined) throw new UsageError('--start-branch and --start-sha exclude each other');
    const adds = (o.add ?? []).map(parseAdd);
    const deletes = (o.delete ?? []).map((p) => p.replace(/^\/+/, ''));
    if (adds.length === 0 && deletes.length === 0) throw new UsageError('nothing to commit: give --add FILE or --delete PATH');
    const project = projectRef(o);
    const api = await cli.client();
    const existing = adds.length > 0 ? await existingFiles(api, project, o.startSha ?? o.startBranch ?? o.branch, adds.map((a) => a.target)) : new Set<string>();
    const actions = [...adds.map((a) => addAction(a, existing.has(a.target))), ...deletes.map((p) => ({ action: 'delete', file_path: p }))];
    const { data } = await api.post<Record<string, unknown>>(
      repoPath(project, '/commits'),
      defined({
        branch: o.branch,
        commit_message: o.message,
        actions,
        start_branch: o.startBranch,
        start_sha: o.startSha,
        author_name: o.authorName,
        author_email: o.authorEmail,
        force: o.force || undefined,
      }),
    );
    await cli.showItem(data, COMMIT_DETAIL_COLUMNS);
  },
};
