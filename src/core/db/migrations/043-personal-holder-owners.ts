// The holder of a personal namespace holds Owner in its projects through the namespace, and is
// listed as a member through an Owner membership made with the project. A project moved into a
// personal namespace got no such membership, and the holder could put an expiry date on theirs,
// so in a state written before this version the holder of such a project is missing from (or
// expires out of, or is listed below Owner in) the member lists while the access check gives
// them Owner. Give every holder an unexpired Owner membership of the projects in their
// namespace, as a transfer and a creation now do (members/service.ts, ensureHolderOwner).
import type { Migration } from '../migrate.js';

export const personalHolderOwnersSchema: Migration = {
  version: 43,
  name: 'personal-holder-owners',
  get up() {
    return `
INSERT INTO members (source_type, source_id, user_id, access_level, created_by_id, created_at, updated_at)
  SELECT 'project', p.id, n.owner_id, 50, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM projects p JOIN namespaces n ON n.id = p.namespace_id
  WHERE n.kind = 'user' AND n.owner_id IS NOT NULL
  ON CONFLICT (source_type, source_id, user_id) DO UPDATE SET access_level = 50, expires_at = NULL, updated_at = excluded.updated_at
  WHERE members.access_level <> 50 OR members.expires_at IS NOT NULL;
`;
  },
};
