import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { COMMIT_KEYS } from '../helpers/shapes.js';
import { createUser, unique } from '../factories/users.js';
import { addMember, createProject, createProjectWithRoles, type ProjectJson, type RoleFixture } from '../factories/projects.js';
import { createGroup } from '../factories/groups.js';
import { addCommit, createMilestone, createRelease, releasePath, type LinkJson, type ReleaseJson } from '../factories/releases.js';

const withRepo = { initialize_with_readme: true };

describe.each(TRANSPORTS)('releases (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, withRepo);
  });
  afterAll(() => inst.close());

  describe('create', () => {
    it('creates a release and its tag from a ref, answering 201 with the full Release', async () => {
      const milestone = await createMilestone(inst, 'projects', f.project.id, { title: 'M-create' });
      const res = await f.developer.client.post<ReleaseJson>(`/projects/${f.project.id}/releases`, {
        tag_name: 'v1.0.0',
        ref: 'main',
        name: 'First release',
        description: 'Super nice release',
        milestones: ['M-create'],
        assets: { links: [{ name: 'linux', url: 'https://example.com/app-linux', direct_asset_path: '/bin/app-linux', link_type: 'package' }] },
      });
      expect(res.status).toBe(201);
      const r = res.data;
      expect(Object.keys(r)).toEqual([
        'name',
        'tag_name',
        'description',
        'created_at',
        'released_at',
        'upcoming_release',
        'author',
        'commit',
        'milestones',
        'commit_path',
        'tag_path',
        'evidence_sha',
        'assets',
        'evidences',
        '_links',
      ]);
      const web = f.project.web_url;
      const full = f.project.path_with_namespace;
      expect(r).toMatchObject({
        name: 'First release',
        tag_name: 'v1.0.0',
        description: 'Super nice release',
        created_at: '2026-01-15T10:00:00.000Z',
        released_at: '2026-01-15T10:00:00.000Z',
        upcoming_release: false,
        author: { id: f.developer.user.id, username: f.developer.user.username },
        tag_path: `/${full}/-/tags/v1.0.0`,
      });
      expect(r.commit).toMatchObject({ title: 'Initial commit', parent_ids: [], message: 'Initial commit' });
      expect(Object.keys(r.commit as object).slice(0, COMMIT_KEYS.length)).toEqual(COMMIT_KEYS);
      expect(r.commit_path).toBe(`/${full}/-/commit/${(r.commit as { id: string }).id}`);
      expect(r.milestones).toEqual([{ ...milestone, issue_stats: { total: 0, closed: 0 } }]);
      expect(r.assets.count).toBe(5);
      expect(r.assets.sources).toEqual(
        ['zip', 'tar.gz', 'tar.bz2', 'tar'].map((format) => ({ format, url: `${web}/-/archive/v1.0.0/${f.project.path}-v1.0.0.${format}` })),
      );
      expect(r.assets.links).toEqual([
        {
          id: expect.any(Number),
          name: 'linux',
          url: 'https://example.com/app-linux',
          direct_asset_url: `${web}/-/releases/v1.0.0/downloads/bin/app-linux`,
          link_type: 'package',
        },
      ]);
      expect(r.evidences).toHaveLength(1);
      expect(r.evidences?.[0]).toEqual({ sha: r.evidence_sha, filepath: expect.stringMatching(new RegExp(`^${web}/-/releases/v1.0.0/evidences/\\d+\\.json$`)), collected_at: '2026-01-15T10:00:00.000Z' });
      expect(r.evidence_sha).toMatch(/^[0-9a-f]{64}$/);
      expect(r._links).toEqual({
        closed_issues_url: `${web}/-/issues?release_tag=v1.0.0&scope=all&state=closed`,
        closed_merge_requests_url: `${web}/-/merge_requests?release_tag=v1.0.0&scope=all&state=closed`,
        edit_url: `${web}/-/releases/v1.0.0/edit`,
        merged_merge_requests_url: `${web}/-/merge_requests?release_tag=v1.0.0&scope=all&state=merged`,
        opened_issues_url: `${web}/-/issues?release_tag=v1.0.0&scope=all&state=opened`,
        opened_merge_requests_url: `${web}/-/merge_requests?release_tag=v1.0.0&scope=all&state=opened`,
        self: `${web}/-/releases/v1.0.0`,
      });
      // The tag now exists in the repository, pointing at the released commit.
      const tag = await inst.core.repos.project({ id: f.project.id, repository_storage: 'default' }).tag('v1.0.0');
      expect(tag).toMatchObject({ objectType: 'commit', commitId: (r.commit as { id: string }).id });
    });

    it('creates from an existing tag without ref; the name defaults to the tag', async () => {
      const first = await createRelease(inst, f.project.id, { tag_name: 'existing-tag' });
      await inst.admin.delete(releasePath(f.project.id, 'existing-tag'));
      const again = await inst.admin.post<ReleaseJson>(`/projects/${f.project.id}/releases`, { tag_name: 'existing-tag' });
      expect(again.status).toBe(201);
      expect(again.data.name).toBe('existing-tag');
      expect(again.data.commit).toEqual(first.commit);
      expect(again.data.description).toBeNull();
    });

    it('creates an annotated tag when tag_message is given', async () => {
      await createRelease(inst, f.project.id, { tag_name: 'annotated-1', tag_message: 'Release notes in the tag' });
      const git = inst.core.repos.project({ id: f.project.id, repository_storage: 'default' });
      const tag = await git.tag('annotated-1');
      expect(tag?.objectType).toBe('tag');
      const obj = (await git.tagObjects([tag?.target as string])).get(tag?.target as string);
      expect(obj?.message).toBe('Release notes in the tag\n');
    });

    it('creates from a branch, a tag or a commit sha', async () => {
      const p = await createProject(inst, inst.admin, withRepo);
      const commit = await addCommit(inst, p.id, 'main');
      const bySha = await createRelease(inst, p.id, { tag_name: 'from-sha', ref: commit.id });
      expect(bySha.commit?.id).toBe(commit.id);
      const byTag = await createRelease(inst, p.id, { tag_name: 'from-tag', ref: 'from-sha' });
      expect(byTag.commit?.id).toBe(commit.id);
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: 'bad-ref', ref: 'no-such-branch' }), 400, { message: 'Target no-such-branch is invalid' });
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: 'HEAD', ref: 'main' }), 400, { message: 'Tag name invalid' });
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: 'bad..name', ref: 'main' }), 400, { message: 'Tag name invalid' });
    });

    it('refuses a missing tag without ref (422) and a duplicate release (409)', async () => {
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/releases`, { tag_name: 'never-made' }), 422, { message: 'Ref is not specified' });
      await createRelease(inst, f.project.id, { tag_name: 'dup-release' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/releases`, { tag_name: 'dup-release', ref: 'main' }), 409, { message: 'Release already exists' });
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/releases`, {}), 400, { error: 'tag_name is missing' });
    });

    it('handles tags with "/" everywhere (URL-encoded paths)', async () => {
      const r = await createRelease(inst, f.project.id, { tag_name: 'release/2.0', assets: { links: [{ name: 'n', url: 'https://example.com/n', direct_asset_path: '/n' }] } });
      expect(r.tag_path).toBe(`/${f.project.path_with_namespace}/-/tags/release%2F2.0`);
      expect(r.assets.sources?.[0]?.url).toBe(`${f.project.web_url}/-/archive/release/2.0/${f.project.path}-release-2.0.zip`);
      expect(r.assets.links[0]?.direct_asset_url).toBe(`${f.project.web_url}/-/releases/release%2F2.0/downloads/n`);
      const got = await inst.admin.get<ReleaseJson>(releasePath(f.project.id, 'release/2.0'));
      expect(got.data.tag_name).toBe('release/2.0');
      const byPath = await inst.admin.get<ReleaseJson>(`/projects/${encodeURIComponent(f.project.path_with_namespace)}/releases/release%2F2.0`);
      expect(byPath.data.tag_name).toBe('release/2.0');
    });

    it('attaches milestones by title: project ones, the own group\'s in paid tiers, never an ancestor group\'s', async () => {
      const top = await createGroup(inst);
      const g = await createGroup(inst, inst.admin, { parent_id: top.id });
      const p = await createProject(inst, inst.admin, { namespace_id: g.id, ...withRepo });
      await createMilestone(inst, 'projects', p.id, { title: 'proj-ms', due_date: '2026-03-01' });
      await createMilestone(inst, 'groups', g.id, { title: 'group-ms', due_date: '2026-02-01' });
      await createMilestone(inst, 'groups', top.id, { title: 'ancestor-ms' });
      const r = await createRelease(inst, p.id, { milestones: ['proj-ms', 'group-ms'] });
      expect(r.milestones?.map((m) => m.title)).toEqual(['group-ms', 'proj-ms']);
      expect(r.milestones?.[0]).toMatchObject({ group_id: g.id, issue_stats: { total: 0, closed: 0 } });
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestones: ['ancestor-ms'] }), 400, {
        message: 'Milestone(s) not found: ancestor-ms',
      });
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestones: ['nope', 'proj-ms', 'nada'] }), 400, {
        message: 'Milestone(s) not found: nope, nada',
      });
      const byId = await inst.admin.get<{ id: number }[]>(`/projects/${p.id}/milestones`);
      const ids = await createRelease(inst, p.id, { milestone_ids: [byId.data[0]?.id] });
      expect(ids.milestones).toHaveLength(1);
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestone_ids: [999999] }), 400, {
        message: 'Milestone id(s) not found: 999999',
      });
      await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestones: ['proj-ms'], milestone_ids: [1] }), 400, {
        error: 'milestones, milestone_ids Cannot specify milestones and milestone_ids at the same time',
      });
    });

    it('refuses bad assets: duplicate link names, invalid asset paths, bad URLs and link types', async () => {
      const post = (links: unknown[]) => inst.admin.post(`/projects/${f.project.id}/releases`, { tag_name: unique('t'), ref: 'main', assets: { links } });
      await expectApiError(
        post([
          { name: 'same', url: 'https://example.com/a' },
          { name: 'same', url: 'https://example.com/b' },
        ]),
        400,
        { message: 'Validation failed: Links have duplicate values (same)' },
      );
      await expectApiError(post([{ name: 'a', url: 'https://example.com/a', direct_asset_path: 'no-leading-slash' }]), 400, { message: 'Validation failed: Links filepath is invalid' });
      await expectApiError(post([{ name: 'a', url: 'https://example.com/a', direct_asset_path: '/ends/with/dot.' }]), 400, { message: 'Validation failed: Links filepath is invalid' });
      await expectApiError(post([{ name: 'a', url: 'javascript:alert(1)' }]), 400, { message: 'Validation failed: Links url is blocked: Only allowed schemes are http, https, ftp' });
      await expectApiError(post([{ name: 'a', url: 'https://example.com/a', link_type: 'binary' }]), 400, { message: "'binary' is not a valid link_type" });
      await expectApiError(post([{ url: 'https://example.com/a' }]), 400, { error: 'assets[links][0][name] is missing' });
    });

    it('upcoming and historical releases get no evidence; malformed dates are refused', async () => {
      const upcoming = await createRelease(inst, f.project.id, { released_at: '2026-06-01T00:00:00Z' });
      expect(upcoming.upcoming_release).toBe(true);
      expect(upcoming.released_at).toBe('2026-06-01T00:00:00.000Z');
      expect(upcoming.evidences).toEqual([]);
      expect(upcoming.evidence_sha).toBeUndefined();
      const historical = await createRelease(inst, f.project.id, { released_at: '2025-01-01T12:00:00+02:00' });
      expect(historical.upcoming_release).toBe(false);
      expect(historical.released_at).toBe('2025-01-01T10:00:00.000Z');
      expect(historical.evidences).toEqual([]);
      await expectApiError(inst.admin.post(`/projects/${f.project.id}/releases`, { tag_name: unique('t'), ref: 'main', released_at: 'tomorrow' }), 400, {
        error: 'released_at is invalid',
      });
    });

    it('needs Developer: guests and reporters 403, outsiders 404 (private) or 403 (public), anonymous 401', async () => {
      const body = () => ({ tag_name: unique('perm'), ref: 'main' });
      await expectApiError(f.guest.client.post(`/projects/${f.project.id}/releases`, body()), 403, { message: '403 Forbidden' });
      await expectApiError(f.reporter.client.post(`/projects/${f.project.id}/releases`, body()), 403, { message: '403 Forbidden' });
      expect((await f.maintainer.client.post(`/projects/${f.project.id}/releases`, body())).status).toBe(201);
      expect((await f.owner.client.post(`/projects/${f.project.id}/releases`, body())).status).toBe(201);
      await expectApiError(f.nonMember.client.post(`/projects/${f.project.id}/releases`, body()), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().post(`/projects/${f.project.id}/releases`, body()), 401, { message: '401 Unauthorized' });
      const pub = await createProject(inst, inst.admin, { visibility: 'public', ...withRepo });
      await expectApiError(f.nonMember.client.post(`/projects/${pub.id}/releases`, body()), 403, { message: '403 Forbidden' });
    });
  });

  describe('list and get', () => {
    let p: ProjectJson;
    const tags = ['old', 'mid', 'new'];

    beforeAll(async () => {
      p = await createProject(inst, inst.admin, { ...withRepo, visibility: 'public' });
      // Created in order old, mid, new, but released in order mid, old, new.
      const released = ['2025-06-01T00:00:00Z', '2025-01-01T00:00:00Z', '2025-12-01T00:00:00Z'];
      for (const [i, tag] of tags.entries()) {
        await createRelease(inst, p.id, { tag_name: tag, released_at: released[i], description: i === 2 ? '**bold** <script>alert(1)</script>' : null });
        inst.clock.advance(1000);
      }
    });

    it('a listed release turns from upcoming to released when its time comes, and shows a change at once (lists reuse texts only while nothing changed)', async () => {
      const q = await createProject(inst, inst.admin, withRepo);
      // Within a minute, so that no token's last use is written in between (no write at all).
      const releasedAt = new Date(inst.clock.now().getTime() + 30_000).toISOString();
      await createRelease(inst, q.id, { tag_name: 'soon', released_at: releasedAt, description: 'first words' });
      const list = async () => (await inst.admin.get<ReleaseJson[]>(`/projects/${q.id}/releases`)).data;
      for (let i = 0; i < 2; i++) expect((await list()).map((r) => [r.tag_name, r.upcoming_release, r.description])).toEqual([['soon', true, 'first words']]);
      inst.clock.advance(40_000);
      expect((await list()).map((r) => [r.tag_name, r.upcoming_release])).toEqual([['soon', false]]);
      await inst.admin.put(`/projects/${q.id}/releases/soon`, { description: 'second words' });
      expect((await list()).map((r) => r.description)).toEqual(['second words']);
    });

    it('lists by released_at desc by default; order_by created_at and sort asc', async () => {
      const res = await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`);
      expect(res.data.map((r) => r.tag_name)).toEqual(['new', 'old', 'mid']);
      expect(res.headers['x-total']).toBe('3');
      expect((await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`, { sort: 'asc' })).data.map((r) => r.tag_name)).toEqual(['mid', 'old', 'new']);
      expect((await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`, { order_by: 'created_at' })).data.map((r) => r.tag_name)).toEqual(['new', 'mid', 'old']);
      const page = await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`, { per_page: 2, page: 2 });
      expect(page.data.map((r) => r.tag_name)).toEqual(['mid']);
      expect(page.headers['x-page']).toBe('2');
      expect(page.data[0]?.description_html).toBeUndefined();
    });

    it('refuses order_by semver and other unknown orders', async () => {
      await expectApiError(inst.admin.get(`/projects/${p.id}/releases`, { order_by: 'semver' }), 400, { error: 'order_by does not have a valid value' });
      await expectApiError(inst.admin.get(`/projects/${p.id}/releases`, { sort: 'up' }), 400, { error: 'sort does not have a valid value' });
    });

    it('renders description_html on request, with raw HTML escaped', async () => {
      const res = await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`, { include_html_description: true });
      const newest = res.data[0] as ReleaseJson;
      expect(newest.description_html).toBe('<p><strong>bold</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>');
      expect(Object.keys(newest).indexOf('description_html')).toBe(Object.keys(newest).indexOf('upcoming_release') + 1);
      const one = await inst.admin.get<ReleaseJson>(releasePath(p.id, 'new'), { include_html_description: true });
      expect(one.data.description_html).toBe(newest.description_html);
    });

    it('gets one release; unknown tags are 404', async () => {
      const res = await inst.admin.get<ReleaseJson>(releasePath(p.id, 'mid'));
      expect(res.data.tag_name).toBe('mid');
      await expectApiError(inst.admin.get(releasePath(p.id, 'nope')), 404, { message: '404 Not Found' });
    });

    it('public projects are readable anonymously, without edit links', async () => {
      const anon = inst.client();
      const list = await anon.get<ReleaseJson[]>(`/projects/${p.id}/releases`);
      expect(list.data).toHaveLength(3);
      const one = await anon.get<ReleaseJson>(releasePath(p.id, 'new'));
      expect(one.data.commit).toBeTruthy();
      expect(one.data._links.edit_url).toBeUndefined();
    });

    it('private projects: guests list masked releases but cannot get one; outsiders get 404', async () => {
      const r = await createRelease(inst, f.project.id, { tag_name: unique('private') });
      const guestList = await f.guest.client.get<ReleaseJson[]>(`/projects/${f.project.id}/releases`, { per_page: 100 });
      const seen = guestList.data.find((x) => x.tag_name === r.tag_name) as ReleaseJson;
      expect(seen.name).toMatch(/^Release-\d+$/);
      expect(seen.commit).toBeUndefined();
      expect(seen.tag_path).toBeUndefined();
      expect(seen.evidences).toBeUndefined();
      expect(seen.assets.sources).toBeUndefined();
      expect(seen.assets.count).toBe(0);
      await expectApiError(f.guest.client.get(releasePath(f.project.id, r.tag_name)), 403, { message: '403 Forbidden' });
      expect((await f.reporter.client.get<ReleaseJson>(releasePath(f.project.id, r.tag_name))).data.name).toBe(r.name);
      expect((await f.reporter.client.get<ReleaseJson>(releasePath(f.project.id, r.tag_name))).data._links.edit_url).toBeUndefined();
      await expectApiError(f.nonMember.client.get(`/projects/${f.project.id}/releases`), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(releasePath(f.project.id, r.tag_name)), 404, { message: '404 Project Not Found' });
    });
  });

  describe('update and delete', () => {
    it('updates name, description, released_at and milestones', async () => {
      const m = await createMilestone(inst, 'projects', f.project.id);
      const r = await createRelease(inst, f.project.id, { milestones: [m.title] });
      inst.clock.advance(1000);
      const res = await f.developer.client.put<ReleaseJson>(releasePath(f.project.id, r.tag_name), { name: 'Renamed', description: 'new notes', released_at: '2027-01-01T00:00:00Z' });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ name: 'Renamed', description: 'new notes', released_at: '2027-01-01T00:00:00.000Z', upcoming_release: true });
      expect(res.data.milestones).toHaveLength(1);
      expect(res.data.evidence_sha).toBeUndefined();
      const cleared = await inst.admin.put<ReleaseJson>(releasePath(f.project.id, r.tag_name), { milestones: [] });
      expect(cleared.data.milestones).toBeUndefined();
    });

    it('refuses empty updates, unknown milestones, missing releases and reporters', async () => {
      const r = await createRelease(inst, f.project.id);
      await expectApiError(inst.admin.put(releasePath(f.project.id, r.tag_name), {}), 400, { message: 'params is empty' });
      await expectApiError(inst.admin.put(releasePath(f.project.id, r.tag_name), { milestones: ['ghost'] }), 400, { message: 'Milestone(s) not found: ghost' });
      await expectApiError(inst.admin.put(releasePath(f.project.id, r.tag_name), { released_at: '2026-02-3O' }), 400, { error: 'released_at is invalid' });
      await expectApiError(inst.admin.put(releasePath(f.project.id, 'no-such-release'), { name: 'x' }), 403, { message: '403 Forbidden' });
      await expectApiError(f.reporter.client.put(releasePath(f.project.id, r.tag_name), { name: 'x' }), 403, { message: '403 Forbidden' });
      await expectApiError(f.nonMember.client.put(releasePath(f.project.id, r.tag_name), { name: 'x' }), 404, { message: '404 Project Not Found' });
    });

    it('deletes with 200 and the deleted release; the tag is kept', async () => {
      const r = await createRelease(inst, f.project.id);
      await expectApiError(f.reporter.client.delete(releasePath(f.project.id, r.tag_name)), 403, { message: '403 Forbidden' });
      const res = await f.developer.client.delete<ReleaseJson>(releasePath(f.project.id, r.tag_name));
      expect(res.status).toBe(200);
      expect(res.data.tag_name).toBe(r.tag_name);
      expect(res.data.name).toBe(r.name);
      await expectApiError(inst.admin.get(releasePath(f.project.id, r.tag_name)), 404);
      const tag = await inst.core.repos.project({ id: f.project.id, repository_storage: 'default' }).tag(r.tag_name);
      expect(tag).not.toBeNull();
      await expectApiError(inst.admin.delete(releasePath(f.project.id, r.tag_name)), 403, { message: '403 Forbidden' });
    });
  });

  describe('downloads and the latest permalink', () => {
    let p: ProjectJson;

    beforeAll(async () => {
      p = await createProject(inst, inst.admin, withRepo);
      await createRelease(inst, p.id, { tag_name: 'v1', released_at: '2025-01-01T00:00:00Z' });
      await createRelease(inst, p.id, {
        tag_name: 'v2/final',
        released_at: '2025-02-01T00:00:00Z',
        assets: { links: [{ name: 'bin', url: 'https://cdn.example.com/app-2.bin', direct_asset_path: '/bin/app.bin' }] },
      });
    });

    const raw = (path: string, query = '') => inst.raw('GET', path, { query, headers: { 'private-token': inst.rootToken } });

    it('downloads an asset by its direct asset path: 302 to the link URL', async () => {
      const res = await raw(`/projects/${p.id}/releases/v2%2Ffinal/downloads/bin/app.bin`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example.com/app-2.bin');
      const missing = await raw(`/projects/${p.id}/releases/v2%2Ffinal/downloads/bin/other`);
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: '404 Not found' });
      const noRelease = await raw(`/projects/${p.id}/releases/v9/downloads/bin/app.bin`);
      expect(noRelease.json).toEqual({ message: '404 Not Found' });
      const traversal = await raw(`/projects/${p.id}/releases/v2%2Ffinal/downloads/..%2F..%2Fetc%2Fpasswd`);
      expect(traversal.status).toBe(400);
      expect(traversal.json).toEqual({ error: 'direct_asset_path should be a valid file path' });
    });

    it('redirects the latest permalink and every suffix form, keeping the query except order_by', async () => {
      const latest = await raw(`/projects/${p.id}/releases/permalink/latest`);
      expect(latest.status).toBe(302);
      expect(latest.headers.location).toBe(`/api/v4/projects/${p.id}/releases/v2%2Ffinal`);
      const evidence = await raw(`/projects/${p.id}/releases/permalink/latest/evidence`);
      expect(evidence.headers.location).toBe(`/api/v4/projects/${p.id}/releases/v2%2Ffinal/evidence`);
      const download = await raw(`/projects/${p.id}/releases/permalink/latest/downloads/bin/app.bin`, 'order_by=semver&include_html_description=true');
      expect(download.status).toBe(302);
      expect(download.headers.location).toBe(`/api/v4/projects/${p.id}/releases/v2%2Ffinal/downloads/bin/app.bin?include_html_description=true`);
      const traversal = await raw(`/projects/${p.id}/releases/permalink/latest/..%2F..%2Fusers`);
      expect(traversal.status).toBe(400);
      expect(traversal.json).toEqual({ error: 'suffix_path should be a valid file path' });
      // Following the redirect lands on the release.
      const followed = await raw((latest.headers.location as string).replace('/api/v4', ''));
      expect((followed.json as ReleaseJson).tag_name).toBe('v2/final');
    });

    it('answers 404 when the project has no release', async () => {
      const empty = await createProject(inst, inst.admin, withRepo);
      const res = await raw(`/projects/${empty.id}/releases/permalink/latest`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: '404 Not Found' });
    });
  });

  describe('evidence collection', () => {
    it('accepts (202) and collects evidence in the background', async () => {
      const r = await createRelease(inst, f.project.id);
      const res = await f.developer.client.post(releasePath(f.project.id, r.tag_name, '/evidence'));
      expect(res.status).toBe(202);
      expect(res.data).toBe(202);
      await inst.settleJobs();
      const after = await inst.admin.get<ReleaseJson>(releasePath(f.project.id, r.tag_name));
      expect(after.data.evidences).toHaveLength(2);
      expect(after.data.evidences?.[1]?.sha).toMatch(/^[0-9a-f]{64}$/);
      await expectApiError(inst.admin.post(releasePath(f.project.id, 'no-release', '/evidence')), 404, { message: '404 Not Found' });
      await expectApiError(f.reporter.client.post(releasePath(f.project.id, r.tag_name, '/evidence')), 403, { message: '403 Forbidden' });
    });

    it('serves evidence: the latest at /evidence (where /permalink/latest/evidence leads), each at its filepath', async () => {
      const r = await createRelease(inst, f.project.id, { tag_name: 'ev/1.0' });
      await f.developer.client.post(releasePath(f.project.id, r.tag_name, '/evidence'));
      await inst.settleJobs();
      const { data: rel } = await inst.admin.get<ReleaseJson & { assets: { evidence_file_path?: string } }>(releasePath(f.project.id, r.tag_name));
      const latest = await f.developer.client.get<Record<string, unknown>>(releasePath(f.project.id, r.tag_name, '/evidence'));
      expect(latest.status).toBe(200);
      expect(latest.data).toMatchObject({ release: expect.objectContaining({ tag_name: 'ev/1.0' }) });
      expect(rel.evidences).toHaveLength(2);
      for (const [i, ev] of (rel.evidences ?? []).entries()) {
        const evidenceId = Number(/evidences\/(\d+)\.json$/.exec(ev.filepath)?.[1]);
        const doc = await f.developer.client.get<Record<string, unknown>>(releasePath(f.project.id, r.tag_name, `/evidences/${evidenceId}`));
        expect(doc.data).toMatchObject({ release: expect.objectContaining({ tag_name: 'ev/1.0' }) });
        if (i === 1) expect(doc.data).toEqual(latest.data);
      }
      await expectApiError(f.developer.client.get(releasePath(f.project.id, r.tag_name, '/evidences/999999')), 404, { message: '404 Evidence Not Found' });
      await expectApiError(f.nonMember.client.get(releasePath(f.project.id, r.tag_name, '/evidence')), 404, { message: '404 Project Not Found' });
      // The permalink suffix the specification names leads somewhere that answers.
      const own = await createProject(inst, inst.admin, withRepo);
      await createRelease(inst, own.id, { tag_name: 'only' });
      const perm = await inst.raw('GET', `/projects/${own.id}/releases/permalink/latest/evidence`, { headers: { 'private-token': inst.rootToken } });
      expect(perm.status).toBe(302);
      const followed = await inst.admin.get<Record<string, unknown>>((perm.headers.location as string).replace('/api/v4', ''));
      expect(followed.status).toBe(200);
      expect(followed.data).toMatchObject({ release: expect.objectContaining({ tag_name: 'only' }) });
      // The web addresses the entity hands out answer with the same documents, on both transports
      // (in-process through `api: 'web'`), under the same permission rules.
      for (const url of [rel.assets.evidence_file_path, rel.evidences?.[0]?.filepath, rel.evidences?.[1]?.filepath]) {
        const res = await f.developer.client.getWeb<Record<string, unknown>>(url as string);
        expect(res.status, url).toBe(200);
        expect(res.data).toMatchObject({ release: expect.objectContaining({ tag_name: 'ev/1.0' }) });
      }
      expect((await f.developer.client.getWeb(rel.evidences?.[1]?.filepath as string)).data).toEqual(latest.data);
      await expectApiError(f.nonMember.client.getWeb(rel.evidences?.[0]?.filepath as string), 404, { message: '404 Project Not Found' });
      await expectApiError(f.developer.client.getWeb((rel.evidences?.[0]?.filepath as string).replace(/\d+\.json$/, '999999.json')), 404, { message: '404 Evidence Not Found' });
      // Only the web addresses that hold data answer: another web path is 404.
      await expectApiError(f.developer.client.getWeb(`${f.project.web_url}/-/releases/${r.tag_name}`), 404);
      if (inst.url) {
        // Over HTTP the web addresses the entity hands out answer with the same documents.
        for (const url of [rel.assets.evidence_file_path, rel.evidences?.[0]?.filepath]) {
          const res = await fetch(url as string, { headers: { 'private-token': inst.rootToken } });
          expect(res.status, url).toBe(200);
          expect(await res.json()).toEqual(latest.data);
        }
        expect((await fetch(rel.assets.evidence_file_path as string)).status).toBe(404);
      }
    });
  });

  describe('group releases', () => {
    it('lists the releases of the group\'s projects the caller can see', async () => {
      const g = await createGroup(inst, inst.admin, { visibility: 'public' });
      const sub = await createGroup(inst, inst.admin, { parent_id: g.id, visibility: 'public' });
      const pub = await createProject(inst, inst.admin, { namespace_id: g.id, visibility: 'public', ...withRepo });
      const priv = await createProject(inst, inst.admin, { namespace_id: sub.id, visibility: 'private', ...withRepo });
      await createRelease(inst, pub.id, { tag_name: 'a', released_at: '2025-01-01T00:00:00Z' });
      await createRelease(inst, priv.id, { tag_name: 'b', released_at: '2025-02-01T00:00:00Z' });
      const all = await inst.admin.get<ReleaseJson[]>(`/groups/${g.id}/releases`);
      expect(all.data.map((r) => r.tag_name)).toEqual(['b', 'a']);
      expect((await inst.admin.get<ReleaseJson[]>(`/groups/${g.id}/releases`, { sort: 'asc' })).data.map((r) => r.tag_name)).toEqual(['a', 'b']);
      const simple = await inst.admin.get<Record<string, unknown>[]>(`/groups/${g.id}/releases`, { simple: true });
      expect(Object.keys(simple.data[0] as object)).toEqual(['name', 'tag_name', 'description', 'created_at', 'released_at', 'upcoming_release']);
      const anon = await inst.client().get<ReleaseJson[]>(`/groups/${g.id}/releases`);
      expect(anon.data.map((r) => r.tag_name)).toEqual(['a']);
      const hidden = await createGroup(inst);
      const outsider = await createUser(inst);
      await expectApiError(outsider.client.get(`/groups/${hidden.id}/releases`), 404, { message: '404 Group Not Found' });
    });
  });
});

