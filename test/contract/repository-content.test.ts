// Repository content on the real git repositories: files (get, HEAD, raw, blame, create,
// update, delete), trees with keyset pages, compare, a commit's diff and refs, merge bases.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, type RoleFixture } from '../factories/projects.js';
import { commitFiles, createBranch, createTag, git, withClone, type CommitJson } from '../factories/repository.js';
import { apiPathOf } from '../../src/client/client.js';

interface FileJson {
  file_name: string;
  file_path: string;
  size: number;
  encoding: string;
  content: string;
  content_sha256: string;
  ref: string;
  blob_id: string;
  commit_id: string;
  last_commit_id: string;
  execute_filemode: boolean;
}

interface DiffJson {
  diff: string;
  new_path: string;
  old_path: string;
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  generated_file: boolean;
}

const enc = encodeURIComponent;
const nextLink = (link: string | undefined) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1];

describe.each(TRANSPORTS)('repository content (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pid: number;
  let base: CommitJson;
  let feature: CommitJson;
  const files = (path: string, id = pid) => `/projects/${id}/repository/files/${enc(path)}`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, { initialize_with_readme: true });
    pid = f.project.id;
    base = await commitFiles(inst.admin, pid, 'main', { 'src/app.rb': 'puts 1\nputs 2\n', 'docs/a.md': '# A\n', 'docs/b.md': '# B\n' });
    await createBranch(inst.admin, pid, 'feature', 'main');
    feature = await commitFiles(inst.admin, pid, 'feature', { 'src/app.rb': 'puts 1\nputs 3\n', 'new.txt': 'new\n' }, { update: ['src/app.rb'] });
  });
  afterAll(() => inst.close());

  describe('files', () => {
    it('gets a file with base64 content and the platform metadata, also as headers', async () => {
      const res = await f.reporter.client.get<FileJson>(files('src/app.rb'), { ref: 'main' });
      const content = 'puts 1\nputs 2\n';
      expect(res.data).toEqual({
        file_name: 'app.rb',
        file_path: 'src/app.rb',
        size: content.length,
        encoding: 'base64',
        content: Buffer.from(content).toString('base64'),
        content_sha256: createHash('sha256').update(content).digest('hex'),
        ref: 'main',
        blob_id: expect.stringMatching(/^[0-9a-f]{40}$/),
        commit_id: base.id,
        last_commit_id: base.id,
        execute_filemode: false,
      });
      expect(res.headers).toMatchObject({
        'x-gitlab-file-name': 'app.rb',
        'x-gitlab-file-path': 'src/app.rb',
        'x-gitlab-size': String(content.length),
        'x-gitlab-ref': 'main',
        'x-gitlab-commit-id': base.id,
        'x-gitlab-last-commit-id': base.id,
        'x-gitlab-blob-id': res.data.blob_id,
        'x-gitlab-execute-filemode': 'false',
      });
      const onFeature = await inst.admin.get<FileJson>(files('src/app.rb'), { ref: 'feature' });
      expect(Buffer.from(onFeature.data.content, 'base64').toString()).toBe('puts 1\nputs 3\n');
      expect(onFeature.data.last_commit_id).toBe(feature.id);
      // By commit id too, and a leading slash is the root.
      expect((await inst.admin.get<FileJson>(files('/docs/a.md'), { ref: base.id })).data.file_path).toBe('docs/a.md');
    });

    it('answers HEAD with the metadata headers and no body', async () => {
      const res = await inst.raw('HEAD', files('docs/a.md'), { query: 'ref=main', headers: { 'private-token': inst.rootToken } });
      expect(res.status).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['x-gitlab-file-path']).toBe('docs/a.md');
      expect(res.headers['x-gitlab-encoding']).toBe('base64');
      const missing = await inst.raw('HEAD', files('nope.md'), { query: 'ref=main', headers: { 'private-token': inst.rootToken } });
      expect([missing.status, missing.body]).toEqual([404, '']);
    });

    it('carries UTF-8 file names in headers byte for byte', async () => {
      const name = 'résumé 日本.txt';
      // On a branch of its own: later tests list main's tree.
      await createBranch(inst.admin, pid, 'utf8-names', 'main');
      await commitFiles(inst.admin, pid, 'utf8-names', { [`docs/${name}`]: 'r\n' });
      const head = await inst.raw('HEAD', files(`docs/${name}`), { query: 'ref=utf8-names', headers: { 'private-token': inst.rootToken } });
      expect(head.status).toBe(200);
      expect(head.headers['x-gitlab-file-name']).toBe(name);
      expect(head.headers['x-gitlab-file-path']).toBe(`docs/${name}`);
      const raw = await inst.raw('GET', `${files(`docs/${name}`)}/raw`, { query: 'ref=utf8-names', headers: { 'private-token': inst.rootToken } });
      expect(raw.status).toBe(200);
      expect(raw.headers['x-gitlab-file-name']).toBe(name);
      // ASCII for old clients, the exact name for the others (RFC 6266), as the platform writes it.
      expect(raw.headers['content-disposition']).toBe(`inline; filename="resume %3F%3F.txt"; filename*=UTF-8''${enc(name)}`);
      // Raw content is never sniffed into a page, whatever the file holds.
      await commitFiles(inst.admin, pid, 'utf8-names', { 'page.html': '<script>alert(1)</script>' });
      for (const path of [`${files('page.html')}/raw`, `/projects/${pid}/repository/blobs/${(head.headers['x-gitlab-blob-id'] as string)}/raw`]) {
        const res = await inst.raw('GET', path, { query: 'ref=utf8-names', headers: { 'private-token': inst.rootToken } });
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('serves raw content, the default branch when no ref is given', async () => {
      const res = await inst.raw('GET', `${files('docs/b.md')}/raw`, { headers: { 'private-token': inst.rootToken } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('# B\n');
      expect(res.headers['x-gitlab-ref']).toBe('main');
      const feat = await inst.raw('GET', `${files('new.txt')}/raw`, { query: 'ref=feature', headers: { 'private-token': inst.rootToken } });
      expect(feat.body).toBe('new\n');
    });

    it('blames a file in ranges of lines', async () => {
      const res = await inst.admin.get<{ commit: { id: string; author_name: string }; lines: string[] }[]>(`${files('src/app.rb')}/blame`, { ref: 'feature' });
      expect(res.data.map((r) => [r.commit.id, r.lines])).toEqual([
        [base.id, ['puts 1']],
        [feature.id, ['puts 3']],
      ]);
      const ranged = await inst.admin.get<{ lines: string[] }[]>(`${files('src/app.rb')}/blame`, { ref: 'feature', 'range[start]': 2, 'range[end]': 2 });
      expect(ranged.data.map((r) => r.lines)).toEqual([['puts 3']]);
      await expectApiError(inst.admin.get(`${files('src/app.rb')}/blame`, { ref: 'feature', 'range[start]': 3, 'range[end]': 1 }), 400, {
        message: 'range[start] must be less than or equal to range[end]',
      });
    });

    it('answers the platform errors for reads', async () => {
      await expectApiError(inst.admin.get(files('src/app.rb')), 400, { error: 'ref is missing' });
      await expectApiError(inst.admin.get(files('src/app.rb'), { ref: 'nope' }), 404, { message: '404 Commit Not Found' });
      await expectApiError(inst.admin.get(files('src/none.rb'), { ref: 'main' }), 404, { message: '404 File Not Found' });
      await expectApiError(inst.admin.get(files('src'), { ref: 'main' }), 404, { message: '404 File Not Found' });
      await expectApiError(inst.admin.get(files('../etc/passwd'), { ref: 'main' }), 400, { error: 'file_path should be a valid file path' });
      await expectApiError(f.guest.client.get(files('src/app.rb'), { ref: 'main' }), 403);
      await expectApiError(f.nonMember.client.get(files('src/app.rb'), { ref: 'main' }), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(files('src/app.rb'), { ref: 'main' }), 404, { message: '404 Project Not Found' });
    });

    it('creates, updates and deletes a file, one commit each', async () => {
      await createBranch(inst.admin, pid, 'files', 'main');
      const before = withClone(inst, pid, (dir) => Number(git(['rev-list', '--count', 'origin/files'], dir).trim()));
      const made = await f.developer.client.post(files('lib/new file.rb'), { branch: 'files', content: 'one\n', commit_message: 'Add it' });
      expect([made.status, made.data]).toEqual([201, { file_path: 'lib/new file.rb', branch: 'files' }]);
      const got = await inst.admin.get<FileJson>(files('lib/new file.rb'), { ref: 'files' });
      expect(Buffer.from(got.data.content, 'base64').toString()).toBe('one\n');
      const changed = await f.developer.client.put(files('lib/new file.rb'), {
        branch: 'files',
        content: Buffer.from('two\n').toString('base64'),
        encoding: 'base64',
        commit_message: 'Change it',
        execute_filemode: true,
        last_commit_id: got.data.last_commit_id,
      });
      expect([changed.status, changed.data]).toEqual([200, { file_path: 'lib/new file.rb', branch: 'files' }]);
      const after = await inst.admin.get<FileJson>(files('lib/new file.rb'), { ref: 'files' });
      expect([Buffer.from(after.data.content, 'base64').toString(), after.data.execute_filemode]).toEqual(['two\n', true]);
      await expectApiError(
        f.developer.client.put(files('lib/new file.rb'), { branch: 'files', content: 'x', commit_message: 'stale', last_commit_id: got.data.last_commit_id }),
        400,
        { message: 'You are attempting to update a file that has changed since you started editing it.' },
      );
      const gone = await f.developer.client.delete(files('lib/new file.rb'), { branch: 'files', commit_message: 'Remove it' });
      expect(gone.status).toBe(204);
      await expectApiError(inst.admin.get(files('lib/new file.rb'), { ref: 'files' }), 404, { message: '404 File Not Found' });
      withClone(inst, pid, (dir) => {
        expect(Number(git(['rev-list', '--count', 'origin/files'], dir).trim()) - before).toBe(3);
        expect(git(['log', '-1', '--format=%s %an', 'origin/files'], dir).trim()).toBe(`Remove it ${f.developer.user.name}`);
      });
      // A new branch from start_branch, with the author given.
      const started = await inst.admin.post(files('started.txt'), { branch: 'started', start_branch: 'main', content: 's', commit_message: 'Start', author_name: 'Ada', author_email: 'ada@example.com' });
      expect(started.status).toBe(201);
      const log = await inst.admin.get<CommitJson[]>(`/projects/${pid}/repository/commits`, { ref_name: 'started', per_page: 1 });
      expect(log.data[0]).toMatchObject({ title: 'Start', author_name: 'Ada', author_email: 'ada@example.com' });
    });

    it('answers the platform errors for writes', async () => {
      const body = { branch: 'main', content: 'x', commit_message: 'm' };
      await expectApiError(inst.admin.post(files('docs/a.md'), body), 400, { message: 'A file with this name already exists' });
      await expectApiError(inst.admin.put(files('docs/zzz.md'), body), 400, { message: "A file with this name doesn't exist" });
      await expectApiError(inst.admin.delete(files('docs/zzz.md'), { branch: 'main', commit_message: 'm' }), 400, { message: "A file with this name doesn't exist" });
      await expectApiError(inst.admin.post(files('x.md'), { branch: 'no-such', content: 'x', commit_message: 'm' }), 400, {
        message: 'You can only create or edit files when you are on a branch',
      });
      await expectApiError(inst.admin.post(files('x.md'), { branch: 'main', commit_message: 'm' }), 400, { error: 'content is missing' });
      await expectApiError(inst.admin.post(files('x.md'), { content: 'x', commit_message: 'm' }), 400, { error: 'branch is missing' });
      await expectApiError(inst.admin.post(files('x.md'), { ...body, encoding: 'utf16' }), 400, { error: 'encoding does not have a valid value' });
      await expectApiError(f.reporter.client.post(files('x.md'), body), 403);
      await expectApiError(inst.client().post(files('x.md'), body), 401);
      // The default branch is protected: developers may not push to it.
      await expectApiError(f.developer.client.post(files('x.md'), body), 403, { message: '403 Forbidden - You are not allowed to push into this branch' });
    });
  });

  describe('tree', () => {
    it('lists a path, recursively, and pages by keyset until an empty page', async () => {
      const root = await inst.admin.get<{ path: string; type: string }[]>(`/projects/${pid}/repository/tree`, { ref: 'main' });
      expect(root.data.map((e) => [e.path, e.type])).toEqual(expect.arrayContaining([['docs', 'tree'], ['src', 'tree'], ['README.md', 'blob']]));
      const docs = await inst.admin.get<{ path: string }[]>(`/projects/${pid}/repository/tree`, { ref: 'main', path: 'docs' });
      expect(docs.data.map((e) => e.path)).toEqual(['docs/a.md', 'docs/b.md']);
      const all: string[] = [];
      let res = await inst.admin.get<{ path: string }[]>(`/projects/${pid}/repository/tree`, { ref: 'main', recursive: 'True', pagination: 'keyset', per_page: 2 });
      for (let guard = 0; guard < 20; guard++) {
        all.push(...res.data.map((e) => e.path));
        expect(res.headers['x-total']).toBeUndefined();
        const next = nextLink(res.headers.link);
        if (!next) break;
        expect(next).toContain('page_token=');
        res = await inst.admin.get(apiPathOf(next));
      }
      const none = await inst.admin.get<{ path: string }[]>(`/projects/${pid}/repository/tree`, { ref: 'main', recursive: true, pagination: 'none' });
      expect(all).toEqual(none.data.map((e) => e.path));
      expect(all).toEqual(expect.arrayContaining(['docs', 'docs/a.md', 'src/app.rb', 'README.md']));
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/tree`, { pagination: 'none' }), 400, { error: 'pagination cannot be "none" unless "recursive" is true' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/tree`, { ref: 'nope' }), 404, { message: '404 Tree Not Found' });
    });
  });

  describe('compare, diffs, refs and merge bases', () => {
    it('compares through the merge base, or straight', async () => {
      const res = await f.reporter.client.get<{ commit: CommitJson | null; commits: CommitJson[]; diffs: DiffJson[]; compare_same_ref: boolean; compare_timeout: boolean; web_url: string }>(
        `/projects/${pid}/repository/compare`,
        { from: 'main', to: 'feature' },
      );
      expect(res.data.commits.map((c) => c.id)).toEqual([feature.id]);
      expect(res.data.commit?.id).toBe(feature.id);
      expect(res.data.compare_same_ref).toBe(false);
      expect(res.data.compare_timeout).toBe(false);
      expect(res.data.web_url).toBe(`${f.project.web_url}/-/compare/${base.id}...${feature.id}`);
      const byPath = Object.fromEntries(res.data.diffs.map((d) => [d.new_path, d]));
      expect(byPath['src/app.rb']).toEqual({
        diff: '@@ -1,2 +1,2 @@\n puts 1\n-puts 2\n+puts 3\n',
        new_path: 'src/app.rb',
        old_path: 'src/app.rb',
        a_mode: '100644',
        b_mode: '100644',
        new_file: false,
        renamed_file: false,
        deleted_file: false,
        generated_file: false,
      });
      expect(byPath['new.txt']).toMatchObject({ new_file: true, a_mode: '0', b_mode: '100644', diff: '@@ -0,0 +1 @@\n+new\n' });
      const same = await inst.admin.get<{ commit: unknown; commits: unknown[]; diffs: unknown[]; compare_same_ref: boolean }>(`/projects/${pid}/repository/compare`, { from: 'main', to: 'main' });
      expect(same.data).toMatchObject({ commit: null, commits: [], diffs: [], compare_same_ref: true });
      const reverse = await inst.admin.get<{ commits: unknown[] }>(`/projects/${pid}/repository/compare`, { from: 'feature', to: 'main' });
      expect(reverse.data.commits).toEqual([]);
      const straight = await inst.admin.get<{ diffs: DiffJson[] }>(`/projects/${pid}/repository/compare`, { from: 'feature', to: 'main', straight: true });
      expect(straight.data.diffs.find((d) => d.old_path === 'new.txt')).toMatchObject({ deleted_file: true, b_mode: '0' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/compare`, { from: 'main', to: 'nope' }), 404, { message: '404 Ref Not Found' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/compare`, { from: 'main' }), 400, { error: 'to is missing' });
      await expectApiError(f.guest.client.get(`/projects/${pid}/repository/compare`, { from: 'main', to: 'feature' }), 403);
    });

    it("gives a commit's diff and the refs that contain it", async () => {
      const diff = await inst.admin.get<DiffJson[]>(`/projects/${pid}/repository/commits/${feature.id}/diff`);
      expect(diff.data.map((d) => d.new_path).sort()).toEqual(['new.txt', 'src/app.rb']);
      expect(diff.headers['x-total']).toBe('2');
      const paged = await inst.admin.get<DiffJson[]>(`/projects/${pid}/repository/commits/${feature.id}/diff`, { per_page: 1, page: 2 });
      expect(paged.data).toHaveLength(1);
      await createTag(inst.admin, pid, 'v-feature', feature.id);
      const refs = await inst.admin.get<{ type: string; name: string }[]>(`/projects/${pid}/repository/commits/${base.id}/refs`);
      expect(refs.data).toEqual(expect.arrayContaining([{ type: 'branch', name: 'main' }, { type: 'branch', name: 'feature' }, { type: 'tag', name: 'v-feature' }]));
      const tagsOnly = await inst.admin.get<{ type: string }[]>(`/projects/${pid}/repository/commits/${base.id}/refs`, { type: 'tag' });
      expect(tagsOnly.data.every((r) => r.type === 'tag')).toBe(true);
      const featureRefs = await inst.admin.get<{ name: string }[]>(`/projects/${pid}/repository/commits/${feature.id}/refs`, { type: 'branch' });
      expect(featureRefs.data.map((r) => r.name)).toEqual(['feature']);
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/commits/${'f'.repeat(40)}/diff`), 404, { message: '404 Commit Not Found' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/commits/nope/refs`), 404, { message: '404 Commit Not Found' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/commits/${base.id}/refs`, { type: 'note' }), 400, { error: 'type does not have a valid value' });
    });

    it('finds the merge base of refs', async () => {
      const res = await inst.admin.get<CommitJson>(`/projects/${pid}/repository/merge_base`, { refs: ['main', 'feature'] });
      expect(res.data.id).toBe(base.id);
      expect((await inst.admin.get<CommitJson>(`/projects/${pid}/repository/merge_base`, { refs: 'feature,main' })).data.id).toBe(base.id);
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/merge_base`, { refs: ['main'] }), 400, { message: 'Provide at least 2 refs' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/merge_base`, { refs: ['main', 'x', 'y'] }), 400, { message: 'Could not find refs: x, y' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/merge_base`, { refs: ['main', 'x'] }), 400, { message: 'Could not find ref: x' });
      await expectApiError(inst.admin.get(`/projects/${pid}/repository/merge_base`), 400, { error: 'refs is missing' });
    });
  });
});
