// Row shapes of the core tables, as better-sqlite3 returns them (booleans are 0/1).

export interface UserRow {
  id: number;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  name: string;
  state: string;
  is_admin: number;
  external: number;
  bot: number;
  password_digest: string | null;
  bio: string;
  location: string;
  public_email: string | null;
  linkedin: string;
  twitter: string;
  website_url: string;
  organization: string;
  job_title: string;
  pronouns: string | null;
  note: string | null;
  projects_limit: number;
  can_create_group: number;
  private_profile: number;
  two_factor_enabled: number;
  theme_id: number;
  color_scheme_id: number;
  commit_email: string | null;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  current_sign_in_at: string | null;
  last_activity_on: string | null;
  /** The stored avatar's file name (its bytes are in user_avatars), or null. */
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

export interface NamespaceRow {
  id: number;
  kind: 'user' | 'group';
  name: string;
  path: string;
  full_path: string;
  full_path_lower: string;
  full_name: string;
  parent_id: number | null;
  owner_id: number | null;
  visibility: Visibility;
  description: string;
  organization_id: number;
  /** Where a group's wiki repository lives (unused for user namespaces). */
  repository_storage: string;
  repository_read_only: number;
  created_at: string;
  updated_at: string;
}

export interface SnippetRow {
  id: number;
  project_id: number | null;
  author_id: number;
  title: string;
  description: string | null;
  visibility: Visibility;
  repository_storage: string;
  repository_read_only: number;
  imported: number;
  imported_from: string;
  expires_at: string | null;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  updated_at: string;
}

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface ProjectRow {
  id: number;
  namespace_id: number;
  name: string;
  path: string;
  path_lower: string;
  description: string;
  visibility: Visibility;
  default_branch: string;
  repository_storage: string;
  repository_read_only: number;
  archived: number;
  creator_id: number | null;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  star_count: number;
  forks_count: number;
  forked_from_project_id: number | null;
}

export interface MemberRow {
  id: number;
  source_type: 'project' | 'namespace';
  source_id: number;
  user_id: number;
  access_level: number;
  expires_at: string | null;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface TokenRow {
  id: number;
  user_id: number;
  name: string;
  description: string | null;
  token_digest: string;
  scopes: string;
  revoked: number;
  impersonation: number;
  expires_at: string | null;
  last_used_at: string | null;
  previous_personal_access_token_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PackageRow {
  id: number;
  project_id: number;
  name: string;
  version: string | null;
  package_type: string;
  type_rank: number;
  status: string;
  conan_package_name: string | null;
  last_downloaded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PackageFileRow {
  id: number;
  package_id: number;
  file_name: string;
  size: number;
  file_md5: string;
  file_sha1: string;
  file_sha256: string;
  pipeline_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PipelineRow {
  id: number;
  iid: number;
  project_id: number;
  sha: string;
  ref: string;
  status: string;
  source: string;
  user_id: number | null;
  job_token_digest: string | null;
  created_at: string;
  updated_at: string;
}

export interface PackageProtectionRuleRow {
  id: number;
  project_id: number;
  package_name_pattern: string;
  package_type: string;
  minimum_access_level_for_push: number | null;
  minimum_access_level_for_delete: number | null;
  created_at: string;
  updated_at: string;
}
