// Table columns and field names of releases and their asset links.
import type { Column } from '../../render/output.js';

export const RELEASE_COLUMNS: Column[] = [
  { key: 'tag_name', header: 'tag' },
  { key: 'name' },
  { key: 'released_at', header: 'released' },
  { key: 'upcoming_release', header: 'upcoming' },
  { key: 'author' },
  // The platform's count includes the automatic source archives; people count what was attached.
  { key: 'assets.links', header: 'assets', get: (row) => (Array.isArray((row.assets as { links?: unknown[] } | undefined)?.links) ? ((row.assets as { links: unknown[] }).links.length) : 0) },
];

export const RELEASE_DETAIL_COLUMNS: Column[] = [
  ...RELEASE_COLUMNS,
  { key: 'commit.short_id', header: 'commit' },
  { key: 'milestones', get: (row) => (Array.isArray(row.milestones) ? row.milestones.map((m: { title: string }) => m.title).join(', ') : '') },
  { key: 'evidences', get: (row) => (Array.isArray(row.evidences) ? row.evidences.length : 0) },
  { key: 'created_at', header: 'created' },
  { key: '_links.self', header: 'url' },
];

export const RELEASE_FIELDS = [
  'name',
  'tag_name',
  'description',
  'created_at',
  'released_at',
  'upcoming_release',
  'description_html',
  'author',
  'commit',
  'milestones',
  'commit_path',
  'tag_path',
  'evidence_sha',
  'assets',
  'evidences',
  '_links',
] as const;

export const LINK_COLUMNS: Column[] = [{ key: 'id' }, { key: 'name' }, { key: 'link_type', header: 'type' }, { key: 'url' }, { key: 'direct_asset_url', header: 'direct url' }];

export const LINK_FIELDS = ['id', 'name', 'url', 'direct_asset_url', 'link_type'] as const;

export const LINK_TYPES = ['other', 'runbook', 'image', 'package'] as const;
