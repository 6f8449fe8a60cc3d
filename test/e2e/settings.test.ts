// hostctl freeze-periods, security-settings, notifications and error-tracking run as processes
// against a local state (and `freeze-periods status` also through hostctl serve): every verb,
// the usage errors and exit codes, `status` across time zones and daylight-saving changes, and
// what `init --demo` puts in each area.
import type { ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;

interface Period {
  id: number;
  freeze_start: string;
  freeze_end: string;
  cron_timezone: string;
  updated_at: string;
}

interface Status {
  frozen: boolean;
  at: string;
  freeze_period_id: number | null;
  started_at: string | null;
  ends_at: string | null;
  active_period_ids: number[];
}

describe('hostctl settings nouns', () => {
  let box: CliSandbox;
  let token: string;
  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    await json(['projects', 'create', '--path', 'shop', '--readme']);
    await json(['projects', 'create', '--path', 'api']);
    await json(['projects', 'create', '--path', 'west']);
    await json(['projects', 'create', '--path', 'both']);
  });
  afterAll(() => box.cleanup());

  describe('freeze-periods', () => {
    it('create, list, get, update, delete', async () => {
      const created = await json<Period>(['freeze-periods', 'create', '-R', 'root/api', '--start', '0 22 * * *', '--end', '0 6 * * *']);
      expect(created).toMatchObject({ freeze_start: '0 22 * * *', freeze_end: '0 6 * * *', cron_timezone: 'UTC' });
      expect((await json<Period[]>(['freeze-periods', 'list', '-R', 'root/api'])).map((p) => p.id)).toEqual([created.id]);
      expect(await json<Period>(['freeze-periods', 'get', String(created.id), '-R', 'root/api'])).toEqual(created);
      const updated = await json<Period>(['freeze-periods', 'update', String(created.id), '-R', 'root/api', '--timezone', 'Asia/Tokyo', '--end', '0 7 * * *']);
      expect(updated).toMatchObject({ id: created.id, freeze_end: '0 7 * * *', cron_timezone: 'Asia/Tokyo' });

      const table = await box.run(['freeze-periods', 'list', '-R', 'root/api']);
      expect(String(table.stdout)).toMatch(new RegExp(`${created.id}\\s+0 22 \\* \\* \\*\\s+0 7 \\* \\* \\*\\s+Asia/Tokyo`));

      const unconfirmed = await box.run(['freeze-periods', 'delete', String(created.id), '-R', 'root/api']);
      expect(unconfirmed.exitCode).toBe(2);
      expect(String(unconfirmed.stderr)).toContain('re-run with --yes');
      const deleted = await box.run(['freeze-periods', 'delete', String(created.id), '-R', 'root/api', '--yes']);
      expect(deleted.exitCode, String(deleted.stderr)).toBe(0);
      expect(String(deleted.stderr)).toContain(`deleted freeze period ${created.id}`);
      const gone = await box.run(['freeze-periods', 'get', String(created.id), '-R', 'root/api']);
      expect(gone.exitCode).toBe(3);
    });

    it('usage errors name the flag and send nothing (exit 2)', async () => {
      const cases: [string[], string][] = [
        [['freeze-periods', 'create', '-R', 'root/api'], 'missing --start and --end'],
        [['freeze-periods', 'create', '-R', 'root/api', '--start', '0 1 * * *'], 'missing --end'],
        [['freeze-periods', 'create', '-R', 'root/api', '--start', '0 0 0 * *', '--end', '0 1 * * *'], '--start is not a cron expression'],
        [['freeze-periods', 'create', '-R', 'root/api', '--start', '0 0 * * *', '--end', '0 1 * * *', '--timezone', 'Mars/Base'], '--timezone must be an IANA time zone'],
        [['freeze-periods', 'update', '1', '-R', 'root/api'], 'nothing to change'],
        [['freeze-periods', 'list'], 'missing --project'],
        [['freeze-periods', 'status', '-R', 'root/api', '--at', 'tomorrow'], '--at must be an ISO 8601'],
      ];
      for (const [args, message] of cases) {
        const res = await box.run(args);
        expect(res.exitCode, args.join(' ')).toBe(2);
        expect(String(res.stderr)).toContain(message);
      }
      expect(await json<Period[]>(['freeze-periods', 'list', '-R', 'root/api'])).toEqual([]);
      // A period is named by id or by its start: a start no period has is not found (exit 3).
      const unknown = await box.run(['freeze-periods', 'get', 'x', '-R', 'root/api']);
      expect(unknown.exitCode).toBe(3);
      expect(String(unknown.stderr)).toContain('no freeze period "x"');
    });

    it('status: not frozen without periods (exit 0); the help documents the frozen exit code', async () => {
      const res = await box.run(['freeze-periods', 'status', '-R', 'root/api']);
      expect(res.exitCode).toBe(0);
      expect(String(res.stdout)).toContain('not frozen at 2026-01-15T10:00:00.000Z (0 freeze periods)');
      const help = await box.run(['freeze-periods', 'status', '--help']);
      expect(String(help.stdout)).toMatch(/Exit status:\s+0\s+not frozen[\s\S]*10\s+frozen/);
    });

    describe('status across time zones and daylight-saving changes', () => {
      let berlin: Period;
      let la: Period;
      const status = async (at: string, project = 'root/shop'): Promise<{ code: number | undefined; body: Status }> => {
        const res = await box.run(['freeze-periods', 'status', '-R', project, '--at', at, '-o', 'json']);
        return { code: res.exitCode, body: JSON.parse(String(res.stdout)) as Status };
      };

      beforeAll(async () => {
        // Europe moves to summer time on Sunday 2026-03-29, the US on Sunday 2026-03-08.
        berlin = await json<Period>(['freeze-periods', 'create', '-R', 'root/shop', '--start', '0 23 * * fri', '--end', '0 7 * * mon', '--timezone', 'Europe/Berlin']);
        la = await json<Period>(['freeze-periods', 'create', '-R', 'root/west', '--start', '0 18 * * fri', '--end', '0 8 * * mon', '--timezone', 'America/Los_Angeles']);
        for (const p of [berlin, la]) await json(['freeze-periods', 'create', '-R', 'root/both', '--start', p.freeze_start, '--end', p.freeze_end, '--timezone', p.cron_timezone]);
      });

      it('a weekend freeze in Berlin starts at 23:00 winter time and ends at 07:00 summer time', async () => {
        expect((await status('2026-03-27T21:59:00Z')).code).toBe(0);
        const start = await status('2026-03-27T22:00:00Z');
        expect(start.code).toBe(10);
        expect(start.body).toMatchObject({ frozen: true, freeze_period_id: berlin.id, started_at: '2026-03-27T23:00:00+01:00', ends_at: '2026-03-30T07:00:00+02:00' });
        // 06:59 summer time is 04:59 UTC: one hour earlier than the same wall time a week before.
        const late = await status('2026-03-30T04:59:00Z');
        expect(late.code).toBe(10);
        expect(late.body.ends_at).toBe('2026-03-30T07:00:00+02:00');
        const after = await status('2026-03-30T05:00:00Z');
        expect(after.code).toBe(0);
        expect(after.body).toMatchObject({ frozen: false, freeze_period_id: null, ends_at: null, active_period_ids: [] });
        // A week earlier, in winter time, 05:00 UTC is 06:00 in Berlin: still frozen.
        expect((await status('2026-03-23T05:00:00Z')).body).toMatchObject({ frozen: true, ends_at: '2026-03-23T07:00:00+01:00' });
      });

      it('the Los Angeles period follows its own zone and change date; overlapping periods report the later end', async () => {
        expect((await status('2026-03-07T01:59:00Z', 'root/west')).code).toBe(0);
        expect((await status('2026-03-07T02:00:00Z', 'root/west')).body).toMatchObject({ frozen: true, freeze_period_id: la.id, started_at: '2026-03-06T18:00:00-08:00' });
        const monday = await status('2026-03-09T14:59:00Z', 'root/west');
        expect(monday.body).toMatchObject({ frozen: true, freeze_period_id: la.id, ends_at: '2026-03-09T08:00:00-07:00' });
        expect((await status('2026-03-09T15:00:00Z', 'root/west')).code).toBe(0);
        // A week earlier, in winter time, 15:00 UTC is 07:00 in Los Angeles: still frozen.
        expect((await status('2026-03-02T15:00:00Z', 'root/west')).body).toMatchObject({ frozen: true, ends_at: '2026-03-02T08:00:00-08:00' });
        // Saturday noon UTC is inside both weekend freezes; Los Angeles ends last.
        const both = await status('2026-03-14T12:00:00Z', 'root/both');
        expect(both.code).toBe(10);
        expect(both.body.active_period_ids).toHaveLength(2);
        expect(both.body).toMatchObject({ ends_at: '2026-03-16T08:00:00-07:00' });
        // Monday 07:30 in Berlin: only the Los Angeles freeze is still on.
        expect((await status('2026-03-16T06:30:00Z', 'root/both')).body.active_period_ids).toHaveLength(1);
      });

      it('prints which period and until when on a table, reads --at without a zone as UTC', async () => {
        const res = await box.run(['freeze-periods', 'status', '-R', 'root/west', '--at', '2026-03-28T12:00']);
        expect(res.exitCode).toBe(10);
        expect(String(res.stdout)).toContain(`frozen: period ${la.id} (0 18 * * fri → 0 8 * * mon, America/Los_Angeles)`);
        expect(String(res.stdout)).toContain('since Fri 2026-03-27 18:00 PDT');
        expect(String(res.stdout)).toContain('until Mon 2026-03-30 08:00 PDT');
        // 2026-03-30T14:59 without a zone is UTC: 07:59 in Los Angeles, frozen; 15:00 is not.
        expect((await box.run(['freeze-periods', 'status', '-R', 'root/west', '--at', '2026-03-30T14:59'])).exitCode).toBe(10);
        expect((await box.run(['freeze-periods', 'status', '-R', 'root/west', '--at', '2026-03-30T15:00'])).exitCode).toBe(0);
      });

      it('answers the same through hostctl serve', async () => {
        const served = await startServe(box);
        const serve: ResultPromise = served.proc;
        try {
          const res = await box.run(['freeze-periods', 'status', '-R', 'root/shop', '--at', '2026-03-30T04:59:00Z', '-o', 'json', '--url', served.url], { env: { HOSTCTL_TOKEN: token } });
          expect(res.exitCode, String(res.stderr)).toBe(10);
          expect(JSON.parse(String(res.stdout))).toMatchObject({ frozen: true, freeze_period_id: berlin.id, ends_at: '2026-03-30T07:00:00+02:00' });
        } finally {
          serve.kill('SIGTERM');
          await serve.catch(() => undefined);
        }
      });
    });
  });

  describe('security-settings', () => {
    it('get, update on and off; the flag is required and checked', async () => {
      expect(await json(['security-settings', 'get', '-R', 'root/shop'])).toMatchObject({ secret_push_protection_enabled: false, auto_fix_sast: true });
      expect(await json(['security-settings', 'update', '-R', 'root/shop', '--secret-push-protection', 'on'])).toMatchObject({ secret_push_protection_enabled: true });
      expect(await json(['security-settings', 'update', '-R', 'root/shop', '--secret-push-protection', 'off'])).toMatchObject({ secret_push_protection_enabled: false });
      const missing = await box.run(['security-settings', 'update', '-R', 'root/shop']);
      expect(missing.exitCode).toBe(2);
      expect(String(missing.stderr)).toContain('missing --secret-push-protection');
      const wrong = await box.run(['security-settings', 'update', '-R', 'root/shop', '--secret-push-protection', 'maybe']);
      expect(wrong.exitCode).toBe(2);
      expect(String(wrong.stderr)).toContain('--secret-push-protection');
    });
  });

  describe('notifications', () => {
    it('get and set global, group and project settings; events are checked', async () => {
      expect(await json(['notifications', 'get'])).toEqual({ level: 'participating', notification_email: 'admin@example.com' });
      // Outside the custom level there are no events, and no empty event rows either.
      const plain = await box.run(['notifications', 'get']);
      expect(String(plain.stdout)).not.toMatch(/^(on|off)\b/m);
      const project = await json<{ level: string; events: Record<string, boolean | null> }>([
        'notifications', 'set', '-R', 'root/shop', '--level', 'custom', '--on', 'new_release,failed_pipeline', '--on', 'approver', '--off', 'new_note',
      ]);
      expect(project.level).toBe('custom');
      expect(project.events).toMatchObject({ new_release: true, failed_pipeline: true, approver: true, new_note: false, new_issue: null });
      const table = await box.run(['notifications', 'get', '-R', 'root/shop']);
      expect(String(table.stdout)).toMatch(/on\s+new_release, failed_pipeline, fixed_pipeline, approver/);
      expect(String(table.stdout)).toMatch(/off\s+new_note/);

      const note = await box.run(['notifications', 'set', '--level', 'watch', '--on', 'new_issue']);
      expect(note.exitCode).toBe(0);
      expect(String(note.stderr)).toContain('event choices count only with --level custom');

      const cases: [string[], string][] = [
        [['notifications', 'set', '--on', 'new_thing'], 'unknown event "new_thing"'],
        [['notifications', 'set', '--on', 'new_note', '--off', 'new_note'], 'new_note given to both --on and --off'],
        [['notifications', 'set', '--level', 'loud'], '--level'],
        [['notifications', 'set', '-R', 'root/shop', '--email', 'admin@example.com'], '--email applies to the global setting only'],
        [['notifications', 'set'], 'nothing to change'],
        [['notifications', 'get', '-R', 'root/shop', '--group', 'x'], '--project and --group exclude each other'],
      ];
      for (const [args, message] of cases) {
        const res = await box.run(args);
        expect(res.exitCode, args.join(' ')).toBe(2);
        expect(String(res.stderr)).toContain(message);
      }
      expect(await json(['notifications', 'set', '--email', 'ADMIN@example.com'])).toMatchObject({ notification_email: 'admin@example.com' });
      const bad = await box.run(['notifications', 'set', '--email', 'nobody@example.net']);
      expect(bad.exitCode).not.toBe(0);
      expect(String(bad.stderr)).toContain('must be an email you have verified');
    });

    it('the shell completes event names for --on and --off', async () => {
      const bash = String((await box.run(['completion', 'bash'])).stdout);
      const line = bash.split('\n').find((l) => l.includes('--on)')) ?? '';
      for (const event of ['new_release', 'failed_pipeline', 'moved_project', 'new_epic', 'approver']) expect(line).toContain(event);
      const fish = String((await box.run(['completion', 'fish'])).stdout);
      expect(fish).toMatch(/notifications.*set.*-l on.*new_release/);
    });

    it('group settings take new_epic; the outbox lists who would hear of a release', async () => {
      await json(['groups', 'create', '--name', 'Team', '--path', 'team']);
      const group = await json<{ events: Record<string, boolean | null> }>(['notifications', 'set', '--group', 'team', '--level', 'custom', '--on', 'new_epic', '--on', 'approver']);
      expect(group.events).toMatchObject({ new_epic: true, approver: true });

      await json(['users', 'create', '--username', 'erin', '--name', 'Erin Walsh', '--email', 'erin@example.com']);
      await json(['members', 'add', '-R', 'root/shop', '--user', 'erin', '--access-level', 'developer']);
      const erin = await json<{ token: string }>(['tokens', 'create', '--user', 'erin', '--name', 'cli', '--scope', 'api']);
      expect(await box.json(['notifications', 'set', '-R', 'root/shop', '--level', 'watch'], { HOSTCTL_TOKEN: erin.token })).toEqual({ level: 'watch' });
      await json(['releases', 'create', '-R', 'root/shop', '--tag', 'v1.0.0', '--ref', 'main']);
      const outbox = await json<{ event: string; username: string; subject: string; project_path: string }[]>(['notifications', 'outbox', '-R', 'root/shop', '--event', 'new_release']);
      expect(outbox).toEqual([expect.objectContaining({ event: 'new_release', username: 'erin', subject: 'v1.0.0', project_path: 'root/shop' })]);
      const table = await box.run(['notifications', 'outbox', '--user', 'erin']);
      expect(String(table.stdout)).toMatch(/new_release\s+erin\s+erin@example\.com\s+root\/shop\s+v1\.0\.0\s+root/);
      // A project move reaches the whole team (erin), through the API since the CLI has no transfer verb.
      await json(['projects', 'create', '--path', 'moving']);
      await json(['members', 'add', '-R', 'root/moving', '--user', 'erin', '--access-level', 'reporter']);
      const transfer = await box.run(['api', '-X', 'PUT', '/projects/root%2Fmoving/transfer', '-f', 'namespace=team']);
      expect(transfer.exitCode, String(transfer.stderr)).toBe(0);
      const moved = await json<{ event: string; username: string; subject: string }[]>(['notifications', 'outbox', '--event', 'moved_project']);
      expect(moved).toEqual([expect.objectContaining({ event: 'moved_project', username: 'erin', subject: 'root/moving → team/moving' })]);
    });
  });

  describe('error-tracking', () => {
    it('settings get (not configured), enable, disable; keys create, list, delete with the DSN', async () => {
      const before = await box.run(['error-tracking', 'settings', 'get', '-R', 'root/shop']);
      expect(before.exitCode).toBe(3);
      expect(String(before.stderr)).toContain('404 Error Tracking Setting Not Found');
      const unconfigured = await box.run(['error-tracking', 'settings', 'disable', '-R', 'root/shop']);
      expect(unconfigured.exitCode).toBe(3);
      expect(String(unconfigured.stderr)).toContain('error tracking is not configured for this project');

      expect(await json(['error-tracking', 'settings', 'enable', '-R', 'root/shop'])).toEqual({ active: true, project_name: null, tracker_external_url: null, api_url: null, integrated: true });
      expect(await json(['error-tracking', 'settings', 'disable', '-R', 'root/shop'])).toMatchObject({ active: false, integrated: true });
      expect(await json(['error-tracking', 'settings', 'get', '-R', 'root/shop'])).toMatchObject({ active: false });

      const created = await box.run(['error-tracking', 'keys', 'create', '-R', 'root/shop']);
      expect(created.exitCode, String(created.stderr)).toBe(0);
      const dsn = /DSN\s+(http:\/\/glet_[0-9a-f]{32}@localhost:8080\/api\/v4\/error_tracking\/collector\/\d+)/.exec(String(created.stdout))?.[1];
      expect(dsn).toBeDefined();
      const keys = await json<{ id: number; tracker_dsn: string }[]>(['error-tracking', 'keys', 'list', '-R', 'root/shop']);
      expect(keys.map((k) => k.tracker_dsn)).toEqual([dsn]);
      const onlyDsn = await box.run(['error-tracking', 'keys', 'list', '-R', 'root/shop', '--fields', 'tracker_dsn', '-o', 'json']);
      expect(JSON.parse(String(onlyDsn.stdout))).toEqual([{ tracker_dsn: dsn }]);
      const id = String(keys[0]?.id);
      expect((await box.run(['error-tracking', 'keys', 'delete', id, '-R', 'root/shop'])).exitCode).toBe(2);
      const deleted = await json<{ id: number; tracker_dsn: string }>(['error-tracking', 'keys', 'delete', id, '-R', 'root/shop', '--yes']);
      expect(deleted.tracker_dsn).toBe(dsn);
      expect(await json(['error-tracking', 'keys', 'list', '-R', 'root/shop'])).toEqual([]);
      expect((await box.run(['error-tracking', 'keys', 'delete', id, '-R', 'root/shop', '--yes'])).exitCode).toBe(3);
    });
  });
});

