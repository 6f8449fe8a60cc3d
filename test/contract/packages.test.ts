import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createUser } from '../factories/users.js';
import { addMember, createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { downloadGeneric, genericPath, seedPackage, uploadGeneric, type PackageFileJson, type PackageJson } from '../factories/packages.js';
import { blobLocation, IN_MEMORY_MAX, INLINE_MAX } from '../../src/core/areas/packages/blobs.js';

const hex = (algo: string, data: string | Buffer) => createHash(algo).update(data).digest('hex');
/** Stored contents: files under blobs/sha256 and those the database holds. */
const blobCount = (inst: Instance) => {
  const dir = join(inst.core.stateDir, 'blobs', 'sha256');
  let n = (inst.core.db.prepare('SELECT count(*) AS n FROM package_blobs').get() as { n: number }).n;
  if (!existsSync(dir)) return n;
  for (const a of readdirSync(dir)) for (const b of readdirSync(join(dir, a))) n += readdirSync(join(dir, a, b)).length;
  return n;
};
const tmpCount = (inst: Instance) => {
  const dir = join(inst.core.stateDir, 'blobs', 'tmp');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe.each(TRANSPORTS)('packages (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pub: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pub = await createProjectWithRoles(inst, { visibility: 'public', initialize_with_readme: true }, { visibility: 'public' });
  });
  afterAll(() => inst.close());

  describe('generic upload and download', () => {
    it('stores the raw body, answers 201 and gives the bytes back with their checksum', async () => {
      const body = 'hello generic package\n';
      const res = await uploadGeneric(f.developer.client, f.project.id, 'tool', '1.0.0', 'tool.txt', body);
      expect(res.status).toBe(201);
      expect(res.data).toEqual({ message: '201 Created' });
      const down = await downloadGeneric(f.reporter.client, f.project.id, 'tool', '1.0.0', 'tool.txt');
      expect(down.status).toBe(200);
      expect(down.bytes.toString()).toBe(body);
      expect(down.headers['content-type']).toBe('application/octet-stream');
      expect(down.headers['content-disposition']).toBe(`attachment; filename="tool.txt"; filename*=UTF-8''tool.txt`);
      expect(down.headers['x-checksum-sha256']).toBe(hex('sha256', body));
      expect(down.headers['content-length']).toBe(String(body.length));
      expect(down.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers the file entity with select=package_file, checksums computed from the bytes', async () => {
      const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
      const res = await uploadGeneric<PackageFileJson>(f.developer.client, f.project.id, 'tool', '1.0.1', 'bin/tool.bin', body, { select: 'package_file' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.data)).toEqual(['id', 'package_id', 'created_at', 'file_name', 'size', 'file_md5', 'file_sha1', 'file_sha256']);
      expect(res.data).toMatchObject({ file_name: 'bin%2Ftool.bin', size: 5000, file_md5: hex('md5', body), file_sha1: hex('sha1', body), file_sha256: hex('sha256', body) });
      expect(blobLocation(inst.core, hex('sha256', body))).toBe('database');
      const down = await downloadGeneric(f.developer.client, f.project.id, 'tool', '1.0.1', 'bin/tool.bin');
      expect(down.bytes.equals(body)).toBe(true);
      expect(down.headers['content-disposition']).toContain('filename="tool.bin"');
    });

    it('streams a body larger than the in-memory limit to a file, with its checksums, leaving no temporary file', async () => {
      const body = Buffer.from(Array.from({ length: 3 * IN_MEMORY_MAX + 12345 }, (_, i) => (i * 7) % 253));
      const res = await uploadGeneric<PackageFileJson>(f.developer.client, f.project.id, 'large', '1.0.0', 'large.bin', body, { select: 'package_file' });
      expect(res.data).toMatchObject({ size: body.length, file_md5: hex('md5', body), file_sha1: hex('sha1', body), file_sha256: hex('sha256', body) });
      expect(tmpCount(inst)).toBe(0);
      expect(blobLocation(inst.core, hex('sha256', body))).toBe('file');
      expect((await downloadGeneric(f.developer.client, f.project.id, 'large', '1.0.0', 'large.bin')).bytes.equals(body)).toBe(true);
    });

    it('stores bytes once for files of the same content, small or large, and keeps them while a file names them', async () => {
      const cases = [
        ['small', Buffer.from('the same small bytes'), 'database'],
        ['inline-max', Buffer.alloc(INLINE_MAX, 'S'), 'database'],
        ['over-inline', Buffer.alloc(INLINE_MAX + 1, 'M'), 'file'],
        ['large', Buffer.alloc(IN_MEMORY_MAX + 1, 'L'), 'file'],
      ] as const;
      for (const [label, body, where] of cases) {
        const blobs = blobCount(inst);
        await uploadGeneric(f.developer.client, f.project.id, `same-${label}`, '1.0.0', 'a.bin', body);
        await uploadGeneric(f.developer.client, f.project.id, `same-${label}`, '2.0.0', 'b.bin', body);
        expect(blobCount(inst)).toBe(blobs + 1);
        expect(tmpCount(inst)).toBe(0);
        expect(blobLocation(inst.core, hex('sha256', body))).toBe(where);
        const [first, second] = (await f.maintainer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: `same-${label}` })).data;
        expect((await f.maintainer.client.delete(`/projects/${f.project.id}/packages/${first?.id}`)).status).toBe(204);
        await inst.settleJobs();
        expect(blobLocation(inst.core, hex('sha256', body))).toBe(where);
        expect((await downloadGeneric(f.developer.client, f.project.id, `same-${label}`, '2.0.0', 'b.bin')).bytes.equals(body)).toBe(true);
        // The last file naming the bytes takes them with it.
        expect((await f.maintainer.client.delete(`/projects/${f.project.id}/packages/${second?.id}`)).status).toBe(204);
        await inst.settleJobs();
        expect(blobLocation(inst.core, hex('sha256', body))).toBeUndefined();
        expect(blobCount(inst)).toBe(blobs);
      }
    });

    it('stores a file under a path URL-encoded as one name, finds it by the URL it was sent to, and refuses an encoded slash in the file name (400)', async () => {
      const files = async (name: string) => {
        const [pkg] = (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: name })).data;
        return (await f.developer.client.get<PackageFileJson[]>(`/projects/${f.project.id}/packages/${pkg?.id}/package_files`)).data.map((x) => x.file_name);
      };
      // The platform's request spec: path `path/to` + `myfile.tar.gz` is stored `path%2Fto%2Fmyfile.tar.gz`.
      expect((await uploadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', 'checksums/SHA256SUMS', 'sums\n')).status).toBe(201);
      // The whole path is encoded as one URI component: `~`, `+` and `@` too.
      const special = await uploadGeneric<PackageFileJson>(f.developer.client, f.project.id, 'pathed', '1.0.0', 'dir/a~b+c@d.txt', 'special', { select: 'package_file' });
      expect(special.data.file_name).toBe('dir%2Fa%7Eb%2Bc%40d.txt');
      // An encoded slash in a directory segment is part of the path (the platform checks only the file name's characters).
      expect((await uploadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', 'a%2Fb/c.txt', 'nested')).status).toBe(201);
      expect(await files('pathed')).toEqual(['checksums%2FSHA256SUMS', 'dir%2Fa%7Eb%2Bc%40d.txt', 'a%2Fb%2Fc.txt']);
      expect((await downloadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', 'checksums/SHA256SUMS')).bytes.toString()).toBe('sums\n');
      expect((await downloadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', 'dir/a~b+c@d.txt')).bytes.toString()).toBe('special');
      expect((await downloadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', 'a/b/c.txt')).bytes.toString()).toBe('nested');
      // The file name segment itself may not hold a slash, encoded or not: upload and download alike.
      for (const bad of ['checksums%2FSHA256SUMS', 'checksums%2fSHA256SUMS', 'dir/x%2Fy.txt']) {
        await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', bad, 'x'), 400, { error: 'file_name is invalid' });
        await expectApiError(downloadGeneric(f.developer.client, f.project.id, 'pathed', '1.0.0', bad), 400, { error: 'file_name is invalid' });
      }
      // Anonymous callers of a private project are refused for the name before the project is looked at, as on the platform.
      await expectApiError(downloadGeneric(inst.client(), f.project.id, 'pathed', '1.0.0', 'checksums%2FSHA256SUMS'), 400, { error: 'file_name is invalid' });
      expect(await files('pathed')).toHaveLength(3);
    });

    it('package_name matches by the pattern rules without their minimum: every term, any order, short ones anywhere', async () => {
      for (const name of ['pn-red.fox', 'pn-blue.fox', 'pn-red.owl']) await uploadGeneric(f.developer.client, f.project.id, name, '1.0.0', 'a.txt', 'x');
      const names = async (package_name: string) =>
        (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name, per_page: 100 })).data.map((p) => p.name).sort();
      expect(await names('fox red')).toEqual(['pn-red.fox']);
      expect(await names('  fox   pn- ')).toEqual(['pn-blue.fox', 'pn-red.fox']);
      // Packages::Package.search_by_name has no minimum: two characters match anywhere.
      expect(await names('ow pn')).toEqual(['pn-red.owl']);
      expect(await names('"fox red"')).toEqual([]);
    });

    it('adds files to an existing package and the newest file of a name wins', async () => {
      await uploadGeneric(f.developer.client, f.project.id, 'dup', '1.0.0', 'a.txt', 'first');
      await uploadGeneric(f.developer.client, f.project.id, 'dup', '1.0.0', 'a.txt', 'second');
      await uploadGeneric(f.developer.client, f.project.id, 'dup', '1.0.0', 'b.txt', 'other');
      const list = await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'dup' });
      expect(list.data).toHaveLength(1);
      const files = await f.developer.client.get<PackageFileJson[]>(`/projects/${f.project.id}/packages/${list.data[0]?.id}/package_files`);
      expect(files.data.map((x) => x.file_name)).toEqual(['a.txt', 'a.txt', 'b.txt']);
      expect((await downloadGeneric(f.developer.client, f.project.id, 'dup', '1.0.0', 'a.txt')).bytes.toString()).toBe('second');
    });

    it('refuses anonymous (401), guests and reporters (403), and bad names (400)', async () => {
      await expectApiError(uploadGeneric(inst.client(), f.project.id, 'x', '1.0.0', 'x.txt', 'x'), 401, { message: '401 Unauthorized' });
      await expectApiError(uploadGeneric(f.reporter.client, f.project.id, 'x', '1.0.0', 'x.txt', 'x'), 403, { message: '403 Forbidden' });
      await expectApiError(uploadGeneric(f.guest.client, f.project.id, 'x', '1.0.0', 'x.txt', 'x'), 403);
      await expectApiError(uploadGeneric(f.nonMember.client, f.project.id, 'x', '1.0.0', 'x.txt', 'x'), 404, { message: '404 Project Not Found' });
      await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'bad name!', '1.0.0', 'x.txt', 'x'), 400, { error: 'package_name is invalid' });
      await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'x', '1.0.0 beta', 'x.txt', 'x'), 400, { error: 'package_version is invalid' });
      await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'x', '1.0.0', 'x%20y.txt', 'x'), 400, { error: 'file_name is invalid' });
      // The platform's file name rule: no name starts with `~` or `@`, and nothing is created.
      for (const bad of ['~backup.txt', '@scope.txt', 'dir/~x.txt', 'a$b.txt']) {
        await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'tilde-check', '1.0.0', bad, 'x'), 400, { error: 'file_name is invalid' });
      }
      expect((await f.developer.client.get<unknown[]>(`/projects/${f.project.id}/packages`, { package_name: 'tilde-check' })).data).toEqual([]);
      expect((await uploadGeneric(f.developer.client, f.project.id, 'tilde-check', '1.0.0', 'a~b@c.txt', 'x')).status).toBe(201);
      await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'x', '1.0.0', 'x.txt', 'x', { status: 'error' }), 400, { error: 'status does not have a valid value' });
    });

    it('accepts the file as a multipart part too, with select and status as fields', async () => {
      const res = await f.developer.client.request<PackageFileJson>('PUT', genericPath(f.project.id, 'form', '1.0.0', 'form.txt'), {
        multipart: { file: { filename: 'form.txt', data: Buffer.from('multipart bytes'), contentType: 'application/octet-stream' }, select: 'package_file', status: 'hidden' },
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ file_name: 'form.txt', size: 15, file_sha256: hex('sha256', 'multipart bytes') });
      const hidden = await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'form', status: 'hidden' });
      expect(hidden.data).toHaveLength(1);
      await expectApiError(
        f.developer.client.request('PUT', genericPath(f.project.id, 'form', '1.0.0', 'x.txt'), { multipart: { other: 'no file here' } }),
        400,
        { error: 'file is missing' },
      );
    });

    it('reads a download whole for callers that do not ask for a stream, and answers HEAD without a body', async () => {
      await uploadGeneric(f.developer.client, f.project.id, 'whole', '1.0.0', 'w.txt', 'whole bytes');
      const res = await f.developer.client.get(genericPath(f.project.id, 'whole', '1.0.0', 'w.txt'));
      expect(res.stream).toBeUndefined();
      expect(Buffer.from(res.raw as Uint8Array).toString()).toBe('whole bytes');
      const head = await f.developer.client.request('HEAD', genericPath(f.project.id, 'whole', '1.0.0', 'w.txt'), { streamResponse: true });
      expect(head.status).toBe(200);
      expect(head.headers['x-checksum-sha256']).toBe(hex('sha256', 'whole bytes'));
      expect(head.headers['content-length']).toBe(String('whole bytes'.length));
      expect(head.stream).toBeUndefined();
    });

    it('accepts a token as the HTTP Basic password', async () => {
      const basic = `Basic ${Buffer.from(`anyone:${f.developer.token}`).toString('base64')}`;
      const res = await uploadGeneric(inst.client(), f.project.id, 'basic', '1.0.0', 'b.txt', 'b', {}, { authorization: basic });
      expect(res.status).toBe(201);
      const down = await inst.client().request('GET', genericPath(f.project.id, 'basic', '1.0.0', 'b.txt'), { headers: { authorization: basic } });
      expect(down.status).toBe(200);
      await expectApiError(uploadGeneric(inst.client(), f.project.id, 'basic', '1.0.0', 'b.txt', 'b', {}, { authorization: `Basic ${Buffer.from('u:nope').toString('base64')}` }), 401);
    });

    it('creates a hidden package with status=hidden: not listed, still downloadable, no detail', async () => {
      await uploadGeneric(f.developer.client, f.project.id, 'secret', '2.0.0', 's.txt', 'hidden bytes', { status: 'hidden' });
      const listed = await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'secret' });
      expect(listed.data).toEqual([]);
      const hidden = await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'secret', status: 'hidden' });
      expect(hidden.data.map((p) => p.status)).toEqual(['hidden']);
      expect(hidden.data[0]?._links.web_path).toBeUndefined();
      expect((await downloadGeneric(f.developer.client, f.project.id, 'secret', '2.0.0', 's.txt')).bytes.toString()).toBe('hidden bytes');
      await expectApiError(f.developer.client.get(`/projects/${f.project.id}/packages/${hidden.data[0]?.id}`), 404, { message: '404 Package Not Found' });
      await expectApiError(f.developer.client.get(`/projects/${f.project.id}/packages/${hidden.data[0]?.id}/package_files`), 404);
    });

    it('refuses a file over the configured maximum and keeps nothing of it', async () => {
      const blobs = blobCount(inst);
      await expectApiError(f.maintainer.client.put('/application/plan_limits', { generic_packages_max_file_size: 10 }), 403);
      const saved = (await inst.admin.get<{ generic_packages_max_file_size: number }>('/application/plan_limits')).data.generic_packages_max_file_size;
      expect(saved).toBe(5 * 1024 ** 3);
      expect((await inst.admin.put('/application/plan_limits', { plan_name: 'default', generic_packages_max_file_size: 10 })).data).toEqual({ generic_packages_max_file_size: 10 });
      try {
        await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'big', '1.0.0', 'big.bin', 'x'.repeat(11)), 400, { message: '400 Bad request - File is too large' });
        // Without a declared length the limit is found while streaming.
        const { Readable } = await import('node:stream');
        await expectApiError(
          f.developer.client.request('PUT', genericPath(f.project.id, 'big', '1.0.0', 'big.bin'), { stream: Readable.from([Buffer.alloc(8), Buffer.alloc(8)]) }),
          400,
          { message: '400 Bad request - File is too large' },
        );
        // Exactly at the limit is accepted.
        expect((await uploadGeneric(f.developer.client, f.project.id, 'edge', '1.0.0', 'edge.bin', 'x'.repeat(10))).status).toBe(201);
      } finally {
        await inst.admin.put('/application/plan_limits', { generic_packages_max_file_size: saved });
      }
      expect((await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'big', include_versionless: true })).data).toEqual([]);
      // Only the file exactly at the limit was kept.
      expect(blobCount(inst)).toBe(blobs + 1);
      expect(tmpCount(inst)).toBe(0);
    });

    it('downloads anonymously from public projects; private ones answer 401 anonymous, 404 to non-members', async () => {
      await uploadGeneric(pub.developer.client, pub.project.id, 'open', '1.0.0', 'o.txt', 'open');
      expect((await downloadGeneric(inst.client(), pub.project.id, 'open', '1.0.0', 'o.txt')).bytes.toString()).toBe('open');
      await expectApiError(downloadGeneric(inst.client(), f.project.id, 'tool', '1.0.0', 'tool.txt'), 401);
      await expectApiError(downloadGeneric(f.nonMember.client, f.project.id, 'tool', '1.0.0', 'tool.txt'), 404, { message: '404 Project Not Found' });
      await expectApiError(downloadGeneric(f.developer.client, f.project.id, 'tool', '9.9.9', 'tool.txt'), 404, { message: '404 Not found' });
      await expectApiError(downloadGeneric(f.developer.client, f.project.id, 'tool', '1.0.0', 'nope.txt'), 404, { message: '404 Not found' });
    });
  });

  describe('pipelines and job tokens', () => {
    it('creates a pipeline in status created, lists and reads it', async () => {
      const res = await f.developer.client.post<Record<string, unknown>>(`/projects/${f.project.id}/pipeline`, { ref: 'main' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.data)).toEqual(['id', 'iid', 'project_id', 'sha', 'ref', 'status', 'source', 'created_at', 'updated_at', 'web_url', 'user']);
      expect(res.data).toMatchObject({ iid: 1, project_id: f.project.id, ref: 'main', status: 'created', source: 'api', user: { id: f.developer.user.id } });
      expect(res.data.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(res.data.web_url).toBe(`${f.project.web_url}/-/pipelines/${res.data.id}`);
      const list = await f.reporter.client.get<Record<string, unknown>[]>(`/projects/${f.project.id}/pipelines`);
      expect(list.data.map((p) => p.id)).toContain(res.data.id);
      expect(list.data[0]).not.toHaveProperty('user');
      expect((await f.reporter.client.get(`/projects/${f.project.id}/pipelines/${res.data.id}`)).data).toEqual(res.data);
      await expectApiError(f.developer.client.post(`/projects/${f.project.id}/pipeline`, { ref: 'nope' }), 400, { message: { base: ['Reference not found'] } });
      await expectApiError(f.reporter.client.post(`/projects/${f.project.id}/pipeline`, { ref: 'main' }), 403);
      await expectApiError(f.guest.client.get(`/projects/${f.project.id}/pipelines`), 403);
      await expectApiError(f.reporter.client.get(`/projects/${f.project.id}/pipelines/999999`), 404, { message: '404 Not found' });
      expect((await inst.client().get(`/projects/${pub.project.id}/pipelines`)).status).toBe(200);
    });

    it('cancels (200 whatever the state), retries failed or canceled ones (201) and deletes (Owner, 204)', async () => {
      const { data: p } = await f.developer.client.post<{ id: number }>(`/projects/${f.project.id}/pipeline`, { ref: 'main' });
      const path = `/projects/${f.project.id}/pipelines/${p.id}`;
      // Nothing failed yet: retry changes nothing.
      const early = await f.developer.client.post<{ status: string }>(`${path}/retry`);
      expect([early.status, early.data.status]).toEqual([201, 'created']);
      const canceled = await f.developer.client.post<{ id: number; status: string }>(`${path}/cancel`);
      expect([canceled.status, canceled.data.id, canceled.data.status]).toEqual([200, p.id, 'canceled']);
      const again = await f.developer.client.post<{ status: string }>(`${path}/cancel`);
      expect([again.status, again.data.status]).toEqual([200, 'canceled']);
      expect((await f.reporter.client.get<{ status: string }>(path)).data.status).toBe('canceled');
      expect((await f.reporter.client.get<unknown[]>(`/projects/${f.project.id}/pipelines`, { status: 'canceled' })).data).toHaveLength(1);
      const retried = await f.developer.client.post<{ status: string }>(`${path}/retry`);
      expect([retried.status, retried.data.status]).toEqual([201, 'pending']);
      await expectApiError(f.reporter.client.post(`${path}/cancel`), 403);
      await expectApiError(f.reporter.client.post(`${path}/retry`), 403);
      await expectApiError(f.developer.client.post(`/projects/${f.project.id}/pipelines/999999/cancel`), 404);
      await expectApiError(f.maintainer.client.delete(path), 403);
      expect((await f.owner.client.delete(path)).status).toBe(204);
      await expectApiError(f.reporter.client.get(path), 404);
      await expectApiError(f.owner.client.delete(path), 404);
    });

    it('issues a job token once; it publishes packages linked to its pipeline, in its project only', async () => {
      const pipelines: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { data } = await f.developer.client.post<{ id: number }>(`/projects/${f.project.id}/pipeline`, { ref: 'main' });
        pipelines.push(data.id);
      }
      const tokens: string[] = [];
      for (const id of pipelines) {
        const issued = await f.developer.client.post<{ token: string; pipeline_id: number }>(`/hostctl/projects/${f.project.id}/pipelines/${id}/job_token`);
        expect(issued.status).toBe(201);
        expect(issued.data.token).toMatch(/^hjob-/);
        tokens.push(issued.data.token);
      }
      await expectApiError(f.developer.client.post(`/hostctl/projects/${f.project.id}/pipelines/${pipelines[0]}/job_token`), 409);
      await expectApiError(f.maintainer.client.post(`/hostctl/projects/${f.project.id}/pipelines/${pipelines[0]}/job_token`), 403);
      for (const [i, token] of tokens.entries()) {
        const res = await uploadGeneric(inst.client(), f.project.id, 'built', '1.0.0', `f${i}.txt`, `file ${i}`, {}, i === 1 ? { authorization: `Basic ${Buffer.from(`gitlab-ci-token:${token}`).toString('base64')}` } : { 'job-token': token });
        expect(res.status).toBe(201);
      }
      await expectApiError(uploadGeneric(inst.client(), pub.project.id, 'built', '1.0.0', 'x.txt', 'x', {}, { 'job-token': tokens[0] as string }), 404);
      await expectApiError(uploadGeneric(inst.client(), f.project.id, 'built', '1.0.0', 'x.txt', 'x', {}, { 'job-token': 'hjob-unknown' }), 401);
      const [pkg] = (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'built' })).data;
      expect(pkg?.pipeline).toMatchObject({ id: pipelines[2], status: 'created', ref: 'main', user: { name: f.developer.user.name, avatar_url: null } });
      expect((pkg?.pipelines as { id: number }[]).map((p) => p.id)).toEqual([...pipelines].reverse());
      const files = await f.developer.client.get<PackageFileJson[]>(`/projects/${f.project.id}/packages/${pkg?.id}/package_files`);
      expect((files.data[0]?.pipelines as { id: number }[])[0]?.id).toBe(pipelines[0]);

      // Package pipelines: id descending, keyset pages by cursor.
      const first = await f.developer.client.get<{ id: number }[]>(`/projects/${f.project.id}/packages/${pkg?.id}/pipelines`, { per_page: 2 });
      expect(first.data.map((p) => p.id)).toEqual([pipelines[2], pipelines[1]]);
      expect(first.headers['x-total']).toBeUndefined();
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1] as string;
      expect(next).toContain('cursor=');
      const second = await f.developer.client.get<{ id: number }[]>(next.slice(next.indexOf('/api/v4') + 7));
      expect(second.data.map((p) => p.id)).toEqual([pipelines[0]]);
      // The last page with rows still links on; the empty page after it ends the list.
      const last = /<([^>]+)>; rel="next"/.exec(second.headers.link ?? '')?.[1] as string;
      const empty = await f.developer.client.get<unknown[]>(last.slice(last.indexOf('/api/v4') + 7));
      expect([empty.data, empty.headers.link]).toEqual([[], undefined]);
      // per_page is 1..20; the list is for signed-in callers only.
      await expectApiError(f.developer.client.get(`/projects/${f.project.id}/packages/${pkg?.id}/pipelines`, { per_page: 21 }), 400, { error: 'per_page does not have a valid value' });
      await expectApiError(inst.client().get(`/projects/${f.project.id}/packages/${pkg?.id}/pipelines`), 401, { message: '401 Unauthorized' });
      expect(Object.keys(second.data[0] as object)).toEqual(['id', 'iid', 'project_id', 'sha', 'ref', 'status', 'source', 'created_at', 'updated_at', 'web_url', 'user']);
      await expectApiError(f.developer.client.get(`/projects/${f.project.id}/packages/${pkg?.id}/pipelines`, { cursor: 'garbage' }), 400);
    });
  });

  describe('registry lists', () => {
    let lists: RoleFixture;
    let ids: Record<string, number>;

    beforeAll(async () => {
      lists = await createProjectWithRoles(inst);
      const pid = lists.project.id;
      const at = (iso: string) => inst.clock.set(iso);
      ids = {};
      at('2026-01-01T00:00:00Z');
      ids.npm = seedPackage(inst, { projectId: pid, name: '@acme/widget', version: '2.0.0', type: 'npm', tags: ['latest'] }).id;
      at('2026-01-02T00:00:00Z');
      ids.maven = seedPackage(inst, { projectId: pid, name: 'com/acme/lib', version: '1.0.0', type: 'maven' }).id;
      at('2026-01-03T00:00:00Z');
      ids.conan = seedPackage(inst, { projectId: pid, name: 'zlib', version: '1.3', type: 'conan', conanPackageName: 'zlib/1.3@acme/stable' }).id;
      at('2026-01-04T00:00:00Z');
      ids.pypi = seedPackage(inst, { projectId: pid, name: 'acme-widget', version: '0.9.0', type: 'pypi', status: 'deprecated' }).id;
      at('2026-01-05T00:00:00Z');
      ids.versionless = seedPackage(inst, { projectId: pid, name: 'com/acme/plugin', version: null, type: 'maven' }).id;
      ids.error = seedPackage(inst, { projectId: pid, name: 'broken', version: '0.0.1', type: 'npm', status: 'error' }).id;
      ids.processing = seedPackage(inst, { projectId: pid, name: 'busy', version: '0.0.1', type: 'npm', status: 'processing' }).id;
      ids.terraform = seedPackage(inst, { projectId: pid, name: 'vpc/aws', version: '1.0.0', type: 'terraform_module' }).id;
      ids.npmOld = seedPackage(inst, { projectId: pid, name: '@acme/widget', version: '1.0.0', type: 'npm' }).id;
      inst.clock.set('2026-01-15T10:00:00.000Z');
    });

    const names = (list: PackageJson[]) => list.map((p) => p.id);

    it('lists default, deprecated and error packages of every type (terraform modules included), oldest first, without versionless ones', async () => {
      const res = await lists.reporter.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`);
      expect(names(res.data)).toEqual([ids.npm, ids.maven, ids.conan, ids.pypi, ids.error, ids.terraform, ids.npmOld]);
      expect(res.headers['x-total']).toBe('7');
      const terraform = res.data.find((p) => p.id === ids.terraform) as PackageJson;
      expect(terraform._links.web_path).toBe(`/${lists.project.path_with_namespace}/-/infrastructure_registry/${ids.terraform}`);
      expect(res.headers['x-per-page']).toBe('20');
      const npm = res.data[0] as PackageJson;
      expect(Object.keys(npm)).toEqual(['id', 'name', 'version', 'package_type', 'status', '_links', 'created_at', 'tags']);
      expect(npm._links).toEqual({ web_path: `/${lists.project.path_with_namespace}/-/packages/${ids.npm}` });
      expect((npm.tags as { name: string }[]).map((t) => t.name)).toEqual(['latest']);
      const conan = res.data[2] as PackageJson;
      expect(Object.keys(conan).slice(0, 3)).toEqual(['id', 'name', 'conan_package_name']);
      expect(conan.conan_package_name).toBe('zlib/1.3@acme/stable');
      const error = res.data.find((p) => p.id === ids.error) as PackageJson;
      expect(error._links.web_path).toBeUndefined();
    });

    it('shows delete_api_path as an absolute URL to maintainers only', async () => {
      const m = await lists.maintainer.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`, { per_page: 1 });
      expect(m.data[0]?._links.delete_api_path).toMatch(new RegExp(`^https?://[^/]+/api/v4/projects/${lists.project.id}/packages/${ids.npm}$`));
      const d = await lists.developer.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`, { per_page: 1 });
      expect(d.data[0]?._links.delete_api_path).toBeUndefined();
    });

    it('filters by type, fuzzy name, version, versionless and status', async () => {
      const get = (q: Record<string, unknown>) => lists.reporter.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`, q).then((r) => names(r.data));
      expect(await get({ package_type: 'npm' })).toEqual([ids.npm, ids.error, ids.npmOld]);
      expect(await get({ package_type: 'terraform_module' })).toEqual([ids.terraform]);
      expect(await get({ package_name: 'WIDGET' })).toEqual([ids.npm, ids.pypi, ids.npmOld]);
      expect(await get({ package_name: '%' })).toEqual([]);
      expect(await get({ package_version: '1.0.0' })).toEqual([ids.maven, ids.terraform, ids.npmOld]);
      expect(await get({ include_versionless: true })).toEqual([ids.npm, ids.maven, ids.conan, ids.pypi, ids.versionless, ids.error, ids.terraform, ids.npmOld]);
      expect(await get({ include_versionless: true, package_version: '1.0.0' })).toEqual([ids.maven, ids.terraform, ids.npmOld]);
      expect(await get({ status: 'processing' })).toEqual([ids.processing]);
      expect(await get({ status: 'deprecated' })).toEqual([ids.pypi]);
      await expectApiError(get({ package_type: 'docker' }), 400, { error: 'package_type does not have a valid value' });
      await expectApiError(get({ status: 'gone' }), 400, { error: 'status does not have a valid value' });
      await expectApiError(get({ include_versionless: 'maybe' }), 400, { error: 'include_versionless is invalid' });
    });

    it('orders by created_at, name, version and type in both directions', async () => {
      const get = (q: Record<string, unknown>) => lists.reporter.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`, q).then((r) => names(r.data));
      expect(await get({ sort: 'desc' })).toEqual([ids.npmOld, ids.terraform, ids.error, ids.pypi, ids.conan, ids.maven, ids.npm]);
      expect(await get({ order_by: 'name' })).toEqual([ids.npm, ids.npmOld, ids.pypi, ids.error, ids.maven, ids.terraform, ids.conan]);
      expect(await get({ order_by: 'version', sort: 'desc' })).toEqual([ids.npm, ids.conan, ids.npmOld, ids.terraform, ids.maven, ids.pypi, ids.error]);
      // Stored type numbers: maven 1, npm 2, conan 3, pypi 5, terraform_module 12.
      expect(await get({ order_by: 'type' })).toEqual([ids.maven, ids.npm, ids.error, ids.npmOld, ids.conan, ids.pypi, ids.terraform]);
      await expectApiError(get({ order_by: 'project_path' }), 400, { error: 'order_by does not have a valid value' });
    });

    it('pages with the platform headers', async () => {
      const res = await lists.reporter.client.get<PackageJson[]>(`/projects/${lists.project.id}/packages`, { per_page: 4, page: 2 });
      expect(names(res.data)).toEqual([ids.error, ids.terraform, ids.npmOld]);
      expect(res.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '4', 'x-total': '7', 'x-total-pages': '2', 'x-prev-page': '1', 'x-next-page': '' });
    });

    it('hides private projects: anonymous 404, guests 403; anonymous sees public projects', async () => {
      await expectApiError(inst.client().get(`/projects/${lists.project.id}/packages`), 404, { message: '404 Project Not Found' });
      await expectApiError(lists.nonMember.client.get(`/projects/${lists.project.id}/packages`), 404);
      await expectApiError(lists.guest.client.get(`/projects/${lists.project.id}/packages`), 403);
      const anon = await inst.client().get<PackageJson[]>(`/projects/${pub.project.id}/packages`);
      expect(anon.data.map((p) => p.name)).toContain('open');
      expect(anon.data[0]?._links.delete_api_path).toBeUndefined();
    });

    it('reads one package with last_downloaded_at and its other versions', async () => {
      const res = await lists.reporter.client.get<PackageJson>(`/projects/${lists.project.id}/packages/${ids.npmOld}`);
      expect(Object.keys(res.data)).toEqual(['id', 'name', 'version', 'package_type', 'status', '_links', 'created_at', 'last_downloaded_at', 'tags', 'versions']);
      expect(res.data.last_downloaded_at).toBeNull();
      expect(res.data.versions).toEqual([{ id: ids.npm, version: '2.0.0', created_at: '2026-01-01T00:00:00.000Z' }]);
      expect((await lists.reporter.client.get<PackageJson>(`/projects/${lists.project.id}/packages/${ids.pypi}`)).data.status).toBe('deprecated');
      for (const id of [ids.error, ids.processing, 999999]) await expectApiError(lists.reporter.client.get(`/projects/${lists.project.id}/packages/${id}`), 404, { message: '404 Package Not Found' });
      await expectApiError(lists.reporter.client.get(`/projects/${lists.project.id}/packages/abc`), 400, { error: 'package_id is invalid' });
      // Downloading a generic file records the time.
      await uploadGeneric(f.developer.client, f.project.id, 'dl', '1.0.0', 'd.txt', 'd');
      inst.clock.set('2026-02-01T00:00:00.000Z');
      await downloadGeneric(f.developer.client, f.project.id, 'dl', '1.0.0', 'd.txt');
      inst.clock.set('2026-01-15T10:00:00.000Z');
      const [dl] = (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'dl' })).data;
      expect((await f.developer.client.get<PackageJson>(`/projects/${f.project.id}/packages/${dl?.id}`)).data.last_downloaded_at).toBe('2026-02-01T00:00:00.000Z');
    });

    it('lists package files ordered by id, file_name or created_at', async () => {
      await uploadGeneric(f.developer.client, f.project.id, 'files', '1.0.0', 'b.txt', 'b');
      inst.clock.set('2026-01-10T00:00:00.000Z');
      await uploadGeneric(f.developer.client, f.project.id, 'files', '1.0.0', 'c.txt', 'c');
      inst.clock.set('2026-01-15T10:00:00.000Z');
      await uploadGeneric(f.developer.client, f.project.id, 'files', '1.0.0', 'a.txt', 'a');
      const [pkg] = (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'files' })).data;
      const get = (q: Record<string, unknown>) => f.reporter.client.get<PackageFileJson[]>(`/projects/${f.project.id}/packages/${pkg?.id}/package_files`, q).then((r) => r.data.map((x) => x.file_name));
      expect(await get({})).toEqual(['b.txt', 'c.txt', 'a.txt']);
      expect(await get({ sort: 'desc' })).toEqual(['a.txt', 'c.txt', 'b.txt']);
      expect(await get({ order_by: 'file_name' })).toEqual(['a.txt', 'b.txt', 'c.txt']);
      expect(await get({ order_by: 'created_at' })).toEqual(['c.txt', 'b.txt', 'a.txt']);
      await expectApiError(get({ order_by: 'size' }), 400, { error: 'order_by does not have a valid value' });
    });
  });

  describe('group lists', () => {
    it("lists the packages of a group's projects and subgroups with project_id and project_path", async () => {
      const group = await createGroup(inst, inst.admin, { visibility: 'public' });
      const sub = await createGroup(inst, inst.admin, { visibility: 'public', parent_id: group.id });
      const zeta = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'zeta', visibility: 'public' });
      const alpha = await createProject(inst, inst.admin, { namespace_id: sub.id, path: 'alpha', visibility: 'public' });
      const hidden = await createProject(inst, inst.admin, { namespace_id: group.id, path: 'private-one', visibility: 'private' });
      const a = seedPackage(inst, { projectId: zeta.id, name: 'z-pkg', version: '1.0.0', type: 'npm' });
      const b = seedPackage(inst, { projectId: alpha.id, name: 'a-pkg', version: '1.0.0', type: 'npm' });
      const c = seedPackage(inst, { projectId: hidden.id, name: 'p-pkg', version: '1.0.0', type: 'npm' });
      const all = await inst.admin.get<PackageJson[]>(`/groups/${group.id}/packages`);
      expect(all.data.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      expect(all.data[1]).toMatchObject({ project_id: alpha.id, project_path: alpha.path_with_namespace });
      expect(Object.keys(all.data[0] as object)).toEqual(['id', 'name', 'version', 'package_type', 'status', '_links', 'created_at', 'project_id', 'project_path', 'tags']);
      expect((await inst.admin.get<PackageJson[]>(`/groups/${group.id}/packages`, { exclude_subgroups: true })).data.map((p) => p.id)).toEqual([a.id, c.id]);
      expect((await inst.admin.get<PackageJson[]>(`/groups/${group.id}/packages`, { order_by: 'project_path' })).data.map((p) => p.id)).toEqual([b.id, c.id, a.id]);
      expect((await inst.admin.get<PackageJson[]>(`/groups/${group.id}/packages`, { order_by: 'project_path', sort: 'desc' })).data.map((p) => p.id)).toEqual([a.id, c.id, b.id]);
      const named = await inst.admin.get<PackageJson[]>(`/groups/${group.id}/packages`, { order_by: 'project_path', package_name: 'A-PK' });
      expect(named.data.map((p) => p.id)).toEqual([b.id]);
      expect(named.headers['x-total']).toBe('1');
      expect((await inst.client().get<PackageJson[]>(`/groups/${group.id}/packages`)).data.map((p) => p.id)).toEqual([a.id, b.id]);
      const member = await createUser(inst);
      await addMember(inst, 'projects', hidden.id, member.user.id, 20);
      expect((await member.client.get<PackageJson[]>(`/groups/${group.id}/packages`)).data.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      await expectApiError(inst.client().get(`/groups/999999/packages`), 404, { message: '404 Group Not Found' });
    });
  });

  describe('deletion and protection rules', () => {
    it('deletes a package (Maintainer): pending_destruction, then the job removes files and unshared bytes', async () => {
      const shared = 'shared bytes';
      await uploadGeneric(f.developer.client, f.project.id, 'gone', '1.0.0', 'only.txt', 'only in gone');
      await uploadGeneric(f.developer.client, f.project.id, 'gone', '1.0.0', 'shared.txt', shared);
      await uploadGeneric(f.developer.client, f.project.id, 'kept', '1.0.0', 'shared.txt', shared);
      const [pkg] = (await f.developer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'gone' })).data;
      await expectApiError(f.developer.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}`), 403, { message: '403 Forbidden' });
      await expectApiError(f.reporter.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}`), 403);
      await expectApiError(inst.client().delete(`/projects/${f.project.id}/packages/${pkg?.id}`), 401);
      await expectApiError(f.maintainer.client.delete(`/projects/${f.project.id}/packages/999999`), 404, { message: '404 Package Not Found' });
      const total = async () => Number((await f.maintainer.client.get(`/projects/${f.project.id}/packages`)).headers['x-total']);
      const before = await total();
      const res = await f.maintainer.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}`);
      expect(res.status).toBe(204);
      // Listed totals follow at once (the package is pending destruction), and after the job.
      expect(await total()).toBe(before - 1);
      await inst.settleJobs();
      expect(await total()).toBe(before - 1);
      expect((await f.maintainer.client.get(`/projects/${f.project.id}/packages`, { package_name: 'gone', status: 'pending_destruction' })).data).toEqual([]);
      await expectApiError(f.maintainer.client.get(`/projects/${f.project.id}/packages/${pkg?.id}`), 404);
      expect(blobLocation(inst.core, hex('sha256', 'only in gone'))).toBeUndefined();
      expect(blobLocation(inst.core, hex('sha256', shared))).toBe('database');
      expect((await downloadGeneric(f.developer.client, f.project.id, 'kept', '1.0.0', 'shared.txt')).bytes.toString()).toBe(shared);
    });

    it('lists pending_destruction packages only when asked, without a web path', async () => {
      const p = seedPackage(inst, { projectId: f.project.id, name: 'marked', version: '1.0.0', type: 'npm', status: 'pending_destruction' });
      expect(p.status).toBe('pending_destruction');
      expect((await f.maintainer.client.get(`/projects/${f.project.id}/packages`, { package_name: 'marked' })).data).toEqual([]);
      const list = await f.maintainer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'marked', status: 'pending_destruction' });
      expect(list.data.map((x) => x.status)).toEqual(['pending_destruction']);
      expect(list.data[0]?._links.web_path).toBeUndefined();
    });

    it('deletes one file (204) and its bytes when nothing else holds them', async () => {
      const file = await uploadGeneric<PackageFileJson>(f.developer.client, f.project.id, 'onefile', '1.0.0', 'x.txt', 'delete me', { select: 'package_file' });
      await expectApiError(f.developer.client.delete(`/projects/${f.project.id}/packages/${file.data.package_id}/package_files/${file.data.id}`), 403);
      await expectApiError(f.maintainer.client.delete(`/projects/${f.project.id}/packages/${file.data.package_id}/package_files/999999`), 404);
      expect(blobLocation(inst.core, hex('sha256', 'delete me'))).toBe('database');
      expect((await f.maintainer.client.delete(`/projects/${f.project.id}/packages/${file.data.package_id}/package_files/${file.data.id}`)).status).toBe(204);
      expect(blobLocation(inst.core, hex('sha256', 'delete me'))).toBeUndefined();
      await expectApiError(downloadGeneric(f.developer.client, f.project.id, 'onefile', '1.0.0', 'x.txt'), 404);
    });

    it('manages protection rules (Maintainer) with the platform answers', async () => {
      const base = `/projects/${f.project.id}/packages/protection/rules`;
      await expectApiError(f.developer.client.get(base), 403);
      await expectApiError(inst.client().get(base), 401);
      const created = await f.maintainer.client.post<Record<string, unknown>>(base, { package_name_pattern: 'release-*', package_type: 'generic', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner' });
      expect(created.status).toBe(201);
      expect(created.data).toEqual({
        id: expect.any(Number),
        project_id: f.project.id,
        package_name_pattern: 'release-*',
        package_type: 'generic',
        minimum_access_level_for_delete: 'owner',
        minimum_access_level_for_push: 'maintainer',
      });
      await expectApiError(f.maintainer.client.post(base, { package_name_pattern: 'release-*', package_type: 'generic', minimum_access_level_for_push: 'owner' }), 422, { message: ['Package name pattern has already been taken'] });
      await expectApiError(f.maintainer.client.post(base, { package_name_pattern: 'x', package_type: 'generic' }), 400, { error: 'minimum_access_level_for_delete, minimum_access_level_for_push are missing, at least one parameter must be provided' });
      await expectApiError(f.maintainer.client.post(base, { package_name_pattern: 'x', package_type: 'generic', minimum_access_level_for_push: 'developer' }), 400, { error: 'minimum_access_level_for_push does not have a valid value' });
      await expectApiError(f.maintainer.client.post(base, { package_name_pattern: 'x', package_type: 'docker', minimum_access_level_for_push: 'owner' }), 400);
      const list = await f.maintainer.client.get<unknown[]>(base);
      expect(list.data).toEqual([created.data]);
      expect(list.headers['x-total']).toBe('1');
      const id = created.data.id as number;
      const patched = await f.maintainer.client.patch<Record<string, unknown>>(`${base}/${id}`, { package_name_pattern: 'rel-*' });
      expect(patched.data).toMatchObject({ package_name_pattern: 'rel-*', minimum_access_level_for_push: 'maintainer' });
      await expectApiError(f.maintainer.client.patch(`${base}/999999`, { package_name_pattern: 'a' }), 404, { message: '404 Not found' });
      await expectApiError(f.maintainer.client.patch(`${base}/${id}`, { minimum_access_level_for_push: null, minimum_access_level_for_delete: null }), 422);

      // Push protection: developers refused, maintainers allowed; names outside the pattern unaffected.
      await expectApiError(uploadGeneric(f.developer.client, f.project.id, 'REL-app', '1.0.0', 'a.txt', 'a'), 403, { message: '403 Forbidden - Package protected.' });
      expect((await uploadGeneric(f.maintainer.client, f.project.id, 'rel-app', '1.0.0', 'a.txt', 'a')).status).toBe(201);
      expect((await uploadGeneric(f.developer.client, f.project.id, 'other-app', '1.0.0', 'a.txt', 'a')).status).toBe(201);

      // Delete protection: maintainers refused (and shown no delete_api_path, which appears
      // only when the caller may delete), the group owner and admins allowed.
      const [pkg] = (await f.maintainer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'rel-app' })).data;
      expect(pkg?._links.delete_api_path).toBeUndefined();
      expect((await f.maintainer.client.get<PackageJson>(`/projects/${f.project.id}/packages/${pkg?.id}`)).data._links.delete_api_path).toBeUndefined();
      const [other] = (await f.maintainer.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'other-app' })).data;
      expect(other?._links.delete_api_path).toBeDefined();
      const [owned] = (await f.owner.client.get<PackageJson[]>(`/projects/${f.project.id}/packages`, { package_name: 'rel-app' })).data;
      expect(owned?._links.delete_api_path).toMatch(new RegExp(`/projects/${f.project.id}/packages/${pkg?.id}$`));
      await expectApiError(f.maintainer.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}`), 403, { message: '403 Forbidden - Package is deletion protected.' });
      await expectApiError(f.maintainer.client.get(`/projects/${f.project.id}/packages/${pkg?.id}/package_files`).then((r) => f.maintainer.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}/package_files/${(r.data as { id: number }[])[0]?.id}`)), 403);
      expect((await f.owner.client.delete(`/projects/${f.project.id}/packages/${pkg?.id}`)).status).toBe(204);

      expect((await f.maintainer.client.delete(`${base}/${id}`)).status).toBe(204);
      await expectApiError(f.maintainer.client.delete(`${base}/${id}`), 404);
      await inst.settleJobs();
    });
  });

  it.runIf(kind === 'http')('leaves no package, file row or partial blob when an upload is cut off', async () => {
    const before = blobCount(inst);
    const url = new URL(inst.url as string);
    const path = `/api/v4${genericPath(f.project.id, 'cut', '1.0.0', 'cut.bin')}`;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`PUT ${path} HTTP/1.1\r\nHost: ${url.host}\r\nPRIVATE-TOKEN: ${f.developer.token}\r\nContent-Length: 10000000\r\n\r\n`);
        socket.write(Buffer.alloc(1_000_000, 1), () => setTimeout(() => socket.destroy(), 100));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    for (let i = 0; i < 50 && tmpCount(inst) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tmpCount(inst)).toBe(0);
    expect(blobCount(inst)).toBe(before);
    expect(inst.core.db.prepare("SELECT COUNT(*) AS n FROM packages WHERE name = 'cut'").get()).toEqual({ n: 0 });
  });
});
