// Demo projects in the demo groups, and one personal project.
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

interface DemoProject {
  namespace: string;
  path: string;
  name: string;
  visibility: 'private' | 'internal' | 'public';
  description: string;
  readme?: boolean;
  /** Created by this demo user in their own namespace instead of by the administrator. */
  owner?: string;
}

export const DEMO_PROJECTS: DemoProject[] = [
  { namespace: 'acme/platform', path: 'api-gateway', name: 'API Gateway', visibility: 'internal', description: 'Edge gateway that routes, authenticates and rate-limits public API traffic', readme: true },
  { namespace: 'acme/platform', path: 'auth-service', name: 'Auth Service', visibility: 'internal', description: 'Issues tokens and manages sessions for every Acme product' },
  { namespace: 'acme/platform/infra', path: 'terraform-modules', name: 'Terraform Modules', visibility: 'private', description: 'Reusable Terraform modules for networks, clusters and DNS', readme: true },
  { namespace: 'acme/platform/infra', path: 'k8s-manifests', name: 'Kubernetes Manifests', visibility: 'private', description: 'Manifests and Helm values for every environment' },
  { namespace: 'acme/web', path: 'storefront', name: 'Storefront', visibility: 'public', description: 'The customer shop: catalogue, cart and checkout', readme: true },
  { namespace: 'acme/web', path: 'design-system', name: 'Design System', visibility: 'public', description: 'Shared UI components, icons and design tokens' },
  { namespace: 'oss', path: 'yaml-lint', name: 'yaml-lint', visibility: 'public', description: 'A fast, strict YAML linter with helpful messages' },
  { namespace: 'alice', path: 'dotfiles', name: 'dotfiles', visibility: 'public', description: 'Shell and editor configuration', owner: 'alice' },
];

export async function seedProjects(demo: Demo, log: DemoLog): Promise<void> {
  for (const p of DEMO_PROJECTS) {
    const client = p.owner ? actAs(demo, p.owner) : demo.admin;
    const namespaceId = p.owner ? undefined : demo.groups[p.namespace];
    const { data } = await client.post<{ id: number }>('/projects', {
      name: p.name,
      path: p.path,
      visibility: p.visibility,
      description: p.description,
      ...(namespaceId !== undefined ? { namespace_id: namespaceId } : {}),
      ...(p.readme ? { initialize_with_readme: true } : {}),
    });
    demo.projects[`${p.namespace}/${p.path}`] = data.id;
  }
  log(`demo: ${DEMO_PROJECTS.length} projects`);
}
