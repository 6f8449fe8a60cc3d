// Errors that name what the user typed, across nouns: a refusal from the API about a field names
// the flag that field came from (the spelling typed, found from the command's own flags), and a
// file named on the command line that cannot be read is a usage error naming the flag and the
// path, with a hint, before any request is sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

const SHOP = ['-R', 'acme/web/storefront'];

describe('errors name the flag the user typed', () => {
  let sb: InProcessSandbox;

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  const refused = async (args: string[], message: string, flag: string) => {
    const res = await sb.run(args);
    expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(5);
    expect(res.stderr).toContain(`error: ${message}`);
    expect(res.stderr).toContain(`hint: change ${flag} and try again`);
    return res;
  };

  it.each([
    // (tokens create checks its --expires-at before sending: test/e2e/tokens.test.ts; the server's
    // refusal of a date past its own maximum: test/e2e/serve.test.ts)
    ['members (a field map)', ['members', 'add', ...SHOP, '--user', 'bob', '--access-level', 'developer', '--expires-at', '2020-01-01'], '--expires-at cannot be a date in the past', '--expires-at'],
    ['groups (a parameter error)', ['groups', 'create', '--name', '', '--path', 'x-empty'], '--name is empty', '--name'],
    ['groups (a Ruby hash)', ['groups', 'create', '--name', 'Acme', '--path', 'acme'], 'could not save group: --path "acme" is already taken', '--path'],
    ['users', ['users', 'create', '--username', 'bad user', '--name', 'A', '--email', 'a@example.com', '--password', 'long-enough-pw'], '--username can contain only', '--username'],
    // The field is `url`; the flag that sent it is --link-url (found by the value typed).
    ['release links (another name)', ['releases', 'links', 'add', 'v1.1.0', ...SHOP, '--name', 'x', '--link-url', 'notaurl'], '--link-url is blocked', '--link-url'],
  ])('%s', async (_what, args, message, flag) => {
    const res = await refused(args, message, flag);
    expect(res.stderr).not.toMatch(/error: (expires|url|name|path)\b|expires_at|=>/i);
  });

  it('saml: the flag typed, and the flag still to give (a field named by its last word)', async () => {
    await refused(['saml', 'configure', 'acme', '--sso-url', 'http://idp.example.com/sso'], '--sso-url must be an https URL', '--sso-url');
    const res = await sb.run(['saml', 'configure', 'oss', '--enforced-sso', '--sso-url', 'https://idp.example.com/sso']);
    expect(res.exitCode, res.stderr).toBe(5);
    expect(res.stderr).toContain('error: 400 Bad request - --sso-url and --fingerprint are required to configure SAML');
    expect(res.stderr).toContain('hint: give --fingerprint and try again');
  });

  it('of two spellings of one flag, the one typed', async () => {
    await refused(['projects', 'create', '--name', 'spelled', '--storage', 'nope'], '--storage is not included in the list', '--storage');
    await refused(['projects', 'create', '--name', 'spelled', '--repository-storage', 'nope'], '--repository-storage is not included in the list', '--repository-storage');
  });

  it('-o json carries the same message', async () => {
    const res = await sb.run(['members', 'add', ...SHOP, '--user', 'bob', '--access-level', 'developer', '--expires-at', '2020-01-01', '-o', 'json']);
    expect(res.exitCode).toBe(5);
    const error = (JSON.parse(res.stderr) as { error: { message: string; hint: string; body: unknown } }).error;
    expect(error.message).toMatch(/^--expires-at cannot be a date in the past/);
    expect(error.hint).toBe('change --expires-at and try again');
    // The platform's own body stays as it was.
    expect(JSON.stringify(error.body)).toContain('expires_at');
  });
});

