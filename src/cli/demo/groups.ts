// Demo groups: a company with nested teams, and an open-source group.
import type { Demo, DemoLog } from './index.js';

export const DEMO_GROUPS = [
  { path: 'acme', name: 'Acme', visibility: 'public', description: 'Acme Corp: everything we build and run' },
  { path: 'acme/platform', name: 'Platform', visibility: 'internal', description: 'Shared services every product team builds on' },
  { path: 'acme/platform/infra', name: 'Infrastructure', visibility: 'private', description: 'Clusters, networks, DNS and the tooling around them' },
  { path: 'acme/web', name: 'Web', visibility: 'public', description: 'Customer-facing web applications' },
  { path: 'oss', name: 'Acme Open Source', visibility: 'public', description: 'Libraries we maintain in the open' },
] as const;

export async function seedGroups(demo: Demo, log: DemoLog): Promise<void> {
  for (const g of DEMO_GROUPS) {
    const slash = g.path.lastIndexOf('/');
    const parent = slash > 0 ? demo.groups[g.path.slice(0, slash)] : undefined;
    const { data } = await demo.admin.post<{ id: number }>('/groups', {
      name: g.name,
      path: g.path.slice(slash + 1),
      visibility: g.visibility,
      description: g.description,
      ...(parent !== undefined ? { parent_id: parent } : {}),
    });
    demo.groups[g.path] = data.id;
  }
  log(`demo: ${DEMO_GROUPS.length} groups (${DEMO_GROUPS.map((g) => g.path).join(', ')})`);
}