type Role = 'guest' | 'reporter' | 'developer' | 'maintainer' | 'owner' | 'nonMember' | 'anonymous';
const ROLES: Role[] = ['guest', 'reporter', 'developer', 'maintainer', 'owner', 'nonMember', 'anonymous'];

/** Expected status per role; `members` is the answer for developer, maintainer and owner. */
const expectFor = (guest: number, reporter: number, members: number, nonMember: number, anonymous: number): Record<Role, number> => ({
  guest,
  reporter,
  developer: members,
  maintainer: members,
  owner: members,
  nonMember,
  anonymous,
});

describe.each(TRANSPORTS)('release permissions by role (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pub: ProjectJson;
  let outsider: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst, withRepo);
    pub = await createProject(inst, inst.admin, { ...withRepo, visibility: 'public' });
    outsider = await createUser(inst);
  });
  afterAll(() => inst.close());

  const tokenOf = (role: Role): string | null => (role === 'anonymous' ? null : f[role].token);

  /** One request as `token` (null: anonymous), answering the status without following redirects. */
  async function call(token: string | null, method: string, path: string, body?: unknown): Promise<number> {
    const headers: Record<string, string> = token ? { 'private-token': token } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await inst.raw(method, path, { headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return res.status;
  }

  /** A release (tag with '/') with one link whose direct asset path is /bin/app, made by root. */
  async function fixtureRelease(projectId: number, label: string): Promise<{ tag: string; linkId: number }> {
    const tag = `perm/${unique(label)}`;
    const r = await createRelease(inst, projectId, { tag_name: tag, assets: { links: [{ name: 'app', url: `https://cdn.example.com/${tag}/app`, direct_asset_path: '/bin/app' }] } });
    return { tag, linkId: r.assets.links[0]?.id as number };
  }

  type Case = [name: string, expected: Record<Role, number>, request: (projectId: number, label: string) => Promise<[string, string, unknown?]>];
  const cases: Case[] = [
    ['list releases', expectFor(200, 200, 200, 404, 404), async (p) => ['GET', `/projects/${p}/releases`]],
    ['get a release', expectFor(403, 200, 200, 404, 404), async (p, l) => ['GET', releasePath(p, (await fixtureRelease(p, l)).tag)]],
    ['download an asset', expectFor(403, 302, 302, 404, 404), async (p, l) => ['GET', releasePath(p, (await fixtureRelease(p, l)).tag, '/downloads/bin/app')]],
    ['the latest permalink', expectFor(403, 302, 302, 404, 404), async (p, l) => {
      await fixtureRelease(p, l);
      return ['GET', `/projects/${p}/releases/permalink/latest/downloads/bin/app`];
    }],
    ['create a release', expectFor(403, 403, 201, 404, 401), async (p, l) => ['POST', `/projects/${p}/releases`, { tag_name: `perm/${unique(l)}`, ref: 'main' }]],
    ['update a release', expectFor(403, 403, 200, 404, 401), async (p, l) => ['PUT', releasePath(p, (await fixtureRelease(p, l)).tag), { name: 'renamed' }]],
    ['delete a release', expectFor(403, 403, 200, 404, 401), async (p, l) => ['DELETE', releasePath(p, (await fixtureRelease(p, l)).tag)]],
    ['collect evidence', expectFor(403, 403, 202, 404, 401), async (p, l) => ['POST', releasePath(p, (await fixtureRelease(p, l)).tag, '/evidence')]],
    ['list links', expectFor(200, 200, 200, 404, 404), async (p, l) => ['GET', releasePath(p, (await fixtureRelease(p, l)).tag, '/assets/links')]],
    ['get a link', expectFor(200, 200, 200, 404, 404), async (p, l) => {
      const r = await fixtureRelease(p, l);
      return ['GET', releasePath(p, r.tag, `/assets/links/${r.linkId}`)];
    }],
    ['add a link', expectFor(403, 403, 201, 404, 401), async (p, l) => ['POST', releasePath(p, (await fixtureRelease(p, l)).tag, '/assets/links'), { name: 'new', url: 'https://cdn.example.com/new' }]],
    ['update a link', expectFor(403, 403, 200, 404, 401), async (p, l) => {
      const r = await fixtureRelease(p, l);
      return ['PUT', releasePath(p, r.tag, `/assets/links/${r.linkId}`), { name: 'renamed' }];
    }],
    ['delete a link', expectFor(403, 403, 200, 404, 401), async (p, l) => {
      const r = await fixtureRelease(p, l);
      return ['DELETE', releasePath(p, r.tag, `/assets/links/${r.linkId}`)];
    }],
  ];

  it.each(cases)('private project: %s', async (_name, expected, request) => {
    const seen: Partial<Record<Role, number>> = {};
    for (const role of ROLES) {
      const [method, path, body] = await request(f.project.id, role);
      seen[role] = await call(tokenOf(role), method, path, body);
    }
    expect(seen).toEqual(expected);
  });

  /** On a public project outsiders read everything but change nothing. */
  const publicExpected: Record<string, [number, number]> = {
    'list releases': [200, 200],
    'get a release': [200, 200],
    'download an asset': [302, 302],
    'the latest permalink': [302, 302],
    'create a release': [403, 401],
    'update a release': [403, 401],
    'delete a release': [403, 401],
    'collect evidence': [403, 401],
    'list links': [200, 200],
    'get a link': [200, 200],
    'add a link': [403, 401],
    'update a link': [403, 401],
    'delete a link': [403, 401],
  };

  it.each(cases)('public project, outsider and anonymous: %s', async (name, _expected, request) => {
    const [method, path, body] = await request(pub.id, 'outsider');
    const asOutsider = await call(outsider.token, method, path, body);
    const [m2, p2, b2] = await request(pub.id, 'anon');
    const asAnonymous = await call(null, m2, p2, b2);
    expect([asOutsider, asAnonymous]).toEqual(publicExpected[name]);
  });
});

