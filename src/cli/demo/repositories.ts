// Demo repository history: the API gateway gets a few commits by different people, feature
// branches (one merged, one not), a protected release wildcard with release branches, and
// tags (lightweight and annotated); the storefront gets a merged fix branch and an open one.
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

type Files = Record<string, string>;

export async function seedRepositories(demo: Demo, log: DemoLog): Promise<void> {
  const admin = demo.admin;
  // bob maintains acme/platform; alice owns acme.
  const bob = actAs(demo, 'bob');
  const alice = actAs(demo, 'alice');
  const gateway = demo.projects['acme/platform/api-gateway'] as number;
  const storefront = demo.projects['acme/web/storefront'] as number;
  let commits = 0;
  let branches = 0;
  let tags = 0;

  const commit = async (client = admin, project: number, branch: string, message: string, files: Files, update: string[] = [], startBranch?: string) => {
    await client.post(`/projects/${project}/repository/commits`, {
      branch,
      commit_message: message,
      ...(startBranch ? { start_branch: startBranch } : {}),
      actions: Object.entries(files).map(([path, content]) => ({ action: update.includes(path) ? 'update' : 'create', file_path: path, content })),
    });
    commits++;
  };
  const branch = async (client = admin, project: number, name: string, ref: string) => {
    await client.post(`/projects/${project}/repository/branches`, { branch: name, ref });
    branches++;
  };
  const tag = async (client = admin, project: number, name: string, ref: string, message?: string) => {
    await client.post(`/projects/${project}/repository/tags`, { tag_name: name, ref, ...(message ? { message } : {}) });
    tags++;
  };

  // API gateway: a short history on main, tagged as it goes.
  await commit(bob, gateway, 'main', 'Add routing table', { 'src/routes.yaml': 'routes:\n  - path: /v1/orders\n    upstream: orders\n' });
  await commit(alice, gateway, 'main', 'Add rate limiting\n\nToken bucket per client key.\n\nReviewed-by: Bob Okafor <bob@example.com>', {
    'src/ratelimit.yaml': 'rate_limit:\n  burst: 100\n  per_second: 20\n',
  });
  await tag(bob, gateway, 'v0.1.0', 'main');
  await branch(bob, gateway, 'feature/request-ids', 'main');
  await commit(bob, gateway, 'feature/request-ids', 'Stamp every request with an id', { 'src/request-id.yaml': 'request_id:\n  header: X-Request-Id\n' });
  // A branch whose work is already on main: merged.
  await branch(bob, gateway, 'chore/readme-badges', 'main');
  await commit(alice, gateway, 'main', 'Document the configuration files', { 'docs/configuration.md': '# Configuration\n\nRoutes, rate limits and headers.\n' });
  await tag(bob, gateway, 'v0.2.0', 'main', 'Gateway 0.2: rate limiting and docs');
  // Release branches under a protected wildcard: Developers push, Maintainers merge.
  await admin.post(`/projects/${gateway}/protected_branches`, { name: 'release/*', push_access_level: 30, merge_access_level: 40 });
  await branch(bob, gateway, 'release/0.2', 'v0.2.0');
  await commit(bob, gateway, 'release/0.2', 'Backport: tighten burst limit', { 'src/ratelimit.yaml': 'rate_limit:\n  burst: 50\n  per_second: 20\n' }, ['src/ratelimit.yaml']);
  await tag(bob, gateway, 'v0.2.1', 'release/0.2', 'Gateway 0.2.1');

  // Storefront: a merged fix branch and an open feature branch (main is protected: admin pushes).
  await branch(admin, storefront, 'fix/cart-rounding', 'main');
  await commit(admin, storefront, 'main', 'Round cart totals to cents', { 'cart/rounding.md': 'Totals round half-even to cents.\n' });
  await commit(admin, storefront, 'feature/wishlist', 'Start the wishlist', { 'wishlist/README.md': '# Wishlist\n\nSave items for later.\n' }, [], 'main');
  branches++;

  log(`demo: ${commits} commits, ${branches} branches, ${tags} tags`);
}
