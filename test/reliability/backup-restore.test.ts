// hostctl backup, restore and doctor, run as an admin would: the CLI against a demo state
// (and a served state with writers going on). Archives are damaged byte by byte, processes are
// killed mid-way, and faults are planted for doctor to find.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { execa } from 'execa';
import Database from 'better-sqlite3';
import { BIN, cleanEnv, cliSandbox, startServe } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { openCore } from '../../src/core/app.js';
import { LocalTransport } from '../../src/client/local-transport.js';
import { ApiClient } from '../../src/client/client.js';

type Obj = Record<string, unknown>;

/** Offsets of each member's data in a plain tar (name → [offset, size]); the last of a name wins. */
function tarMembers(file: string): Map<string, [number, number]> {
  const buf = readFileSync(file);
  const out = new Map<string, [number, number]>();
  let off = 0;
  let longName: string | undefined;
  while (off + 512 <= buf.length) {
    const header = buf.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 48);
    const data = off + 512;
    if (type === 'x') {
      const m = /\d+ path=([^\n]*)\n/.exec(buf.subarray(data, data + size).toString('utf8'));
      longName = m?.[1];
    } else {
      out.set(longName ?? name, [data, size]);
      longName = undefined;
    }
    off = data + Math.ceil(size / 512) * 512;
  }
  return out;
}

/**
 * Writes a copy of the plain tar `from` to `to` with members changed by `edit` (null: left out,
 * a buffer: its new bytes, undefined: kept) and a manifest whose checksums match: an archive
 * that is whole by its manifest, as a hand-edited one (or one whose writer lost a file) is.
 */
async function rewriteArchive(from: string, to: string, edit: (name: string, data: Buffer) => Buffer | null | undefined, editManifest: (m: Record<string, unknown>) => void = () => undefined): Promise<void> {
  const { TarWriter } = await import('../../src/core/backup/tar-writer.js');
  const { ArchiveFile } = await import('../../src/core/backup/archive-sink.js');
  const buf = readFileSync(from);
  const members = tarMembers(from);
  const manifest = JSON.parse(buf.subarray(...offsetsOf(members, 'manifest.json')).toString('utf8')) as { members: Record<string, string> };
  const out = await ArchiveFile.create(to);
  const tar = new TarWriter(out);
  const listed: Record<string, string> = {};
  for (const [name, [offset, size]] of members) {
    if (name === 'manifest.json' || !Object.hasOwn(manifest.members, name)) continue;
    const original = buf.subarray(offset, offset + size);
    const data = edit(name, original);
    if (data === null) continue;
    const bytes = data ?? original;
    listed[name] = await tar.add(name, bytes.length, bytes);
  }
  const edited = { ...manifest, members: listed };
  editManifest(edited);
  const text = Buffer.from(JSON.stringify(edited));
  await tar.add('manifest.json', text.length, text);
  await tar.finish();
  await out.end();
}

const offsetsOf = (members: Map<string, [number, number]>, name: string): [number, number] => {
  const [offset, size] = members.get(name) as [number, number];
  return [offset, offset + size];
};

function flipByte(file: string, at: number): void {
  const fd = openSync(file, 'r+');
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, at);
  b[0] = (b[0] as number) ^ 0xff;
  writeSync(fd, b, 0, 1, at);
  closeSync(fd);
}

