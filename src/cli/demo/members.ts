// Demo memberships at different roles, on groups (inherited by their subgroups and projects)
// and on single projects.
import { daysAfter } from '../../shared/dates.js';
import type { Demo, DemoLog } from './index.js';

interface DemoMember {
  group?: string;
  project?: string;
  user: string;
  role: number;
  /** Membership ends this many days after today. */
  expiresInDays?: number;
}

const GUEST = 10;
const REPORTER = 20;
const DEVELOPER = 30;
const MAINTAINER = 40;
const OWNER = 50;

export const DEMO_MEMBERS: DemoMember[] = [
  { group: 'acme', user: 'alice', role: OWNER },
  { group: 'acme/platform', user: 'bob', role: MAINTAINER },
  { group: 'acme/platform/infra', user: 'carol', role: DEVELOPER },
  { project: 'acme/platform/infra/terraform-modules', user: 'carol', role: MAINTAINER },
  { group: 'acme/web', user: 'bob', role: DEVELOPER },
  { group: 'acme/web', user: 'carol', role: REPORTER },
  { project: 'acme/web/storefront', user: 'dave', role: REPORTER, expiresInDays: 90 },
  { project: 'acme/platform/api-gateway', user: 'dave', role: GUEST, expiresInDays: 30 },
  { group: 'oss', user: 'alice', role: MAINTAINER },
];

export async function seedMembers(demo: Demo, log: DemoLog): Promise<void> {
  for (const m of DEMO_MEMBERS) {
    const base = m.group ? `/groups/${demo.groups[m.group]}` : `/projects/${demo.projects[m.project as string]}`;
    await demo.admin.post(`${base}/members`, {
      user_id: demo.users[m.user],
      access_level: m.role,
      ...(m.expiresInDays ? { expires_at: daysAfter(demo.today, m.expiresInDays) } : {}),
    });
  }
  log(`demo: ${DEMO_MEMBERS.length} memberships`);
}
