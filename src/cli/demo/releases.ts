// Demo milestones and releases: the storefront's milestones (one closed) beside a group
// milestone of acme/web, a historical release, a current one with asset links, an annotated
// tag and fresh evidence, an upcoming release, and a release whose tag holds a '/'.
import { daysAfter } from '../../shared/dates.js';
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

const at = (day: string, time = '09:00:00'): string => `${day}T${time}Z`;

export async function seedReleases(demo: Demo, log: DemoLog): Promise<void> {
  const admin = demo.admin;
  const storefront = demo.projects['acme/web/storefront'] as number;
  const gateway = demo.projects['acme/platform/api-gateway'] as number;
  const web = demo.groups['acme/web'] as number;
  // bob is a Developer of acme/web and the release manager.
  const bob = actAs(demo, 'bob');

  const milestone = (base: string, body: Record<string, unknown>) => admin.post<{ id: number; title: string }>(`${base}/milestones`, body);
  await milestone(`/groups/${web}`, { title: 'Web 2026 H1', description: 'Everything the web team ships this half', start_date: daysAfter(demo.today, -30), due_date: daysAfter(demo.today, 150) });
  const revamp = await milestone(`/projects/${storefront}`, { title: 'Checkout revamp', description: 'One-page checkout', start_date: daysAfter(demo.today, -45), due_date: daysAfter(demo.today, -5) });
  await milestone(`/projects/${storefront}`, { title: 'Spring launch', description: 'Seasonal catalogue and campaign pages', due_date: daysAfter(demo.today, 30) });
  await milestone(`/projects/${gateway}`, { title: 'Rate limits v2', due_date: daysAfter(demo.today, 60) });

  await bob.post(`/projects/${storefront}/releases`, {
    tag_name: 'v1.0.0',
    ref: 'main',
    name: 'Storefront 1.0',
    description: 'The first public shop: catalogue, cart and checkout.',
    released_at: at(daysAfter(demo.today, -60)),
  });
  // A change after 1.0 (main is protected: a maintainer's push), so that 1.1 has a commit of its own.
  await admin.post(`/projects/${storefront}/repository/commits`, {
    branch: 'main',
    commit_message: 'Add one-page checkout',
    actions: [{ action: 'create', file_path: 'checkout/README.md', content: '# Checkout\n\nOne page, three steps.\n' }],
  });
  await bob.post(`/projects/${storefront}/releases`, {
    tag_name: 'v1.1.0',
    ref: 'main',
    tag_message: 'Storefront 1.1: one-page checkout',
    name: 'Storefront 1.1',
    description: '## Highlights\n\n- One-page checkout\n- Faster catalogue search\n\nSee the [runbook](https://runbooks.example.com/storefront) for the rollout.',
    milestones: [revamp.data.title],
    assets: {
      links: [
        { name: 'storefront-1.1.0.tar.gz', url: 'https://downloads.example.com/storefront/1.1.0/storefront.tar.gz', direct_asset_path: '/dist/storefront.tar.gz', link_type: 'package' },
        { name: 'Container image', url: 'https://registry.example.com/acme/storefront:1.1.0', link_type: 'image' },
        { name: 'Rollout runbook', url: 'https://runbooks.example.com/storefront/1.1', link_type: 'runbook' },
      ],
    },
  });
  // Evidence is collected on creation; a second collection shows the history. Instances whose
  // tier or offering lacks the operation answer 404, which leaves the first one alone.
  await bob.request('POST', `/projects/${storefront}/releases/v1.1.0/evidence`, { allowError: true });
  await bob.post(`/projects/${storefront}/releases`, {
    tag_name: 'v2.0.0',
    ref: 'main',
    name: 'Storefront 2.0 (spring)',
    description: 'Seasonal catalogue and campaign pages.',
    milestones: ['Spring launch'],
    released_at: at(daysAfter(demo.today, 14)),
  });
  await admin.post(`/projects/${gateway}/releases`, {
    tag_name: 'release/2026.01',
    ref: 'main',
    name: 'Gateway 2026.01',
    description: 'Monthly gateway release.',
    assets: { links: [{ name: 'Helm chart', url: 'https://charts.example.com/api-gateway-2026.01.tgz', direct_asset_path: '/charts/api-gateway.tgz', link_type: 'package' }] },
  });
  log('demo: 4 milestones and 4 releases with asset links and evidence');
}
