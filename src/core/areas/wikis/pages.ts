// Wiki pages are files of the wiki repository whose extension names a markup format. A page's
// slug is its path without the extension; its title the slug's last part with `-` read as a
// space. A new title becomes a slug the way the platform derives one: trimmed, normalised as a
// path below the root (so `..` and leading `/` vanish, repeated `/` collapse), spaces to `-`.
import { validationError } from '../../http/errors.js';

export const WIKI_FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'] as const;
export type WikiFormat = (typeof WIKI_FORMATS)[number];

/** The extension a new page of each format gets. */
export const FORMAT_EXTENSION: Record<WikiFormat, string> = { markdown: 'md', rdoc: 'rdoc', asciidoc: 'asciidoc', org: 'org' };

/**
 * Every markup the platform recognises in a wiki repository, in its order (a file's format is the
 * first whose pattern occurs in its extension). Only the four above can be chosen for new pages;
 * files of the others are still listed and shown.
 */
const MARKUPS: readonly [string, RegExp][] = [
  ['markdown', /md|mkdn?|mdown|markdown/i],
  ['rdoc', /rdoc/i],
  ['asciidoc', /adoc|asciidoc/i],
  ['org', /org/i],
  ['textile', /textile/i],
  ['creole', /creole/i],
  ['rest', /re?st(\.txt)?/i],
  ['mediawiki', /(media)?wiki/i],
  ['pod', /pod/i],
  ['plaintext', /txt/i],
];

/** A page file: its name ends in one of the markups' extensions. */
const PAGE_FILE = new RegExp(`\\.(${MARKUPS.map(([, re]) => re.source).join('|')})$`, 'i');

export interface PageFile {
  /** Path of the file in the repository. */
  path: string;
  slug: string;
  /** One of the markups' names (`markdown`, `rdoc`, ..., `plaintext`). */
  format: string;
  sha: string;
}

/** The page a repository file is, or null for other files (attachments). */
export function pageOfFile(path: string, sha: string): PageFile | null {
  if (!PAGE_FILE.test(path)) return null;
  const dot = path.lastIndexOf('.');
  if (dot <= path.lastIndexOf('/') + 1) return null;
  const ext = path.slice(dot + 1).toLowerCase();
  const format = MARKUPS.find(([, re]) => re.test(ext))?.[0] ?? 'plaintext';
  return { path, slug: path.slice(0, dot), format, sha };
}

export const titleOfSlug = (slug: string): string => (slug.split('/').pop() ?? slug).replace(/-+/g, ' ');

const MAX_TITLE_BYTES = 245;
const MAX_DIRECTORY_BYTES = 255;

/** The slug a title makes, refusing what cannot be a file path in the repository. */
export function slugOfTitle(title: string): string {
  if (/[\u0000-\u001f\u007f]/.test(title)) throw validationError({ title: ['is invalid'] });
  const parts: string[] = [];
  for (const raw of title.trim().split('/')) {
    // Each component is squished: trimmed, inner runs of whitespace made one space.
    const part = raw.trim().replace(/\s+/g, ' ');
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part.replace(/ /g, '-'));
  }
  const clean = parts.filter((p) => p !== '');
  if (clean.length === 0) throw validationError({ title: ["can't be blank"] });
  if (clean.some((p) => p.toLowerCase() === '.git')) throw validationError({ title: ['is invalid'] });
  const name = clean[clean.length - 1] as string;
  if (Buffer.byteLength(name) > MAX_TITLE_BYTES) throw validationError({ title: [`exceeds the limit of ${MAX_TITLE_BYTES} bytes`] });
  if (clean.slice(0, -1).some((d) => Buffer.byteLength(d) > MAX_DIRECTORY_BYTES)) {
    throw validationError({ title: [`exceeds the limit of ${MAX_DIRECTORY_BYTES} bytes for directory names`] });
  }
  return clean.join('/');
}

/** A slug named in a request path: the same normalisation, so `dir/My Page` finds `dir/My-Page`. */
export function lookupSlug(raw: string): string | null {
  try {
    return slugOfTitle(raw);
  } catch {
    return null;
  }
}

/**
 * The title a page is renamed to, as the platform reads it: a bare name stays in the page's
 * directory, a leading `/` starts from the root, anything else is a path from the root.
 */
export function renameTitle(title: string, currentSlug: string): string {
  const t = title.trim();
  if (t.startsWith('/') || t.includes('/')) return t;
  const slash = currentSlug.lastIndexOf('/');
  return slash < 0 ? t : `${currentSlug.slice(0, slash)}/${t}`;
}
