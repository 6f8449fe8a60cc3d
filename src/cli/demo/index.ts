// Demo data for `hostctl init --demo`, created through the API like any client would. Each area
// adds its part in a file of its own here and is called, in order, from seedDemo; every step
// records the ids it creates in the shared Demo object so later steps can build on them.
import type { ApiClient } from '../../client/client.js';
import { seedPeople } from './people.js';
import { seedGroups } from './groups.js';
import { seedProjects } from './projects.js';
import { seedMembers } from './members.js';
import { seedTokens } from './tokens.js';
import { seedReleases } from './releases.js';
import { seedSettings } from './settings.js';
import { seedRepositories } from './repositories.js';
import { seedGovernance } from './governance.js';
import { seedSnippetsAndWikis } from './snippets-wikis.js';
import { seedStorages } from './storages.js';
import { seedPackagesDemo, type DemoInternals } from './packages.js';

export type DemoLog = (line: string) => void;

export interface Demo {
  /** The administrator's client (root). */
  admin: ApiClient;
  /** Today on the instance's clock (YYYY-MM-DD), for dates relative to it. */
  today: string;
  /** username → user id. */
  users: Record<string, number>;
  /** username → secret of that user's `api` token, to act as them. */
  secrets: Record<string, string>;
  /** group full path → group id. */
  groups: Record<string, number>;
  /** project full path → project id. */
  projects: Record<string, number>;
  /** token name → token id (demo tokens only). */
  tokens: Record<string, number>;
  /** Calls into the local instance for data no API creates (absent for remote targets). */
  internals: DemoInternals;
  /** What the instance's tier or offering does not serve, and so was left out. */
  leftOut: string[];
  /** Whether the instance serves `method path`; false adds `what` to leftOut. */
  offers: (method: string, path: string, what: string, api?: 'v4' | 'scim') => Promise<boolean>;
}

export async function seedDemo(client: ApiClient, log: DemoLog, internals: DemoInternals = {}): Promise<Demo> {
  const { data: self } = await client.get<{ created_at: string }>('/personal_access_tokens/self');
  const leftOut: string[] = [];
  const offers = async (method: string, path: string, what: string, api: 'v4' | 'scim' = 'v4'): Promise<boolean> => {
    const ok = internals.available ? await internals.available(method, path, api) : true;
    if (!ok && !leftOut.includes(what)) leftOut.push(what);
    return ok;
  };
  const demo: Demo = { admin: client, today: self.created_at.slice(0, 10), users: {}, secrets: {}, groups: {}, projects: {}, tokens: {}, internals, leftOut, offers };
  await seedPeople(demo, log);
  await seedGroups(demo, log);
  await seedProjects(demo, log);
  await seedMembers(demo, log);
  await seedTokens(demo, log);
  await seedSettings(demo, log);
  await seedReleases(demo, log);
  await seedRepositories(demo, log);
  await seedGovernance(demo, log);
  await seedSnippetsAndWikis(demo, log);
  await seedStorages(demo, log);
  await seedPackagesDemo(demo, log);
  if (leftOut.length > 0) log(`demo: left out (not offered at this tier and offering): ${leftOut.join('; ')}`);
  return demo;
}
