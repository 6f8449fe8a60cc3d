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

/** Access levels as protection rules name them. */
export const RULE_LEVELS: Record<string, number> = { maintainer: 40, owner: 50, admin: 60 };
export const ruleLevelName = (level: number | null): string | null => (level === null ? null : (Object.keys(RULE_LEVELS).find((k) => RULE_LEVELS[k] === level) ?? null));
