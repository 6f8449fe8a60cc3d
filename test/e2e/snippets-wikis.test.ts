// hostctl snippets and wikis, run in-process against a local state and through hostctl serve:
// files from disk and standard input, file actions, raw output byte for byte, wiki content from
// flags, files and stdin, HTML rendering, history, attachments, editing in $EDITOR on a terminal
// (saved only when changed), the demo's snippets and pages, and usage errors with exit codes.
// Raw bytes on standard output and $EDITOR on a terminal are checked on real processes.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

type Obj = Record<string, unknown>;
type SnippetOut = { id: number; title: string; visibility: string; files: { path: string }[]; project_id: number | null };

describe('hostctl snippets and wikis', () => {
  let box: CliSandbox;
  const json = <T = Obj>(args: string[]): Promise<T> => box.json<T>(args);

  beforeAll(async () => {
    box = cliSandbox();
    await box.init();
    await json(['projects', 'create', '--path', 'shop', '--visibility', 'public']);
  });
  afterAll(() => box.cleanup());

  describe('snippets', () => {
    let id: number;

    it('create reads files from disk and stdin; get and files show them', async () => {
      writeFileSync(join(box.dir, 'a.sh'), 'echo a\n');
      writeFileSync(join(box.dir, 'b.py'), 'print("b")\n');
      const s = await json<SnippetOut>(['snippets', 'create', '--title', 'Tools', '--file', join(box.dir, 'a.sh'), '--file', join(box.dir, 'b.py'), '--visibility', 'private']);
      expect(s).toMatchObject({ title: 'Tools', visibility: 'private' });
      expect(s.files.map((f) => f.path)).toEqual(['a.sh', 'b.py']);
      id = s.id;
      const piped = await box.run(['snippets', 'create', '--title', 'Piped', '--file', '-', '--filename', 'in.txt', '-o', 'json'], { input: 'from stdin\n' });
      expect(piped.exitCode).toBe(0);
      expect((JSON.parse(String(piped.stdout)) as SnippetOut).files.map((f) => f.path)).toEqual(['in.txt']);
      expect((await json<SnippetOut>(['snippets', 'get', String(id)])).title).toBe('Tools');
      const files = await json<{ path: string; raw_url: string }[]>(['snippets', 'files', String(id)]);
      expect(files.map((f) => f.path)).toEqual(['a.sh', 'b.py']);
      const table = await box.run(['snippets', 'files', String(id)]);
      expect(String(table.stdout)).toContain('b.py');
    });

    it('update adds, replaces, renames and removes files in one commit', async () => {
      writeFileSync(join(box.dir, 'c.md'), '# c\n');
      writeFileSync(join(box.dir, 'a.sh'), 'echo A2\n');
      const s = await json<SnippetOut>([
        'snippets', 'update', String(id), '--add', join(box.dir, 'c.md'), '--replace', join(box.dir, 'a.sh'), '--rename', 'b.py=tools/b.py', '--title', 'Tools v2',
      ]);
      expect(s.title).toBe('Tools v2');
      expect(s.files.map((f) => f.path)).toEqual(['a.sh', 'c.md', 'tools/b.py']);
      const removed = await json<SnippetOut>(['snippets', 'update', String(id), '--remove', 'c.md']);
      expect(removed.files.map((f) => f.path)).toEqual(['a.sh', 'tools/b.py']);
      const bad = await box.run(['snippets', 'update', String(id), '--rename', 'nonsense']);
      expect(bad.exitCode).toBe(2);
      expect(String(bad.stderr)).toContain('--rename needs OLD=NEW');
      const nothing = await box.run(['snippets', 'update', String(id)]);
      expect(nothing.exitCode).toBe(2);
      const missing = await box.run(['snippets', 'update', String(id), '--remove', 'ghost.txt']);
      expect(missing.exitCode).not.toBe(0);
      expect(String(missing.stderr)).toContain('Repository Error updating the snippet');
    });

    it('raw writes the bytes untouched, for a named file, every file and a ref; several files need --file or --all', async () => {
      const several = await box.run(['snippets', 'raw', String(id)]);
      expect(several.exitCode).toBe(2);
      expect(String(several.stderr)).toContain('has 2 files (a.sh, tools/b.py): give --file PATH or --all');
      expect(String((await box.run(['snippets', 'raw', String(id), '--all'])).stdout)).toBe('echo A2\nprint("b")');
      expect(String((await box.run(['snippets', 'raw', 'tools V2', '--file', 'a.sh'])).stdout)).toBe('echo A2');
      expect(String((await box.run(['snippets', 'raw', String(id), '--file', 'tools/b.py'])).stdout)).toBe('print("b")');
      const bytes = Buffer.from([0xe2, 0x82, 0xac, 0x0a, 0x09, 0x20]);
      writeFileSync(join(box.dir, 'euro.txt'), bytes);
      const e = await json<SnippetOut>(['snippets', 'create', '--title', 'Euro', '--file', join(box.dir, 'euro.txt')]);
      const raw = await execa(process.execPath, [BIN, 'snippets', 'raw', String(e.id)], { env: { ...cleanEnv(), ...box.env }, extendEnv: false, encoding: 'buffer', stdin: 'ignore' });
      expect(Buffer.from(raw.stdout as Uint8Array).equals(bytes)).toBe(true);
      const ref = await box.run(['snippets', 'raw', String(id), '--file', 'a.sh', '--ref', 'nope']);
      expect(ref.exitCode).toBe(3);
      const noFile = await box.run(['snippets', 'raw', String(id), '--ref', 'main']);
      expect(noFile.exitCode).toBe(2);
    });

    it('list scopes, project snippets, and delete with confirmation', async () => {
      const pub = await json<SnippetOut>(['snippets', 'create', '--title', 'Shared', '--file', join(box.dir, 'c.md'), '--visibility', 'public']);
      expect((await json<SnippetOut[]>(['snippets', 'list'])).map((s) => s.id)).toContain(id);
      const publicIds = (await json<SnippetOut[]>(['snippets', 'list', '--scope', 'public'])).map((s) => s.id);
      expect(publicIds).toContain(pub.id);
      expect(publicIds).not.toContain(id);
      const all = await json<Obj[]>(['snippets', 'list', '--scope', 'all', '--storage', 'default']);
      expect(all[0]).toHaveProperty('repository_storage', 'default');
      const proj = await json<SnippetOut>(['snippets', 'create', '-R', 'root/shop', '--title', 'Proj', '--file', join(box.dir, 'c.md')]);
      expect(proj.project_id).toEqual(expect.any(Number));
      expect((await json<SnippetOut[]>(['snippets', 'list', '-R', 'root/shop'])).map((s) => s.id)).toEqual([proj.id]);
      expect(String((await box.run(['snippets', 'raw', String(proj.id), '-R', 'root/shop'])).stdout)).toBe('# c');
      const refused = await box.run(['snippets', 'delete', String(pub.id)]);
      expect(refused.exitCode).toBe(2);
      expect(String(refused.stderr)).toContain('--yes');
      expect((await box.run(['snippets', 'delete', String(pub.id), '--yes'])).exitCode).toBe(0);
      expect((await box.run(['snippets', 'get', String(pub.id)])).exitCode).toBe(3);
      expect((await box.run(['snippets', 'delete', String(proj.id), '-R', 'root/shop', '-y'])).exitCode).toBe(0);
      const usage = await box.run(['snippets', 'list', '--scope', 'everything']);
      expect(usage.exitCode).toBe(2);
      expect((await box.run(['snippets', 'create', '--title', 'x'])).exitCode).toBe(2);
      // A snippet is named by id or title: a title nobody has is not found.
      expect((await box.run(['snippets', 'get', 'abc'])).exitCode).toBe(3);
    });
  });

  describe('snippets named by title, as an administrator', () => {
    // Other users' snippets are made through Sudo, with a token of root's that may use it.
    let sudo: Record<string, string>;
    const snippetOf = async (user: string, title: string, visibility: string, content: string) => {
      const res = await box.run(['snippets', 'create', '--sudo', user, '--title', title, '--file', '-', '--filename', 'notes.md', '--visibility', visibility, '-o', 'json'], { input: content, env: sudo });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      return (JSON.parse(String(res.stdout)) as SnippetOut).id;
    };

    it("finds another user's snippet by title after the caller's own, alike in get, raw and files; several are listed with their ids", async () => {
      for (const user of ['carol', 'dave']) await json(['users', 'create', '--username', user, '--name', user, '--email', `${user}@example.com`]);
      sudo = { HOSTCTL_TOKEN: (await json<{ token: string }>(['tokens', 'create', '--user', 'root', '--name', 'sudo', '--scope', 'api', '--scope', 'sudo'])).token };
      const carols = await snippetOf('carol', 'Deploy notes', 'private', 'carol deploys\n');
      // Not one of root's: the id comes from every snippet root can see, and stderr says whose it is.
      const raw = await box.run(['snippets', 'raw', 'deploy notes']);
      expect(raw.exitCode, String(raw.stderr)).toBe(0);
      expect(raw.stdout).toBe('carol deploys');
      expect(String(raw.stderr)).toContain(`none of your snippets is titled "Deploy notes": using snippet ${carols} ("Deploy notes" by carol)`);
      expect((await json<SnippetOut>(['snippets', 'get', 'Deploy notes'])).id).toBe(carols);
      expect((await json<{ path: string }[]>(['snippets', 'files', 'Deploy notes'])).map((f) => f.path)).toEqual(['notes.md']);
      // The caller's own snippet of that title comes first, without a note.
      const made = await box.run(['snippets', 'create', '--title', 'Deploy notes', '--file', '-', '--filename', 'mine.md', '--visibility', 'private', '-o', 'json'], { input: 'root deploys\n' });
      const mine = (JSON.parse(String(made.stdout)) as SnippetOut).id;
      const own = await box.run(['snippets', 'get', 'Deploy notes', '-o', 'json']);
      expect((JSON.parse(String(own.stdout)) as SnippetOut).id).toBe(mine);
      expect(String(own.stderr)).not.toContain('none of your snippets');
      // Two other users' snippets of one title: a usage error naming both, by id and author.
      const a = await snippetOf('carol', 'Runbook', 'internal', 'carol runbook\n');
      const b = await snippetOf('dave', 'Runbook', 'public', 'dave runbook\n');
      const both = await box.run(['snippets', 'raw', 'Runbook']);
      expect(both.exitCode).toBe(2);
      expect(String(both.stderr)).toContain(`2 snippets match "Runbook": ${b} ("Runbook" by dave), ${a} ("Runbook" by carol); give the id`);
      // A user who cannot see carol's private snippet is told there is none.
      const hidden = await box.run(['snippets', 'raw', 'Deploy notes', '--sudo', 'dave'], { env: sudo });
      expect(hidden.exitCode).toBe(3);
      expect(String(hidden.stderr)).toContain('no snippet "Deploy notes" (SNIPPET is an id or a title of your snippets, else of any snippet you can see)');
    });
  });

  describe('wikis', () => {
    const R = ['-R', 'root/shop'];

    it('create takes --content, --content-file or stdin; list and get show the pages', async () => {
      expect(await json<Obj>(['wikis', 'create', ...R, '--title', 'Home', '--content', '# Home <b>x</b>'])).toMatchObject({ slug: 'Home', format: 'markdown' });
      writeFileSync(join(box.dir, 'deploy.md'), '# Deploy\n');
      expect(await json<Obj>(['wikis', 'create', ...R, '--title', 'guides/How To Deploy', '--content-file', join(box.dir, 'deploy.md')])).toMatchObject({ slug: 'guides/How-To-Deploy' });
      const piped = await box.run(['wikis', 'create', ...R, '--title', 'Notes', '--format', 'org', '-o', 'json'], { input: '* Notes\n' });
      expect(piped.exitCode).toBe(0);
      expect(JSON.parse(String(piped.stdout))).toMatchObject({ slug: 'Notes', format: 'org', content: '* Notes\n' });
      const list = await json<Obj[]>(['wikis', 'list', ...R]);
      expect(list.map((p) => p.slug)).toEqual(['Home', 'Notes', 'guides/How-To-Deploy']);
      expect((await json<Obj[]>(['wikis', 'list', ...R, '--with-content']))[0]).toHaveProperty('content');
      expect(String((await box.run(['wikis', 'get', 'guides/How-To-Deploy', ...R])).stdout)).toBe('# Deploy');
      expect(String((await box.run(['wikis', 'get', 'Home', ...R, '--html'])).stdout)).toBe('<h1>Home &lt;b&gt;x&lt;/b&gt;</h1>');
      expect((await box.run(['wikis', 'create', ...R, '--title', 'x'])).exitCode).toBe(2);
      expect((await box.run(['wikis', 'create', ...R, '--title', 'x', '--content', 'y', '--format', 'html'])).exitCode).toBe(2);
      expect((await box.run(['wikis', 'list'])).exitCode).toBe(2);
    });

    it('update changes content (also from stdin) and moves pages by title; history lists versions; get --at reads them', async () => {
      await json(['wikis', 'update', 'Home', ...R, '--content', 'v2']);
      const piped = await box.run(['wikis', 'update', 'Home', ...R], { input: 'v3' });
      expect(piped.exitCode).toBe(0);
      const history = await json<{ id: string; message: string }[]>(['wikis', 'history', 'Home', ...R]);
      expect(history.map((h) => h.message.trim())).toEqual(['root updated page: Home', 'root updated page: Home', 'root created page: Home']);
      expect(String((await box.run(['wikis', 'get', 'Home', ...R, '--at', history[1]!.id])).stdout)).toBe('v2');
      const moved = await json<Obj>(['wikis', 'update', 'Notes', ...R, '--title', 'archive/Old Notes']);
      expect(moved.slug).toBe('archive/Old-Notes');
      expect((await box.run(['wikis', 'get', 'Notes', ...R])).exitCode).toBe(3);
    });

    it('upload stores an attachment and prints its Markdown link', async () => {
      writeFileSync(join(box.dir, 'pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const a = await json<{ file_path: string; link: { markdown: string } }>(['wikis', 'upload', join(box.dir, 'pic.png'), ...R]);
      expect(a.file_path).toMatch(/^uploads\/[0-9a-f]{32}\/pic\.png$/);
      expect(a.link.markdown).toBe(`![pic.png](${a.file_path})`);
      const piped = await box.run(['wikis', 'upload', '-', '--filename', 'log.txt', ...R, '-o', 'json'], { input: 'log' });
      expect(JSON.parse(String(piped.stdout))).toMatchObject({ file_name: 'log.txt' });
      expect((await box.run(['wikis', 'upload', '-', ...R])).exitCode).toBe(2);
      // A UTF-8 name travels byte for byte, from the disk and from --filename.
      writeFileSync(join(box.dir, 'résumé.txt'), 'cv');
      expect(await json(['wikis', 'upload', join(box.dir, 'résumé.txt'), ...R])).toMatchObject({ file_name: 'résumé.txt' });
      const named = await box.run(['wikis', 'upload', '-', '--filename', '日本語.txt', ...R, '-o', 'json'], { input: 'x' });
      expect(JSON.parse(String(named.stdout))).toMatchObject({ file_name: '日本語.txt' });
    });

    it('edit opens $EDITOR on a terminal and saves only a changed page', async () => {
      const editor = join(box.dir, 'editor.sh');
      writeFileSync(editor, '#!/bin/sh\nprintf "edited in editor\\n" > "$1"\n');
      chmodSync(editor, 0o755);
      const inTty = (envEditor: string) =>
        execa('script', ['-qec', `${process.execPath} ${BIN} wikis edit Home -R root/shop`, '/dev/null'], {
          env: { ...cleanEnv(), ...box.env, EDITOR: envEditor, TERM: 'dumb' },
          extendEnv: false,
          reject: false,
          stdin: 'pipe',
          timeout: 60_000,
        });
      const before = (await json<unknown[]>(['wikis', 'history', 'Home', ...R])).length;
      const unchanged = await inTty('true');
      expect(unchanged.exitCode).toBe(0);
      expect(String(unchanged.stdout)).toContain('no changes');
      expect((await json<unknown[]>(['wikis', 'history', 'Home', ...R])).length).toBe(before);
      const changed = await inTty(editor);
      expect(changed.exitCode, String(changed.stdout)).toBe(0);
      expect(String((await box.run(['wikis', 'get', 'Home', ...R])).stdout)).toBe('edited in editor');
      expect((await json<unknown[]>(['wikis', 'history', 'Home', ...R])).length).toBe(before + 1);
      const noTty = await box.run(['wikis', 'edit', 'Home', ...R], { env: { EDITOR: editor } });
      expect(noTty.exitCode).toBe(2);
      expect(String(noTty.stderr)).toContain('needs a terminal');
    });

    it('attachments list shows what upload stored; download writes its bytes, never over a file without --clobber', async () => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]);
      writeFileSync(join(box.dir, 'chart.png'), bytes);
      const stored = await json<{ file_path: string }>(['wikis', 'upload', join(box.dir, 'chart.png'), ...R]);
      const listed = await json<Obj[]>(['wikis', 'attachments', 'list', ...R]);
      expect(listed.find((a) => a.file_path === stored.file_path)).toEqual({ file_name: 'chart.png', file_path: stored.file_path, branch: 'main', size: 8 });
      // Piped, a table row per attachment: its path first (what download takes), the size in bytes.
      expect(String((await box.run(['wikis', 'attachments', 'list', ...R])).stdout)).toContain(`${stored.file_path}\tchart.png\t8`);
      const out = join(box.dir, 'got.png');
      const got = await box.run(['wikis', 'attachments', 'download', stored.file_path, ...R, '-O', out]);
      expect(got.exitCode, String(got.stderr)).toBe(0);
      expect(String(got.stderr)).toContain(`wrote ${out} (8 bytes)`);
      expect(readFileSync(out)).toEqual(bytes);
      writeFileSync(out, 'mine');
      const again = await box.run(['wikis', 'attachments', 'download', stored.file_path, ...R, '-O', out]);
      expect(again.exitCode).toBe(5);
      expect(String(again.stderr)).toContain(`${out} exists`);
      expect(String(again.stderr)).toContain('--clobber');
      expect((await box.run(['wikis', 'attachments', 'download', stored.file_path, ...R, '-O', out, '--skip-existing'])).exitCode).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe('mine');
      expect((await box.run(['wikis', 'attachments', 'download', stored.file_path, ...R, '-O', out, '--clobber'])).exitCode).toBe(0);
      expect(readFileSync(out)).toEqual(bytes);
      const missing = await box.run(['wikis', 'attachments', 'download', 'uploads/0000/none.txt', ...R, '-O', join(box.dir, 'none.txt')]);
      expect(missing.exitCode).toBe(3);
      expect(existsSync(join(box.dir, 'none.txt'))).toBe(false);
      const notAttachment = await box.run(['wikis', 'attachments', 'download', 'Home.md', ...R]);
      expect(notAttachment.exitCode).toBe(2);
      expect(String(notAttachment.stderr)).toContain('uploads/');
    });

    it('delete confirms, then removes the page; group wikis take --group', async () => {
      expect((await box.run(['wikis', 'delete', 'archive/Old-Notes', ...R])).exitCode).toBe(2);
      expect((await box.run(['wikis', 'delete', 'archive/Old-Notes', ...R, '--yes'])).exitCode).toBe(0);
      expect((await box.run(['wikis', 'get', 'archive/Old-Notes', ...R])).exitCode).toBe(3);
      await json(['groups', 'create', '--path', 'team', '--name', 'Team']);
      expect(await json<Obj>(['wikis', 'create', '--group', 'team', '--title', 'Handbook', '--content', 'hi'])).toMatchObject({ slug: 'Handbook' });
      expect((await json<Obj[]>(['wikis', 'list', '--group', 'team'])).map((p) => p.slug)).toEqual(['Handbook']);
      expect((await box.run(['wikis', 'list', '--group', 'team', ...R])).exitCode).toBe(2);
    });
  });

  describe('through hostctl serve', () => {
    let serve: ResultPromise | undefined;
    let url: string;
    let token: string;
    beforeAll(async () => {
      token = (await json<{ token: string }>(['tokens', 'create', '--user', 'root', '--name', 'remote', '--scope', 'api'])).token;
      const served = await startServe(box);
      serve = served.proc;
      url = served.url;
    });
    afterAll(async () => {
      if (serve && (serve.exitCode === undefined || serve.exitCode === null)) serve.kill('SIGTERM');
      await serve?.catch(() => undefined);
    });
    const remote = (args: string[], input?: string) => box.run([...args, '--url', url], { env: { HOSTCTL_TOKEN: token }, ...(input !== undefined ? { input } : {}) });

    it('creates, reads raw and deletes a snippet, and creates and renders a page remotely', async () => {
      const created = await remote(['snippets', 'create', '--title', 'Remote', '--file', '-', '--filename', 'r.txt', '-o', 'json'], 'remote bytes\n');
      expect(created.exitCode, String(created.stderr)).toBe(0);
      const id = (JSON.parse(String(created.stdout)) as SnippetOut).id;
      expect(String((await remote(['snippets', 'raw', String(id)])).stdout)).toBe('remote bytes');
      expect((await remote(['snippets', 'delete', String(id), '--yes'])).exitCode).toBe(0);
      expect((await remote(['wikis', 'create', '-R', 'root/shop', '--title', 'Remote Page', '--content', '*hi*'])).exitCode).toBe(0);
      const upload = await remote(['wikis', 'upload', '-', '--filename', 'résumé.txt', '-R', 'root/shop', '-o', 'json'], 'cv');
      expect(JSON.parse(String(upload.stdout))).toMatchObject({ file_name: 'résumé.txt' });
      expect(String((await remote(['wikis', 'get', 'Remote-Page', '-R', 'root/shop', '--html'])).stdout)).toBe('<p><em>hi</em></p>');
    });

    it('lists and downloads wiki attachments remotely', async () => {
      const upload = await remote(['wikis', 'upload', '-', '--filename', 'remote.bin', '-R', 'root/shop', '-o', 'json'], 'remote attachment');
      const path = (JSON.parse(String(upload.stdout)) as { file_path: string }).file_path;
      const listed = JSON.parse(String((await remote(['wikis', 'attachments', 'list', '-R', 'root/shop', '-o', 'json'])).stdout)) as Obj[];
      expect(listed.find((a) => a.file_path === path)).toMatchObject({ file_name: 'remote.bin', size: 17 });
      const out = join(box.dir, 'remote.bin');
      const got = await remote(['wikis', 'attachments', 'download', path, '-R', 'root/shop', '-O', out]);
      expect(got.exitCode, String(got.stderr)).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe('remote attachment');
      expect(String((await remote(['wikis', 'attachments', 'download', path, '-R', 'root/shop', '-O', '-'])).stdout)).toBe('remote attachment');
    });
  });

  it('init --demo seeds snippets of every visibility, a project snippet and wiki pages with history and an attachment', async () => {
    const demo = cliSandbox();
    try {
      await demo.init(['--demo']);
      const all = await demo.json<SnippetOut[]>(['snippets', 'list', '--scope', 'all']);
      expect(new Set(all.map((s) => s.visibility))).toEqual(new Set(['public', 'internal', 'private']));
      expect(all.some((s) => s.files.length > 1)).toBe(true);
      expect(all.some((s) => s.project_id !== null)).toBe(true);
      const pages = await demo.json<Obj[]>(['wikis', 'list', '-R', 'acme/web/storefront']);
      expect(pages.map((p) => p.slug)).toEqual(expect.arrayContaining(['Home', 'guides/Deploying', 'Runbook']));
      expect((await demo.json<unknown[]>(['wikis', 'history', 'guides/Deploying', '-R', 'acme/web/storefront'])).length).toBe(3);
      expect(String((await demo.run(['wikis', 'get', 'guides/Deploying', '-R', 'acme/web/storefront'])).stdout)).toMatch(/!\[pipeline\.svg\]\(uploads\/[0-9a-f]{32}\/pipeline\.svg\)/);
      expect((await demo.json<Obj[]>(['wikis', 'list', '--group', 'acme'])).map((p) => p.slug)).toEqual(['Engineering-handbook']);
    } finally {
      demo.cleanup();
    }
  });
});