/** Every read an admin would compare, through the core of a state (same token, same answers). */
async function snapshotReads(stateDir: string, token: string): Promise<Obj> {
  const core = openCore({ stateDir, log: () => undefined });
  try {
    const api = new ApiClient(new LocalTransport(`local:${stateDir}`, (r) => core.handle(r)), { token });
    const get = async (path: string, query: Obj = {}): Promise<unknown> => {
      const res = await api.request('GET', path, { query: { per_page: 100, ...query }, allowError: true });
      return res.status === 200 ? res.data : { status: res.status };
    };
    const out: Obj = {};
    const projects = (await get('/projects', { order_by: 'id', sort: 'asc' })) as Obj[];
    out.projects = projects;
    out.groups = await get('/groups', { all_available: true });
    out.users = await get('/users');
    out.tokens = await get('/personal_access_tokens');
    out.digests = new Database(join(stateDir, 'state.db'), { readonly: true }).prepare('SELECT id, token_digest, revoked FROM personal_access_tokens ORDER BY id').all();
    out.snippets = await get('/snippets/all');
    for (const p of projects) {
      const id = p.id as number;
      out[`members ${id}`] = await get(`/projects/${id}/members/all`);
      out[`releases ${id}`] = await get(`/projects/${id}/releases`);
      out[`branches ${id}`] = await get(`/projects/${id}/repository/branches`);
      out[`tags ${id}`] = await get(`/projects/${id}/repository/tags`);
      out[`commits ${id}`] = await get(`/projects/${id}/repository/commits`, { all: true });
      out[`wiki ${id}`] = await get(`/projects/${id}/wikis`, { with_content: 1 });
      out[`packages ${id}`] = await get(`/projects/${id}/packages`);
      out[`freeze ${id}`] = await get(`/projects/${id}/freeze_periods`);
      for (const pkg of Array.isArray(out[`packages ${id}`]) ? (out[`packages ${id}`] as Obj[]) : []) {
        const files = (await get(`/projects/${id}/packages/${pkg.id as number}/package_files`)) as Obj[];
        out[`files ${pkg.id}`] = files;
        if (pkg.package_type !== 'generic') continue;
        // The bytes themselves, whether the database holds them (small) or a file does.
        for (const f of files) {
          const res = await api.request('GET', `/projects/${id}/packages/generic/${encodeURIComponent(pkg.name as string)}/${encodeURIComponent(pkg.version as string)}/${f.file_name as string}`, { streamResponse: true, allowError: true });
          const hash = createHash('sha256');
          if (res.stream) for await (const c of res.stream) hash.update(c);
          const sha256 = hash.digest('hex');
          out[`bytes ${f.id}`] = { status: res.status, sha256, asRecorded: sha256 === f.file_sha256 };
        }
      }
    }
    for (const g of Array.isArray(out.groups) ? (out.groups as Obj[]) : []) out[`envs ${g.id as number}`] = await get(`/groups/${g.id as number}/protected_environments`);
    // Reading with a token records its use: that bookkeeping differs between any two reads.
    return JSON.parse(JSON.stringify(out, (k, v: unknown) => (k === 'last_used_at' ? undefined : v))) as Obj;
  } finally {
    core.close();
  }
}

/** A package file over the size the database holds (INLINE_MAX): stored as a file. */
const LARGE = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 31) % 256));

