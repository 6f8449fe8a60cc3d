// Wiki pages live in a project's wiki (-R/--project) or a group's (-g/--group). A page is named
// by its slug (`dir/My-Page`), sent URL-encoded as one path segment. Page content comes from
// --content, --content-file (a path, or '-') or, when standard input is not a terminal, stdin.
import type { Command } from 'commander';
import type { Column } from '../../render/output.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { readPathOrStdin } from '../../kit/stdin.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';
import type { Cli } from '../../kit/verb.js';

export type WikiOpts = ProjectOrGroupOpts;

export const addWikiOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', "the project whose wiki (id or full path)").option('-g, --group <group>', "the group whose wiki (id or full path; paid tiers)");

/** `/projects/:id/wikis` or `/groups/:id/wikis`. */
export const wikisBase = (o: WikiOpts): string => `${projectOrGroup(o).base}/wikis`;

/** The hostctl extension listing a page's versions. */
export const versionsPath = (o: WikiOpts, slug: string): string => `/hostctl${projectOrGroup(o).base}/wiki_versions/${encodeURIComponent(slug)}`;

export function slugArg(slug: string | undefined): string {
  if (slug === undefined || slug.trim() === '') throw new UsageError('missing SLUG (the page slug, e.g. dir/My-Page)');
  return slug.replace(/^\/+/, '');
}

export const pagePath = (o: WikiOpts, slug: string): string => `${wikisBase(o)}/${encodeURIComponent(slug)}`;

export const WIKI_FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'];

export const PAGE_COLUMNS: Column[] = [{ key: 'slug' }, { key: 'title' }, { key: 'format' }];
export const PAGE_FIELDS = ['slug', 'title', 'format', 'content', 'encoding'];

export interface ContentOpts {
  content?: string;
  contentFile?: string;
}

export const addContentOptions = (cmd: Command): Command =>
  cmd.option('--content <text>', 'the page content').option('--content-file <file>', "the page content from a file ('-' reads standard input)");

/**
 * The content the flags name; with neither flag, standard input when it is not a terminal and
 * `fromStdin` allows it. Undefined when there is none.
 */
export async function readContent(cli: Cli, o: ContentOpts, fromStdin: boolean): Promise<string | undefined> {
  if (o.content !== undefined && o.contentFile !== undefined) throw new UsageError('--content and --content-file exclude each other');
  if (o.content !== undefined) return o.content;
  const file = o.contentFile ?? (fromStdin && !cli.term.stdinIsTTY ? '-' : undefined);
  if (file === undefined) return undefined;
  try {
    const text = (await readPathOrStdin(file)).toString('utf8');
    // An empty standard input nobody asked for (a closed pipe, /dev/null) is no content.
    return text === '' && o.contentFile === undefined ? undefined : text;
  } catch (error) {
    throw new CliError(`cannot read ${file === '-' ? 'standard input' : `--content-file ${file}`}: ${(error as Error).message}`, EXIT.failure);
  }
}
