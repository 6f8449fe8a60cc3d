// Every area's route table. The router, the API listing and the CLI help all read these.
import type { RouteDef } from '../http/route.js';
import { tokenRoutes } from './tokens/routes.js';
import { userRoutes } from './users/routes.js';
import { groupRoutes } from './groups/routes.js';
import { projectRoutes } from './projects/routes.js';
import { memberRoutes } from './members/routes.js';
import { milestoneRoutes } from './milestones/routes.js';
import { releaseRoutes } from './releases/routes.js';
import { releaseLinkRoutes } from './release-links/routes.js';
import { archiveRoutes } from './archives/routes.js';
import { commitRoutes } from './commits/routes.js';
import { tagRoutes } from './tags/routes.js';
import { branchRoutes } from './branches/routes.js';
import { protectedBranchRoutes } from './protected-branches/routes.js';

export const allRoutes: RouteDef[] = [...tokenRoutes, ...userRoutes, ...groupRoutes, ...projectRoutes, ...memberRoutes,
  ...milestoneRoutes,
  ...releaseRoutes,
  ...releaseLinkRoutes,
  ...archiveRoutes,
  ...commitRoutes,
  ...tagRoutes,
  ...branchRoutes,
  ...protectedBranchRoutes,
];