describe('hostctl backup, restore and doctor', () => {
  // The commands run in-process (the same entry point, exit codes and output); what a killed
  // process leaves behind, and a backup beside a served state's writers, use real processes.
  let box: InProcessSandbox;
  let token: string;
  let archive: string;

  const hostctl = (args: string[], timeout = 120_000) => box.run(args, { timeout });

  beforeAll(async () => {
    box = inProcessSandbox();
    token = await box.init(['--demo']);
    // The demo's package files are small (held in the database); one over that size is a file.
    const large = join(box.dir, 'large.bin');
    writeFileSync(large, LARGE);
    const upload = await hostctl(['packages', 'upload', '-R', 'acme/web/storefront', '--name', 'large-file', '--package-version', '1.0.0', large]);
    expect(upload.exitCode, String(upload.stderr)).toBe(0);
    archive = join(box.dir, 'demo.tar');
    const backup = await hostctl(['backup', '--state', box.stateDir, '-O', archive]);
    expect(backup.exitCode, String(backup.stderr)).toBe(0);
  }, 240_000);

  afterAll(() => box.cleanup());

  it('restores a state whose every read equals the source, and which doctor finds healthy', async () => {
    const restored = join(box.dir, 'restored');
    const res = await hostctl(['restore', archive, '--state', restored]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stderr)).toMatch(/restored .* 9 users, 5 groups, 8 projects, 14 repositories/);
    const [a, b] = await Promise.all([snapshotReads(box.stateDir, token), snapshotReads(restored, token)]);
    expect(Object.keys(b).length).toBeGreaterThan(50);
    expect(b).toEqual(a);
    expect(statSync(restored).mode & 0o777).toBe(0o700);
    expect(statSync(join(restored, 'state.db')).mode & 0o777).toBe(0o600);
    const doctor = await hostctl(['doctor', '--state', restored, '-o', 'json']);
    expect(doctor.exitCode, String(doctor.stdout)).toBe(0);
    const report = JSON.parse(String(doctor.stdout)) as { healthy: boolean; checks: { id: string; status: string; detail: string }[] };
    expect(report.healthy).toBe(true);
    expect(report.checks.find((c) => c.id === 'repositories.fsck')).toMatchObject({ status: 'ok' });
    // Both kinds of stored bytes came back: the small ones with the database, the large one as a file.
    const blobs = report.checks.find((c) => c.id === 'packages.blobs');
    expect(blobs).toMatchObject({ status: 'ok' });
    const [, total, inDb] = /^(\d+) stored package file contents \((\d+) in the database\)/.exec(blobs?.detail ?? '') ?? [];
    expect(Number(inDb)).toBeGreaterThan(0);
    expect(Number(total)).toBe(Number(inDb) + 1);
    const downloaded = Object.values(b).filter((v) => (v as { status?: number }).status === 200 && 'sha256' in (v as object)) as { sha256: string; asRecorded: boolean }[];
    expect(downloaded.length).toBeGreaterThan(2);
    // The newest file of a name is the one a download gives; those are the ones whose bytes match.
    expect(downloaded.filter((d) => d.asRecorded).length).toBeGreaterThan(2);
    expect(downloaded.map((d) => d.sha256)).toContain(createHash('sha256').update(LARGE).digest('hex'));
  });

  it('checks an archive without writing, and refuses to restore over a state without --force', async () => {
    const check = await hostctl(['restore', archive, '--check', '-o', 'json']);
    expect(check.exitCode, String(check.stderr)).toBe(0);
    expect(JSON.parse(String(check.stdout))).toMatchObject({ ok: true, format: 1 });
    const over = await hostctl(['restore', archive, '--state', box.stateDir]);
    expect(over.exitCode).toBe(5);
    expect(String(over.stderr)).toContain('pass --force');
    const forced = join(box.dir, 'forced');
    mkdirSync(forced);
    writeFileSync(join(forced, 'keep.txt'), 'old');
    const replaced = await hostctl(['restore', archive, '--state', forced, '--force', '--yes']);
    expect(replaced.exitCode, String(replaced.stderr)).toBe(0);
    expect(existsSync(join(forced, 'keep.txt'))).toBe(false);
    expect(existsSync(join(forced, 'state.db'))).toBe(true);
  });

  it('refuses to write over an existing file without --clobber, and with it replaces the file only once the new archive is whole', async () => {
    const target = join(box.dir, 'existing.tar');
    writeFileSync(target, 'not an archive yet');
    const refused = await hostctl(['backup', '--state', box.stateDir, '-O', target]);
    expect(refused.exitCode).toBe(5);
    expect(String(refused.stderr)).toContain(`error: ${target} exists`);
    expect(String(refused.stderr)).toContain('hint: overwrite it with --clobber, or choose another -O FILE');
    expect(readFileSync(target, 'utf8')).toBe('not an archive yet');
    const dry = await hostctl(['backup', '--state', box.stateDir, '-O', target, '--dry-run']);
    expect(dry.exitCode).toBe(5);
    const replaced = await hostctl(['backup', '--state', box.stateDir, '-O', target, '--clobber']);
    expect(replaced.exitCode, String(replaced.stderr)).toBe(0);
    expect((await hostctl(['restore', target, '--check'])).exitCode).toBe(0);
    rmSync(target);
  });

  it("is a tar archive in whole records, which tar's --delete edits, and restore refuses what such an edit loses", async () => {
    expect(statSync(archive).size % 10_240).toBe(0);
    const copy = join(box.dir, 'edited.tar');
    writeFileSync(copy, readFileSync(archive));
    const member = [...tarMembers(archive).keys()].find((n) => n.endsWith('/HEAD') && n.startsWith('repositories/'));
    expect(member).toBeDefined();
    const tar = await execa('tar', ['--delete', '-f', copy, member as string], { reject: false });
    expect(tar.exitCode, String(tar.stderr)).toBe(0);
    expect(tarMembers(copy).has(member as string)).toBe(false);
    const check = await hostctl(['restore', copy, '--check']);
    expect(check.exitCode).toBe(5);
    expect(String(check.stderr)).toContain(member as string);
  });

  it('puts a storage where --storage maps it, and the restored instance reads it there', async () => {
    const restored = join(box.dir, 'mapped');
    const elsewhere = join(box.dir, 'archive-storage');
    const res = await hostctl(['restore', archive, '--state', restored, '--storage', `archive=${elsewhere}`]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(readdirSync(join(elsewhere, '@projects'))).toContain('8.git');
    const [a, b] = await Promise.all([snapshotReads(box.stateDir, token), snapshotReads(restored, token)]);
    expect(b).toEqual(a);
    const doctor = await hostctl(['doctor', '--state', restored, '--quick', '-o', 'json']);
    expect(doctor.exitCode, String(doctor.stdout)).toBe(0);
  });

  it('leaves the bytes of every package file out with --exclude packages, those the database holds too', async () => {
    const out = join(box.dir, 'no-packages.tar');
    const backup = await hostctl(['backup', '--state', box.stateDir, '-O', out, '--exclude', 'packages', '-o', 'json']);
    expect(backup.exitCode, String(backup.stderr)).toBe(0);
    expect(JSON.parse(String(backup.stdout))).toMatchObject({ package_files: 0, excluded: ['packages'] });
    expect([...tarMembers(out).keys()].filter((n) => n.startsWith('blobs/'))).toEqual([]);
    // Not a refusal: the manifest says the bytes were left out, and both commands say so.
    const check = await hostctl(['restore', out, '--check']);
    expect(check.exitCode, String(check.stderr)).toBe(0);
    expect(String(check.stderr)).toContain('warning: packages.blobs: the archive was made with --exclude packages');
    const restored = join(box.dir, 'no-packages');
    const restore = await hostctl(['restore', out, '--state', restored]);
    expect(restore.exitCode, String(restore.stderr)).toBe(0);
    expect(String(restore.stderr)).toContain('warning: packages.blobs');
    const db = new Database(join(restored, 'state.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM package_blobs').get()).toEqual({ n: 0 });
      expect((db.prepare('SELECT count(*) AS n FROM package_files').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    // The rows stay, naming bytes this archive does not have: doctor says so.
    const doctor = await hostctl(['doctor', '--state', restored, '--quick', '-o', 'json']);
    const checks = (JSON.parse(String(doctor.stdout)) as { checks: { id: string; status: string }[] }).checks;
    expect(checks.find((c) => c.id === 'packages.blobs')?.status).toBe('fail');
  });

  describe('a damaged archive is refused with the member named, and nothing is written', () => {
    const refuse = async (file: string, message: RegExp) => {
      const target = join(box.dir, `refused-${Math.random().toString(36).slice(2)}`);
      const res = await hostctl(['restore', file, '--state', target]);
      expect(res.exitCode, String(res.stderr)).toBe(5);
      expect(String(res.stderr)).toMatch(message);
      expect(String(res.stderr)).not.toMatch(/\n\s+at /);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(box.dir).filter((n) => n.includes('.restoring-'))).toEqual([]);
      const check = await hostctl(['restore', file, '--check']);
      expect(check.exitCode).toBe(5);
    };
    const damaged = (name: string): string => {
      const copy = join(box.dir, `${name.replace(/\W/g, '_')}.tar`);
      writeFileSync(copy, readFileSync(archive));
      return copy;
    };

    it.each([
      ['the database', (n: string) => n === 'state.db'],
      ['a repository object', (n: string) => n.startsWith('repositories/') && n.includes('/objects/')],
      ['a repository reference', (n: string) => n.startsWith('repositories/') && n.endsWith('/HEAD')],
      ['a package file', (n: string) => n.startsWith('blobs/')],
    ])('a flipped byte in %s', async (_kind, pick) => {
      const members = tarMembers(archive);
      const [name, [offset, size]] = [...members].find(([n, [, s]]) => pick(n) && s > 0) as [string, [number, number]];
      const file = damaged(name);
      flipByte(file, offset + Math.floor(size / 2));
      await refuse(file, new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged`));
    });

    it('a flipped byte in the manifest, a truncation, a foreign tar and a newer format', async () => {
      const members = tarMembers(archive);
      const [mOff] = members.get('manifest.json') as [number, number];
      const badManifest = damaged('manifest');
      flipByte(badManifest, mOff + 1);
      await refuse(badManifest, /manifest/);

      const cut = damaged('cut');
      truncateSync(cut, Math.floor(statSync(cut).size / 2));
      await refuse(cut, /damaged|truncated|manifest/);

      const foreignDir = join(box.dir, 'foreign');
      mkdirSync(foreignDir, { recursive: true });
      writeFileSync(join(foreignDir, 'notes.txt'), 'hello');
      const foreign = join(box.dir, 'foreign.tar');
      await execa('tar', ['cf', foreign, '-C', foreignDir, 'notes.txt']);
      await refuse(foreign, /no hostctl backup has|not a hostctl backup/);

      const { TarWriter } = await import('../../src/core/backup/tar-writer.js');
      const { ArchiveFile } = await import('../../src/core/backup/archive-sink.js');
      const newer = join(box.dir, 'newer.tar');
      const out = await ArchiveFile.create(newer);
      const tar = new TarWriter(out);
      const text = Buffer.from(JSON.stringify({ format: 99, members: {}, repositories: [], storages: {} }));
      await tar.add('manifest.json', text.length, text);
      await tar.finish();
      await out.end();
      await refuse(newer, /format 99, newer than this hostctl reads/);
    });
  });

  describe('an archive whole by its manifest, whose database names bytes it does not hold, is refused', () => {
    const large = createHash('sha256').update(LARGE).digest('hex');
    const blobMember = `blobs/sha256/${large.slice(0, 2)}/${large.slice(2, 4)}/${large}`;
    /** --check and restore both refuse it, naming the rows; nothing is written, not even scratch. */
    const refuse = async (file: string, names: RegExp[]) => {
      const tmp = join(box.dir, `tmp-${Math.random().toString(36).slice(2)}`);
      mkdirSync(tmp);
      // What a killed check left (its process is gone) goes with the next one.
      mkdirSync(join(tmp, '.hostctl.checking-99999999-0a0b0c0d'));
      writeFileSync(join(tmp, '.hostctl.checking-99999999-0a0b0c0d', 'state.db'), 'left');
      // A process of its own: os.tmpdir() reads the process's real environment.
      const inTmp = (args: string[]) => execa(process.execPath, [BIN, ...args], { env: { ...cleanEnv(), ...box.env, TMPDIR: tmp }, extendEnv: false, reject: false, stdin: 'ignore' });
      const check = await inTmp(['restore', file, '--check']);
      expect(check.exitCode, String(check.stderr)).toBe(5);
      for (const n of names) expect(String(check.stderr)).toMatch(n);
      expect(String(check.stderr)).not.toMatch(/\n\s+at /);
      expect(readdirSync(tmp)).toEqual([]);
      const json = await hostctl(['restore', file, '--check', '-o', 'json']);
      expect(json.exitCode).toBe(5);
      expect(String(json.stdout)).toBe('');
      const target = join(box.dir, `refused-${Math.random().toString(36).slice(2)}`);
      const res = await inTmp(['restore', file, '--state', target]);
      expect(res.exitCode, String(res.stderr)).toBe(5);
      for (const n of names) expect(String(res.stderr)).toMatch(n);
      expect(String(res.stderr)).toContain('nothing was written');
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(box.dir).filter((n) => n.includes('.restoring-'))).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
      // An existing state stays as it was, --force or not.
      const kept = join(box.dir, `kept-${Math.random().toString(36).slice(2)}`);
      mkdirSync(kept);
      writeFileSync(join(kept, 'keep.txt'), 'old');
      const forced = await hostctl(['restore', file, '--state', kept, '--force', '--yes']);
      expect(forced.exitCode, String(forced.stderr)).toBe(5);
      expect(readdirSync(kept)).toEqual(['keep.txt']);
    };
    const edited = async (label: string, edit: (name: string, data: Buffer) => Buffer | null | undefined, editManifest?: (m: Record<string, unknown>) => void): Promise<string> => {
      const file = join(box.dir, `edited-${label}.tar`);
      await rewriteArchive(archive, file, edit, editManifest);
      return file;
    };
    // The package file the database holds no bytes of: large.bin of large-file 1.0.0.
    const theFile = /package file \d+ large\.bin of large-file 1\.0\.0 in acme\/web\/storefront/;

    it('the archive passes as it was written (the rewrite alone changes nothing)', async () => {
      const same = await edited('same', () => undefined);
      const check = await hostctl(['restore', same, '--check', '-o', 'json']);
      expect(check.exitCode, String(check.stderr)).toBe(0);
      const checks = (JSON.parse(String(check.stdout)) as { checks: { id: string; status: string; detail: string }[] }).checks;
      expect(Object.fromEntries(checks.map((c) => [c.id, c.status]))).toMatchObject({ 'database.integrity': 'ok', 'packages.blobs': 'ok', 'repositories.rows': 'ok' });
      expect(checks.find((c) => c.id === 'packages.blobs')?.detail).toMatch(/^(\d+) stored package file contents \((\d+) in the database\)/);
      const restored = join(box.dir, 'restored-same');
      expect((await hostctl(['restore', same, '--state', restored])).exitCode).toBe(0);
      expect(existsSync(join(restored, blobMember))).toBe(true);
    });

    it('a package file whose bytes are left out', async () => {
      await refuse(await edited('blob-missing', (name) => (name === blobMember ? null : undefined)), [/packages\.blobs: 1 package file content without its stored bytes/, new RegExp(`${large.slice(0, 12)}: missing`), theFile]);
    });

    it('a package file whose bytes are others of the same size', async () => {
      await refuse(await edited('blob-other', (name, data) => (name === blobMember ? Buffer.from(data).reverse() : undefined)), [new RegExp(`${large.slice(0, 12)}: other bytes, their SHA-256 differs`), theFile]);
    });

    it('a package file whose bytes are cut short', async () => {
      await refuse(await edited('blob-short', (name, data) => (name === blobMember ? data.subarray(0, 1000) : undefined)), [new RegExp(`${large.slice(0, 12)}: 1000 bytes, the rows say ${LARGE.length}`), theFile]);
    });

    it('a package file the database holds, whose bytes there are others of the same length', async () => {
      let altered = '';
      const file = await edited('held-other', (name, data) => {
        if (name !== 'state.db') return undefined;
        const path = join(box.dir, 'held-other.db');
        writeFileSync(path, data);
        const db = new Database(path);
        altered = (db.prepare('SELECT sha256 AS s FROM package_blobs ORDER BY sha256 LIMIT 1').get() as { s: string }).s;
        db.prepare('UPDATE package_blobs SET data = zeroblob(length(data)) WHERE sha256 = ?').run(altered);
        db.close();
        return readFileSync(path);
      });
      expect(altered).toMatch(/^[0-9a-f]{64}$/);
      await refuse(file, [/packages\.blobs: 1 package file content without its stored bytes/, new RegExp(`${altered.slice(0, 12)}: other bytes, their SHA-256 differs \\(package file \\d+ `)]);
    });

    const aProjectRepository = () => {
      const head = [...tarMembers(archive).keys()].find((n) => /^repositories\/[^/]+\/@projects\/\d+\.git\/HEAD$/.test(n)) as string;
      const repo = head.slice(0, -'HEAD'.length);
      const [, storage, id] = /^repositories\/([^/]+)\/@projects\/(\d+)\.git\//.exec(repo) ?? [];
      return { repo, storage: storage as string, id: Number(id), row: new RegExp(`1 row without its repository: project ${id} \\(${storage}:@projects/${id}\\.git\\)`) };
    };

    it("a project's repository left out, which the manifest lists", async () => {
      const { repo, row } = aProjectRepository();
      await refuse(await edited('repo-missing', (name) => (name.startsWith(repo) ? null : undefined)), [/repositories\.rows: /, row]);
    });

    it('restores, with a warning, a row whose repository the backed-up state lacked too', async () => {
      // The manifest lists no repository for the row: the backup found none (doctor fails that
      // state as it fails the restored one). Refusing would leave that backup unrestorable.
      const { repo, storage, id, row } = aProjectRepository();
      const file = await edited('repo-lacked', (name) => (name.startsWith(repo) ? null : undefined), (m) => {
        m.repositories = (m.repositories as { kind: string; id: number; storage: string }[]).filter((r) => !(r.kind === 'project' && r.id === id && r.storage === storage));
      });
      const check = await hostctl(['restore', file, '--check']);
      expect(check.exitCode, String(check.stderr)).toBe(0);
      expect(String(check.stderr)).toMatch(/warning: repositories\.rows: as in the state that was backed up: /);
      expect(String(check.stderr)).toMatch(row);
      const restored = join(box.dir, 'restored-lacked');
      const res = await hostctl(['restore', file, '--state', restored]);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(String(res.stderr)).toMatch(row);
      const doctor = await hostctl(['doctor', '--state', restored, '--quick', '-o', 'json']);
      const checks = (JSON.parse(String(doctor.stdout)) as { checks: { id: string; status: string; detail: string }[] }).checks;
      expect(checks.find((c) => c.id === 'repositories.rows')).toMatchObject({ status: 'fail', detail: expect.stringMatching(row) });
    });
  });

  it('leaves no archive under the target name, and no restored state, when killed at any point', async () => {
    for (let i = 0; i < 3; i++) {
      const target = join(box.dir, `killed-${i}.tar`);
      const proc = execa(process.execPath, [BIN, 'backup', '--state', box.stateDir, '-O', target], { env: { ...cleanEnv(), ...box.env }, extendEnv: false, reject: false, stdin: 'ignore' });
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 400)));
      proc.kill('SIGKILL');
      await proc;
      // An archive under the target name exists only once it was renamed there whole (the kill
      // may still land between that rename and the process's exit).
      if (existsSync(target)) expect((await hostctl(['restore', target, '--check'])).exitCode).toBe(0);
      const state = join(box.dir, `killed-state-${i}`);
      const restore = execa(process.execPath, [BIN, 'restore', archive, '--state', state], { env: { ...cleanEnv(), ...box.env }, extendEnv: false, reject: false, stdin: 'ignore' });
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 400)));
      restore.kill('SIGKILL');
      await restore;
      if (existsSync(state)) {
        const doctor = await hostctl(['doctor', '--state', state, '--quick', '-o', 'json']);
        expect(doctor.exitCode, String(doctor.stdout)).toBe(0);
      }
      // The next run removes what the killed one left beside its target, and succeeds.
      const again = await hostctl(['restore', archive, '--state', join(box.dir, `again-${i}`)]);
      expect(again.exitCode, String(again.stderr)).toBe(0);
      // The next backup to the same name removes the killed one's half-written archive.
      rmSync(target, { force: true });
      const next = await hostctl(['backup', '--state', box.stateDir, '-O', target]);
      expect(next.exitCode, String(next.stderr)).toBe(0);
      if (!existsSync(state)) {
        const retry = await hostctl(['restore', archive, '--state', state]);
        expect(retry.exitCode, String(retry.stderr)).toBe(0);
      }
    }
    expect(readdirSync(box.dir).filter((n) => n.includes('.partial-') || n.includes('.restoring-'))).toEqual([]);
    // Eighteen process starts: on a busy two-core machine that is far beyond the default timeout.
  }, 240_000);

  it('doctor finds planted faults, and --fix repairs only the safe ones', async () => {
    const state = join(box.dir, 'faulty');
    expect((await hostctl(['restore', archive, '--state', state])).exitCode).toBe(0);
    const repo = join(state, 'storages', 'default', '@projects', '5.git');
    // A stale ref lock, a corrupt object, a missing package blob, a readable database, a failed move.
    writeFileSync(join(repo, 'refs', 'heads', 'main.lock'), '');
    const head = String((await execa('git', ['--git-dir', repo, 'rev-parse', 'HEAD^{tree}'])).stdout).trim();
    const objectFile = join(repo, 'objects', head.slice(0, 2), head.slice(2));
    expect(existsSync(objectFile)).toBe(true);
    chmodSync(objectFile, 0o644);
    writeFileSync(objectFile, 'not a git object');
    const db = new Database(join(state, 'state.db'));
    // One content held as a file goes, and one held in the database.
    const sha = (db.prepare('SELECT file_sha256 AS s FROM package_files f WHERE NOT EXISTS (SELECT 1 FROM package_blobs b WHERE b.sha256 = f.file_sha256)').get() as { s: string }).s;
    const held = (db.prepare('SELECT sha256 AS s FROM package_blobs ORDER BY sha256 LIMIT 1').get() as { s: string }).s;
    db.prepare('DELETE FROM package_blobs WHERE sha256 = ?').run(held);
    // And one held in the database gets other bytes of the same length.
    const altered = (db.prepare('SELECT sha256 AS s FROM package_blobs ORDER BY sha256 LIMIT 1').get() as { s: string }).s;
    db.prepare('UPDATE package_blobs SET data = zeroblob(length(data)) WHERE sha256 = ?').run(altered);
    // A snippet whose row names a storage the instance does not have.
    const strayed = (db.prepare('SELECT min(id) AS id FROM snippets').get() as { id: number }).id;
    db.prepare("UPDATE snippets SET repository_storage = 'nowhere' WHERE id = ?").run(strayed);
    db.prepare("INSERT INTO repository_storage_moves (container_type, container_id, state, source_storage_name, destination_storage_name, error_message, created_at, updated_at) VALUES ('project', 1, 5, 'default', 'archive', 'disk full', '2026-01-15T10:00:00Z', '2026-01-15T10:00:00Z')").run();
    db.close();
    rmSync(join(state, 'blobs', 'sha256', sha.slice(0, 2), sha.slice(2, 4), sha));
    chmodSync(join(state, 'state.db'), 0o644);

    const before = await hostctl(['doctor', '--state', state, '-o', 'json']);
    expect(before.exitCode).toBe(12);
    const status = (out: string) => Object.fromEntries((JSON.parse(out) as { checks: { id: string; status: string }[] }).checks.map((c) => [c.id, c.status]));
    const blobCheck = (JSON.parse(String(before.stdout)) as { checks: { id: string; detail: string }[] }).checks.find((c) => c.id === 'packages.blobs');
    expect(blobCheck?.detail).toContain('3 package file contents without');
    expect(blobCheck?.detail).toContain(`${altered.slice(0, 12)}: other bytes, their SHA-256 differs`);
    expect(blobCheck?.detail).toContain(sha.slice(0, 12));
    expect(blobCheck?.detail).toContain(held.slice(0, 12));
    // Each content with the rows that lose it.
    expect(blobCheck?.detail).toMatch(new RegExp(`${sha.slice(0, 12)}: missing \\(package file \\d+ large\\.bin of large-file 1\\.0\\.0 in acme/web/storefront\\)`));
    expect(status(String(before.stdout))).toMatchObject({
      'repositories.locks': 'warn',
      'repositories.fsck': 'fail',
      'packages.blobs': 'fail',
      'state.modes': 'fail',
      'storage-moves.failed': 'warn',
      'repositories.storages': 'fail',
    });
    const storages = (JSON.parse(String(before.stdout)) as { checks: { id: string; detail: string }[] }).checks.find((c) => c.id === 'repositories.storages');
    expect(storages?.detail).toBe(`1 row naming a storage that is not configured: snippet ${strayed} (nowhere) (configured: archive, default)`);

    // A backup of that state fails, saying which content is gone and where to see its rows.
    const lost = join(box.dir, 'faulty.tar');
    const backup = await hostctl(['backup', '--state', state, '-O', lost]);
    expect(backup.exitCode).toBe(1);
    // (Both planted losses are missing; the first in the backup's order is named.)
    expect(String(backup.stderr)).toMatch(new RegExp(`the state has no bytes for package file content (${sha.slice(0, 12)}|${held.slice(0, 12)}), which its database names`));
    expect(String(backup.stderr)).toContain('hint: nothing was written under the archive name');
    expect(existsSync(lost)).toBe(false);

    const table = await hostctl(['doctor', '--state', state], 60_000);
    expect(table.exitCode).toBe(12);
    expect(String(table.stdout)).toMatch(/^FAIL {2}packages\.blobs/m);
    expect(String(table.stdout)).toContain('fix: hostctl doctor --fix');

    const fixed = await hostctl(['doctor', '--state', state, '--fix', '-o', 'json']);
    const after = status(String(fixed.stdout));
    expect(after).toMatchObject({ 'repositories.locks': 'ok', 'state.modes': 'ok', 'packages.blobs': 'fail', 'repositories.fsck': 'fail' });
    expect(existsSync(join(repo, 'refs', 'heads', 'main.lock'))).toBe(false);
    expect(statSync(join(state, 'state.db')).mode & 0o777).toBe(0o600);
    expect(fixed.exitCode).toBe(12);
    const quick = await hostctl(['doctor', '--state', state, '--quick', '-o', 'json']);
    expect(status(String(quick.stdout))['repositories.fsck']).toBe('ok');
    // A quick check measures the bytes held in the database without hashing them.
    const quickBlobs = (JSON.parse(String(quick.stdout)) as { checks: { id: string; detail: string }[] }).checks.find((c) => c.id === 'packages.blobs');
    expect(quickBlobs?.detail).toContain('2 package file contents without');
  });

  it('backs up a served state while writers go on: every write acknowledged before it is in the archive, and nothing in it is half', async () => {
    const live = cliSandbox();
    try {
      const rootToken = await live.init();
      const serve = await startServe(live);
      try {
        const api = (path: string, body: Obj) =>
          fetch(`${serve.url}/api/v4${path}`, { method: 'POST', headers: { 'private-token': rootToken, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const acked: { name: string; at: number }[] = [];
        let stop = false;
        const writer = async (w: number) => {
          for (let i = 0; !stop && i < 40; i++) {
            const name = `w${w}-p${i}`;
            const res = await api('/projects', { name, path: name, initialize_with_readme: true });
            if (res.status === 201) {
              const project = (await res.json()) as { id: number };
              acked.push({ name, at: Date.now() });
              if (w % 2 === 0) {
                const file = await fetch(`${serve.url}/api/v4/projects/${project.id}/packages/generic/tool/1.0.${i}/tool.bin`, { method: 'PUT', headers: { 'private-token': rootToken }, body: `bytes of ${name}` });
                expect(file.status).toBe(201);
              }
            } else await res.text();
          }
        };
        const writers = Array.from({ length: 6 }, (_, w) => writer(w));
        const cliWriters = [0, 1].map(async (w) => {
          for (let i = 0; !stop && i < 4; i++) {
            const res = await live.run(['--url', serve.url, 'users', 'create', '--username', `cli${w}u${i}`, '--email', `cli${w}u${i}@example.com`, '--name', `Cli ${w} ${i}`, '--password', 'a-long-password-1'], { env: { HOSTCTL_TOKEN: rootToken } });
            if (res.exitCode === 0) acked.push({ name: `user cli${w}u${i}`, at: Date.now() });
          }
        });
        // The backup starts once writes are flowing (however slow the machine), and overlaps them.
        for (let waited = 0; acked.length < 6 && waited < 60_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
        const started = Date.now();
        const out = join(live.dir, 'live.tar');
        const backup = await live.run(['backup', '--state', live.stateDir, '-O', out], { timeout: 120_000 });
        stop = true;
        await Promise.all([...writers, ...cliWriters]);
        expect(backup.exitCode, String(backup.stderr)).toBe(0);
        const restored = join(live.dir, 'restored');
        expect((await live.run(['restore', out, '--state', restored])).exitCode).toBe(0);
        const db = new Database(join(restored, 'state.db'), { readonly: true });
        const paths = new Set((db.prepare('SELECT path FROM projects').all() as { path: string }[]).map((r) => r.path));
        const users = new Set((db.prepare('SELECT username FROM users').all() as { username: string }[]).map((r) => r.username));
        db.close();
        const before = acked.filter((a) => a.at < started);
        expect(before.length).toBeGreaterThan(0);
        for (const a of before) {
          if (a.name.startsWith('user ')) expect(users.has(a.name.slice(5)), a.name).toBe(true);
          else expect(paths.has(a.name), a.name).toBe(true);
        }
        // Nothing half: every row's repository is there and whole, every package file has its bytes.
        const doctor = await live.run(['doctor', '--state', restored, '-o', 'json'], { timeout: 120_000 });
        const report = JSON.parse(String(doctor.stdout)) as { checks: { id: string; status: string; detail: string }[] };
        const bad = report.checks.filter((c) => c.status === 'fail' || c.id === 'repositories.orphans' && c.status !== 'ok');
        expect(bad).toEqual([]);
      } finally {
        serve.proc.kill('SIGTERM');
        await serve.proc;
      }
    } finally {
      live.cleanup();
    }
  }, 300_000);
});
