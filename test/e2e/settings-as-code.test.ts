// hostctl export, diff and apply on the demo instance: a file applied, then diff in sync (exit 0)
// and a second apply a no-op; drift is exit 11; export round-trips (locally and through serve);
// malformed files change nothing and name the line; an apply refused part-way (403) says which
// steps were applied and leaves the rest untouched.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

describe('settings as code', () => {
  let box: InProcessSandbox;
  let token: string;
  const file = (name: string, lines: string[]): string => {
    const path = join(box.dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const exported = async (): Promise<string> => {
    const res = await box.run(['export', '--group', 'acme', '--recursive']);
    expect(res.exitCode, res.stderr).toBe(0);
    return res.stdout;
  };

  beforeAll(async () => {
    box = inProcessSandbox();
    token = await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('applies a file, then diff exits 0 and a second apply changes nothing', async () => {
    const f = file('acme.yaml', [
      '# yaml-language-server: $schema=../schema/settings.schema.json',
      'version: 1',
      'notification_settings: {level: watch}',
      'groups:',
      '  acme:',
      '    members: {priya.shah: developer, olu.adeyemi: 20}',
      '    saml_group_links: {okta-devs: developer}',
      '    notification_settings: {level: custom, events: {new_release: true}}',
      'projects:',
      '  "acme/web/*":',
      '    members: {carol: developer}',
      '  acme/web/storefront:',
      '    members: {carol: maintainer}',
    ]);
    const before = await box.run(['diff', '-f', f]);
    expect(before.exitCode).toBe(11);
    expect(before.stdout).toContain('group acme\n  members\n    ~ priya.shah   access_level: reporter → developer');
    expect(before.stdout).toMatch(/\+ carol\s+access_level: maintainer/);
    expect(before.stdout.split('\n').pop()).toMatch(/^\d+ to create, \d+ to change, 0 to delete, \d+ unchanged$/);
    const refused = await box.run(['apply', '-f', f]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('confirmation needed; re-run with --yes');
    const applied = await box.run(['apply', '-f', f, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('done  + project acme/web/storefront members carol');
    const storefront = await box.json<{ username: string; access_level: number }[]>(['members', 'list', '--project', 'acme/web/storefront']);
    expect(storefront.find((m) => m.username === 'carol')?.access_level).toBe(40);
    const design = await box.json<{ username: string; access_level: number }[]>(['members', 'list', '--project', 'acme/web/design-system']);
    expect(design.find((m) => m.username === 'carol')?.access_level).toBe(30);
    const diff = await box.run(['diff', '-f', f]);
    expect(diff.exitCode).toBe(0);
    expect(diff.stdout).toMatch(/^0 to create, 0 to change, 0 to delete, \d+ unchanged$/);
    const again = await box.run(['apply', '-f', f, '--yes']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('nothing to change');
  });

  it('export round-trips: diff of the export is in sync, -o json too', async () => {
    const yaml = await exported();
    expect(yaml).toContain('version: 1\ngroups:\n  acme:\n    members:');
    const f = file('exported.yaml', [yaml]);
    expect((await box.run(['diff', '-f', f])).exitCode).toBe(0);
    expect((await box.run(['diff', '-f', f, '--prune'])).exitCode).toBe(0);
    const json = await box.run(['export', '--group', 'acme', '--recursive', '-o', 'json']);
    const jf = file('exported.json', [json.stdout]);
    const plan = await box.run(['diff', '-f', jf, '-o', 'json']);
    expect(plan.exitCode).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ in_sync: true, changes: [] });
  });

  it.each([
    ['bad YAML', ['version: 1', 'groups:', '  acme:', '    members: {alice: owner', '  x: 1'], /bad\.yaml:\d+:\d+: not valid YAML/],
    ['an unknown key', ['version: 1', 'groups:', '  acme:', '    membrs: {alice: owner}'], /bad\.yaml:4:5: unknown group section "membrs"; did you mean "members"\?/],
    ['an unknown user', ['version: 1', 'groups:', '  acme:', '    members: {alice: owner, tom.becker: guest}', '  acme/web:', '    members: {nobody: guest}'], /bad\.yaml:6:15: no user "nobody" on the target/],
    ['a bad cron', ['version: 1', 'groups:', '  acme:', '    members: {tom.becker: guest}', 'projects:', '  acme/web/storefront:', '    freeze_periods:', '      - {freeze_start: "0 25 * * *", freeze_end: "0 7 * * 1"}'], /bad\.yaml:8:\d+: .*0 25 \* \* \*/],
  ])('%s changes nothing and names the line', async (_what, lines, message) => {
    const before = await exported();
    const f = file('bad.yaml', lines);
    const res = await box.run(['apply', '-f', f, '--yes']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).toContain('nothing was changed');
    expect(await exported()).toBe(before);
  });

  it('an apply refused part-way (403) lists the applied steps and leaves the rest untouched', async () => {
    const users = await box.json<{ id: number; username: string }[]>(['users', 'list', '--search', 'alice']);
    const alice = users.find((u) => u.username === 'alice') as { id: number };
    const pat = await box.json<{ token: string }>(['api', `users/${alice.id}/personal_access_tokens`, '-f', 'name=settings', '-f', 'scopes[]=api']);
    const f = file('partial.yaml', ['version: 1', 'groups:', '  acme/web:', '    members: {mei.lin: reporter}', '  oss:', '    members: {mei.lin: reporter}', 'projects:', '  acme/platform/api-gateway:', '    members: {mei.lin: reporter}']);
    const res = await box.run(['apply', '-f', f, '--yes'], { env: { HOSTCTL_TOKEN: pat.token } });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('done  + group acme/web members mei.lin');
    expect(res.stderr).toMatch(/FAIL  \+ group oss members mei.lin: .*HTTP 403/);
    expect(res.stderr).toContain('stopped at the first failed step: 1 of 3 steps applied, 1 failed, 1 not applied (+ project acme/platform/api-gateway members mei.lin)');
    const gateway = await box.json<{ username: string }[]>(['members', 'list', '--project', 'acme/platform/api-gateway']);
    expect(gateway.map((m) => m.username)).not.toContain('mei.lin');
    const web = await box.json<{ username: string }[]>(['members', 'list', '--group', 'acme/web']);
    expect(web.map((m) => m.username)).toContain('mei.lin');
  });

  it('--keep-going skips the steps that depend on a failed one, names what they need, and applies the others', async () => {
    const users = await box.json<{ id: number; username: string }[]>(['users', 'list', '--search', 'alice']);
    const alice = users.find((u) => u.username === 'alice') as { id: number };
    const pat = await box.json<{ token: string }>(['api', `users/${alice.id}/personal_access_tokens`, '-f', 'name=keep-going', '-f', 'scopes[]=api']);
    const f = file('keep-going.yaml', [
      'version: 1',
      'groups:',
      '  acme/web:',
      '    members: {tom.becker: reporter}',
      '  oss:',
      '    members: {tom.becker: reporter}',
      'projects:',
      '  oss/yaml-lint:',
      '    protected_branches: {main: {allowed_to_push: [{user: tom.becker}]}}',
      '  acme/web/storefront:',
      '    protected_branches: {"release/*": {allowed_to_merge: [{group: oss}]}}',
      '  acme/platform/api-gateway:',
      '    members: {tom.becker: reporter}',
    ]);
    const res = await box.run(['apply', '-f', f, '--yes', '--keep-going'], { env: { HOSTCTL_TOKEN: pat.token } });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('done  + group acme/web members tom.becker');
    expect(res.stderr).toMatch(/FAIL  \+ group oss members tom.becker: .*HTTP 403/);
    expect(res.stderr).toContain('done  + project acme/platform/api-gateway members tom.becker');
    expect(res.stderr).toContain('skip  + project acme/web/storefront protected_branches release/*: needs + group oss members tom.becker, which was not applied');
    expect(res.stderr).toContain('skip  + project oss/yaml-lint protected_branches main: needs + group oss members tom.becker, which was not applied');
    expect(res.stderr).toContain('2 of 5 steps applied, 1 failed, 2 skipped (they depend on a failed step)');
    const gateway = await box.json<{ username: string }[]>(['members', 'list', '--project', 'acme/platform/api-gateway']);
    expect(gateway.map((m) => m.username)).toContain('tom.becker');
    const branches = await box.json<{ name: string }[]>(['api', 'projects/acme%2Fweb%2Fstorefront/protected_branches']);
    expect(branches.map((b) => b.name)).not.toContain('release/*');
  });

  it('through hostctl serve: export, diff in sync, and sections needing no extension work', async () => {
    const serve = await startServe(box);
    try {
      const remote = { env: { HOSTCTL_URL: serve.url, HOSTCTL_TOKEN: token } };
      const res = await box.run(['export', '--group', 'acme', '--recursive'], remote);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).toBe(await exported());
      const f = file('remote.yaml', [res.stdout]);
      const diff = await box.run(['diff', '-f', f], remote);
      expect(diff.exitCode, diff.stderr).toBe(0);
    } finally {
      serve.proc.kill();
      await serve.proc;
    }
  });
});
