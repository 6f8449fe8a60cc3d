// hostctl apply, diff and export with the project sections (freeze periods, security settings,
// protected branches, package protection rules, error tracking) and protected environments of a
// group and a project: a file applied locally and through hostctl serve, diff in sync (exit 0)
// after, an export that diffs in sync, drift (exit 11) after a change made elsewhere, and a bad
// cron named with its line before anything changes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

const FILE = `version: 1
groups:
  acme:
    protected_environments:
      production:
        deploy_access_levels: [{access_level: maintainer}, {group: acme/platform}]
        approval_rules: [{user: alice, required_approvals: 1}, {access_level: developer, group_inheritance_type: 1}]
projects:
  acme/storefront:
    freeze_periods:
      - {freeze_start: "0 23 * * 5", freeze_end: "0 7 * * 1", cron_timezone: Europe/Berlin}
    security_settings: {secret_push_protection_enabled: true}
    protected_branches:
      main: {push_access_level: maintainer, merge_access_level: developer, allow_force_push: false}
      "release/*": {push_access_level: none}
    package_protection_rules:
      - {package_name_pattern: "storefront-*", package_type: generic, minimum_access_level_for_push: maintainer, minimum_access_level_for_delete: owner}
    error_tracking: {active: true, integrated: true}
    protected_environments:
      review: {deploy_access_levels: [{user: alice}]}
`;

describe('hostctl apply/diff/export with the project sections', () => {
  let box: InProcessSandbox;
  let token: string;
  let serve: ServeProcess | undefined;
  const file = (name: string, text: string) => {
    const path = join(box.dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    box = inProcessSandbox();
    token = await box.init();
    const api = (path: string, fields: string[]) => box.json<{ id: number }>(['api', '-X', 'POST', path, ...fields.flatMap((f) => ['-F', f])]);
    const acme = await api('groups', ['name=acme', 'path=acme']);
    await api('groups', ['name=platform', 'path=platform', `parent_id=${acme.id}`]);
    await api('projects', ['path=storefront', `namespace_id=${acme.id}`, 'initialize_with_readme=true']);
    const alice = await api('users', ['username=alice', 'email=alice@example.com', 'name=Alice', 'password=a-long-password-1']);
    await api(`groups/${acme.id}/members`, [`user_id=${alice.id}`, 'access_level=40']);
  });
  afterAll(() => {
    serve?.proc.kill('SIGTERM');
    box.cleanup();
  });

  it('applies the file locally; diff is then in sync, and so is an export of what exists', async () => {
    const path = file('acme.yaml', FILE);
    const before = await box.run(['diff', '-f', path]);
    expect(before.exitCode, String(before.stderr)).toBe(11);
    expect(String(before.stdout)).toMatch(/protected_branches/);
    const applied = await box.run(['apply', '-f', path, '--yes']);
    expect(applied.exitCode, String(applied.stderr)).toBe(0);
    const after = await box.run(['diff', '-f', path]);
    expect(after.exitCode, `${after.stdout}${after.stderr}`).toBe(0);

    const branches = await box.json<{ name: string; merge_access_levels: { access_level: number }[] }[]>(['api', 'projects/acme%2Fstorefront/protected_branches']);
    expect(branches.find((b) => b.name === 'main')?.merge_access_levels.map((e) => e.access_level)).toEqual([30]);
    const env = await box.json<{ approval_rules: { user_id: number | null; group_inheritance_type: number }[] }>(['api', 'groups/acme/protected_environments/production']);
    expect(env.approval_rules.map((r) => r.group_inheritance_type).sort()).toEqual([0, 1]);

    const exported = await box.run(['export', '--group', 'acme', '--recursive']);
    expect(exported.exitCode, String(exported.stderr)).toBe(0);
    const text = String(exported.stdout);
    expect(text).toContain('freeze_periods');
    expect(text).toContain('storefront-*');
    expect(text).not.toMatch(/glet_|dsn|public_key/);
    const back = await box.run(['diff', '-f', file('exported.yaml', text), '--prune']);
    expect(back.exitCode, `${back.stdout}${back.stderr}`).toBe(0);
  });

  it('against serve: in sync, then drift (exit 11) after a change made elsewhere, and apply restores it', async () => {
    serve = await startServe(box);
    const remote = { HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: token };
    const path = file('acme.yaml', FILE);
    expect((await box.run(['diff', '-f', path], { env: remote })).exitCode).toBe(0);
    await box.json(['api', '-X', 'PUT', 'projects/acme%2Fstorefront/security_settings', '-F', 'secret_push_protection_enabled=false'], remote);
    const drift = await box.run(['diff', '-f', path], { env: remote });
    expect(drift.exitCode).toBe(11);
    expect(String(drift.stdout)).toMatch(/secret_push_protection_enabled: false → true/);
    const applied = await box.run(['apply', '-f', path, '--yes'], { env: remote });
    expect(applied.exitCode, String(applied.stderr)).toBe(0);
    expect((await box.run(['diff', '-f', path], { env: remote })).exitCode).toBe(0);
  });

  it('a bad cron is named with its line and nothing changes', async () => {
    const bad = FILE.replace('0 7 * * 1', '0 77 * * 1').replace('secret_push_protection_enabled: true', 'secret_push_protection_enabled: false');
    const res = await box.run(['apply', '-f', file('bad.yaml', bad), '--yes']);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toMatch(/bad\.yaml:11:\d+: .*freeze_end is not a cron expression/);
    const settings = await box.json<{ secret_push_protection_enabled: boolean }>(['api', 'projects/acme%2Fstorefront/security_settings']);
    expect(settings.secret_push_protection_enabled).toBe(true);
  });
});
