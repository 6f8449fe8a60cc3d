// Blobs by id, a project's languages and administrators' repository snapshots: the repository
// endpoints real clients call beside files and trees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProject, createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { commitFiles, git } from '../factories/repository.js';

const bytes = (body: string | Uint8Array): Buffer => (typeof body === 'string' ? Buffer.from(body, 'binary') : Buffer.from(body));

describe.each(TRANSPORTS)('repository neighbours (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  let tree: { id: string; path: string; type: string }[];

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    await commitFiles(inst.admin, pid, 'main', {
      'app/main.rb': 'puts 1\n'.repeat(30),
      'web/app.js': 'console.log(1);\n'.repeat(10),
      'vendor/lib.js': 'x'.repeat(5000),
      'docs/guide.md': '# Guide\n'.repeat(100),
    });
    tree = (await inst.admin.get<{ id: string; path: string; type: string }[]>(`/projects/${pid}/repository/tree`, { recursive: true, per_page: 100 })).data;
  });
  afterAll(() => inst.close());

  const blobOf = (path: string) => tree.find((e) => e.path === path)?.id as string;

  it('reads a blob by id as base64 JSON and raw', async () => {
    const id = blobOf('app/main.rb');
    const res = await f.reporter.client.get(`/projects/${pid}/repository/blobs/${id}`);
    expect(res.data).toEqual({ size: 210, encoding: 'base64', content: Buffer.from('puts 1\n'.repeat(30)).toString('base64'), sha: id });
    const short = await inst.admin.get<{ sha: string }>(`/projects/${pid}/repository/blobs/${id.slice(0, 10)}`);
    expect(short.data.sha).toBe(id);
    const raw = await inst.raw('GET', `/projects/${pid}/repository/blobs/${id}/raw`, { headers: { 'private-token': inst.rootToken } });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(bytes(raw.body).toString('utf8')).toBe('puts 1\n'.repeat(30));
  });

  it('answers 404 Blob Not Found for a missing id, a tree id or a non-hex id; hides private projects', async () => {
    const dirId = tree.find((e) => e.path === 'app')?.id as string;
    for (const sha of ['0'.repeat(40), dirId, 'main', 'HEAD:README.md']) {
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/blobs/${encodeURIComponent(sha)}`), 404, { message: '404 Blob Not Found' });
    }
    await expectApiError(f.nonMember.client.get(`/projects/${pid}/repository/blobs/${blobOf('app/main.rb')}`), 404, { message: '404 Project Not Found' });
    await expectApiError(f.guest.client.get(`/projects/${pid}/repository/blobs/${blobOf('app/main.rb')}/raw`), 403);
  });

  it("lists the default branch's languages by share of code (prose and vendored files left out)", async () => {
    const res = await f.guest.client.get<Record<string, number>>(`/projects/${pid}/languages`);
    // 210 bytes of Ruby, 160 of JavaScript.
    expect(res.data).toEqual({ Ruby: 56.76, JavaScript: 43.24 });
    const empty = await createProject(inst);
    expect((await inst.admin.get(`/projects/${empty.id}/languages`)).data).toEqual({});
    await expectApiError(f.nonMember.client.get(`/projects/${pid}/languages`), 404, { message: '404 Project Not Found' });
  });

  it('hands administrators a tar snapshot that is a working bare repository', async () => {
    const res = await inst.raw('GET', `/projects/${pid}/snapshot`, { headers: { 'private-token': inst.rootToken } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    const root = mkdtempSync(join(tmpdir(), 'hostctl-snapshot-'));
    try {
      writeFileSync(join(root, 'snap.tar'), bytes(res.body));
      execFileSync('tar', ['-xf', join(root, 'snap.tar'), '-C', root]);
      const log = git(['--git-dir', root, 'log', '--format=%s', 'main']).trim().split('\n');
      expect(log[0]).toBe('Change app/main.rb, web/app.js, vendor/lib.js, docs/guide.md');
      expect(git(['--git-dir', root, 'fsck', '--no-progress']).trim()).toBe('');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    await expectApiError(f.owner.client.get(`/projects/${pid}/snapshot`), 403, { message: '403 Forbidden' });
    await expectApiError(inst.client().get(`/projects/${pid}/snapshot`), 401);
    await expectApiError(inst.admin.get(`/projects/999999/snapshot`), 404, { message: '404 Project Not Found' });
    await expectApiError(inst.admin.get(`/projects/${pid}/snapshot`, { wiki: 'maybe' }), 400, { error: 'wiki is invalid' });
  });
});