describe('a file that cannot be read', () => {
  let sb: InProcessSandbox;
  let dir: string;

  beforeAll(async () => {
    sb = inProcessSandbox();
    await sb.init(['--demo']);
    dir = join(sb.dir, 'files');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.md'), '# Notes\n');
    writeFileSync(join(dir, 'page.md'), '# Page\n');
  });
  afterAll(() => sb.cleanup());

  /** A usage error naming `what` and the path, with `hint`, and nothing sent (no debug trace of a request). */
  const refused = async (args: string[], what: string, hint: RegExp) => {
    const res = await sb.run([...args, '--debug']);
    expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    expect(res.stderr).toMatch(new RegExp(`error: ${what.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (no such file|is a directory)`));
    expect(res.stderr).toMatch(hint);
    expect(res.stderr).not.toMatch(/\[debug\] > (POST|PUT|PATCH|DELETE)/);
    expect(res.stdout).toBe('');
  };

  it('--notes-file: a nearby name is suggested, and - for standard input', async () => {
    await refused(['releases', 'update', 'v1.1.0', ...SHOP, '--notes-file', join(dir, 'notes.mdx')], `--notes-file ${join(dir, 'notes.mdx')}`, new RegExp(`hint: did you mean ${join(dir, 'notes.md')}\\? \\(- reads standard input\\)`));
    await refused(['releases', 'update', 'v1.1.0', ...SHOP, '--notes-file', join(dir, 'NOTES')], `--notes-file ${join(dir, 'NOTES')}`, /did you mean .*notes\.md\?/);
  });

  it('--content-file, a directory, a missing directory', async () => {
    await refused(['wikis', 'create', ...SHOP, '--title', 'X', '--content-file', join(dir, 'pages.md')], `--content-file ${join(dir, 'pages.md')}`, /did you mean .*page\.md\?/);
    await refused(['wikis', 'create', ...SHOP, '--title', 'X', '--content-file', dir], `--content-file ${dir}`, /hint: name a file inside it, or - to read standard input/);
    const res = await sb.run(['wikis', 'create', ...SHOP, '--title', 'X', '--content-file', join(dir, 'none', 'x.md')]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`(there is no directory ${join(dir, 'none')})`);
  });

  it('-F key=@file and --input of hostctl api', async () => {
    await refused(['api', 'projects', '-X', 'POST', '-F', `name=@${join(dir, 'name.txt')}`], `-F …=@${join(dir, 'name.txt')}`, /hint: /);
    await refused(['api', 'projects', '-X', 'POST', '--input', join(dir, 'body.json')], `--input ${join(dir, 'body.json')}`, /hint: check the path, or - to read standard input/);
  });

  it('uploads and files added to snippets and commits', async () => {
    const missing = join(dir, 'missing.bin');
    await refused(['packages', 'upload', missing, ...SHOP, '--name', 'cli', '--package-version', '9.9.9'], `FILE ${missing}`, /hint: check the path/);
    await refused(['wikis', 'upload', missing, ...SHOP], `FILE ${missing}`, /hint: /);
    await refused(['snippets', 'create', '--title', 't', '--file', missing], `--file ${missing}`, /or - to read standard input/);
    await refused(['commits', 'create', ...SHOP, '--branch', 'main', '-m', 'x', '--add', `${missing}=bin/x`], `--add ${missing}`, /hint: /);
    await refused(['apply', '-f', missing], `--file ${missing}`, /hint: /);
  });

  it('a missing resource below a project that exists is blamed, not the project', async () => {
    for (const [args, hint] of [
      [['releases', 'get', 'v9', ...SHOP], 'no release v9 in project acme/web/storefront'],
      [['freeze-periods', 'get', '99', ...SHOP], 'no freeze period 99 in project acme/web/storefront'],
      [['wikis', 'get', 'Nope', ...SHOP], 'no such wiki page in project acme/web/storefront'],
    ] as const) {
      const res = await sb.run([...args]);
      expect(res.exitCode, res.stderr).toBe(3);
      expect(res.stderr).toContain(`hint: ${hint}, or the token cannot see it`);
      expect(res.stderr).not.toContain('check the project exists');
    }
  });

  it('a file that is there is read as before', async () => {
    const res = await sb.run(['releases', 'update', 'v1.1.0', ...SHOP, '--notes-file', join(dir, 'notes.md'), '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { description: string }).description).toBe('# Notes\n');
  });
});
