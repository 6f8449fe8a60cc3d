// Package types with the platform's stored type numbers (order_by=type sorts by them), the
// statuses, and the name rules of generic packages.

export const PACKAGE_TYPE_RANKS = {
  maven: 1,
  npm: 2,
  conan: 3,
  nuget: 4,
  pypi: 5,
  composer: 6,
  generic: 7,
  golang: 8,
  helm: 11,
  terraform_module: 12,
} as const;

export type PackageType = keyof typeof PACKAGE_TYPE_RANKS;
export const PACKAGE_TYPES = Object.keys(PACKAGE_TYPE_RANKS).sort() as PackageType[];

export const PACKAGE_STATUSES = ['default', 'hidden', 'processing', 'error', 'pending_destruction', 'deprecated'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** What lists show when no status is asked for. */
export const LISTED_STATUSES: readonly PackageStatus[] = ['default', 'deprecated', 'error'];
/** What a single-package read (and the routes below it) finds. */
export const DETAILED_STATUSES: readonly PackageStatus[] = ['default', 'deprecated'];

// Generic package names and file names: letters, digits and `. _ + ~ @ -`, never `..`.
const NAME_RE = /^[A-Za-z0-9._+~@-]+$/;
const VERSION_RE = /^[A-Za-z0-9_][A-Za-z0-9_+.-]*$/;

export const isGenericName = (name: string): boolean => NAME_RE.test(name) && !name.includes('..') && name.length <= 255;

export const isGenericVersion = (version: string): boolean => VERSION_RE.test(version) && !version.includes('..') && version.length <= 255;

/**
 * A file path below the version: segments of generic-name characters joined by `/`, none
 * starting with `~` or `@` (the platform's file name rule).
 */
export const isGenericFilePath = (path: string): boolean => path.split('/').every((segment) => isGenericName(segment) && !/^[~@]/.test(segment));

/**
 * The file name the platform stores for an upload to `…/:version/path/to/file.txt`: the path and
 * the name joined by `/` and URL-encoded as one component (Ruby's `URI.encode_uri_component`, which
 * keeps only letters, digits and `*-._`), so `path%2Fto%2Ffile.txt`. A name without a path is
 * stored as it is. A download by the same URL finds the row by this name.
 */
export function storedGenericFileName(filePath: string): string {
  if (!filePath.includes('/')) return filePath;
  return encodeURIComponent(filePath).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * What versions before this rule stored for a file with a path (only its slashes encoded): a
 * download still finds files those versions wrote with `+`, `~` or `@` in a pathed name.
 */
export const legacyGenericFileName = (filePath: string): string => filePath.split('/').join('%2F');

/**
 * Whether the file name as sent (the request path's last segment, still percent-encoded) holds an
 * encoded slash. The platform routes `…/:version/(*path/):file_name` on the raw path and checks
 * the decoded file name against a rule without `/`, so `checksums%2FSHA256SUMS` is refused with
 * 400 "file_name is invalid", while `checksums/SHA256SUMS` (a path and a name) is accepted.
 */
export const fileNameHasEncodedSlash = (requestPath: string): boolean => /%2f/i.test((requestPath.split('?')[0] as string).split('/').pop() ?? '');

/** Access levels as protection rules name them. */
export const RULE_LEVELS: Record<string, number> = { maintainer: 40, owner: 50, admin: 60 };
export const ruleLevelName = (level: number | null): string | null => (level === null ? null : (Object.keys(RULE_LEVELS).find((k) => RULE_LEVELS[k] === level) ?? null));
