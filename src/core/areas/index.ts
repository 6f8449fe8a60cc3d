// Every area's route table, loaded only when a request reaches that area. The router matches
// against the generated manifest (method, path, area) and then loads the one area it needs, so
// a command touching tokens never loads git, releases or Markdown code.
import type { RouteDef } from '../http/route.js';

export const AREAS = {
  tokens: () => import('./tokens/routes.js').then((m) => m.tokenRoutes),
  // Project and group access tokens make bot users and memberships: their code stays out of a
  // personal token request.
  'resource-tokens': () => import('./tokens/project-tokens.js').then((m) => [...m.projectTokenRoutes, ...m.groupTokenRoutes]),
  users: () => import('./users/routes.js').then((m) => m.userRoutes),
  groups: () => import('./groups/routes.js').then((m) => m.groupRoutes),
  projects: () => import('./projects/routes.js').then((m) => m.projectRoutes),
  members: () => import('./members/routes.js').then((m) => m.memberRoutes),
  milestones: () => import('./milestones/routes.js').then((m) => m.milestoneRoutes),
  releases: () => import('./releases/routes.js').then((m) => m.releaseRoutes),
  'release-links': () => import('./release-links/routes.js').then((m) => m.releaseLinkRoutes),
  archives: () => import('./archives/routes.js').then((m) => m.archiveRoutes),
  commits: () => import('./commits/routes.js').then((m) => m.commitRoutes),
  tags: () => import('./tags/routes.js').then((m) => m.tagRoutes),
  branches: () => import('./branches/routes.js').then((m) => m.branchRoutes),
  'protected-branches': () => import('./protected-branches/routes.js').then((m) => m.protectedBranchRoutes),
  'freeze-periods': () => import('./freeze-periods/routes.js').then((m) => m.freezePeriodRoutes),
  'security-settings': () => import('./security-settings/routes.js').then((m) => m.securitySettingRoutes),
  'notification-settings': () => import('./notification-settings/routes.js').then((m) => m.notificationSettingRoutes),
  'error-tracking': () => import('./error-tracking/routes.js').then((m) => m.errorTrackingRoutes),
  'protected-environments': () => import('./protected-environments/routes.js').then((m) => m.protectedEnvironmentRoutes),
  saml: () => import('./saml/routes.js').then((m) => m.samlRoutes),
  'saml-group-links': () => import('./saml-group-links/routes.js').then((m) => m.samlGroupLinkRoutes),
  'enterprise-users': () => import('./enterprise-users/routes.js').then((m) => m.enterpriseUserRoutes),
  scim: () => import('./scim/routes.js').then((m) => m.scimRoutes),
  metadata: () => import('./metadata/routes.js').then((m) => m.metadataRoutes),
  files: () => import('./files/routes.js').then((m) => m.fileRoutes),
  compare: () => import('./compare/routes.js').then((m) => m.compareRoutes),
  snippets: () => import('./snippets/routes.js').then((m) => m.snippetRoutes),
  'project-snippets': () => import('./project-snippets/routes.js').then((m) => m.projectSnippetRoutes),
  wikis: () => import('./wikis/routes.js').then((m) => m.wikiRoutes),
  'storage-moves': () => import('./storage-moves/routes.js').then((m) => m.storageMoveRoutes),
  storages: () => import('./storages/routes.js').then((m) => m.storageRoutes),
  packages: () => import('./packages/routes.js').then((m) => m.packageRoutes),
  pipelines: () => import('./pipelines/routes.js').then((m) => m.pipelineRoutes),
  'audit-events': () => import('./audit-events/routes.js').then((m) => m.auditEventRoutes),
  namespaces: () => import('./namespaces/routes.js').then((m) => m.namespaceRoutes),
  names: () => import('./names/routes.js').then((m) => m.nameRoutes),
  'settings-reads': () => import('./settings-reads/routes.js').then((m) => m.settingsReadRoutes),
} satisfies Record<string, () => Promise<RouteDef[]>>;

export type AreaName = keyof typeof AREAS;

/** Job kinds and the area whose module declares their handler. */
export const JOB_AREAS: Record<string, AreaName> = {
  release_evidence: 'releases',
  'branches.delete_merged': 'branches',
  'storage_moves.run': 'storage-moves',
  'packages.destroy': 'packages',
  'projects.housekeeping': 'projects',
};

const loaded = new Map<string, Promise<RouteDef[]>>();

export function loadArea(name: string): Promise<RouteDef[]> {
  const load = (AREAS as Record<string, () => Promise<RouteDef[]>>)[name];
  if (!load) return Promise.reject(new Error(`unknown area: ${name}`));
  let routes = loaded.get(name);
  if (!routes) {
    routes = load();
    loaded.set(name, routes);
  }
  return routes;
}

/** Every area with its routes; for tooling and tests, never on the request path. */
export async function loadAllRoutes(): Promise<{ area: AreaName; routes: RouteDef[] }[]> {
  const names = Object.keys(AREAS) as AreaName[];
  return Promise.all(names.map(async (area) => ({ area, routes: await loadArea(area) })));
}
