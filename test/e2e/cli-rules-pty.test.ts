// The prompt rules of issue 22 on a real pseudo-terminal of 80 columns, in one session that runs
// the built CLI several times: missing values asked as questions with choices from the target
// (members add), a release's tag that may be new and then its --ref, the confirmation of a
// destructive verb (users block), and the rotation picker refusing a date past the maximum
// lifetime before anything is confirmed. The same rules are checked in-process, more widely, by
// cli-prompts.test.ts, rotate-interactive.test.ts and cli-rules.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliSandbox, type CliSandbox } from '../helpers/cli.js';
import { KEY, drivePty, hasCommand } from './terminal.js';

const ESC = '\u001b';

describe.runIf(hasCommand('python3'))('prompt rules on an 80-column pseudo-terminal', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
    // A tag without a release, offered next to the typed new one.
    expect((await sb.run(['tags', 'create', 'v0.9.0', '-R', 'acme/web/storefront', '--ref', 'main'])).exitCode).toBe(0);
  });
  afterAll(() => sb.cleanup());

  it('asks, picks from the target, accepts a new tag, confirms, and refuses a date past the maximum', async () => {
    const hostctl = `"${process.execPath}" "${BIN}"`;
    const script = [
      `${hostctl} members add -R oss/yaml-lint -o json; echo "rc=$?"`,
      `${hostctl} releases create -R acme/web/storefront --notes x -o json; echo "rc=$?"`,
      `${hostctl} users block carol; echo "rc=$?"`,
      `${hostctl} tokens rotate; echo "rc=$?"`,
    ].join('\n');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: sb.dir, TERM: 'xterm-256color', ...sb.env };
    const res = await drivePty(
      ['/bin/sh', '-c', script],
      env,
      [
        { expect: 'Which user\\? \\(--user\\)', send: ['mei'] },
        { expect: '❯ mei\\.lin', send: [KEY.enter] },
        { expect: 'Which access level\\? \\(--access-level\\)', send: [KEY.down, KEY.down, KEY.down, KEY.enter] },
        { expect: 'rc=0[\\s\\S]*Which tag\\? \\(--tag\\)[\\s\\S]*v0\\.9\\.0', send: ['v3.0.0-rc1'] },
        { expect: '❯ v3\\.0\\.0-rc1 \\(new\\)', send: [KEY.enter] },
        { expect: 'Which ref\\? \\(--ref\\)', send: ['main'] },
        { expect: '❯ main', send: [KEY.enter] },
        { expect: 'rc=0[\\s\\S]*Block user carol\\?', send: ['n', KEY.enter] },
        { expect: 'rc=2[\\s\\S]*Which token should be rotated\\?', send: [KEY.enter] },
        { expect: 'When should the new token expire\\?', send: [...Array<string>(12).fill(KEY.backspace), ...'2099-01-01', KEY.enter] },
        { expect: 'must be on or before 2027-02-19 \\(tokens live at most 400 days\\)', send: [ESC] },
      ],
      80,
    );
    expect(res.error, res.output).toBeNull();
    expect(res.output).toMatch(/"username": "mei\.lin"[\s\S]*"access_level": 30/);
    expect(res.output).toContain('"tag_name": "v3.0.0-rc1"');
    expect(res.output).toMatch(/Block user carol\?[\s\S]*cancelled\s+rc=2/);
    // Esc at the refused date: nothing was confirmed or rotated.
    expect(res.output).not.toContain('Rotate token');
    expect(res.output).toMatch(/cancelled\s+rc=2\s*$/);
    expect((await sb.json<{ state: string }>(['users', 'get', 'carol'])).state).toBe('active');
  }, 90_000);
});
