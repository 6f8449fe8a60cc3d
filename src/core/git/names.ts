// Validation of everything a caller names inside a repository: branch and tag names (git's
// check-ref-format rules plus the platform's extra refusals), revisions, and file paths. Every
// name is checked here before it reaches a git command, so no input can point outside the
// repository or be read by git as an option.

/** 40 (SHA-1) or 64 (SHA-256) hex digits. */
export const FULL_SHA_RE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
export const ZERO_SHA = '0000000000000000000000000000000000000000';

const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f~^:?*[\\]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * git check-ref-format rules for `refs/heads/<name>`: no control characters, spaces or any of
 * `~^:?*[\`; no `..` or `@{`; no component that starts with `.` or ends with `.lock`; no empty
 * components; not ending in `.` or `/`.
 */
export function isValidRefComponentPath(name: string): boolean {
  if (name === '') return false;
  if (name.length > 1024 || LONE_SURROGATE.test(name)) return false;
  if (FORBIDDEN_CHARS.test(name)) return false;
  if (name.includes('..') || name.includes('@{')) return false;
  if (name.endsWith('.') || name.endsWith('/') || name.startsWith('/')) return false;
  for (const part of name.split('/')) {
    if (part === '' || part.startsWith('.') || part.endsWith('.lock')) return false;
  }
  return true;
}

const EXPANDED_PREFIXES = ['refs/heads/', 'refs/tags/', 'refs/remotes/'];

/**
 * The platform's ref-name check for new branches and tags: git's rules, and additionally no
 * leading `-` (it would read as an option), no fully-qualified `refs/heads/…` names, not `HEAD`.
 */
export function isValidRefName(name: string): boolean {
  if (typeof name !== 'string' || name.startsWith('-') || name === 'HEAD') return false;
  if (EXPANDED_PREFIXES.some((p) => name.startsWith(p))) return false;
  return isValidRefComponentPath(name);
}

/** Branch names that look like object ids are refused by the platform's push checks. */
export const isHexBranchName = (name: string): boolean => /^[0-9a-fA-F]{40}(?:-\/|\/|$)/.test(name);

/**
 * A revision a caller may pass where a branch, tag or commit is expected (`ref`, `sha`,
 * `ref_name`, `start_sha`): a ref name, an abbreviated or full object id, optionally followed
 * by `~N` / `^N` steps. Anything else (options, `:path` lookups, reflog syntax) is refused.
 */
export function isSafeRevision(rev: string): boolean {
  if (typeof rev !== 'string' || rev === '' || rev.length > 1024) return false;
  if (rev.startsWith('-')) return false;
  const m = /^(.*?)((?:[~^]\d*)*)$/.exec(rev);
  const base = m?.[1] ?? '';
  if (base === 'HEAD') return true;
  if (/^[0-9a-fA-F]{4,64}$/.test(base)) return true;
  return isValidRefComponentPath(base);
}

/** `a..b` and `a...b` ranges of safe revisions, or one safe revision. */
export function isSafeRevisionRange(spec: string): boolean {
  const m = /^(.+?)(\.\.\.?)(.+)$/.exec(spec);
  if (!m) return isSafeRevision(spec);
  return isSafeRevision(m[1] as string) && isSafeRevision(m[3] as string);
}

export type PathProblem = 'empty' | 'traversal' | 'invalid';

/** Characters HFS+ ignores in names (git's is_hfs_dotgit list): `.g\u200cit` is `.git` there. */
const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * A path component some filesystem would open as `.git` (git's fsck rules, is_hfs_dotgit and
 * is_ntfs_dotgit): any case, with HFS-ignorable characters, with NTFS's dropped trailing dots
 * and spaces, an alternate data stream suffix (`.git::$INDEX_ALLOCATION`), a backslash
 * separator, or the 8.3 short name `git~1`.
 */
export function isDotGitAlias(part: string): boolean {
  if (part.replace(HFS_IGNORABLE, '').toLowerCase() === '.git') return true;
  for (const piece of part.split('\\')) {
    const name = (piece.split(':')[0] ?? '').replace(HFS_IGNORABLE, '').replace(/[. ]+$/, '').toLowerCase();
    if (name === '.git' || name === 'git~1') return true;
  }
  return false;
}

/**
 * Checks a file path inside a repository tree (after the platform strips one leading `/`):
 * no `..` components, no absolute paths, no component that aliases `.git` on any filesystem,
 * no empty components, no NUL or other control characters.
 */
export function checkFilePath(path: string): PathProblem | null {
  if (path === '') return 'empty';
  const parts = path.split('/');
  // A `..` component with either separator is a traversal, as the platform's path check says (it
  // also splits on the backslash, a separator on some systems): a backslash-separated `..` too.
  if (path.split(/[/\\]/).includes('..')) return 'traversal';
  if (path.startsWith('/') || LONE_SURROGATE.test(path) || /[\u0000-\u001f\u007f]/.test(path)) return 'invalid';
  for (const part of parts) {
    if (part === '' || part === '.' || isDotGitAlias(part)) return 'invalid';
  }
  return null;
}
