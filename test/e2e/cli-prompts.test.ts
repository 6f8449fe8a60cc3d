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
    const res = await onPty(['branches', 'create', '-R', 'oss/yaml-lint', '--ref', 'main', '-o', 'json'], [{ expect: 'What is the branch\\? \\(BRANCH\\)', send: ['from-a-prompt', KEY.enter] }]);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain('"name": "from-a-prompt"');
    const piped = await sb.run(['branches', 'create', '-R', 'oss/yaml-lint', '--ref', 'main']);
    expect(piped.exitCode).toBe(2);
    expect(String(piped.stderr)).toContain("missing required argument 'branch'");
  });

  it('tokens, groups, users, tags and protected environments ask too, as questions', async () => {
    for (const [args, question] of [
      [['tokens', 'create'], 'Which user\\? \\(--user\\)'],
      [['groups', 'create'], 'What is the display name\\? \\(--name\\)'],
      // The name of what a create verb makes is new: free text, never the existing ones.
      [['users', 'create'], 'What is the username\\? \\(--username\\)\\s*$'],
      [['tags', 'create', '-R', 'oss/yaml-lint'], 'What is the tag\\? \\(TAG\\)\\s*$'],
      [['protected-envs', 'protect', '-R', 'oss/yaml-lint'], 'What is the environment\\? \\(ENVIRONMENT\\)'],
      // A missing argument that names something existing is picked from the target.
      [['tags', 'delete', '-R', 'acme/web/storefront'], 'Which tag\\? \\(TAG\\)\\s+❯ v2\\.0\\.0'],
    ] as const) {
      const res = await onPty([...args], [{ expect: question, send: ['\u001b'] }]);
      expect(res.error, `${args.join(' ')}: ${res.output}`).toBeNull();
      expect(res.code, `${args.join(' ')}: ${res.output}`).toBe(2);
      expect(res.output).toContain('cancelled');
    }
  });

  it('answers go through the flag\'s own parser, and a missing --deploy is asked for too', async () => {
    const token = await onPty(['tokens', 'create', '--user', 'mei.lin', '--name', 'prompted', '-o', 'json'], [{ expect: 'Which scope\\? \\(--scope\\)', send: [KEY.down, KEY.enter] }]);
    expect(token.code, token.output).toBe(0);
    expect(token.output).toMatch(/"scopes": \[\s*"read_api"\s*\]/);
    const env = await onPty(['protected-envs', 'protect', 'prompted', '-R', 'oss/yaml-lint', '-o', 'json'], [
      { expect: 'Who may deploy \\(maintainer, developer, admin, user:NAME,\\sgroup:PATH\\[\\+inherited\\]\\)\\? \\(--deploy\\)', send: ['developer', KEY.enter] },
    ]);
    expect(env.code, env.output).toBe(0);
    expect(env.output).toContain('"name": "prompted"');
    expect(env.output).toMatch(/"access_level": 30/);
  });

  it('Enter typed with the text, before the list follows it, never picks a row the text does not match', async () => {
    const res = await onPty(['tags', 'delete', '-R', 'acme/web/storefront'], [
      { expect: 'Which tag\\? \\(TAG\\)\\s+❯ v2\\.0\\.0', send: ['zzz', KEY.enter] },
      { expect: 'nothing matches "zzz"; choose again[\\s\\S]*Which tag\\? \\(TAG\\)', send: ['\u001b'] },
    ]);
    expect(res.error, res.output).toBeNull();
    expect(res.code).toBe(2);
    expect(res.output).not.toContain('Delete tag');
    expect((await sb.run(['tags', 'get', 'v2.0.0', '-R', 'acme/web/storefront'])).exitCode).toBe(0);
  });

  it('releases create offers tags without a release and accepts a new tag', async () => {
    await sb.run(['tags', 'create', 'v0.9.0', '-R', 'acme/web/storefront', '--ref', 'main']);
    // No --ref: a new tag needs one, so it is asked for after the tag, with the branches.
    const res = await onPty(['releases', 'create', '-R', 'acme/web/storefront', '--notes', 'x', '-o', 'json'], [
      { expect: 'Which tag\\? \\(--tag\\)[\\s\\S]*v0\\.9\\.0', send: ['v3.0.0-rc1'] },
      { expect: 'v3\\.0\\.0-rc1 \\(new\\)', send: [KEY.enter] },
      { expect: 'Which ref\\? \\(--ref\\)[\\s\\S]*main', send: ['main'] },
      { expect: '❯ main', send: [KEY.enter] },
    ]);
    expect(res.code, res.output).toBe(0);
    // Tags that already have a release were not offered.
    expect(res.output).not.toMatch(/^\s*v1\.1\.0$/m);
    expect(res.output).toContain('"tag_name": "v3.0.0-rc1"');
  });
});