describe('init --demo fills the settings areas', () => {
  let box: CliSandbox;
  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  });
  afterAll(() => box.cleanup());

  it('freeze periods, security settings, notification settings and outbox, error tracking', async () => {
    const periods = await box.json<Period[]>(['freeze-periods', 'list', '-R', 'acme/web/storefront']);
    expect(periods.map((p) => p.cron_timezone)).toEqual(['Europe/Berlin', 'UTC']);
    const holidays = await box.run(['freeze-periods', 'status', '-R', 'acme/web/storefront', '--at', '2026-12-28T12:00:00Z']);
    expect(holidays.exitCode).toBe(10);
    expect(await box.json(['security-settings', 'get', '-R', 'acme/web/storefront'])).toMatchObject({ secret_push_protection_enabled: true });
    const alice = await box.json<{ token: string }>(['tokens', 'create', '--user', 'alice', '--name', 'check', '--scope', 'api']);
    expect(await box.json(['notifications', 'get'], { HOSTCTL_TOKEN: alice.token })).toMatchObject({ level: 'custom', notification_email: 'alice@example.com' });
    const outbox = await box.json<{ event: string; username: string }[]>(['notifications', 'outbox', '--all']);
    expect(outbox.length).toBeGreaterThan(0);
    expect(new Set(outbox.map((o) => o.username))).toEqual(new Set(['alice', 'carol']));
    expect(await box.json(['error-tracking', 'settings', 'get', '-R', 'acme/web/storefront'])).toMatchObject({ active: true, integrated: true });
    expect(await box.json<unknown[]>(['error-tracking', 'keys', 'list', '-R', 'acme/web/storefront'])).toHaveLength(1);
  });
});
