// Snippets are personal (`/snippets/:id`) or belong to a project (-R: `/projects/:id/snippets/:id`),
// named by id or by title (among the caller's own snippets, or the project's with -R).
// Files come from disk (`-` reads standard input and needs --filename); their path in the
// snippet is the local file's name.
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { Column } from '../../render/output.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { readPathOrStdin } from '../../kit/stdin.js';
import type { ApiClient } from '../../../client/client.js';
import { apiPath, idOrPath, resolveNamed } from '../../kit/refs.js';

export { repeat } from '../../kit/project-option.js';

export interface SnippetScopeOpts {
  project?: string;
}

export const addSnippetProjectOption = (cmd: Command): Command => cmd.option('-R, --project <project>', 'a project snippet of this project (id or full path); default: personal snippets');

/** `/snippets` or `/projects/:id/snippets`. */
export function snippetsBase(o: SnippetScopeOpts): string {
  return o.project === undefined ? '/snippets' : apiPath('/projects/:id/snippets', { id: idOrPath(o.project, '--project') });
}

/** A snippet's id from its id or its title. */
export const snippetId = (api: ApiClient, o: SnippetScopeOpts, value: string | undefined): Promise<number> =>
  resolveNamed<{ id: number; title: string }>(api, {
    what: 'snippet',
    arg: 'SNIPPET',
    forms: `an id or a title of ${o.project === undefined ? 'your snippets' : 'the project\'s snippets'}`,
    list: () => ({ path: snippetsBase(o) }),
    matches: (row, typed) => row.title.trim().toLowerCase() === typed.toLowerCase(),
    describe: (row) => `${row.id} ("${row.title}")`,
    listCommand: `hostctl snippets list${o.project === undefined ? '' : ` -R ${o.project}`}`,
  }, value);

export const snippetPath = (o: SnippetScopeOpts, id: number, rest = ''): string => `${snippetsBase(o)}/${id}${rest}`;

export const VISIBILITIES = ['private', 'internal', 'public'];

export const SNIPPET_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'title' },
  { key: 'visibility' },
  { key: 'author' },
  { key: 'files', get: (row) => (Array.isArray(row.files) ? row.files.map((f: { path: string }) => f.path).join(', ') : '') },
  { key: 'project_id', header: 'project' },
  { key: 'created_at', header: 'created' },
];

export const SNIPPET_DETAIL_COLUMNS: Column[] = [...SNIPPET_COLUMNS, { key: 'description' }, { key: 'web_url', header: 'url' }, { key: 'http_url_to_repo', header: 'repository' }];

export const SNIPPET_FIELDS = [
  'id', 'title', 'description', 'visibility', 'author', 'created_at', 'updated_at', 'project_id', 'web_url', 'raw_url',
  'ssh_url_to_repo', 'http_url_to_repo', 'file_name', 'files', 'imported', 'imported_from', 'expires_at', 'repository_storage',
];

export interface LocalFile {
  /** Path in the snippet. */
  path: string;
  content: string;
}

/** Reads a file named on the command line; `-` is standard input, named by --filename. */
export async function readLocalFile(local: string, filename: string | undefined, flag: string): Promise<LocalFile> {
  const fromStdin = local === '-';
  if (fromStdin && !filename) throw new UsageError(`${flag} - reads standard input and needs --filename NAME`);
  try {
    const content = (await readPathOrStdin(local)).toString('utf8');
    return { path: fromStdin ? (filename as string) : basename(local), content };
  } catch (error) {
    throw new CliError(`cannot read ${flag} ${local}: ${(error as Error).message}`, EXIT.failure);
  }
}
