// The state of bench/settings-plan.mjs, made through the API of an in-process core (the requests
// a served instance would answer, without the HTTP round trips): a group `bench` of `n` projects,
// each with a freeze period, a protected branch, a package protection rule, error tracking and
// (but for the first `drifting`) secret push protection. Prints root's token.
//   node bench/run-ts.mjs bench/settings-plan-seed.ts STATE N DRIFTING FREEZE_JSON
import { initState } from '../src/core/init.js';
import { call } from './core-requests.js';

const [stateDir, n, drifting, freezeJson] = process.argv.slice(3);
if (!stateDir || !n || !drifting || !freezeJson) throw new Error('usage: settings-plan-seed.ts STATE N DRIFTING FREEZE_JSON');
const freeze = JSON.parse(freezeJson) as Record<string, string>;
const { core, rootToken: token } = initState({ stateDir });
core.log = () => undefined;
try {
  const group = (await call(core, token, 'POST', '/groups', { name: 'Bench', path: 'bench' })) as { id: number };
  const seedProject = async (i: number) => {
    const p = (await call(core, token, 'POST', '/projects', { path: `app-${i}`, namespace_id: group.id })) as { id: number };
    await call(core, token, 'POST', `/projects/${p.id}/freeze_periods`, freeze);
    await call(core, token, 'POST', `/projects/${p.id}/protected_branches`, { name: 'main', push_access_level: 40, merge_access_level: 30 });
    await call(core, token, 'POST', `/projects/${p.id}/packages/protection/rules`, { package_name_pattern: `app-${i}-*`, package_type: 'generic', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner' });
    await call(core, token, 'PUT', `/projects/${p.id}/error_tracking/settings`, { active: true, integrated: true });
    // The drifting projects keep secret push protection off; the file turns it on.
    if (i >= Number(drifting)) await call(core, token, 'PUT', `/projects/${p.id}/security_settings`, { secret_push_protection_enabled: true });
  };
  // Four at a time, as clients of a served instance would send them.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < Number(n)) await seedProject(next++);
    }),
  );
  await core.jobs.drain(core, `bench-seed-${process.pid}`);
} finally {
  core.close();
}
process.stdout.write(`${token}\n`);
