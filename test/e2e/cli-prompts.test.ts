// One prompt rule for every verb (issue 22): a missing required option or argument is asked for
// on a terminal, as a question, with choices from the target where there are some (a fixed list
// for values such as access levels), and stays a usage error naming it without a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox, type PromptStep } from '../helpers/cli-in-process.js';
import { KEY } from './terminal.js';

// In-process, on the harness's fake terminal: the same prompts a pseudo-terminal shows, typed
// as the output asks for them (cli-terminal.test.ts keeps prompts on a real pseudo-terminal).
describe('prompts for missing values', () => {
  let sb: CliSandbox;

  beforeAll(async () => {
    sb = cliSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  const onPty = (args: string[], steps: PromptStep[]) => sb.drive(args, steps, { columns: 80 });

  it('members add asks which user (from the target) and which access level (a list)', async () => {
    const res = await onPty(['members', 'add', '-R', 'oss/yaml-lint', '-o', 'json'], [
      { expect: 'Which user\\? \\(--user\\)', send: ['mei'] },
      { expect: 'mei\\.lin', send: [KEY.enter] },
      { expect: 'Which access level\\? \\(--access-level\\)', send: [KEY.down, KEY.down, KEY.down, KEY.enter] },
    ]);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(/"username": "mei\.lin"/);
    expect(res.output).toMatch(/"access_level": 30/);
    const piped = await sb.run(['members', 'add', '-R', 'oss/yaml-lint']);
    expect(piped.exitCode).toBe(2);
    expect(String(piped.stderr)).toContain("required option '--user <user>' not specified");
  });

  it('a missing argument is asked for as free text (branches create)', async () => {
    const res = await onPty(['branches', 'create', '-R', 'oss/yaml-lint', '--ref', 'main', '-o', 'json'], [{ expect: 'Branch\\? \\(BRANCH\\)', send: ['from-a-prompt', KEY.enter] }]);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain('"name": "from-a-prompt"');
    const piped = await sb.run(['branches', 'create', '-R', 'oss/yaml-lint', '--ref', 'main']);
    expect(piped.exitCode).toBe(2);
    expect(String(piped.stderr)).toContain("missing required argument 'branch'");
  });

  it('tokens, groups, users, tags and protected environments ask too', async () => {
    for (const [args, question] of [
      [['tokens', 'create'], 'Which user\\? \\(--user\\)'],
      [['groups', 'create'], '\\(--name\\)'],
      [['users', 'create'], '\\(--username\\)'],
      [['tags', 'create', '-R', 'oss/yaml-lint'], 'Tag\\? \\(TAG\\)'],
      [['protected-envs', 'protect', '-R', 'oss/yaml-lint'], 'Environment\\? \\(ENVIRONMENT\\)'],
    ] as const) {
      const res = await onPty([...args], [{ expect: question, send: ['\u001b'] }]);
      expect(res.code, `${args.join(' ')}: ${res.output}`).toBe(2);
      expect(res.output).toContain('cancelled');
    }
  });

  it('releases create offers tags without a release and accepts a new tag', async () => {
    await sb.run(['tags', 'create', 'v0.9.0', '-R', 'acme/web/storefront', '--ref', 'main']);
    const res = await onPty(['releases', 'create', '-R', 'acme/web/storefront', '--ref', 'main', '--notes', 'x', '-o', 'json'], [
      { expect: 'Which tag\\? \\(--tag\\)[\\s\\S]*v0\\.9\\.0', send: ['v3.0.0-rc1'] },
      { expect: 'v3\\.0\\.0-rc1 \\(new\\)', send: [KEY.enter] },
    ]);
    expect(res.code, res.output).toBe(0);
    // Tags that already have a release were not offered.
    expect(res.output).not.toMatch(/^\s*v1\.1\.0$/m);
    expect(res.output).toContain('"tag_name": "v3.0.0-rc1"');
  });
});
