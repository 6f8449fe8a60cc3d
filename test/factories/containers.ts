// Snippets, project wikis and group wikis with real repositories, made directly in the core
// (a row and a bare repository with one commit) for storage-move tests. The snippet and wiki
// APIs live elsewhere; once they are on the same branch these can be made through the API.
import { execFileSync } from 'node:child_process';
import type { Instance } from '../helpers/instance.js';

const WHO = { name: 'Test', email: 'test@example.com', time: new Date('2026-01-15T10:00:00Z') };

/** Inserts a personal snippet row owned by root and gives it a repository with one file. */
export function createSnippetWithRepository(inst: Instance, opts: { storage?: string; title?: string; projectId?: number } = {}): { id: number; storage: string } {
  const core = inst.core;
  const storage = opts.storage ?? 'default';
  const now = core.nowIso();
  const rootId = (core.db.prepare("SELECT id FROM users WHERE username = 'root'").get() as { id: number }).id;
  const info = core.db
    .prepare('INSERT INTO snippets (project_id, author_id, title, visibility, repository_storage, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(opts.projectId ?? null, rootId, opts.title ?? 'test snippet', 'private', storage, now, now);
  const id = Number(info.lastInsertRowid);
  const repo = core.repos.snippet({ id, repository_storage: storage });
  repo.initSync('main');
  repo.initialCommitSync('main', { path: 'snippet.txt', content: `snippet ${id}\n` }, 'Create snippet', WHO, WHO);
  return { id, storage };
}

/** Gives a group a wiki repository with one page on the group's storage. */
export function createGroupWiki(inst: Instance, groupId: number): void {
  const row = inst.core.db.prepare('SELECT id, repository_storage FROM namespaces WHERE id = ?').get(groupId) as { id: number; repository_storage: string };
  const repo = inst.core.repos.groupWiki(row);
  repo.initSync('main');
  repo.initialCommitSync('main', { path: 'home.md', content: '# Home\n' }, 'Create home', WHO, WHO);
}

/** Gives a project a wiki repository with one page on the project's storage. */
export function createProjectWiki(inst: Instance, projectId: number): void {
  const row = inst.core.db.prepare('SELECT id, repository_storage FROM projects WHERE id = ?').get(projectId) as { id: number; repository_storage: string };
  const repo = inst.core.repos.projectWiki(row);
  repo.initSync('main');
  repo.initialCommitSync('main', { path: 'home.md', content: '# Home\n' }, 'Create home', WHO, WHO);
}

/** `git fsck` of a bare repository; throws when git finds a problem. */
export const fsck = (dir: string): void => {
  execFileSync('git', ['--git-dir', dir, 'fsck', '--full', '--no-progress'], { stdio: 'pipe', env: { PATH: process.env.PATH ?? '', HOME: '/tmp', GIT_CONFIG_NOSYSTEM: '1' } });
};

/** Refs of a bare repository (`<sha> <ref>` lines). */
export const refsOf = (dir: string): string =>
  execFileSync('git', ['--git-dir', dir, 'for-each-ref', '--format=%(objectname) %(refname)'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: '/tmp', GIT_CONFIG_NOSYSTEM: '1' } });
