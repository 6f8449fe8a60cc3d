import { describe, expect, it } from 'vitest';
import { RepositoryStore } from './store.js';

describe('RepositoryStore.containerOf', () => {
  it('names the container of each kind of repository path, the inverse of the path functions', () => {
    expect(RepositoryStore.containerOf(RepositoryStore.projectRelativePath(12))).toEqual({ kind: 'project', id: 12 });
    expect(RepositoryStore.containerOf(RepositoryStore.projectWikiRelativePath(12))).toEqual({ kind: 'project_wiki', id: 12 });
    expect(RepositoryStore.containerOf(RepositoryStore.groupWikiRelativePath(7))).toEqual({ kind: 'group_wiki', id: 7 });
    expect(RepositoryStore.containerOf(RepositoryStore.snippetRelativePath(3))).toEqual({ kind: 'snippet', id: 3 });
  });

  it('names none for other paths (a move scratch copy, a group without wiki suffix, a snippet wiki)', () => {
    for (const path of ['@moves/1-project.git', '@groups/7.git', '@snippets/3.wiki.git', '@projects/x.git', '@projects/12.git/objects', 'other/12.git']) {
      expect(RepositoryStore.containerOf(path)).toBeNull();
    }
  });

  it('tells the listener of each write through the repositories it hands out, with their storage and path', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-store-'));
    const heard: string[] = [];
    const store = new RepositoryStore(dir, () => ({ default: 'repos' }), {
      starting: (storage, relative) => heard.push(`${storage}:${relative}`),
      ended: (storage, relative) => heard.push(`ended ${storage}:${relative}`),
    });
    try {
      const repo = store.project({ id: 5, repository_storage: 'default' });
      repo.initSync('main');
      const who = { name: 'a', email: 'a@example.com', time: new Date(0) };
      repo.initialCommitSync('main', { path: 'README.md', content: 'x\n' }, 'init', who, who);
      expect(heard.length).toBeGreaterThanOrEqual(2);
      heard.length = 0;
      await repo.setHead('main');
      expect(heard).toEqual(['default:@projects/5.git']);
      heard.length = 0;
      repo.remove();
      // Removed as a registered write: heard before it, as every write.
      expect(heard).toEqual(['default:@projects/5.git']);
      heard.length = 0;
      // Created as a whole (no writer record can be there before): heard before and after.
      repo.initSync('main');
      expect(heard).toEqual(['default:@projects/5.git', 'ended default:@projects/5.git']);
      repo.remove();
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