describe.each(TRANSPORTS)('release edge cases (%s)', (kind) => {
  let inst: Instance;
  let p: ProjectJson;

  beforeAll(async () => {
    inst = await startInstance(kind);
    p = await createProject(inst, inst.admin, withRepo);
  });
  afterAll(() => inst.close());

  it('updating or deleting a release whose tag was removed outside the API: 404 "Tag does not exist"', async () => {
    const r = await createRelease(inst, p.id, { tag_name: 'lost/tag' });
    const git = inst.core.repos.project({ id: p.id, repository_storage: 'default' });
    const ref = await git.tag('lost/tag');
    await git.deleteRefs([{ ref: 'refs/tags/lost/tag', expected: ref?.target as string }]);
    await expectApiError(inst.admin.put(releasePath(p.id, r.tag_name), { name: 'x' }), 404, { message: 'Tag does not exist' });
    await expectApiError(inst.admin.delete(releasePath(p.id, r.tag_name)), 404, { message: 'Tag does not exist' });
  });

  it('an update with only unknown parameters is empty (400)', async () => {
    const r = await createRelease(inst, p.id);
    await expectApiError(inst.admin.put(releasePath(p.id, r.tag_name), { sha: 'abc', tag_message: 'x' }), 400, { message: 'params is empty' });
  });

  it('refuses duplicate link URLs and direct asset paths among the links of a new release', async () => {
    const post = (links: unknown[]) => inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', assets: { links } });
    await expectApiError(
      post([
        { name: 'a', url: 'https://example.com/same' },
        { name: 'b', url: 'https://example.com/same' },
      ]),
      400,
      { message: 'Validation failed: Links have duplicate values (https://example.com/same)' },
    );
    await expectApiError(
      post([
        { name: 'a', url: 'https://example.com/a', direct_asset_path: '/bin/app' },
        { name: 'b', url: 'https://example.com/b', direct_asset_path: '/bin/app' },
      ]),
      400,
      { message: 'Validation failed: Links have duplicate values (/bin/app)' },
    );
    // Nothing was left behind by the refusals: no release and no tag.
    const list = await inst.admin.get<ReleaseJson[]>(`/projects/${p.id}/releases`, { per_page: 100 });
    expect(list.data.filter((x) => x.tag_name.startsWith('t'))).toEqual([]);
  });

  it('takes milestones as a comma-separated string, and released_at without a zone as UTC', async () => {
    await createMilestone(inst, 'projects', p.id, { title: 'csv-one' });
    await createMilestone(inst, 'projects', p.id, { title: 'csv-two' });
    const r = await createRelease(inst, p.id, { milestones: 'csv-one,csv-two', released_at: '2025-03-01T10:00:00' });
    expect(r.milestones?.map((m) => m.title).sort()).toEqual(['csv-one', 'csv-two']);
    expect(r.released_at).toBe('2025-03-01T10:00:00.000Z');
    await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestones: 'csv-one,ghost' }), 400, {
      message: 'Milestone(s) not found: ghost',
    });
    await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', released_at: '2025-02-30T00:00:00Z' }), 400, {
      error: 'released_at is invalid',
    });
    // An empty datetime is no datetime (Grape coerces '' to nil): the release date is now.
    const blank = await createRelease(inst, p.id, { released_at: '' });
    expect(blank.released_at).toBe(blank.created_at);
  });

  it('updates milestones by ids and by titles of the own group; an ancestor group\'s is refused', async () => {
    const top = await createGroup(inst);
    const g = await createGroup(inst, inst.admin, { parent_id: top.id });
    const gp = await createProject(inst, inst.admin, { namespace_id: g.id, ...withRepo });
    const own = await createMilestone(inst, 'groups', g.id, { title: unique('own-group') });
    const ancestor = await createMilestone(inst, 'groups', top.id, { title: unique('ancestor') });
    const r = await createRelease(inst, gp.id);
    const byTitle = await inst.admin.put<ReleaseJson>(releasePath(gp.id, r.tag_name), { milestones: [own.title] });
    expect(byTitle.data.milestones?.map((m) => m.id)).toEqual([own.id]);
    await expectApiError(inst.admin.put(releasePath(gp.id, r.tag_name), { milestones: [ancestor.title] }), 400, { message: `Milestone(s) not found: ${ancestor.title}` });
    await expectApiError(inst.admin.put(releasePath(gp.id, r.tag_name), { milestone_ids: [ancestor.id] }), 400, { message: `Milestone id(s) not found: ${ancestor.id}` });
    const cleared = await inst.admin.put<ReleaseJson>(releasePath(gp.id, r.tag_name), { milestone_ids: [] });
    expect(cleared.data.milestones).toBeUndefined();
    await expectApiError(inst.admin.put(releasePath(gp.id, r.tag_name), { milestones: [own.title], milestone_ids: [own.id] }), 400, {
      error: 'milestones, milestone_ids Cannot specify milestones and milestone_ids at the same time',
    });
  });

  it('every operation on a release whose tag has "/" reaches it through the encoded tag', async () => {
    const tag = 'feature/x/1.0';
    await createRelease(inst, p.id, { tag_name: tag, assets: { links: [{ name: 'bin', url: 'https://cdn.example.com/x', direct_asset_path: '/bin/x' }] } });
    const links = await inst.admin.get<LinkJson[]>(releasePath(p.id, tag, '/assets/links'));
    const linkId = links.data[0]?.id as number;
    expect((await inst.admin.get<LinkJson>(releasePath(p.id, tag, `/assets/links/${linkId}`))).data.name).toBe('bin');
    expect((await inst.admin.put<LinkJson>(releasePath(p.id, tag, `/assets/links/${linkId}`), { name: 'bin2' })).data.direct_asset_url).toBe(
      `${p.web_url}/-/releases/feature%2Fx%2F1.0/downloads/bin/x`,
    );
    const download = await inst.raw('GET', releasePath(p.id, tag, '/downloads/bin/x'), { headers: { 'private-token': inst.rootToken } });
    expect([download.status, download.headers.location]).toEqual([302, 'https://cdn.example.com/x']);
    expect((await inst.admin.post(releasePath(p.id, tag, '/evidence'))).status).toBe(202);
    expect((await inst.admin.put<ReleaseJson>(releasePath(p.id, tag), { name: 'X' })).data.name).toBe('X');
    expect((await inst.admin.delete<LinkJson>(releasePath(p.id, tag, `/assets/links/${linkId}`))).data.id).toBe(linkId);
    expect((await inst.admin.delete<ReleaseJson>(releasePath(p.id, tag))).data.tag_name).toBe(tag);
    // The tag itself is kept, and an unencoded tag never names a release.
    expect(await inst.core.repos.project({ id: p.id, repository_storage: 'default' }).tag(tag)).not.toBeNull();
    const unencoded = await inst.raw('GET', `/projects/${p.id}/releases/feature/x/1.0`, { headers: { 'private-token': inst.rootToken } });
    expect(unencoded.status).toBe(404);
  });

  it('the permalink keeps the whole query but order_by, also on the bare form; following a downloads form ends at the asset', async () => {
    const q = await createProject(inst, inst.admin, withRepo);
    await createRelease(inst, q.id, { tag_name: 'rel/1', released_at: '2025-01-01T00:00:00Z', assets: { links: [{ name: 'a', url: 'https://cdn.example.com/a', direct_asset_path: '/dist/a.tgz' }] } });
    await createRelease(inst, q.id, { tag_name: 'rel/0', released_at: '2024-01-01T00:00:00Z' });
    const raw = (path: string, query = '') => inst.raw('GET', path, { query, headers: { 'private-token': inst.rootToken } });
    const bare = await raw(`/projects/${q.id}/releases/permalink/latest`, 'order_by=created_at&sort=asc&include_html_description=true');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe(`/api/v4/projects/${q.id}/releases/rel%2F1?include_html_description=true&sort=asc`);
    // A key without any value is dropped, an empty value is kept.
    const flags = await raw(`/projects/${q.id}/releases/permalink/latest`, 'debug&empty=&order_by=released_at');
    expect(flags.headers.location).toBe(`/api/v4/projects/${q.id}/releases/rel%2F1?empty=`);
    const byPath = await raw(`/projects/${encodeURIComponent(q.path_with_namespace)}/releases/permalink/latest/downloads/dist/a.tgz`);
    expect(byPath.headers.location).toBe(`/api/v4/projects/${q.id}/releases/rel%2F1/downloads/dist/a.tgz`);
    const followed = await raw((byPath.headers.location as string).replace('/api/v4', ''));
    expect([followed.status, followed.headers.location]).toEqual([302, 'https://cdn.example.com/a']);
    const html = await raw((bare.headers.location as string).replace('/api/v4', '').replace(/\?.*$/, ''), 'include_html_description=true');
    expect((html.json as ReleaseJson).tag_name).toBe('rel/1');
    expect((html.json as ReleaseJson).description_html).toBeNull();
    // The latest release is the newest by release date, not by creation.
    const upcoming = await createRelease(inst, q.id, { tag_name: 'rel/2', released_at: '2027-01-01T00:00:00Z' });
    expect(upcoming.upcoming_release).toBe(true);
    expect((await raw(`/projects/${q.id}/releases/permalink/latest`)).headers.location).toBe(`/api/v4/projects/${q.id}/releases/rel%2F2`);
  });

  it('lists updated_before / updated_after, and refuses malformed datetimes', async () => {
    const q = await createProject(inst, inst.admin, withRepo);
    await createRelease(inst, q.id, { tag_name: 'early' });
    inst.clock.advance(3600_000);
    await createRelease(inst, q.id, { tag_name: 'late' });
    const after = await inst.admin.get<ReleaseJson[]>(`/projects/${q.id}/releases`, { updated_after: new Date(inst.clock.now().getTime() - 60_000).toISOString() });
    expect(after.data.map((r) => r.tag_name)).toEqual(['late']);
    const before = await inst.admin.get<ReleaseJson[]>(`/projects/${q.id}/releases`, { updated_before: new Date(inst.clock.now().getTime() - 60_000).toISOString() });
    expect(before.data.map((r) => r.tag_name)).toEqual(['early']);
    await expectApiError(inst.admin.get(`/projects/${q.id}/releases`, { updated_after: 'yesterday' }), 400, { error: 'updated_after is invalid' });
  });

  it('group releases: pagination headers, members see private projects, outsiders only public ones', async () => {
    const g = await createGroup(inst, inst.admin, { visibility: 'public' });
    const priv = await createProject(inst, inst.admin, { namespace_id: g.id, visibility: 'private', ...withRepo });
    const open = await createProject(inst, inst.admin, { namespace_id: g.id, visibility: 'public', ...withRepo });
    for (const [i, tag] of ['g1', 'g2', 'g3'].entries()) await createRelease(inst, i === 1 ? open.id : priv.id, { tag_name: tag, released_at: `2025-0${i + 1}-01T00:00:00Z` });
    const page = await inst.admin.get<ReleaseJson[]>(`/groups/${g.id}/releases`, { per_page: 2 });
    expect(page.data.map((r) => r.tag_name)).toEqual(['g3', 'g2']);
    expect(page.headers['x-total']).toBe('3');
    expect(page.headers['x-next-page']).toBe('2');
    const member = await createUser(inst);
    await addMember(inst, 'groups', g.id, member.user.id, 10);
    const asGuest = await member.client.get<ReleaseJson[]>(`/groups/${g.id}/releases`);
    expect(asGuest.data.map((r) => r.tag_name)).toEqual(['g3', 'g2', 'g1']);
    // A guest of the group sees the private project's releases masked, without code.
    expect(asGuest.data[0]?.name).toMatch(/^Release-\d+$/);
    expect(asGuest.data[0]?.commit).toBeUndefined();
    const stranger = await createUser(inst);
    expect((await stranger.client.get<ReleaseJson[]>(`/groups/${g.id}/releases`)).data.map((r) => r.tag_name)).toEqual(['g2']);
    await expectApiError(inst.admin.get(`/groups/${g.id}/releases`, { simple: 'maybe' }), 400, { error: 'simple is invalid' });
    await expectApiError(inst.admin.get('/groups/999999/releases'), 404, { message: '404 Group Not Found' });
  });
});

