import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, TRANSPORTS, type Instance } from '../helpers/instance.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { createProjectWithRoles, addMember, type RoleFixture } from '../factories/projects.js';
import { createUser, unique, type TestUser } from '../factories/users.js';
import { createGroup, type GroupJson } from '../factories/groups.js';
import { git } from '../factories/repository.js';
import { groupWikiDir, projectWikiDir, type WikiPageJson } from '../factories/content.js';

const READ_ONLY = 'The repository is temporarily read-only. Please try again later.';
const enc = encodeURIComponent;

describe.each(TRANSPORTS)('project wikis (%s)', (kind) => {
  let inst: Instance;
  let f: RoleFixture;
  let pub: RoleFixture;
  const wikis = (fx: RoleFixture = f, rest = '') => `/projects/${fx.project.id}/wikis${rest}`;
  const wikiGit = (args: string[], fx: RoleFixture = f) => git(['--git-dir', projectWikiDir(inst, fx.project.id), ...args]);

  beforeAll(async () => {
    inst = await startInstance(kind);
    f = await createProjectWithRoles(inst);
    pub = await createProjectWithRoles(inst, { visibility: 'public' }, { visibility: 'public' });
  });
  afterAll(() => inst.close());

  describe('create', () => {
    it('creates a page as one commit by the caller (201, WikiPage)', async () => {
      const res = await f.developer.client.post<WikiPageJson>(wikis(), { title: 'Home', content: '# Welcome' });
      expect(res.status).toBe(201);
      expect(res.data).toEqual({ format: 'markdown', slug: 'Home', title: 'Home', content: '# Welcome', encoding: 'UTF-8' });
      expect(Object.keys(res.data)).toEqual(['format', 'slug', 'title', 'content', 'encoding']);
      expect(wikiGit(['log', '-1', '--format=%an|%s', 'main']).trim()).toBe(`${f.developer.user.name}|${f.developer.user.username} created page: Home`);
      expect(wikiGit(['show', 'main:Home.md'])).toBe('# Welcome');
    });

    it('derives slugs as paths: directories, spaces to -, case kept, .. and leading / normalised', async () => {
      const cases: [string, string, string][] = [
        ['dir/My Page', 'dir/My-Page', 'My Page'],
        ['/lead/../Up Top', 'Up-Top', 'Up Top'],
        ['a//b/./CamelCase', 'a/b/CamelCase', 'CamelCase'],
        ['../../escape', 'escape', 'escape'],
      ];
      for (const [title, slug, shown] of cases) {
        const { data } = await f.developer.client.post<WikiPageJson>(wikis(), { title, content: 'x' });
        expect(data).toMatchObject({ slug, title: shown });
        expect(wikiGit(['cat-file', '-t', `main:${slug}.md`]).trim()).toBe('blob');
      }
    });

    it('lists files of the documented formats as pages; files of other markups and other files are not pages', async () => {
      const repo = projectWikiDir(inst, pub.project.id);
      await pub.developer.client.post(wikis(pub), { title: 'Seed', content: 'x' });
      const tmp = mkdtempSync(join(tmpdir(), 'wiki-push-'));
      try {
        git(['clone', '--quiet', '--no-local', repo, join(tmp, 'c')]);
        for (const [file, text] of [['Legacy.markdown', 'm'], ['notes.textile', 't'], ['guide.rst', 'r'], ['readme.txt', 'p'], ['image.png', 'i'], ['doc/Spec.ADOC', 'a']]) {
          mkdirSync(join(tmp, 'c', file, '..'), { recursive: true });
          writeFileSync(join(tmp, 'c', file), text);
        }
        git(['-C', join(tmp, 'c'), 'add', '-A']);
        git(['-C', join(tmp, 'c'), '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'pushed files']);
        git(['-C', join(tmp, 'c'), 'push', '-q', 'origin', 'main']);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      const { data } = await pub.guest.client.get<WikiPageJson[]>(wikis(pub));
      // The specification: `format` is markdown, rdoc, asciidoc or org (the platform also lists
      // textile, rst, plain text... files as pages).
      expect(data.map((p) => [p.slug, p.format])).toEqual([
        ['Legacy', 'markdown'],
        ['Seed', 'markdown'],
        ['doc/Spec', 'asciidoc'],
      ]);
      for (const slug of ['notes', 'guide', 'readme', 'image']) await expectApiError(pub.guest.client.get(wikis(pub, `/${slug}`)), 404, { message: '404 Wiki Page Not Found' });
      const kept = await pub.developer.client.put<WikiPageJson>(wikis(pub, '/Legacy'), { content: 'm2' });
      expect(kept.data.format).toBe('markdown');
      expect(git(['--git-dir', repo, 'show', 'main:Legacy.markdown'])).toBe('m2');
    });

    it('stores each format with its extension and refuses unknown formats', async () => {
      for (const [format, ext] of [['rdoc', 'rdoc'], ['asciidoc', 'asciidoc'], ['org', 'org'], ['markdown', 'md']] as const) {
        const { data } = await f.developer.client.post<WikiPageJson>(wikis(), { title: `fmt-${format}`, content: 'x', format });
        expect(data.format).toBe(format);
        expect(wikiGit(['cat-file', '-t', `main:fmt-${format}.${ext}`]).trim()).toBe('blob');
      }
      await expectApiError(f.developer.client.post(wikis(), { title: 't', content: 'x', format: 'html' }), 400, { error: 'format does not have a valid value' });
      await expectApiError(f.developer.client.post(wikis(), { content: 'x' }), 400, { error: 'title is missing' });
      await expectApiError(f.developer.client.post(wikis(), { title: 'x' }), 400, { error: 'content is missing' });
    });

    it('refuses duplicates across extensions and case, and unsafe titles, without a commit', async () => {
      const tip = wikiGit(['rev-parse', 'main']).trim();
      await expectApiError(f.developer.client.post(wikis(), { title: 'home', content: 'x', format: 'org' }), 400, {
        message: { base: ['Duplicate page: A page with that title already exists in the file home.org'] },
      });
      await expectApiError(f.developer.client.post(wikis(), { title: '.git/config', content: 'x' }), 400, { message: { title: ['is invalid'] } });
      await expectApiError(f.developer.client.post(wikis(), { title: 'nul\u0000byte', content: 'x' }), 400, { message: { title: ['is invalid'] } });
      await expectApiError(f.developer.client.post(wikis(), { title: 'x'.repeat(300), content: 'x' }), 400, { message: { title: ['exceeds the limit of 245 bytes'] } });
      await expectApiError(f.developer.client.post(wikis(), { title: ' / .. / ', content: 'x' }), 400, { message: { title: ["can't be blank"] } });
      expect(wikiGit(['rev-parse', 'main']).trim()).toBe(tip);
    });
  });

  describe('read', () => {
    it('lists pages (basic entity), with content on request', async () => {
      const { data } = await f.guest.client.get<WikiPageJson[]>(wikis());
      expect(data.find((p) => p.slug === 'Home')).toEqual({ format: 'markdown', slug: 'Home', title: 'Home' });
      expect(data.map((p) => p.slug)).toEqual(expect.arrayContaining(['dir/My-Page', 'fmt-org']));
      const full = await f.guest.client.get<WikiPageJson[]>(wikis(), { with_content: true });
      expect(full.data.find((p) => p.slug === 'Home')).toEqual({ format: 'markdown', slug: 'Home', title: 'Home', content: '# Welcome', encoding: 'UTF-8' });
    });

    it('pages the list like every list (headers, per_page), contents for the page only', async () => {
      const all = (await f.guest.client.get<WikiPageJson[]>(wikis(), { per_page: 100 })).data.map((p) => p.slug);
      expect(all.length).toBeGreaterThan(2);
      const first = await f.guest.client.get<WikiPageJson[]>(wikis(), { per_page: 2 });
      expect(first.data.map((p) => p.slug)).toEqual(all.slice(0, 2));
      expect(first.headers).toMatchObject({ 'x-page': '1', 'x-per-page': '2', 'x-next-page': '2', 'x-total': String(all.length) });
      expect(first.headers.link).toContain('rel="next"');
      const second = await f.guest.client.get<WikiPageJson[]>(wikis(), { per_page: 2, page: 2, with_content: true });
      expect(second.data.map((p) => p.slug)).toEqual(all.slice(2, 4));
      expect(second.data.every((p) => typeof p.content === 'string')).toBe(true);
      expect((await f.guest.client.get<WikiPageJson[]>(wikis())).headers['x-per-page']).toBe('20');
    });

    it('gets a page by URL-encoded nested slug; an unencoded / matches no endpoint (404); unknown pages are 404', async () => {
      const encoded = await f.guest.client.get<WikiPageJson>(wikis(f, `/${enc('dir/My-Page')}`));
      expect(encoded.data).toEqual({ format: 'markdown', slug: 'dir/My-Page', title: 'My Page', content: 'x', encoding: 'UTF-8' });
      await expectApiError(f.guest.client.get(wikis(f, '/dir/My-Page')), 404, { error: '404 Not Found' });
      await expectApiError(f.developer.client.put(wikis(f, '/dir/My-Page'), { content: 'changed' }), 404, { error: '404 Not Found' });
      await expectApiError(f.maintainer.client.delete(wikis(f, '/dir/My-Page')), 404, { error: '404 Not Found' });
      expect((await f.guest.client.get<WikiPageJson>(wikis(f, `/${enc('dir/My-Page')}`))).data.content).toBe('x');
      await expectApiError(f.guest.client.get(wikis(f, '/nope')), 404, { message: '404 Wiki Page Not Found' });
      await expectApiError(f.guest.client.get(wikis(f, `/${enc('../../etc/passwd')}`)), 404, { message: '404 Wiki Page Not Found' });
    });

    it('answers any version of a page and renders HTML in place of content', async () => {
      await f.developer.client.post(wikis(), { title: 'Versioned', content: 'first <b>raw</b>' });
      const v1 = wikiGit(['rev-parse', 'main']).trim();
      await f.developer.client.put(wikis(f, '/Versioned'), { content: 'second *em*' });
      const v2 = wikiGit(['rev-parse', 'main']).trim();
      expect((await f.guest.client.get<WikiPageJson>(wikis(f, '/Versioned'))).data.content).toBe('second *em*');
      expect((await f.guest.client.get<WikiPageJson>(wikis(f, '/Versioned'), { version: v1 })).data.content).toBe('first <b>raw</b>');
      const html = await f.guest.client.get<WikiPageJson>(wikis(f, '/Versioned'), { version: v1, render_html: true });
      expect(html.data.content).toBe('<p>first &lt;b&gt;raw&lt;/b&gt;</p>');
      expect(html.data).not.toHaveProperty('content_html');
      expect((await f.guest.client.get<WikiPageJson>(wikis(f, '/Versioned'), { render_html: true })).data.content).toBe('<p>second <em>em</em></p>');
      await f.developer.client.post(wikis(), { title: 'OrgPage', content: '* <heading>', format: 'org' });
      expect((await f.guest.client.get<WikiPageJson>(wikis(f, '/OrgPage'), { render_html: true })).data.content).toBe('<pre>* &lt;heading&gt;</pre>');
      await expectApiError(f.guest.client.get(wikis(f, '/Versioned'), { version: 'deadbeef' }), 404, { message: '404 Wiki Page Not Found' });
      await expectApiError(f.guest.client.get(wikis(f, '/Versioned'), { version: '--all' }), 404, { message: '404 Wiki Page Not Found' });
      const history = await f.guest.client.get<{ id: string; message: string }[]>(`/hostctl/projects/${f.project.id}/wiki_versions/Versioned`);
      expect(history.data[0]!.id).toBe(v2);
      expect(history.data).toHaveLength(2);
      expect(history.data[1]!.id).toBe(v1);
    });
  });

  describe('update', () => {
    it('changes content; a new title moves the file; a new format changes the extension', async () => {
      await f.developer.client.post(wikis(), { title: 'Movable', content: 'one' });
      const moved = await f.developer.client.put<WikiPageJson>(wikis(f, '/Movable'), { title: 'sub/Moved Here' });
      expect(moved.data).toEqual({ format: 'markdown', slug: 'sub/Moved-Here', title: 'Moved Here', content: 'one', encoding: 'UTF-8' });
      await expectApiError(f.guest.client.get(wikis(f, '/Movable')), 404, { message: '404 Wiki Page Not Found' });
      expect(wikiGit(['show', 'main:sub/Moved-Here.md'])).toBe('one');
      const asOrg = await f.developer.client.put<WikiPageJson>(wikis(f, `/${enc('sub/Moved-Here')}`), { format: 'org', content: 'two' });
      expect(asOrg.data).toMatchObject({ format: 'org', slug: 'sub/Moved-Here', content: 'two' });
      expect(wikiGit(['ls-tree', '--name-only', 'main', 'sub/']).trim()).toBe('sub/Moved-Here.org');
      expect(wikiGit(['log', '-1', '--format=%s', 'main']).trim()).toBe(`${f.developer.user.username} updated page: sub/Moved-Here`);
    });

    it('a bare new title keeps the page in its directory; a leading / moves it to the root', async () => {
      await f.developer.client.post(wikis(), { title: 'deep/Start Here', content: 'x' });
      const sibling = await f.developer.client.put<WikiPageJson>(wikis(f, `/${enc('deep/Start-Here')}`), { title: 'Next   Step' });
      expect(sibling.data).toMatchObject({ slug: 'deep/Next-Step', title: 'Next Step' });
      const root = await f.developer.client.put<WikiPageJson>(wikis(f, `/${enc('deep/Next-Step')}`), { title: '/Top Level' });
      expect(root.data).toMatchObject({ slug: 'Top-Level', title: 'Top Level' });
      await expectApiError(f.developer.client.put(wikis(f, '/Top-Level'), { content: '   ' }), 400, { message: { content: ["can't be blank"] } });
      await expectApiError(f.developer.client.post(wikis(), { title: 'Blank', content: ' \n ' }), 400, { message: { content: ["can't be blank"] } });
    });

    it('refuses an empty update, a rename onto another page, and unknown pages', async () => {
      await expectApiError(f.developer.client.put(wikis(f, '/Home'), {}), 400, { error: 'content, title, format are missing, at least one parameter must be provided' });
      await expectApiError(f.developer.client.put(wikis(f, '/Home'), { title: 'versioned' }), 400, {
        message: { base: ['Duplicate page: A page with that title already exists in the file versioned.md'] },
      });
      await expectApiError(f.developer.client.put(wikis(f, '/Ghost'), { content: 'x' }), 404, { message: '404 Wiki Page Not Found' });
    });

    it('creates different pages written at the same moment, every one (writes to different pages are no conflict)', async () => {
      await f.developer.client.post(wikis(), { title: 'Parallel seed', content: 'seed' });
      const before = Number(wikiGit(['rev-list', '--count', 'main']).trim());
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => f.developer.client.request<WikiPageJson>('POST', wikis(), { body: { title: `Parallel ${i}`, content: `page ${i}` }, allowError: true })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(Number(wikiGit(['rev-list', '--count', 'main']).trim())).toBe(before + 8);
      for (let i = 0; i < 8; i++) expect(wikiGit(['show', `main:Parallel-${i}.md`])).toBe(`page ${i}`);
    });

    it('never loses a concurrent change: the losers get the platform error and make no commit', async () => {
      await f.developer.client.post(wikis(), { title: 'Busy', content: 'start' });
      const before = Number(wikiGit(['rev-list', '--count', 'main']).trim());
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => f.developer.client.request<WikiPageJson>('PUT', wikis(f, '/Busy'), { body: { content: `v${i}` }, allowError: true })),
      );
      const ok = results.filter((r) => r.status === 200).length;
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.data).toEqual({ message: { base: ['You are attempting to update a page that has changed since you started editing it.'] } });
      }
      expect(ok).toBeGreaterThan(0);
      expect(Number(wikiGit(['rev-list', '--count', 'main']).trim())).toBe(before + ok);
      const last = wikiGit(['show', 'main:Busy.md']);
      expect(results.some((r) => r.status === 200 && r.data.content === last)).toBe(true);
    });
  });

  describe('delete and attachments', () => {
    it('deletes a page (204, empty), then 404', async () => {
      await f.developer.client.post(wikis(), { title: 'Doomed', content: 'x' });
      const res = await f.maintainer.client.delete(wikis(f, '/Doomed'));
      expect(res.status).toBe(204);
      expect(res.raw).toBe('');
      await expectApiError(f.maintainer.client.delete(wikis(f, '/Doomed')), 404, { message: '404 Wiki Page Not Found' });
      expect(wikiGit(['log', '-1', '--format=%s', 'main']).trim()).toBe(`${f.maintainer.user.username} deleted page: Doomed`);
    });

    it('uploads attachments into uploads/<hex>/ with the basename and a Markdown link', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      const res = await f.developer.client.request<{ file_name: string; file_path: string; branch: string; link: { url: string; markdown: string } }>('POST', wikis(f, '/attachments'), {
        multipart: { file: { filename: '../../secret/dir/pic.png', data: png, contentType: 'image/png' } },
      });
      expect(res.status).toBe(201);
      expect(res.data.file_name).toBe('pic.png');
      expect(res.data.file_path).toMatch(/^uploads\/[0-9a-f]{32}\/pic\.png$/);
      expect(res.data).toEqual({ file_name: 'pic.png', file_path: res.data.file_path, branch: 'main', link: { url: res.data.file_path, markdown: `![pic.png](${res.data.file_path})` } });
      const stored = git(['--git-dir', projectWikiDir(inst, f.project.id), 'cat-file', 'blob', `main:${res.data.file_path}`]);
      expect(Buffer.from(stored, 'latin1').length).toBeGreaterThan(0);
      const doc = await f.developer.client.request<{ branch: string; link: { markdown: string }; file_path: string }>('POST', wikis(f, '/attachments'), {
        multipart: { file: { filename: 'notes.txt', data: new TextEncoder().encode('n') }, branch: 'drafts' },
      });
      expect(doc.data.branch).toBe('drafts');
      expect(doc.data.link.markdown).toBe(`[notes.txt](${doc.data.file_path})`);
      expect(wikiGit(['cat-file', '-t', `drafts:${doc.data.file_path}`]).trim()).toBe('blob');
      await expectApiError(f.developer.client.request('POST', wikis(f, '/attachments'), { multipart: { branch: 'main' } }), 400, { error: 'file is missing' });
      const long = await f.developer.client.request<{ file_name: string }>('POST', wikis(f, '/attachments'), { multipart: { file: { filename: `${'n'.repeat(300)}.pdf`, data: new Uint8Array([1]) } } });
      expect(long.data.file_name).toBe(`${'n'.repeat(251)}.pdf`);
      await expectApiError(f.developer.client.request('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'dir/..', data: new Uint8Array([1]) } } }), 400, { message: 'The file name cannot be empty' });
      await expectApiError(f.guest.client.request('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'x.txt', data: new Uint8Array([1]) } } }), 403);
      // Attachments are files under the uploads folder, not pages: never listed, never read as
      // pages, whatever their extension; no page may be written there.
      const md = await f.developer.client.request<{ file_path: string }>('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'notes.md', data: new TextEncoder().encode('# n') } } });
      expect(md.data.file_path).toMatch(/^uploads\/[0-9a-f]{32}\/notes\.md$/);
      expect((await f.guest.client.get<WikiPageJson[]>(wikis(), { per_page: 100 })).data.some((p) => p.slug.startsWith('uploads/'))).toBe(false);
      await expectApiError(f.guest.client.get(wikis(f, `/${enc(md.data.file_path.replace(/\.md$/, ''))}`)), 404, { message: '404 Wiki Page Not Found' });
      await expectApiError(f.developer.client.put(wikis(f, `/${enc(md.data.file_path.replace(/\.md$/, ''))}`), { content: 'x' }), 404, { message: '404 Wiki Page Not Found' });
      await expectApiError(f.developer.client.post(wikis(), { title: 'uploads/Page', content: 'x' }), 400, { message: { title: ['cannot name a page in the uploads folder, which holds attachments'] } });
      await expectApiError(f.developer.client.put(wikis(f, '/Home'), { title: '/uploads/Home' }), 400, { message: { title: ['cannot name a page in the uploads folder, which holds attachments'] } });
      // An image is linked as an image, anything else as a link (case of the extension aside).
      const jpeg = await f.developer.client.request<{ file_path: string; link: { markdown: string } }>('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'Photo.JPG', data: new Uint8Array([0xff, 0xd8]) } } });
      expect(jpeg.data.link.markdown).toBe(`![Photo.JPG](${jpeg.data.file_path})`);
    });

    it('keeps UTF-8 attachment names byte for byte', async () => {
      for (const name of ['résumé.txt', '日本語 ñ.txt', 'emoji-😀.md']) {
        const res = await f.developer.client.request<{ file_name: string; file_path: string }>('POST', wikis(f, '/attachments'), {
          // On a branch of their own: the clone check below compares main with the page list.
          multipart: { file: { filename: name, data: new TextEncoder().encode('x') }, branch: 'utf8-names' },
        });
        expect(res.status).toBe(201);
        expect(Buffer.from(res.data.file_name)).toEqual(Buffer.from(name));
        expect(res.data.file_path.endsWith(`/${name}`)).toBe(true);
        // The name in the wiki repository's tree is the same bytes.
        const tree = wikiGit(['-c', 'core.quotePath=false', 'ls-tree', '--name-only', `utf8-names:${res.data.file_path.slice(0, res.data.file_path.lastIndexOf('/'))}`]);
        expect(tree.trim()).toBe(name);
      }
    });
  });

  describe('attachments, read back (hostctl extension)', () => {
    let w: RoleFixture;
    const base = (rest = '') => `/hostctl/projects/${w.project.id}/wiki_attachments${rest}`;
    const upload = async (filename: string, data: Uint8Array, branch?: string) =>
      (await w.developer.client.request<{ file_path: string }>('POST', `/projects/${w.project.id}/wikis/attachments`, { multipart: { file: { filename, data }, ...(branch ? { branch } : {}) } })).data.file_path;
    type Listed = { file_name: string; file_path: string; branch: string; size: number };

    beforeAll(async () => {
      w = await createProjectWithRoles(inst);
    });

    it('lists the files under uploads/ by path, with sizes, paged like every list; pages are not attachments', async () => {
      expect((await w.guest.client.get<Listed[]>(base())).data).toEqual([]);
      await w.developer.client.post(`/projects/${w.project.id}/wikis`, { title: 'Home', content: 'not an attachment' });
      const paths = [await upload('a.png', new Uint8Array([0x89, 0x50, 0, 255])), await upload('notes.txt', new TextEncoder().encode('hello')), await upload('résumé.pdf', new Uint8Array(1000))];
      const { data, headers } = await w.guest.client.get<Listed[]>(base());
      const sorted = [...paths].sort((a, b) => (a < b ? -1 : 1));
      expect(data.map((a) => a.file_path)).toEqual(sorted);
      expect(headers['x-total']).toBe('3');
      const png = data.find((a) => a.file_path === paths[0]);
      expect(png).toEqual({ file_name: 'a.png', file_path: paths[0], branch: 'main', size: 4 });
      expect(Object.keys(png as object)).toEqual(['file_name', 'file_path', 'branch', 'size']);
      expect(data.find((a) => a.file_name === 'résumé.pdf')?.size).toBe(1000);
      const page2 = await w.guest.client.get<Listed[]>(base(), { per_page: 2, page: 2 });
      expect(page2.data.map((a) => a.file_path)).toEqual(sorted.slice(2));
      expect(page2.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '2', 'x-total': '3' });
    });

    it('serves one file byte for byte as an attachment, by its URL-encoded path', async () => {
      const bytes = new Uint8Array([0, 1, 2, 0xfe, 0xff, 0x3c, 0x73, 0x76, 0x67]);
      const path = await upload('logo.svg', bytes);
      const res = await w.guest.client.get(base(`/${enc(path)}`));
      expect(res.status).toBe(200);
      expect(Buffer.from(res.raw as Uint8Array)).toEqual(Buffer.from(bytes));
      // Stored bytes never become a page or a script on the API's origin.
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toContain('attachment; filename="logo.svg"');
      const name = await upload('日本語 ñ.txt', new TextEncoder().encode('x'));
      const utf8 = await w.guest.client.get(base(`/${enc(name)}`));
      expect(utf8.headers['content-disposition']).toContain(`filename*=UTF-8''${enc('日本語 ñ.txt')}`);
    });

    it('answers 404 for anything that is not a file under uploads/ (pages, directories, .., unencoded slashes)', async () => {
      const path = await upload('x.txt', new Uint8Array([1]));
      const dir = path.slice(0, path.lastIndexOf('/'));
      for (const wrong of ['Home.md', dir, 'uploads', `${dir}/../${path.split('/').pop() as string}`, 'uploads/../Home.md', `${dir}/missing.txt`, `/${path}x`]) {
        await expectApiError(w.guest.client.get(base(`/${enc(wrong)}`)), 404, { message: '404 Attachment Not Found' });
      }
      await expectApiError(w.guest.client.get(base(`/${path}`)), 404);
    });

    it('reads another branch with branch=; an invalid branch name is a 400', async () => {
      const path = await upload('draft.txt', new TextEncoder().encode('d'), 'drafts');
      expect((await w.guest.client.get<Listed[]>(base())).data.some((a) => a.file_path === path)).toBe(false);
      const drafts = (await w.guest.client.get<Listed[]>(base(), { branch: 'drafts' })).data;
      expect(drafts.find((a) => a.file_path === path)).toMatchObject({ branch: 'drafts', size: 1 });
      expect(Buffer.from((await w.guest.client.get(base(`/${enc(path)}`), { branch: 'drafts' })).raw as Uint8Array).toString()).toBe('d');
      await expectApiError(w.guest.client.get(base(`/${enc(path)}`)), 404);
      expect((await w.guest.client.get<Listed[]>(base(), { branch: 'no-such-branch' })).data).toEqual([]);
      await expectApiError(w.guest.client.get(base(), { branch: 'bad..name' }), 400, { message: 'Branch name is invalid' });
    });

    it('reads with the wiki read permission: members of a private project, anyone on a public one', async () => {
      const path = await upload('p.txt', new Uint8Array([7]));
      for (const who of ['guest', 'reporter', 'developer', 'maintainer', 'owner'] as const) expect((await w[who].client.get(base(`/${enc(path)}`))).status).toBe(200);
      await expectApiError(w.nonMember.client.get(base()), 404, { message: '404 Project Not Found' });
      await expectApiError(w.nonMember.client.get(base(`/${enc(path)}`)), 404, { message: '404 Project Not Found' });
      await expectApiError(inst.client().get(base()), 404);
      const open = await createProjectWithRoles(inst, { visibility: 'public' }, { visibility: 'public' });
      const openPath = (await open.developer.client.request<{ file_path: string }>('POST', `/projects/${open.project.id}/wikis/attachments`, { multipart: { file: { filename: 'o.txt', data: new Uint8Array([9]) } } })).data.file_path;
      const anon = inst.client();
      expect((await anon.get<Listed[]>(`/hostctl/projects/${open.project.id}/wiki_attachments`)).data.map((a) => a.file_path)).toEqual([openPath]);
      expect(Buffer.from((await anon.get(`/hostctl/projects/${open.project.id}/wiki_attachments/${enc(openPath)}`)).raw as Uint8Array)).toEqual(Buffer.from([9]));
    });
  });

  describe('permissions', () => {
    it.each([
      ['guest', 200, 403, 403],
      ['reporter', 200, 403, 403],
      ['developer', 200, 201, 403],
      ['maintainer', 200, 201, 204],
      ['owner', 200, 201, 204],
      ['nonMember', 404, 404, 404],
    ] as const)('private project, %s: read %i, create and upload %i, delete %i', async (who, read, create, del) => {
      const client = f[who].client;
      const upload = await client.request('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'm.txt', data: new Uint8Array([1]) } }, allowError: true });
      expect(upload.status).toBe(create);
      expect((await client.request('GET', wikis(f, '/Home'), { allowError: true })).status).toBe(read);
      expect((await client.request('GET', wikis(), { allowError: true })).status).toBe(read);
      const title = unique('perm');
      expect((await client.request('POST', wikis(), { body: { title, content: 'x' }, allowError: true })).status).toBe(create);
      if (create !== 201) await f.maintainer.client.post(wikis(), { title, content: 'x' });
      expect((await client.request('DELETE', wikis(f, `/${title}`), { allowError: true })).status).toBe(del);
    });

    it('anonymous callers read public wikis and are told to sign in to write; private wikis are hidden', async () => {
      await pub.developer.client.post(wikis(pub), { title: 'Open', content: 'o' });
      const anon = inst.client();
      expect((await anon.get<WikiPageJson>(wikis(pub, '/Open'))).data.content).toBe('o');
      await expectApiError(anon.post(wikis(pub), { title: 't', content: 'x' }), 401);
      await expectApiError(anon.get(wikis()), 404, { message: '404 Project Not Found' });
      const outsider = await createUser(inst);
      await expectApiError(outsider.client.post(wikis(pub), { title: 't', content: 'x' }), 403);
      await expectApiError(outsider.client.put(wikis(pub, '/Open'), { content: 'x' }), 403);
    });

    it('refuses writes while the project is read-only (400) or archived (403)', async () => {
      inst.core.db.prepare('UPDATE projects SET repository_read_only = 1 WHERE id = ?').run(f.project.id);
      try {
        await expectApiError(f.developer.client.post(wikis(), { title: 'ro', content: 'x' }), 400, { message: READ_ONLY });
        await expectApiError(f.developer.client.put(wikis(f, '/Home'), { content: 'x' }), 400, { message: READ_ONLY });
        await expectApiError(f.maintainer.client.delete(wikis(f, '/Home')), 400, { message: READ_ONLY });
        await expectApiError(f.developer.client.request('POST', wikis(f, '/attachments'), { multipart: { file: { filename: 'a', data: new Uint8Array([1]) } } }), 400, { message: READ_ONLY });
        expect((await f.guest.client.get<WikiPageJson>(wikis(f, '/Home'))).data.content).toBe('# Welcome');
      } finally {
        inst.core.db.prepare('UPDATE projects SET repository_read_only = 0 WHERE id = ?').run(f.project.id);
      }
      await inst.admin.post(`/projects/${pub.project.id}/archive`);
      await expectApiError(pub.developer.client.post(wikis(pub), { title: 'arch', content: 'x' }), 403);
      await inst.admin.post(`/projects/${pub.project.id}/unarchive`);
    });
  });

  it('a plain git clone of the wiki repository shows exactly the pages the API lists', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wiki-clone-'));
    try {
      git(['clone', '--quiet', '--no-local', projectWikiDir(inst, f.project.id), join(root, 'c')]);
      const pages = (await f.guest.client.get<WikiPageJson[]>(wikis(), { with_content: true, per_page: 100 })).data;
      // Pages are the files with an extension of the documented formats, outside the uploads folder.
      const markup = /\.(md|mkdn?|mdown|markdown|rdoc|adoc|asciidoc|org)$/i;
      const all = git(['ls-files'], join(root, 'c')).trim().split('\n');
      expect(all.some((p) => p.startsWith('uploads/') && p.endsWith('.md'))).toBe(true);
      const files = all.filter((p) => markup.test(p) && !p.startsWith('uploads/'));
      expect(all.some((p) => p.endsWith('.png'))).toBe(true);
      expect(files.map((p) => p.replace(/\.[^./]+$/, '')).sort()).toEqual(pages.map((p) => p.slug).sort());
      for (const page of pages) {
        const file = files.find((p) => p.replace(/\.[^./]+$/, '') === page.slug) as string;
        expect(readFileSync(join(root, 'c', file), 'utf8')).toBe(page.content);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(TRANSPORTS)('group wikis (%s)', (kind) => {
  let inst: Instance;
  let group: GroupJson;
  let dev: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  const gw = (rest = '') => `/groups/${group.id}/wikis${rest}`;

  beforeAll(async () => {
    inst = await startInstance(kind);
    group = await createGroup(inst, inst.admin, { visibility: 'private' });
    [dev, guest, outsider] = await Promise.all([createUser(inst), createUser(inst), createUser(inst)]);
    await addMember(inst, 'groups', group.id, dev.user.id, 30);
    await addMember(inst, 'groups', group.id, guest.user.id, 10);
  });
  afterAll(() => inst.close());

  it('creates, reads, updates and deletes pages in @groups/<id>.wiki.git', async () => {
    const created = await dev.client.post<WikiPageJson>(gw(), { title: 'Group Home', content: 'hello' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ slug: 'Group-Home', title: 'Group Home' });
    expect(git(['--git-dir', groupWikiDir(inst, group.id), 'show', 'main:Group-Home.md'])).toBe('hello');
    expect((await guest.client.get<WikiPageJson[]>(gw())).data.map((p) => p.slug)).toEqual(['Group-Home']);
    await expectApiError(outsider.client.get(gw()), 404, { message: '404 Group Not Found' });
    await expectApiError(guest.client.post(gw(), { title: 'x', content: 'y' }), 403);
    expect((await dev.client.put<WikiPageJson>(gw('/Group-Home'), { content: 'changed' })).data.content).toBe('changed');
    await expectApiError(dev.client.delete(gw('/Group-Home')), 403);
    const att = await dev.client.request<{ file_path: string }>('POST', gw('/attachments'), { multipart: { file: { filename: 'a.txt', data: new Uint8Array([65]) } } });
    expect(att.status).toBe(201);
    // Read back through the hostctl extension, with the group wiki's read permission.
    const listed = await guest.client.get<{ file_path: string; size: number }[]>(`/hostctl/groups/${group.id}/wiki_attachments`);
    expect(listed.data).toEqual([{ file_name: 'a.txt', file_path: att.data.file_path, branch: 'main', size: 1 }]);
    expect(Buffer.from((await guest.client.get(`/hostctl/groups/${group.id}/wiki_attachments/${encodeURIComponent(att.data.file_path)}`)).raw as Uint8Array).toString()).toBe('A');
    await expectApiError(outsider.client.get(`/hostctl/groups/${group.id}/wiki_attachments`), 404, { message: '404 Group Not Found' });
    expect((await inst.admin.delete(gw('/Group-Home'))).status).toBe(204);
  });

  it('public group wikis are read anonymously; page versions come from the hostctl extension', async () => {
    const open = await createGroup(inst, inst.admin, { visibility: 'public' });
    await inst.admin.post(`/groups/${open.id}/wikis`, { title: 'Open Page', content: 'v1' });
    await inst.admin.put(`/groups/${open.id}/wikis/Open-Page`, { content: 'v2' });
    const anon = inst.client();
    expect((await anon.get<WikiPageJson>(`/groups/${open.id}/wikis/Open-Page`)).data.content).toBe('v2');
    const versions = await anon.get<{ id: string; message: string }[]>(`/hostctl/groups/${open.id}/wiki_versions/Open-Page`);
    expect(versions.data.map((v) => v.message.trim())).toEqual(['root updated page: Open-Page', 'root created page: Open Page']);
    expect((await anon.get<WikiPageJson>(`/groups/${open.id}/wikis/Open-Page`, { version: versions.data[1]!.id })).data.content).toBe('v1');
    await expectApiError(anon.post(`/groups/${open.id}/wikis`, { title: 'x', content: 'y' }), 401);
    await expectApiError(outsider.client.post(`/groups/${open.id}/wikis`, { title: 'x', content: 'y' }), 403);
  });

  it('refuses writes while the group is read-only', async () => {
    inst.core.db.prepare('UPDATE namespaces SET repository_read_only = 1 WHERE id = ?').run(group.id);
    try {
      await expectApiError(dev.client.post(gw(), { title: 'x', content: 'y' }), 400, { message: READ_ONLY });
    } finally {
      inst.core.db.prepare('UPDATE namespaces SET repository_read_only = 0 WHERE id = ?').run(group.id);
    }
  });

  it('deleting a group or a project removes its wiki repository', async () => {
    const doomed = await createGroup(inst, inst.admin);
    await inst.admin.post(`/groups/${doomed.id}/wikis`, { title: 'Bye', content: 'x' });
    const project = (await inst.admin.post<{ id: number }>('/projects', { path: unique('doomed'), namespace_id: doomed.id })).data;
    await inst.admin.post(`/projects/${project.id}/wikis`, { title: 'Bye', content: 'x' });
    expect(existsSync(groupWikiDir(inst, doomed.id))).toBe(true);
    expect(existsSync(projectWikiDir(inst, project.id))).toBe(true);
    await inst.admin.delete(`/groups/${doomed.id}`);
    await inst.settleJobs();
    expect(existsSync(groupWikiDir(inst, doomed.id))).toBe(false);
    expect(existsSync(projectWikiDir(inst, project.id))).toBe(false);
  });

  it('is a paid feature: the free tier answers 403', async () => {
    const free = await startInstance(kind, { tier: 'free' });
    try {
      const g = await createGroup(free, free.admin);
      await expectApiError(free.admin.get(`/groups/${g.id}/wikis`), 403);
      await expectApiError(free.admin.post(`/groups/${g.id}/wikis`, { title: 'x', content: 'y' }), 403);
    } finally {
      await free.close();
    }
  });
});
