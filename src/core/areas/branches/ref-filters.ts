// Filters and orders of branch and tag lists, and the precondition of deleting either. `search` is case-insensitive: a plain term matches anywhere
// (an exact match comes first), while a term with `^`, `$` or `*` is a small pattern (`^` anchors
// the start, `$` the end, `*` is any run of characters). `regex` is a full RE2 expression,
// matched with an RE2 engine so that an expression from a caller cannot run away.
import type { RequestContext } from '../../http/context.js';
import { preconditionFailed, paramError } from '../../http/errors.js';
import type { GitRepository } from '../../git/repository.js';

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function isPatternSearch(term: string): boolean {
  return /[\^$*]/.test(term);
}

/** Whether a ref name matches `search` (a plain term, or a small pattern). */
export function searchMatcher(term: string): (name: string) => boolean {
  let source = escapeRegex(term.toLowerCase());
  if (isPatternSearch(term)) source = source.replace('\\^', '^').replace(/\\\*/g, '.*?').replace('\\$', '$');
  const re = new RegExp(source, 's');
  return (name) => re.test(name.toLowerCase());
}

export function filterBySearch<T extends { name: string }>(refs: readonly T[], term: string | undefined): readonly T[] {
  if (!term) return refs;
  const lower = term.toLowerCase();
  const matches = searchMatcher(term);
  const found = refs.filter((r) => matches(r.name));
  if (isPatternSearch(term)) return found;
  const exact = found.findIndex((r) => r.name.toLowerCase() === lower);
  if (exact > 0) found.unshift(...found.splice(exact, 1));
  return found;
}

export async function filterByRegex<T extends { name: string }>(refs: readonly T[], expression: string | undefined): Promise<readonly T[]> {
  if (!expression) return refs;
  const { RE2JS } = await import('re2js');
  let pattern: InstanceType<typeof RE2JS>;
  try {
    pattern = RE2JS.compile(expression);
  } catch {
    throw paramError('regex is invalid');
  }
  return refs.filter((r) => pattern.matcher(r.name).find());
}

/**
 * Version order for tag names (`v1.10` after `v1.9`): runs of digits compare as numbers,
 * everything else as text.
 */
export function compareVersions(a: string, b: string): number {
  const split = (s: string) => s.match(/\d+|\D+/g) ?? [];
  const pa = split(a);
  const pb = split(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
    } else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Name order of refs: by bytes, as git sorts them. */
export const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * `If-Unmodified-Since` older than the author date of the ref's commit refuses its deletion
 * (412). The commit is read only when the header holds a valid date.
 */
export async function checkUnmodifiedSince(ctx: RequestContext, repo: GitRepository, commitId: string | null): Promise<void> {
  const header = ctx.headers['if-unmodified-since'];
  if (!header || !commitId) return;
  const since = new Date(header);
  if (Number.isNaN(since.getTime())) return;
  const commit = await repo.commit(commitId);
  if (commit && new Date(commit.author.date).getTime() > since.getTime()) throw preconditionFailed();
}
