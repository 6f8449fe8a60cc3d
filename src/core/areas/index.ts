// Every area's route table. The router, the API listing and the CLI help all read these.
import type { RouteDef } from '../http/route.js';
import { tokenRoutes } from './tokens/routes.js';
import { userRoutes } from './users/routes.js';

export const allRoutes: RouteDef[] = [...tokenRoutes, ...userRoutes];
