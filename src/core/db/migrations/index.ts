// Every migration, in version order. Areas add theirs here with the next free version.
import type { Migration } from '../migrate.js';
import { coreSchema } from './001-core.js';
import { repositoriesSchema } from './002-repositories.js';
import { releasesSchema } from './003-releases.js';
import { projectListsSchema } from './004-project-lists.js';
import { tokenOrdersSchema } from './005-token-orders.js';
import { repositoryContainersSchema } from './006-repository-containers.js';
import { hardeningSchema } from './007-hardening.js';
import { tokenUpdatedOrderSchema } from './008-token-updated-order.js';
import { storageMovesSchema } from './010-storage-moves.js';
import { governanceSchema } from './011-governance.js';
import { settingsSchema } from './012-settings.js';
import { packagesSchema } from './013-packages.js';
import { listCountsSchema } from './015-list-counts.js';
import { areaListCountsSchema } from './016-area-list-counts.js';
import { moreListCountsSchema } from './017-more-list-counts.js';
import { protectedEnvironmentCountsSchema } from './018-protected-environment-counts.js';
import { auditEventsSchema } from './019-audit-events.js';
import { commitNotesStatusesSchema } from './022-commit-notes-statuses.js';
import { starsForksGroupLinksSchema } from './023-stars-forks-group-links.js';
import { scimOwnershipSchema } from './028-scim-ownership.js';
import { searchIndexesSchema } from './029-search-indexes.js';
import { coveringListIndexesSchema } from './030-covering-list-indexes.js';
import { userAvatarsSchema } from './034-user-avatars.js';
import { auditFilterIndexesSchema } from './035-audit-filter-indexes.js';
import { projectGroupLinksSchema } from './036-project-group-links.js';
import { auditOrdinalsSchema } from './037-audit-ordinals.js';
import { auditLighterWritesSchema } from './039-audit-lighter-writes.js';
import { auditSettledIndexesSchema } from './040-audit-settled-indexes.js';
import { packageBlobsSchema } from './041-package-blobs.js';
import { groupOrderVisibilitySchema } from './042-group-order-visibility.js';
import { personalHolderOwnersSchema } from './043-personal-holder-owners.js';
import { projectStarOrderSchema } from './044-project-star-order.js';
import { repositorySizesSchema } from './046-repository-sizes.js';
import { commitCountsSchema } from './047-commit-counts.js';
import { sizeRowsFollowContainersSchema } from './049-size-rows-follow-containers.js';
import { projectRouteSearchSchema } from './051-project-route-search.js';

export const migrations: Migration[] = [
  coreSchema,
  repositoriesSchema,
  releasesSchema,
  projectListsSchema,
  tokenOrdersSchema,
  repositoryContainersSchema,
  hardeningSchema,
  tokenUpdatedOrderSchema,
  storageMovesSchema,
  governanceSchema,
  settingsSchema,
  packagesSchema,
  listCountsSchema,
  areaListCountsSchema,
  moreListCountsSchema,
  protectedEnvironmentCountsSchema,
  auditEventsSchema,
  commitNotesStatusesSchema,
  starsForksGroupLinksSchema,
  scimOwnershipSchema,
  searchIndexesSchema,
  coveringListIndexesSchema,
  userAvatarsSchema,
  auditFilterIndexesSchema,
  projectGroupLinksSchema,
  auditOrdinalsSchema,
  auditLighterWritesSchema,
  auditSettledIndexesSchema,
  packageBlobsSchema,
  groupOrderVisibilitySchema,
  personalHolderOwnersSchema,
  projectStarOrderSchema,
  repositorySizesSchema,
  commitCountsSchema,
  sizeRowsFollowContainersSchema,
  projectRouteSearchSchema,
];
