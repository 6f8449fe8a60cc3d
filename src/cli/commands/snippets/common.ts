// Snippets are personal (`/snippets/:id`) or belong to a project (-R: `/projects/:id/snippets/:id`),
// named by id or by title (the caller's own snippets, then every snippet the caller can see;
// the project's with -R).
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

type SnippetRef = { id: number; title: string; author?: { username?: string }; project_id?: number | null };

/** `12 ("notes" by alice)`, `15 ("notes" by bob, project 3)`. */
const describeSnippet = (row: SnippetRef): string =>
  `${row.id} ("${row.title}"${row.author?.username ? ` by ${row.author.username}` : ''}${row.project_id ? `, project ${row.project_id}` : ''})`;

/**
 * A snippet's id from its id or its title. A personal title is looked for among the caller's own
 * snippets first, then among every snippet the caller can see (`GET /snippets/all`; an
 * administrator sees everyone's), as `/snippets/:id` reads any snippet the caller may read: an
 * administrator names another user's snippet by its title as by its id. With -R, the project's
 * snippets are the list.
 */
export const snippetId = (api: ApiClient, o: SnippetScopeOpts, value: string | undefined, info?: (text: string) => void): Promise<number> =>
  resolveNamed<SnippetRef>(
    api,
    {
      what: 'snippet',
      arg: 'SNIPPET',
      forms: o.project === undefined ? 'an id or a title of your snippets, else of any snippet you can see' : "an id or a title of the project's snippets",
      list: () => ({ path: snippetsBase(o) }),
      ...(o.project === undefined
        ? { wider: { list: () => ({ path: '/snippets/all' }), note: (row: SnippetRef) => `none of your snippets is titled "${row.title}": using snippet ${describeSnippet(row)}` } }
        : {}),
      matches: (row, typed) => row.title.trim().toLowerCase() === typed.toLowerCase(),
      describe: describeSnippet,
      listCommand: `hostctl snippets list${o.project === undefined ? ' --scope all' : ` -R ${o.project}`}`,
    },
    value,
    info,
  );

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
