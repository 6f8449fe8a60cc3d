// Parsing raw git objects (as `cat-file --batch` prints them) into plain records: commits with
// their identities and message, annotated tags. Dates keep the offset they were written with,
// in the platform's format (`2026-01-15T10:00:00.000+00:00`).

export interface Ident {
  name: string;
  email: string;
  /** ISO 8601 with milliseconds and the original UTC offset. */
  date: string;
  /** Seconds since the epoch (for sorting and filters). */
  epoch: number;
}

export interface CommitObject {
  id: string;
  tree: string;
  parentIds: string[];
  author: Ident;
  committer: Ident;
  message: string;
}

export interface TagObject {
  id: string;
  object: string;
  type: string;
  tag: string;
  tagger: Ident | null;
  message: string;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `1768471200 +0200` → `2026-01-15T12:00:00.000+02:00`. */
export function formatGitDate(epoch: number, offset: string): string {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(offset) ?? ['', '+', '00', '00'];
  const sign = m[1] === '-' ? -1 : 1;
  const minutes = sign * (Number(m[2]) * 60 + Number(m[3]));
  const d = new Date((epoch + minutes * 60) * 1000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.000`;
  return `${date}T${time}${m[1]}${m[2]}:${m[3]}`;
}

/** `Name <email> 1768471200 +0000` */
export function parseIdent(text: string): Ident {
  const m = /^(.*?) ?<([^>]*)> (\d+) ([+-]\d{4})$/.exec(text);
  if (!m) return { name: text, email: '', date: formatGitDate(0, '+0000'), epoch: 0 };
  const epoch = Number(m[3]);
  return { name: m[1] as string, email: m[2] as string, date: formatGitDate(epoch, m[4] as string), epoch };
}

/** Splits a raw object into header fields (continuation lines joined) and the message. */
function splitObject(raw: string): { headers: [string, string][]; message: string } {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const message = end === -1 ? '' : raw.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith(' ') && headers.length > 0) {
      const last = headers[headers.length - 1] as [string, string];
      last[1] += `\n${line.slice(1)}`;
      continue;
    }
    const space = line.indexOf(' ');
    headers.push(space === -1 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)]);
  }
  return { headers, message };
}

export function parseCommit(id: string, raw: string): CommitObject {
  const { headers, message } = splitObject(raw);
  const get = (key: string) => headers.find(([k]) => k === key)?.[1] ?? '';
  return {
    id,
    tree: get('tree'),
    parentIds: headers.filter(([k]) => k === 'parent').map(([, v]) => v),
    author: parseIdent(get('author')),
    committer: parseIdent(get('committer')),
    message,
  };
}

export function parseTag(id: string, raw: string): TagObject {
  const { headers, message } = splitObject(raw);
  const get = (key: string) => headers.find(([k]) => k === key)?.[1];
  const tagger = get('tagger');
  // A signature block, if any, is not part of the message the platform shows.
  const sig = message.search(/^-----BEGIN (?:PGP|SSH) SIGNATURE-----$/m);
  return {
    id,
    object: get('object') ?? '',
    type: get('type') ?? '',
    tag: get('tag') ?? '',
    tagger: tagger ? parseIdent(tagger) : null,
    message: sig === -1 ? message : message.slice(0, sig),
  };
}

/** First line of the message, or the platform's placeholder for an empty one. */
export function commitTitle(message: string): string {
  if (message.trim() === '') return 'No commit message';
  return message.split(/[\r\n]/, 1)[0] as string;
}

const TRAILER_RE = /^([A-Za-z0-9][A-Za-z0-9-]*)\s*:\s*(.*)$/;
const GIT_GENERATED = ['Signed-off-by: ', '(cherry picked from commit '];

export interface Trailers {
  /** Last value per key. */
  single: Record<string, string>;
  /** Every value per key, in order. */
  all: Record<string, string[]>;
}

/**
 * Trailers of a commit message, as git finds them: the last paragraph (never the title) when
 * every line of it is a `Key: value` trailer (continuation lines indented), or when at least a
 * quarter are and one of them is a git-generated one such as Signed-off-by.
 */
export function parseTrailers(message: string): Trailers {
  const empty: Trailers = { single: {}, all: {} };
  const body = message.replace(/\s+$/, '');
  const paragraphs = body.split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return empty;
  const block = (paragraphs[paragraphs.length - 1] as string).split('\n');
  const entries: [string, string][] = [];
  let trailerLines = 0;
  let otherLines = 0;
  let generated = false;
  for (const line of block) {
    if (/^[ \t]/.test(line) && entries.length > 0) {
      const last = entries[entries.length - 1] as [string, string];
      last[1] = `${last[1]} ${line.trim()}`.trim();
      continue;
    }
    const m = TRAILER_RE.exec(line);
    if (m) {
      trailerLines++;
      entries.push([m[1] as string, (m[2] as string).trim()]);
      if (GIT_GENERATED.some((g) => line.startsWith(g))) generated = true;
    } else {
      if (GIT_GENERATED.some((g) => line.startsWith(g))) generated = true;
      otherLines++;
    }
  }
  if (trailerLines === 0) return empty;
  if (otherLines > 0 && !(generated && trailerLines * 4 >= trailerLines + otherLines)) return empty;
  const out: Trailers = { single: {}, all: {} };
  for (const [key, value] of entries) {
    out.single[key] = value;
    (out.all[key] ??= []).push(value);
  }
  return out;
}
