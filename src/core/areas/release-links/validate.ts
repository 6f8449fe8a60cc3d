// Validation of release asset links, with the platform's messages: URLs http/https/ftp only,
// names, URLs and direct asset paths unique within the release, and the direct asset path
// format (leading '/', ends with a letter or digit, at most 128 characters).
import type { LinkRow, LinkType } from '../releases/queries.js';

/** A direct asset path as stored: '/', then segments of [-.\w], ending alphanumeric. */
export const FILEPATH_RE = /^\/(?:[-.\w]+\/?)*[\da-zA-Z]+$/;
const FILEPATH_MAX = 128;
const URL_SCHEMES = ['http', 'https', 'ftp'];

export interface LinkDraft {
  name: string;
  url: string;
  filepath: string | null;
  link_type: LinkType;
}

function urlProblem(url: string): string | undefined {
  if (url.trim() === '') return "can't be blank";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is blocked: URI is invalid';
  }
  if (!URL_SCHEMES.includes(parsed.protocol.replace(/:$/, ''))) return `is blocked: Only allowed schemes are ${URL_SCHEMES.join(', ')}`;
  if (!parsed.hostname) return 'is blocked: URI is invalid';
  return undefined;
}

type Others = readonly Pick<LinkRow, 'name' | 'url' | 'filepath'>[];

/**
 * Full messages for a link saved beside `others` (the release's other links), in the order the
 * platform's validations run: url, name, then filepath.
 */
export function validateLink(draft: LinkDraft, others: Others = []): string[] {
  const out: string[] = [];
  const url = urlProblem(draft.url);
  if (url) out.push(`Url ${url}`);
  if (others.some((o) => o.url === draft.url)) out.push('Url has already been taken');
  if (draft.name.trim() === '') out.push("Name can't be blank");
  if (others.some((o) => o.name === draft.name)) out.push('Name has already been taken');
  if (draft.filepath !== null && draft.filepath !== '') {
    if (others.some((o) => o.filepath === draft.filepath)) out.push('Filepath has already been taken');
    if (!FILEPATH_RE.test(draft.filepath)) out.push('Filepath is invalid');
    if (draft.filepath.length > FILEPATH_MAX) out.push(`Filepath is too long (maximum is ${FILEPATH_MAX} characters)`);
  }
  return out;
}

/** Problems of the links created together with a release, including repeats among them. */
export function validateNewLinks(drafts: readonly LinkDraft[]): string[] {
  const out: string[] = [];
  for (const d of drafts) for (const p of validateLink(d)) out.push(`Links ${p.charAt(0).toLowerCase()}${p.slice(1)}`);
  const columns: (keyof Pick<LinkDraft, 'name' | 'url' | 'filepath'>)[] = ['name', 'url', 'filepath'];
  for (const column of columns) {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const d of drafts) {
      const value = d[column];
      if (value === null || value === '') continue;
      if (seen.has(value)) repeated.add(value);
      seen.add(value);
    }
    if (repeated.size > 0) out.push(`Links have duplicate values (${[...repeated].join(', ')})`);
  }
  return out;
}
