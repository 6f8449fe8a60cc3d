// hostctl releases and milestones, run as a process against a local state: creating a release
// with notes from a file, milestones and links; listing, the latest permalink, links, asset and
// source downloads written to disk (checked byte for byte, locally and through hostctl serve),
// evidence with --wait, the demo's releases, and the usage errors and exit codes.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;

describe('hostctl releases and milestones', () => {
  let box: CliSandbox;

  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await json(['projects', 'create', '--path', 'shop', '--readme', '--visibility', 'public']);
  });

  afterAll(() => box.cleanup());

  it('creates milestones and closes one', async () => {
    const m = await json<Obj>(['milestones', 'create', '-R', 'root/shop', '--title', 'Launch', '--due-date', '2026-02-01']);
    expect(m).toMatchObject({ iid: 1, title: 'Launch', state: 'active', due_date: '2026-02-01' });
    const other = await json<Obj>(['milestones', 'create', '-R', 'root/shop', '--title', 'Later']);
    const closed = await json<Obj>(['milestones', 'close', String(other.id), '-R', 'root/shop']);
    expect(closed.state).toBe('closed');
    const active = await json<Obj[]>(['milestones', 'list', '-R', 'root/shop', '--active']);
    expect(active.map((x) => x.title)).toEqual(['Launch']);
    const bad = await box.run(['milestones', 'create', '-R', 'root/shop', '--title', 'x', '--due-date', '2026-13-01']);
    expect(bad.exitCode).toBe(2);
    expect(String(bad.stderr)).toContain('--due-date must be a date');
  });

  it('creates a release with notes from a file, a milestone and links', async () => {
    const notes = join(box.dir, 'NOTES.md');
    writeFileSync(notes, '## Highlights\n\n- fast\n');
    const r = await json<Obj>([
      'releases',
      'create',
      '-R',
      'root/shop',
      '--tag',
      'v1.0.0',
      '--ref',
      'main',
      '--notes-file',
      notes,
      '--milestone',
      'Launch',
      '--link',
      'name=linux,url=https://cdn.example.com/shop-linux,type=package,path=bin/shop-linux',
      '--link',
      'name=docs, url=https://docs.example.com/shop?a=1,b=2',
    ]);
    expect(r).toMatchObject({ tag_name: 'v1.0.0', name: 'v1.0.0', description: '## Highlights\n\n- fast\n', upcoming_release: false });
    const assets = r.assets as { links: Obj[]; count: number };
    expect(assets.links.map((l) => l.name).sort()).toEqual(['docs', 'linux']);
    expect(assets.links.find((l) => l.name === 'docs')?.url).toBe('https://docs.example.com/shop?a=1,b=2');
    expect((r.milestones as Obj[]).map((m) => m.title)).toEqual(['Launch']);
  });

  it('lists, gets, shows the latest, and manages links', async () => {
    await json(['releases', 'create', '-R', 'root/shop', '--tag', 'v0.9.0', '--ref', 'main', '--released-at', '2025-12-01T00:00:00Z']);
    const list = await json<Obj[]>(['releases', 'list', '-R', 'root/shop']);
    expect(list.map((r) => r.tag_name)).toEqual(['v1.0.0', 'v0.9.0']);
    const piped = await box.run(['releases', 'list', '-R', 'root/shop']);
    expect(String(piped.stdout).split('\n')[0]).toMatch(/^v1\.0\.0\tv1\.0\.0\t/);
    expect((await json<Obj>(['releases', 'latest', '-R', 'root/shop'])).tag_name).toBe('v1.0.0');
    const added = await json<Obj>(['releases', 'links', 'add', 'v0.9.0', '-R', 'root/shop', '--name', 'notes', '--link-url', 'https://example.com/notes', '--type', 'runbook']);
    expect(added).toMatchObject({ name: 'notes', link_type: 'runbook' });
    const updated = await json<Obj>(['releases', 'links', 'update', 'v0.9.0', String(added.id), '-R', 'root/shop', '--name', 'release notes']);
    expect(updated.name).toBe('release notes');
    // A partial update changes only what was given: the link stays a runbook (the platform alone
    // would reset an omitted type to `other`).
    expect(updated.link_type).toBe('runbook');
    const moved = await json<Obj>(['releases', 'links', 'update', 'v0.9.0', 'release notes', '-R', 'root/shop', '--link-url', 'https://example.com/notes-v2']);
    expect(moved).toMatchObject({ name: 'release notes', url: 'https://example.com/notes-v2', link_type: 'runbook' });
    expect((await json<Obj[]>(['releases', 'links', 'list', 'v0.9.0', '-R', 'root/shop'])).map((l) => l.name)).toEqual(['release notes']);
    const removed = await box.run(['releases', 'links', 'delete', 'v0.9.0', String(added.id), '-R', 'root/shop', '--yes']);
    expect(removed.exitCode, String(removed.stderr)).toBe(0);
    expect(await json<Obj[]>(['releases', 'links', 'list', 'v0.9.0', '-R', 'root/shop'])).toEqual([]);
  });

  it('downloads a source archive to a file named like the release source', async () => {
    const res = await box.run(['releases', 'download', 'v1.0.0', '-R', 'root/shop', '--source', 'tar.gz', '-O', join(box.dir, 'src.tar.gz')]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stderr)).toMatch(/wrote .*src\.tar\.gz/);
    const tar = gunzipSync(readFileSync(join(box.dir, 'src.tar.gz')));
    expect(tar.includes(Buffer.from('README.md'))).toBe(true);
    const toStdout = await box.run(['releases', 'download', 'v1.0.0', '-R', 'root/shop', '--source', 'zip', '-O', '-'], { timeout: 30_000 });
    expect(String(toStdout.stdout).slice(0, 2)).toBe('PK');
  });

  it('collects evidence and waits for it', async () => {
    const res = await box.run(['releases', 'evidence', 'v1.0.0', '-R', 'root/shop', '--wait', '--timeout', '30', '-o', 'json']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const evidences = JSON.parse(String(res.stdout)) as Obj[];
    expect(evidences).toHaveLength(2);
  });

  it('updates and deletes a release; the tag stays usable', async () => {
    const updated = await json<Obj>(['releases', 'update', 'v0.9.0', '-R', 'root/shop', '--name', 'Preview', '--notes', 'early']);
    expect(updated).toMatchObject({ name: 'Preview', description: 'early' });
    const refused = await box.run(['releases', 'delete', 'v0.9.0', '-R', 'root/shop']);
    expect(refused.exitCode).toBe(2);
    const deleted = await box.run(['releases', 'delete', 'v0.9.0', '-R', 'root/shop', '--yes']);
    expect(deleted.exitCode, String(deleted.stderr)).toBe(0);
    expect((await json<Obj>(['releases', 'create', '-R', 'root/shop', '--tag', 'v0.9.0'])).tag_name).toBe('v0.9.0');
  });

  it('maps refusals to exit codes and names the flags in usage errors', async () => {
    const missingRef = await box.run(['releases', 'create', '-R', 'root/shop', '--tag', 'v9']);
    expect(missingRef.exitCode).toBe(5);
    expect(String(missingRef.stderr)).toContain('--ref is not specified');
    expect(String(missingRef.stderr)).toContain('hint: give --ref and try again');
    const duplicate = await box.run(['releases', 'create', '-R', 'root/shop', '--tag', 'v1.0.0', '--ref', 'main']);
    expect(duplicate.exitCode).toBe(5);
    const unknown = await box.run(['releases', 'get', 'v404', '-R', 'root/shop']);
    expect(unknown.exitCode).toBe(3);
    const noProject = await box.run(['releases', 'list']);
    expect(noProject.exitCode).toBe(2);
    expect(String(noProject.stderr)).toContain('--project');
    const badLink = await box.run(['releases', 'create', '-R', 'root/shop', '--tag', 'v2', '--ref', 'main', '--link', 'name=only']);
    expect(badLink.exitCode).toBe(2);
    expect(String(badLink.stderr)).toContain('--link needs both name= and url=');
    const both = await box.run(['releases', 'download', 'v1.0.0', '-R', 'root/shop', '--asset', 'a', '--source', 'zip']);
    expect(both.exitCode).toBe(2);
  });
});

