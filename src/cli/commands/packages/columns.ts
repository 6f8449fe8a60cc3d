// Table columns and field names of packages, package files and protection rules.
import type { Column } from '../../render/output.js';

export const PACKAGE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'version' },
  { key: 'package_type', header: 'type' },
  { key: 'status' },
  { key: 'created_at', header: 'created' },
  { key: 'pipeline.id', header: 'pipeline' },
];

export const PACKAGE_GROUP_COLUMNS: Column[] = [...PACKAGE_COLUMNS, { key: 'project_path', header: 'project' }];

export const PACKAGE_DETAIL_COLUMNS: Column[] = [
  ...PACKAGE_COLUMNS,
  { key: 'last_downloaded_at', header: 'downloaded' },
  { key: 'tags', get: (row) => (Array.isArray(row.tags) ? row.tags.map((t: { name: string }) => t.name).join(', ') : '') },
  { key: 'versions', get: (row) => (Array.isArray(row.versions) ? row.versions.map((v: { version: string }) => v.version).join(', ') : '') },
  { key: '_links.web_path', header: 'web path' },
];

export const PACKAGE_FIELDS = [
  'id',
  'name',
  'conan_package_name',
  'version',
  'package_type',
  'status',
  '_links',
  'created_at',
  'last_downloaded_at',
  'project_id',
  'project_path',
  'tags',
  'pipeline',
  'pipelines',
  'versions',
];

export const FILE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'file_name', header: 'file' },
  { key: 'size', bytes: true },
  { key: 'file_sha256', header: 'sha256' },
  { key: 'created_at', header: 'created' },
];

export const FILE_FIELDS = ['id', 'package_id', 'created_at', 'file_name', 'size', 'file_md5', 'file_sha1', 'file_sha256', 'pipelines'];

export const RULE_COLUMNS: Column[] = [
  { key: 'id' },
  { key: 'package_name_pattern', header: 'pattern' },
  { key: 'package_type', header: 'type' },
  { key: 'minimum_access_level_for_push', header: 'push' },
  { key: 'minimum_access_level_for_delete', header: 'delete' },
];

export const RULE_FIELDS = ['id', 'project_id', 'package_name_pattern', 'package_type', 'minimum_access_level_for_delete', 'minimum_access_level_for_push'];

export const PACKAGE_TYPES = ['composer', 'conan', 'generic', 'golang', 'helm', 'maven', 'npm', 'nuget', 'pypi', 'terraform_module'];
export const PACKAGE_STATUSES = ['default', 'hidden', 'processing', 'error', 'pending_destruction', 'deprecated'];