describe.each(TRANSPORTS)('releases in other tiers and offerings (%s)', (kind) => {
  let inst: Instance;

  afterAll(() => inst?.close());

  it('free tier: no evidence collection, no group milestones on releases', async () => {
    inst = await startInstance(kind, { tier: 'free' });
    const g = await createGroup(inst);
    const p = await createProject(inst, inst.admin, { namespace_id: g.id, ...withRepo });
    await createMilestone(inst, 'groups', g.id, { title: 'group-only' });
    await expectApiError(inst.admin.post(`/projects/${p.id}/releases`, { tag_name: 'v1', ref: 'main', milestones: ['group-only'] }), 400, {
      message: 'Milestone(s) not found: group-only',
    });
    const r = await createRelease(inst, p.id, { tag_name: 'v1' });
    expect(r.evidences).toHaveLength(1);
    await expectApiError(inst.admin.post(releasePath(p.id, 'v1', '/evidence')), 404, { error: '404 Not Found' });
    await inst.close();
    inst = await startInstance(kind, { tier: 'premium', offering: 'hosted' });
    const hosted = await createProject(inst, inst.admin, withRepo);
    await createRelease(inst, hosted.id, { tag_name: 'v1' });
    await expectApiError(inst.admin.post(releasePath(hosted.id, 'v1', '/evidence')), 404, { error: '404 Not Found' });
    await inst.close();
    inst = await startInstance(kind, { tier: 'premium', offering: 'self-managed' });
    const sm = await createProject(inst, inst.admin, withRepo);
    await createRelease(inst, sm.id, { tag_name: 'v1' });
    expect((await inst.admin.post(releasePath(sm.id, 'v1', '/evidence'))).status).toBe(202);
  });

  /** Runs `body` on a fresh instance of the tier and offering, closing it afterwards. */
  async function on(tier: 'free' | 'premium' | 'ultimate', offering: 'self-managed' | 'hosted' | 'dedicated', body: (i: Instance) => Promise<void>): Promise<void> {
    const i = await startInstance(kind, { tier, offering });
    try {
      await body(i);
    } finally {
      await i.close();
    }
  }

  it('evidence collection: premium and ultimate on self-managed and dedicated (202); hosted and free never (404)', async () => {
    const outcomes: string[] = [];
    for (const tier of ['free', 'premium', 'ultimate'] as const) {
      for (const offering of ['self-managed', 'dedicated', 'hosted'] as const) {
        await on(tier, offering, async (i) => {
          const p = await createProject(i, i.admin, withRepo);
          await createRelease(i, p.id, { tag_name: 'v/1' });
          const res = await i.admin.request('POST', releasePath(p.id, 'v/1', '/evidence'), { allowError: true });
          outcomes.push(`${tier}/${offering}: ${res.status}`);
          if (res.status === 404) expect(res.data).toEqual({ error: '404 Not Found' });
        });
      }
    }
    expect(outcomes).toEqual([
      'free/self-managed: 404',
      'free/dedicated: 404',
      'free/hosted: 404',
      'premium/self-managed: 202',
      'premium/dedicated: 202',
      'premium/hosted: 404',
      'ultimate/self-managed: 202',
      'ultimate/dedicated: 202',
      'ultimate/hosted: 404',
    ]);
  });

  it('group milestones on releases: the own group\'s in premium and ultimate (create and update, by title or id), never in free', async () => {
    for (const tier of ['free', 'premium', 'ultimate'] as const) {
      await on(tier, 'self-managed', async (i) => {
        const g = await createGroup(i);
        const p = await createProject(i, i.admin, { namespace_id: g.id, ...withRepo });
        const gm = await createMilestone(i, 'groups', g.id, { title: 'group-ms' });
        const pm = await createMilestone(i, 'projects', p.id, { title: 'project-ms' });
        const byTitle = () => i.admin.post<ReleaseJson>(`/projects/${p.id}/releases`, { tag_name: unique('t'), ref: 'main', milestones: ['group-ms', 'project-ms'] });
        const base = await createRelease(i, p.id, { milestones: ['project-ms'] });
        const update = () => i.admin.put<ReleaseJson>(releasePath(p.id, base.tag_name), { milestone_ids: [gm.id, pm.id] });
        if (tier === 'free') {
          await expectApiError(byTitle(), 400, { message: 'Milestone(s) not found: group-ms' });
          await expectApiError(update(), 400, { message: `Milestone id(s) not found: ${gm.id}` });
          await expectApiError(i.admin.put(releasePath(p.id, base.tag_name), { milestones: ['group-ms'] }), 400, { message: 'Milestone(s) not found: group-ms' });
        } else {
          expect((await byTitle()).data.milestones?.map((m) => m.title).sort()).toEqual(['group-ms', 'project-ms']);
          expect((await update()).data.milestones?.map((m) => m.id).sort()).toEqual([gm.id, pm.id].sort());
        }
      });
    }
  });
});