describe('hostctl releases download, locally and through hostctl serve', () => {
  let box: CliSandbox;
  let token: string;
  let assets: Server;
  let assetBase: string;
  let serve: ResultPromise;
  let url: string;
  const payload = randomBytes(70_000);

  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);
  /** hostctl with stdout kept as bytes. */
  const bytesOf = async (args: string[], env: Record<string, string> = {}): Promise<Buffer> => {
    const res = await execa(process.execPath, [BIN, ...args], { env: { ...cleanEnv(), ...box.env, ...env }, extendEnv: false, reject: false, encoding: 'buffer', stdin: 'ignore' });
    expect(res.exitCode, `${args.join(' ')}: ${Buffer.from(res.stderr).toString()}`).toBe(0);
    return Buffer.from(res.stdout);
  };
  const remote = (args: string[]) => box.run([...args, '--url', url], { env: { HOSTCTL_TOKEN: token } });

  beforeAll(async () => {
    // Where the release's asset link points: a file server outside the API, with a redirect.
    assets = createServer((req, res) => {
      if (req.url === '/files/shop-linux') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(payload.length) });
        res.end(payload);
      } else if (req.url === '/latest/shop-linux') {
        res.writeHead(302, { location: '/files/shop-linux' });
        res.end();
      } else {
        res.writeHead(404);
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => assets.listen(0, '127.0.0.1', resolve));
    assetBase = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`;

    box = cliSandbox();
    token = await box.init();
    await json(['projects', 'create', '--path', 'dl', '--readme', '--visibility', 'private']);
    await json([
      'releases',
      'create',
      '-R',
      'root/dl',
      '--tag',
      'v1/0',
      '--ref',
      'main',
      '--link',
      `name=linux,url=${assetBase}/files/shop-linux,type=package,path=/bin/shop-linux`,
      '--link',
      `name=latest,url=${assetBase}/latest/shop-linux,path=/latest`,
      '--link',
      `name=gone,url=${assetBase}/nothing-here,path=/gone`,
    ]);

    const served = await startServe(box);
    serve = served.proc;
    url = served.url;
  });

  afterAll(async () => {
    if (serve && (serve.exitCode === undefined || serve.exitCode === null)) serve.kill('SIGTERM');
    await serve?.catch(() => undefined);
    await new Promise((resolve) => assets?.close(resolve));
    box?.cleanup();
  });

  it('--asset -O writes the bytes the link points at (following its redirects), with or without a leading slash', async () => {
    for (const [asset, file] of [
      ['bin/shop-linux', 'a.bin'],
      ['/bin/shop-linux', 'b.bin'],
      ['latest', 'c.bin'],
    ]) {
      const res = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--asset', asset as string, '-O', join(box.dir, file as string)]);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(String(res.stderr)).toContain(`(${payload.length} bytes)`);
      expect(readFileSync(join(box.dir, file as string)).equals(payload)).toBe(true);
    }
    expect((await bytesOf(['releases', 'download', 'v1/0', '-R', 'root/dl', '--asset', 'bin/shop-linux', '-O', '-'])).equals(payload)).toBe(true);
  });

  it('--asset refusals: an unknown path, an unknown release, an asset host answering 404', async () => {
    const unknownPath = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--asset', 'bin/other', '-O', join(box.dir, 'x')]);
    expect(unknownPath.exitCode).toBe(3);
    expect(String(unknownPath.stderr)).toContain('404 Not found');
    const unknownRelease = await box.run(['releases', 'download', 'v9', '-R', 'root/dl', '--asset', 'bin/shop-linux', '-O', join(box.dir, 'x')]);
    expect(unknownRelease.exitCode).toBe(3);
    const gone = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--asset', 'gone', '-O', join(box.dir, 'x')]);
    expect(gone.exitCode).toBe(3);
    expect(String(gone.stderr)).toContain('answered HTTP 404');
    const badFormat = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--source', 'rar']);
    expect(badFormat.exitCode).toBe(2);
    expect(String(badFormat.stderr)).toContain('--source must be one of zip, tar.gz, tar.bz2, tar');
    const neither = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl']);
    expect(neither.exitCode).toBe(2);
  });

  it('--source FORMAT -O writes exactly the repository archive of the tag, in every format', async () => {
    for (const format of ['zip', 'tar.gz', 'tar.bz2', 'tar']) {
      const file = join(box.dir, `source.${format}`);
      const res = await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--source', format, '-O', file]);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const expected = await bytesOf(['api', `projects/root%2Fdl/repository/archive.${format}?sha=v1%2F0`]);
      expect(expected.length).toBeGreaterThan(100);
      expect(readFileSync(file).equals(expected), format).toBe(true);
    }
    const tar = readFileSync(join(box.dir, 'source.tar'));
    // The archive holds the tree under <project>-<tag with '-'>-<commit>/.
    expect(tar.toString('latin1')).toMatch(/dl-v1-0-[0-9a-f]{40}\/README\.md\0/);
  });

  it('evidence list shows each evidence with its id, newest first; download writes the document whose SHA-256 the list shows', async () => {
    const first = await json<Obj[]>(['releases', 'evidence', 'list', 'v1/0', '-R', 'root/dl']);
    // Collected when the release was created.
    expect(first).toHaveLength(1);
    const collected = await box.run(['releases', 'evidence', 'collect', 'v1/0', '-R', 'root/dl', '--wait', '-o', 'json']);
    expect(collected.exitCode, String(collected.stderr)).toBe(0);
    const rows = await json<{ id: number; sha: string; filepath: string; collected_at: string }[]>(['releases', 'evidence', 'list', 'v1/0', '-R', 'root/dl']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(first[0]);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(['id', 'sha', 'filepath', 'collected_at']);
      expect(r.sha).toMatch(/^[0-9a-f]{64}$/);
      expect(r.filepath.endsWith(`/-/releases/v1%2F0/evidences/${r.id}.json`) || r.filepath.endsWith(`/-/releases/v1/0/evidences/${r.id}.json`)).toBe(true);
    }
    const out = join(box.dir, 'evidence.json');
    const got = await box.run(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '-O', out]);
    expect(got.exitCode, String(got.stderr)).toBe(0);
    const doc = readFileSync(out);
    expect(createHash('sha256').update(doc).digest('hex')).toBe(rows[0]!.sha);
    expect((JSON.parse(doc.toString()) as { release: { tag_name: string } }).release.tag_name).toBe('v1/0');
    const older = await bytesOf(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '--id', String(rows[1]!.id), '-O', '-']);
    expect(createHash('sha256').update(older).digest('hex')).toBe(rows[1]!.sha);
    // Without -O: TAG-evidence-ID.json in the working directory (a / in the tag becomes -).
    const named = await execa(process.execPath, [BIN, 'releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl'], { cwd: box.dir, env: { ...cleanEnv(), ...box.env }, extendEnv: false, reject: false, stdin: 'ignore' });
    expect(named.exitCode, String(named.stderr)).toBe(0);
    expect(readFileSync(join(box.dir, `v1-0-evidence-${rows[0]!.id}.json`)).equals(doc)).toBe(true);
    const exists = await box.run(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '-O', out]);
    expect(exists.exitCode).toBe(5);
    const unknown = await box.run(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '--id', '999999', '-O', join(box.dir, 'x.json')]);
    expect(unknown.exitCode).toBe(3);
    expect(String(unknown.stderr)).toContain('has no evidence 999999');
    expect((await box.run(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '--id', 'latest'])).exitCode).toBe(2);
    // Through serve: the same evidences (URLs from the served address) and the same bytes.
    const far = JSON.parse(String((await remote(['releases', 'evidence', 'list', 'v1/0', '-R', 'root/dl', '-o', 'json'])).stdout)) as { id: number; sha: string }[];
    expect(far.map((r) => [r.id, r.sha])).toEqual(rows.map((r) => [r.id, r.sha]));
    const farFile = join(box.dir, 'far-evidence.json');
    const viaServe = await remote(['releases', 'evidence', 'download', 'v1/0', '-R', 'root/dl', '-O', farFile, '--debug']);
    expect(viaServe.exitCode, String(viaServe.stderr)).toBe(0);
    expect(readFileSync(farFile).equals(doc)).toBe(true);
    // It fetched the web address the release lists, as on the platform, not an API route.
    expect(String(viaServe.stderr)).toContain(`> GET /root/dl/-/releases/v1%2F0/evidences/${rows[0]!.id}.json`);
  });

  it('evidence download works against a server shaped like the platform, where only the web address holds the document', async () => {
    const document = JSON.stringify({ release: { tag_name: 'v2.0', milestones: [] } });
    const seen: string[] = [];
    const platform = createServer((req, res) => {
      seen.push(`${req.url ?? ''} ${String(req.headers['private-token'])}`);
      const base = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/gitlab`;
      if (req.url === '/gitlab/api/v4/projects/team%2Fapp/releases/v2.0') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tag_name: 'v2.0', evidences: [{ sha: createHash('sha256').update(document).digest('hex'), filepath: `${base}/team/app/-/releases/v2.0/evidences/7.json`, collected_at: '2026-01-15T10:00:00.000Z' }, { sha: 'f'.repeat(64), filepath: `${base}/team/app/-/releases/v2.0/evidences/8.json`, collected_at: '2026-01-14T10:00:00.000Z' }] }));
      } else if (req.url === '/gitlab/team/app/-/releases/v2.0/evidences/7.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(document);
      } else if (req.url === '/gitlab/team/app/-/releases/v2.0/evidences/8.json') {
        // A private project's document asks a browser to sign in.
        res.writeHead(302, { location: `${base}/users/sign_in` });
        res.end();
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"404 Not Found"}');
      }
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/gitlab`;
      const out = join(box.dir, 'platform-evidence.json');
      const res = await box.run(['releases', 'evidence', 'download', 'v2.0', '-R', 'team/app', '-O', out, '--url', at], { env: { HOSTCTL_TOKEN: 'glpat-platform-token-000000' } });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(document);
      expect(seen).toEqual(['/gitlab/api/v4/projects/team%2Fapp/releases/v2.0 glpat-platform-token-000000', '/gitlab/team/app/-/releases/v2.0/evidences/7.json glpat-platform-token-000000']);
      // A web address that sends the caller to sign in writes nothing and says what answered.
      const signIn = await box.run(['releases', 'evidence', 'download', 'v2.0', '-R', 'team/app', '--id', '8', '-O', join(box.dir, 'signin.json'), '--url', at], { env: { HOSTCTL_TOKEN: 'glpat-platform-token-000000' } });
      expect(signIn.exitCode).toBe(4);
      expect(String(signIn.stderr)).toContain(`${at}/team/app/-/releases/v2.0/evidences/8.json answered HTTP 302 (to ${at}/users/sign_in), not the evidence document`);
      expect(existsSync(join(box.dir, 'signin.json'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => platform.close(() => resolve()));
    }
  });

  it('through hostctl serve: the same bytes, the same release and the same latest release', async () => {
    const local = join(box.dir, 'local.tar.gz');
    const far = join(box.dir, 'remote.tar.gz');
    expect((await box.run(['releases', 'download', 'v1/0', '-R', 'root/dl', '--source', 'tar.gz', '-O', local])).exitCode).toBe(0);
    const res = await remote(['releases', 'download', 'v1/0', '-R', 'root/dl', '--source', 'tar.gz', '-O', far]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(readFileSync(far).equals(readFileSync(local))).toBe(true);
    const asset = join(box.dir, 'remote.bin');
    const viaServe = await remote(['releases', 'download', 'v1/0', '-R', 'root/dl', '--asset', 'bin/shop-linux', '-O', asset]);
    expect(viaServe.exitCode, String(viaServe.stderr)).toBe(0);
    expect(readFileSync(asset).equals(payload)).toBe(true);
    for (const args of [
      ['releases', 'get', 'v1/0', '-R', 'root/dl', '-o', 'json'],
      ['releases', 'latest', '-R', 'root/dl', '-o', 'json'],
      ['releases', 'links', 'list', 'v1/0', '-R', 'root/dl', '-o', 'json'],
    ]) {
      const [a, b] = [await box.run(args), await remote(args)];
      expect(b.exitCode, String(b.stderr)).toBe(0);
      // While serve runs, local commands print web URLs at its address too.
      expect(String(b.stdout)).toContain(`${url}/root/dl`);
      expect(b.stdout).toBe(a.stdout);
    }
  });
});

describe('hostctl releases: more verbs and flags', () => {
  let box: CliSandbox;

  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await json(['groups', 'create', '--name', 'Team', '--path', 'team']);
    await json(['projects', 'create', '--path', 'app', '--group', 'team', '--readme']);
    await json(['milestones', 'create', '-g', 'team', '--title', 'Team Q1']);
  });

  afterAll(() => box.cleanup());

  it('creates with a group milestone and --released-at; lists a group; --html; --clear-milestones', async () => {
    const r = await json<Obj>(['releases', 'create', '-R', 'team/app', '--tag', 'v2', '--ref', 'main', '--name', 'Two', '--notes', '**bold**', '--milestone', 'Team Q1', '--released-at', '2025-06-01T12:00:00+02:00']);
    expect(r).toMatchObject({ name: 'Two', released_at: '2025-06-01T10:00:00.000Z', upcoming_release: false });
    expect((r.milestones as Obj[]).map((m) => m.title)).toEqual(['Team Q1']);
    expect(r.evidences).toEqual([]);
    const html = await json<Obj>(['releases', 'get', 'v2', '-R', 'team/app', '--html']);
    expect(html.description_html).toBe('<p><strong>bold</strong></p>');
    const group = await json<Obj[]>(['releases', 'list', '--group', 'team']);
    expect(group.map((x) => x.tag_name)).toEqual(['v2']);
    const cleared = await json<Obj>(['releases', 'update', 'v2', '-R', 'team/app', '--clear-milestones']);
    expect(cleared.milestones).toBeUndefined();
    const unknown = await box.run(['releases', 'update', 'v2', '-R', 'team/app', '--milestone', 'Nope']);
    // A 400 from the service is a refused value: exit 5.
    expect(unknown.exitCode).toBe(5);
    expect(String(unknown.stderr)).toContain('Milestone(s) not found: Nope');
  });

  it('evidence without --wait schedules it; usage errors for dates, orders and empty updates', async () => {
    await json(['releases', 'create', '-R', 'team/app', '--tag', 'v3', '--ref', 'main']);
    const scheduled = await box.run(['releases', 'evidence', 'v3', '-R', 'team/app']);
    expect(scheduled.exitCode, String(scheduled.stderr)).toBe(0);
    expect(String(scheduled.stderr)).toContain('evidence collection for release v3 scheduled');
    const badDate = await box.run(['releases', 'create', '-R', 'team/app', '--tag', 'v4', '--ref', 'main', '--released-at', 'next week']);
    expect(badDate.exitCode).toBe(2);
    expect(String(badDate.stderr)).toContain('--released-at');
    const badOrder = await box.run(['releases', 'list', '-R', 'team/app', '--order-by', 'semver']);
    expect(badOrder.exitCode).toBe(2);
    const empty = await box.run(['releases', 'update', 'v3', '-R', 'team/app']);
    expect(empty.exitCode).toBe(2);
    const both = await box.run(['releases', 'create', '-R', 'team/app', '--tag', 'v5', '--ref', 'main', '--notes', 'a', '--notes-file', 'b']);
    expect(both.exitCode).toBe(2);
  });
});

describe('hostctl init --demo: releases, links, milestones and evidence', () => {
  let box: CliSandbox;

  beforeAll(async () => {
    box = cliSandbox();
    await box.init(['--demo']);
  });

  afterAll(() => box.cleanup());

  it('has releases with links, milestones, evidence, an upcoming one and a tag with "/"', async () => {
    const run = async (args: string[]) => {
      const res = await box.run([...args, '-o', 'json']);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      return JSON.parse(String(res.stdout)) as Obj[] & Obj;
    };
    const list = (await run(['releases', 'list', '-R', 'acme/web/storefront'])) as Obj[];
    expect(list.map((r) => r.tag_name)).toEqual(['v2.0.0', 'v1.1.0', 'v1.0.0']);
    expect(list[0]?.upcoming_release).toBe(true);
    const current = list[1] as { assets: { links: Obj[] }; milestones: Obj[]; evidences: Obj[] };
    expect(current.assets.links).toHaveLength(3);
    expect(current.milestones.map((m) => m.title)).toEqual(['Checkout revamp']);
    expect(current.evidences.length).toBeGreaterThanOrEqual(1);
    const gateway = (await run(['releases', 'get', 'release/2026.01', '-R', 'acme/platform/api-gateway'])) as Obj;
    expect(gateway.tag_name).toBe('release/2026.01');
    const milestones = (await run(['milestones', 'list', '-R', 'acme/web/storefront', '--with-parents'])) as Obj[];
    expect(milestones.map((m) => m.title).sort()).toEqual(['Checkout revamp', 'Spring launch', 'Web 2026 H1']);
  });
});
