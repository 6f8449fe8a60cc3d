// Real clients on the settings areas. python-gitlab 3.12 has notification settings objects
// (global, group, project) but no freeze period or error tracking objects, and the Ruby gem
// 4.17 has none of these areas: there the scripts use each client's generic request helpers
// (python-gitlab `gl.http_*`, the gem's `gl.get/post/put/delete`). @gitbeaker/rest has
// FreezePeriods, NotificationSettings, ErrorTrackingSettings and ErrorTrackingClientKeys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';

let inst: ServedInstance;
let f: RoleFixture;
let pid: number;

beforeAll(async () => {
  inst = await startServed();
  f = await createProjectWithRoles(inst, { initialize_with_readme: true });
  pid = f.project.id;
});
afterAll(async () => {
  await inst.close();
});

describe('python-gitlab', () => {
  it.runIf(hasPythonGitlab())('notification settings through gl.notificationsettings, group and project managers', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      f.owner.token,
      `
s = gl.notificationsettings.get()
before = s.level
s.level = "custom"
s.new_release = True
s.save()
again = gl.notificationsettings.get()
project = gl.projects.get(${pid}, lazy=True)
ps = project.notificationsettings.get()
ps.level = "watch"
ps.save()
group = gl.groups.get(${f.group.id}, lazy=True)
gs = group.notificationsettings.update(new_data={"level": "custom", "new_epic": True})
try:
    gl.notificationsettings.update(new_data={"level": "loud"})
    bad = None
except gitlab.exceptions.GitlabUpdateError as e:
    bad = [e.response_code, e.error_message]
print(json.dumps({"before": before, "level": again.level, "new_release": again.events["new_release"], "email": again.notification_email,
  "project": project.notificationsettings.get().level, "group_epic": gs["events"]["new_epic"], "bad": bad}))
`,
    );
    expect(out).toEqual({ before: 'participating', level: 'custom', new_release: true, email: f.owner.user.email, project: 'watch', group_epic: true, bad: [400, "'loud' is not a valid level"] });
  });

  it.runIf(hasPythonGitlab())('freeze periods, security settings and error tracking through http_* helpers', async () => {
    const out = await runPython<Record<string, unknown>>(
      inst,
      f.maintainer.token,
      `
base = "/projects/${pid}"
created = gl.http_post(base + "/freeze_periods", post_data={"freeze_start": "0 23 * * fri", "freeze_end": "0 7 * * mon", "cron_timezone": "Europe/Berlin"})
updated = gl.http_put(base + "/freeze_periods/%d" % created["id"], post_data={"freeze_end": "0 8 * * mon"})
listed = gl.http_list(base + "/freeze_periods", get_all=True)
try:
    gl.http_post(base + "/freeze_periods", post_data={"freeze_start": "0 0 0 * *", "freeze_end": "0 7 * * mon"})
    invalid = None
except gitlab.exceptions.GitlabHttpError as e:
    invalid = [e.response_code, e.error_message]
gl.http_delete(base + "/freeze_periods/%d" % created["id"])
security = gl.http_put(base + "/security_settings", post_data={"secret_push_protection_enabled": True})
settings = gl.http_put(base + "/error_tracking/settings", post_data={"active": True, "integrated": True})
key = gl.http_post(base + "/error_tracking/client_keys")
print(json.dumps({"end": updated["freeze_end"], "zone": updated["cron_timezone"], "listed": [p["id"] for p in listed], "created": created["id"], "invalid": invalid,
  "left": len(gl.http_list(base + "/freeze_periods", get_all=True)), "spp": security["secret_push_protection_enabled"], "settings": settings, "dsn": key["tracker_dsn"], "key": key["public_key"]}))
`,
    );
    expect(out).toMatchObject({ end: '0 8 * * mon', zone: 'Europe/Berlin', invalid: [400, { freeze_start: ['syntax is invalid'] }], left: 0, spp: true });
    expect(out.listed).toEqual([out.created]);
    expect(out.settings).toEqual({ active: true, project_name: null, tracker_external_url: null, api_url: null, integrated: true });
    expect(out.dsn).toBe(`http://${String(out.key)}@${new URL(inst.url).host}/api/v4/error_tracking/collector/${pid}`);
  });
});

