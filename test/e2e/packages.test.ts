// hostctl packages and pipelines, run as a process: uploading files (streamed) with a pipeline's
// job token and without, listing with filters, files, pipelines, downloads checked byte for byte
// locally and through hostctl serve, protection rules, deleting files and packages, the
// progress line on a terminal, and usage errors with their exit codes.
import { randomBytes, createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';
import { canUseTerminal, runOnTerminal } from './terminal.js';

type Obj = Record<string, unknown>;

describe('hostctl packages and pipelines', () => {
  let box: CliSandbox;
  let token: string;
  let serve: ResultPromise | undefined;
  let url: string;
  const payload = randomBytes(300_000);
  const json = <T = Obj>(args: string[], env?: Record<string, string>): Promise<T> => box.json<T>(args, env);
  const remote = (args: string[]) => box.run([...args, '--url', url], { env: { HOSTCTL_TOKEN: token } });

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    await json(['projects', 'create', '--path', 'shop', '--readme', '--visibility', 'public']);
    writeFileSync(join(box.dir, 'app.bin'), payload);
    writeFileSync(join(box.dir, 'notes.txt'), 'release notes\n');
    const served = await startServe(box);
    serve = served.proc;
    url = served.url;
  });

  afterAll(async () => {
    if (serve && (serve.exitCode === undefined || serve.exitCode === null)) serve.kill('SIGTERM');
    await serve?.catch(() => undefined);
    box?.cleanup();
  });

  it('creates pipelines and shows each, with its job token once, in every format', async () => {
    // Table form piped: the pipeline's fields, the job token among them (the create rule).
    const res = await box.run(['pipelines', 'create', '-R', 'root/shop', '--ref', 'main']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const fields = Object.fromEntries(String(res.stdout).split('\n').map((l) => l.split('\t')));
    expect(fields).toMatchObject({ id: expect.stringMatching(/^\d+$/), iid: '1', ref: 'main', status: 'created', 'job token': expect.stringMatching(/^hjob-[A-Za-z0-9_-]+$/) });
    expect(String(res.stderr)).toContain('shown only once');
    // On a terminal: the same record as a table, the token whole at 80 columns; --jq gives the
    // token alone, for $(...). (Another project, so that shop's pipelines stay 1 and 2.)
    expect((await box.run(['projects', 'create', '--path', 'cart', '--readme'])).exitCode).toBe(0);
    const made = await box.drive(['pipelines', 'create', '-R', 'root/cart', '--ref', 'main'], [], { columns: 80 });
    expect(made.output).toMatch(/^job token\s+hjob-[A-Za-z0-9_-]+$/m);
    expect(made.output).toMatch(/^ref\s+main$/m);
    expect(made.output).toMatch(/^status\s+created$/m);
    const alone = await box.run(['pipelines', 'create', '-R', 'root/cart', '--ref', 'main', '--jq', '.job_token']);
    expect(String(alone.stdout).trim()).toMatch(/^hjob-[A-Za-z0-9_-]+$/);
    const withJson = await json<Obj>(['pipelines', 'create', '-R', 'root/shop', '--ref', 'main']);
    expect(withJson).toMatchObject({ iid: 2, ref: 'main', status: 'created', source: 'api' });
    expect(String(withJson.job_token)).toMatch(/^hjob-/);
    const list = await json<Obj[]>(['pipelines', 'list', '-R', 'root/shop']);
    expect(list.map((p) => p.iid)).toEqual([2, 1]);
    // One sort syntax: --sort FIELD[:dir], with --sort asc|desc and --order-by still accepted.
    expect((await json<Obj[]>(['pipelines', 'list', '-R', 'root/shop', '--sort', 'id:asc'])).map((p) => p.iid)).toEqual([1, 2]);
    expect((await json<Obj[]>(['pipelines', 'list', '-R', 'root/shop', '--sort', 'asc'])).map((p) => p.iid)).toEqual([1, 2]);
    expect((await json<Obj[]>(['pipelines', 'list', '-R', 'root/shop', '--order-by', 'id', '--sort', 'asc'])).map((p) => p.iid)).toEqual([1, 2]);
    expect((await json<Obj[]>(['pipelines', 'list', '--repo', 'root/shop', '--sort', 'id_desc'])).map((p) => p.iid)).toEqual([2, 1]);
    const badSort = await box.run(['pipelines', 'list', '-R', 'root/shop', '--sort', 'sha']);
    expect(badSort.exitCode).toBe(2);
    expect(String(badSort.stderr)).toContain('--sort must be FIELD');
    expect((await json<Obj>(['pipelines', 'get', String(withJson.id), '-R', 'root/shop'])).id).toBe(withJson.id);
    const bad = await box.run(['pipelines', 'create', '-R', 'root/shop', '--ref', 'nope']);
    expect(bad.exitCode).toBe(5);
    expect(String(bad.stderr)).toContain('Reference not found');
    expect((await box.run(['pipelines', 'create', '-R', 'root/shop'])).exitCode).toBe(2);
  });

  it('uploads files with --package-version, lists, shows files and downloads them with a verified checksum', async () => {
    const up = await json<Obj[]>(['packages', 'upload', '-R', 'root/shop', '--name', 'app', '--package-version', '1.0.0', join(box.dir, 'app.bin'), join(box.dir, 'notes.txt')]);
    expect(up.map((f) => f.file_name)).toEqual(['app.bin', 'notes.txt']);
    expect(up[0]?.file_sha256).toBe(createHash('sha256').update(payload).digest('hex'));
    const list = await json<Obj[]>(['packages', 'list', '-R', 'root/shop']);
    expect(list.map((p) => [p.name, p.version, p.package_type])).toEqual([['app', '1.0.0', 'generic']]);
    const id = String(list[0]?.id);
    const got = await json<Obj>(['packages', 'get', id, '-R', 'root/shop']);
    expect(got).toMatchObject({ name: 'app', status: 'default', versions: [] });
    const files = await json<Obj[]>(['packages', 'files', id, '-R', 'root/shop', '--order-by', 'file_name', '--sort', 'desc']);
    expect(files.map((f) => f.file_name)).toEqual(['notes.txt', 'app.bin']);
    const sorted = await json<Obj[]>(['packages', 'files', id, '-R', 'root/shop', '--sort', 'file_name:desc']);
    expect(sorted.map((f) => f.file_name)).toEqual(['notes.txt', 'app.bin']);
    expect((await json<Obj[]>(['packages', 'files', id, '-R', 'root/shop', '--sort', 'file_name'])).map((f) => f.file_name)).toEqual(['app.bin', 'notes.txt']);
    const disagree = await box.run(['packages', 'files', id, '-R', 'root/shop', '--order-by', 'id', '--sort', 'file_name:desc']);
    expect(disagree.exitCode).toBe(2);
    expect(String(disagree.stderr)).toContain('--order-by and --sort FIELD disagree');
    const out = join(box.dir, 'got.bin');
    const down = await box.run(['packages', 'download', '-R', 'root/shop', '--name', 'app', '--package-version', '1.0.0', 'app.bin', '-O', out]);
    expect(down.exitCode, String(down.stderr)).toBe(0);
    expect(String(down.stderr)).toContain('verified');
    expect(readFileSync(out).equals(payload)).toBe(true);
    // An existing file is never silently overwritten: exit 5 naming both ways out.
    const downloadTo = (file: string, ...extra: string[]) => box.run(['packages', 'download', '-R', 'root/shop', '--name', 'app', '--package-version', '1.0.0', file, '-O', out, ...extra]);
    writeFileSync(out, 'mine');
    const refused = await downloadTo('app.bin');
    expect(refused.exitCode).toBe(5);
    expect(String(refused.stderr)).toContain(`error: ${out} exists`);
    expect(String(refused.stderr)).toMatch(/--clobber.*--skip-existing/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    const skipped = await downloadTo('app.bin', '--skip-existing');
    expect(skipped.exitCode, String(skipped.stderr)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect((await downloadTo('app.bin', '--clobber', '--skip-existing')).exitCode).toBe(2);
    const clobbered = await downloadTo('app.bin', '--clobber');
    expect(clobbered.exitCode, String(clobbered.stderr)).toBe(0);
    expect(readFileSync(out).equals(payload)).toBe(true);
    const piped = await box.run(['packages', 'download', '-R', 'root/shop', '--name', 'app', '--package-version', '1.0.0', 'notes.txt', '-O', '-']);
    expect(String(piped.stdout)).toBe('release notes');
    const table = await box.run(['packages', 'list', '-R', 'root/shop']);
    expect(String(table.stdout)).toMatch(/^\d+\tapp\t1\.0\.0\tgeneric\tdefault\t/);
  });

  it('publishes with a job token as JOB-TOKEN, linked to its pipeline', async () => {
    const created = await json<Obj>(['pipelines', 'create', '-R', 'root/shop', '--ref', 'main']);
    const res = await box.run(['packages', 'upload', '-R', 'root/shop', '--name', 'built', '--package-version', '2.0.0', join(box.dir, 'notes.txt'), '--url', url], {
      env: { HOSTCTL_TOKEN: String(created.job_token) },
    });
    // The CLI sends a token as PRIVATE-TOKEN: a job token is refused there, as on the platform.
    expect(res.exitCode).toBe(4);
    const curl = await fetch(`${url}/api/v4/projects/root%2Fshop/packages/generic/built/2.0.0/notes.txt`, {
      method: 'PUT',
      headers: { 'JOB-TOKEN': String(created.job_token) },
      body: 'from the pipeline\n',
    });
    expect(curl.status).toBe(201);
    const [pkg] = await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--name', 'built']);
    expect((pkg?.pipeline as Obj).id).toBe(created.id);
    const pipelines = await json<Obj[]>(['packages', 'pipelines', String(pkg?.id), '-R', 'root/shop']);
    expect(pipelines.map((p) => p.id)).toEqual([created.id]);
  });

  it('uploads hidden packages and filters lists by status, type, name and version', async () => {
    await json(['packages', 'upload', '-R', 'root/shop', '--name', 'nightly', '--package-version', '2026.01.15', join(box.dir, 'notes.txt'), '--status', 'hidden']);
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--name', 'nightly'])).length).toBe(0);
    // --search is the documented substring filter; --name (older) and --query stay hidden aliases.
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--search', 'ap'])).map((p) => p.name)).toEqual(['app']);
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--name', 'ap'])).map((p) => p.name)).toEqual(['app']);
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--query', 'ap'])).map((p) => p.name)).toEqual(['app']);
    const both = await box.run(['packages', 'list', '-R', 'root/shop', '--search', 'ap', '--name', 'nightly']);
    expect(both.exitCode).toBe(2);
    expect(String(both.stderr)).toContain('--name is another spelling of --search');
    const help = String((await box.run(['packages', 'list', '--help'])).stdout);
    expect(help).toContain('--search <text>');
    expect(help).toContain('--sort <field[:dir]>');
    expect(help).not.toMatch(/--name |--order-by/);
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--sort', 'name:desc', '--status', 'hidden'])).map((p) => p.name)).toEqual(['nightly']);
    const groupOnly = await box.run(['packages', 'list', '-R', 'root/shop', '--sort', 'project_path']);
    expect(groupOnly.exitCode).toBe(2);
    expect(String(groupOnly.stderr)).toContain('--sort must be FIELD');
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--status', 'hidden'])).map((p) => p.name)).toEqual(['nightly']);
    expect((await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--type', 'generic', '--package-version', '1.0.0'])).map((p) => p.name)).toEqual(['app']);
    const bad = await box.run(['packages', 'list', '-R', 'root/shop', '--type', 'docker']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--type must be one of');
    expect((await box.run(['packages', 'list', '-R', 'root/shop', '--group', 'g'])).exitCode).toBe(2);
  });

  it('lists a group\'s packages with their projects', async () => {
    await json(['groups', 'create', '--name', 'Team', '--path', 'team', '--visibility', 'public']);
    await json(['projects', 'create', '--path', 'tool', '--namespace', 'team', '--visibility', 'public']);
    await json(['packages', 'upload', '-R', 'team/tool', '--name', 'tool', '--package-version', '0.1.0', join(box.dir, 'notes.txt')]);
    const rows = await json<Obj[]>(['packages', 'list', '--group', 'team', '--order-by', 'project_path']);
    expect(rows.map((p) => [p.name, p.project_path])).toEqual([['tool', 'team/tool']]);
    const byPath = await json<Obj[]>(['packages', 'list', '--parent', 'team', '--sort', 'project_path:desc']);
    expect(byPath.map((p) => [p.name, p.project_path])).toEqual([['tool', 'team/tool']]);
    const table = await box.run(['packages', 'list', '--group', 'team', '--exclude-subgroups']);
    expect(String(table.stdout)).toContain('team/tool');
  });

  it('manages protection rules, which refuse deletes to maintainers', async () => {
    const rule = await json<Obj>(['packages', 'protection', 'add', '-R', 'root/shop', '--pattern', 'app*', '--type', 'generic', '--push', 'maintainer', '--delete', 'admin']);
    expect(rule).toMatchObject({ package_name_pattern: 'app*', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'admin' });
    const updated = await json<Obj>(['packages', 'protection', 'update', String(rule.id), '-R', 'root/shop', '--delete', 'owner']);
    expect(updated.minimum_access_level_for_delete).toBe('owner');
    expect((await json<Obj[]>(['packages', 'protection', 'list', '-R', 'root/shop'])).map((r) => r.id)).toEqual([rule.id]);
    expect((await box.run(['packages', 'protection', 'add', '-R', 'root/shop', '--pattern', 'x', '--type', 'generic'])).exitCode).toBe(2);
    const dup = await box.run(['packages', 'protection', 'add', '-R', 'root/shop', '--pattern', 'app*', '--type', 'generic', '--push', 'owner']);
    expect(dup.exitCode).toBe(5);
    const noYes = await box.run(['packages', 'protection', 'remove', String(rule.id), '-R', 'root/shop']);
    expect(noYes.exitCode).toBe(2);
    expect((await box.run(['packages', 'protection', 'remove', String(rule.id), '-R', 'root/shop', '--yes'])).exitCode).toBe(0);
    expect(await json<Obj[]>(['packages', 'protection', 'list', '-R', 'root/shop'])).toEqual([]);
  });

  it('works through hostctl serve: a streamed upload and download of the same bytes', async () => {
    const up = await remote(['packages', 'upload', '-R', 'root/shop', '--name', 'remote', '--package-version', '1.0.0', join(box.dir, 'app.bin'), '-o', 'json']);
    expect(up.exitCode, String(up.stderr)).toBe(0);
    const out = join(box.dir, 'remote.bin');
    const down = await remote(['packages', 'download', '-R', 'root/shop', '--name', 'remote', '--package-version', '1.0.0', 'app.bin', '-O', out]);
    expect(down.exitCode, String(down.stderr)).toBe(0);
    expect(readFileSync(out).equals(payload)).toBe(true);
    const missing = await remote(['packages', 'download', '-R', 'root/shop', '--name', 'remote', '--package-version', '1.0.0', 'nope.bin', '-O', join(box.dir, 'nope.bin')]);
    expect(missing.exitCode).toBe(3);
    expect(existsSync(join(box.dir, 'nope.bin'))).toBe(false);
    expect(readdirSync(box.dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('downloads a file uploaded under --path by its path or by the name packages files lists, locally and through serve', async () => {
    const up = await box.run(['packages', 'upload', '-R', 'root/shop', '--name', 'pathed', '--package-version', '1.0.0', '--path', 'checksums', join(box.dir, 'notes.txt')]);
    expect(up.exitCode, String(up.stderr)).toBe(0);
    // The platform stores the path and the name URL-encoded as one file name; the list shows that.
    const listed = await box.run(['packages', 'files', 'pathed@1.0.0', '-R', 'root/shop', '--fields', 'file_name']);
    expect(String(listed.stdout).trim()).toBe('checksums%2Fnotes.txt');
    for (const [run, where] of [[(a: string[]) => box.run(a), 'local'], [remote, 'remote']] as const) {
      for (const typed of ['checksums/notes.txt', 'checksums%2Fnotes.txt']) {
        const out = join(box.dir, `pathed-${where}-${typed.length}.txt`);
        const down = await run(['packages', 'download', '-R', 'root/shop', '--name', 'pathed', '--package-version', '1.0.0', typed, '-O', out]);
        expect(down.exitCode, `${where} ${typed}: ${String(down.stderr)}`).toBe(0);
        expect(readFileSync(out, 'utf8')).toBe('release notes\n');
      }
    }
    // Piped to standard output under the file's own name in the progress-free message.
    const piped = await box.run(['packages', 'download', '-R', 'root/shop', '--name', 'pathed', '--package-version', '1.0.0', 'checksums%2Fnotes.txt', '-O', '-']);
    expect(piped.stdout).toBe('release notes');
    // A refused file name blames the argument, not --name (the package name's flag).
    const bad = await box.run(['packages', 'download', '-R', 'root/shop', '--name', 'pathed', '--package-version', '1.0.0', '~notes.txt', '-O', join(box.dir, 'bad.txt')]);
    expect(bad.exitCode).toBe(5);
    expect(String(bad.stderr)).toContain('error: FILE-NAME is invalid (HTTP 400');
    expect(String(bad.stderr)).toContain('hint: change FILE-NAME and try again');
    expect(String(bad.stderr)).not.toContain('--name');
  });

  it('deletes a file and a package (with confirmation refused off a terminal)', async () => {
    const [pkg] = await json<Obj[]>(['packages', 'list', '-R', 'root/shop', '--name', 'app']);
    const files = await json<Obj[]>(['packages', 'files', String(pkg?.id), '-R', 'root/shop']);
    expect((await box.run(['packages', 'delete-file', String(pkg?.id), String(files[1]?.id), '-R', 'root/shop'])).exitCode).toBe(2);
    const del = await box.run(['packages', 'delete-file', String(pkg?.id), String(files[1]?.id), '-R', 'root/shop', '--yes']);
    expect(del.exitCode, String(del.stderr)).toBe(0);
    expect((await json<Obj[]>(['packages', 'files', String(pkg?.id), '-R', 'root/shop'])).length).toBe(1);
    const gone = await box.run(['packages', 'delete', String(pkg?.id), '-R', 'root/shop', '--yes']);
    expect(gone.exitCode, String(gone.stderr)).toBe(0);
    expect(String(gone.stderr)).toContain('deleted package app 1.0.0');
    const again = await box.run(['packages', 'get', String(pkg?.id), '-R', 'root/shop']);
    expect(again.exitCode).toBe(3);
    const unknown = await box.run(['packages', 'get', 'abc', '-R', 'root/shop']);
    expect(unknown.exitCode).toBe(3);
    expect(String(unknown.stderr)).toContain('no package "abc" (PACKAGE is an id, NAME@VERSION, or NAME when one version exists)');
  });

  it('refuses uploads without a name, a version or files, and unreadable files', async () => {
    for (const args of [
      ['--package-version', '1', 'x'],
      ['--name', 'n', 'x'],
      ['--name', 'n', '--package-version', '1'],
      ['--name', 'n', '--package-version', '1', join(box.dir, 'missing.bin')],
    ]) {
      const res = await box.run(['packages', 'upload', '-R', 'root/shop', ...args]);
      expect(res.exitCode, args.join(' ')).toBe(2);
    }
    const badName = await box.run(['packages', 'upload', '-R', 'root/shop', '--name', 'bad name', '--package-version', '1.0.0', join(box.dir, 'notes.txt')]);
    expect(badName.exitCode).toBe(5);
    // The platform's package_name is the --name typed.
    expect(String(badName.stderr)).toContain('error: --name is invalid');
    expect(String(badName.stderr)).toContain('hint: change --name and try again');
  });

  it.runIf(canUseTerminal)('draws a progress line with bytes, rate and ETA on a terminal', async () => {
    const res = await runOnTerminal(box, ['packages', 'upload', '-R', 'root/shop', '--name', 'tty', '--package-version', '1.0.0', join(box.dir, 'app.bin')]);
    expect(res.exitCode).toBe(0);
    expect(res.output).toMatch(/app\.bin \[#+\] 100% 293\.0 KiB\/293\.0 KiB .+\/s ETA \d+s/);
  });
});
