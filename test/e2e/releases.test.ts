// hostctl releases and milestones, run as a process against a local state: creating a release
// with notes from a file, milestones and links; listing, the latest permalink, links, source
// downloads written to disk, evidence with --wait, and the usage errors and exit codes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, type CliSandbox } from '../helpers/cli.js';

type Obj = Record<string, unknown>;

describe('hostctl releases and milestones', () => {
  let box: CliSandbox;

  const json = async <T = Obj>(args: string[]): Promise<T> => {
    const res = await box.run([...args, '-o', 'json']);
    expect(res.exitCode, `${args.join(' ')}: ${String(res.stderr)}`).toBe(0);
    return JSON.parse(String(res.stdout)) as T;
  };

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
    expect(String(missingRef.stderr)).toContain('Ref is not specified');
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