describe('the Ruby gitlab gem', () => {
  it.runIf(hasRubyGitlab())('every settings area through the generic request helpers', async () => {
    const out = await runRuby<Record<string, unknown>>(
      inst,
      f.maintainer.token,
      `
base = "/projects/${pid}"
fp = gl.post(base + "/freeze_periods", body: { freeze_start: "0 22 * * *", freeze_end: "0 6 * * *" })
got = gl.get(base + "/freeze_periods/#{fp.id}")
gl.delete(base + "/freeze_periods/#{fp.id}")
missing = begin
  gl.get(base + "/freeze_periods/#{fp.id}")
  nil
rescue Gitlab::Error::NotFound => e
  e.response_status
end
sec = gl.get(base + "/security_settings")
note = gl.put(base + "/notification_settings", body: { level: "custom", new_release: true, new_note: false })
gl.put(base + "/error_tracking/settings", body: { active: true, integrated: true })
off = gl.put(base + "/error_tracking/settings", body: { active: false, integrated: true })
key = gl.post(base + "/error_tracking/client_keys")
keys = gl.get(base + "/error_tracking/client_keys")
deleted = gl.delete(base + "/error_tracking/client_keys/#{key.id}")
puts JSON.generate({ zone: got.cron_timezone, start: got.freeze_start, missing: missing, security_project: sec.project_id,
  level: note.level, new_release: note.events.new_release, new_note: note.events.new_note, active: off.active,
  keys: keys.map(&:id), key: key.id, deleted: deleted.public_key == key.public_key })
`,
    );
    expect(out).toMatchObject({ zone: 'UTC', start: '0 22 * * *', missing: 404, security_project: pid, level: 'custom', new_release: true, new_note: false, active: false, deleted: true });
    expect(out.keys).toContain(out.key);
  });
});

describe('@gitbeaker/rest', () => {
  it('FreezePeriods: create, show, all, edit, remove', async () => {
    const api = await gitbeaker(inst, f.maintainer.token);
    const created = (await api.FreezePeriods.create(pid, '0 0 23 12 *', '0 0 2 1 *', { cronTimezone: 'UTC' })) as { id: number; freeze_start: string; cron_timezone: string };
    expect(created).toMatchObject({ freeze_start: '0 0 23 12 *', cron_timezone: 'UTC' });
    expect(((await api.FreezePeriods.show(pid, created.id)) as { id: number }).id).toBe(created.id);
    const edited = (await api.FreezePeriods.edit(pid, created.id, { cronTimezone: 'Asia/Tokyo' })) as { cron_timezone: string };
    expect(edited.cron_timezone).toBe('Asia/Tokyo');
    expect(((await api.FreezePeriods.all(pid)) as { id: number }[]).map((p) => p.id)).toContain(created.id);
    await api.FreezePeriods.remove(pid, created.id);
    await expect(api.FreezePeriods.show(pid, created.id)).rejects.toMatchObject({ cause: { response: { status: 404 } } });
    const reporter = await gitbeaker(inst, f.reporter.token);
    await expect(reporter.FreezePeriods.create(pid, '0 1 * * *', '0 2 * * *')).rejects.toMatchObject({ cause: { response: { status: 403 } } });
  });

  it('NotificationSettings: global, group and project', async () => {
    const api = await gitbeaker(inst, f.reporter.token);
    expect(await api.NotificationSettings.show()).toMatchObject({ level: 'participating', notification_email: f.reporter.user.email });
    // The reporter is a member of the project, not of its private group.
    await expect(api.NotificationSettings.show({ groupId: f.group.id })).rejects.toMatchObject({ cause: { response: { status: 404 } } });
    const project = (await api.NotificationSettings.edit({ projectId: pid, level: 'custom', newRelease: true } as never)) as { level: string; events: Record<string, boolean | null> };
    expect(project.level).toBe('custom');
    expect(project.events.new_release).toBe(true);
    const guest = await gitbeaker(inst, f.guest.token);
    expect(await guest.NotificationSettings.show({ projectId: pid })).toEqual({ level: 'global' });
    const owner = await gitbeaker(inst, f.owner.token);
    expect(await owner.NotificationSettings.edit({ groupId: f.group.id, level: 'mention' } as never)).toEqual({ level: 'mention' });
  });

  it('ErrorTrackingSettings and ErrorTrackingClientKeys', async () => {
    const api = await gitbeaker(inst, f.owner.token);
    const project = (await createProjectWithRoles(inst)).project.id;
    const owner = await gitbeaker(inst, inst.rootToken);
    await expect(owner.ErrorTrackingSettings.show(project)).rejects.toMatchObject({ cause: { response: { status: 404 } } });
    expect(await owner.ErrorTrackingSettings.create(project, true, true)).toMatchObject({ active: true, integrated: true });
    expect(await owner.ErrorTrackingSettings.edit(project, false)).toMatchObject({ active: false, integrated: true });
    const key = (await api.ErrorTrackingClientKeys.create(pid)) as unknown as { id: number; public_key: string; tracker_dsn: string };
    expect(key.public_key).toMatch(/^glet_[0-9a-f]{32}$/);
    expect(key.tracker_dsn).toBe(`http://${key.public_key}@${new URL(inst.url).host}/api/v4/error_tracking/collector/${pid}`);
    // gitbeaker 43's ErrorTrackingClientKeys.remove takes no key id, so deletion is covered by the other clients.
    expect(((await api.ErrorTrackingClientKeys.all(pid)) as { id: number }[]).map((k) => k.id)).toContain(key.id);
  });
});
