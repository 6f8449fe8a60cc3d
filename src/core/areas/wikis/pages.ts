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
 * The extensions of each documented format. A page's `format` is one of the four the
 * specification lists, so only files with these extensions are pages; files of the other
 * markups the platform also reads (textile, rst, plain text, ...) are plain repository files here.
 */
const FORMAT_FILES: readonly [WikiFormat, RegExp][] = [
  ['markdown', /^(md|mkdn?|mdown|markdown)$/i],
  ['rdoc', /^rdoc$/i],
  ['asciidoc', /^(adoc|asciidoc)$/i],
  ['org', /^org$/i],
];

/** Attachments are uploaded here; files below it are never pages. */
export const UPLOADS_DIR = 'uploads';

export interface PageFile {
  /** Path of the file in the repository. */
  path: string;
  slug: string;
  format: WikiFormat;
  sha: string;
}

/** The page a repository file is, or null for other files (attachments, other markups). */
export function pageOfFile(path: string, sha: string): PageFile | null {
  if (path.startsWith(`${UPLOADS_DIR}/`)) return null;
  const dot = path.lastIndexOf('.');
  if (dot <= path.lastIndexOf('/') + 1) return null;
  const format = FORMAT_FILES.find(([, re]) => re.test(path.slice(dot + 1)))?.[0];
  return format ? { path, slug: path.slice(0, dot), format, sha } : null;
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
  // The uploads folder holds attachments, which are not pages: a page there could not be read back.
  if (clean.length > 1 && clean[0] === UPLOADS_DIR) throw validationError({ title: ['cannot name a page in the uploads folder, which holds attachments'] });
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
