import { describe, expect, it } from 'vitest';
import { ActionError, applyActions, resolveChanges } from './tree-actions.js';
import type { TreeEntry } from './repository.js';

const tree = (paths: string[]): Map<string, TreeEntry> => new Map(paths.map((p, i) => [p, { mode: '100644', type: 'blob', sha: String(i).padStart(40, '0') }]));

describe('tree actions', () => {
  it('applies actions in order and reports only the changes', () => {
    const t = tree(['README.md', 'src/a.txt', 'src/b.txt']);
    const applied = applyActions(t, [
      { action: 'create', filePath: 'docs/new.md', content: 0 },
      { action: 'move', filePath: 'lib/a.txt', previousPath: 'src/a.txt' },
      { action: 'update', filePath: 'docs/new.md', content: 1 },
      { action: 'delete', filePath: 'src/b.txt' },
      { action: 'chmod', filePath: 'README.md', executeFilemode: true },
    ]);
    const changes = resolveChanges(applied, ['c0'.padEnd(40, '0'), 'c1'.padEnd(40, '0')]);
    expect(changes).toEqual([
      { path: 'src/a.txt', remove: true },
      { path: 'src/b.txt', remove: true },
      { path: 'README.md', mode: '100755', sha: '0'.repeat(40) },
      { path: 'docs/new.md', mode: '100644', sha: 'c1'.padEnd(40, '0') },
      { path: 'lib/a.txt', mode: '100644', sha: `${'0'.repeat(39)}1` },
    ]);
  });

  it('refuses conflicts with the platform messages', () => {
    const t = tree(['a/b.txt', 'file']);
    const fails = (action: Parameters<typeof applyActions>[1][number]) => () => applyActions(t, [action]);
    expect(fails({ action: 'create', filePath: 'a/b.txt', content: 0 })).toThrow(new ActionError('A file with this name already exists'));
    expect(fails({ action: 'create', filePath: 'a', content: 0 })).toThrow('A directory with this name already exists');
    expect(fails({ action: 'create', filePath: 'file/x', content: 0 })).toThrow('A file with this name already exists');
    expect(fails({ action: 'update', filePath: 'nope', content: 0 })).toThrow("A file with this name doesn't exist");
    expect(fails({ action: 'create', filePath: '../x', content: 0 })).toThrow('Path cannot include directory traversal');
    expect(fails({ action: 'create', filePath: '.git/hooks/x', content: 0 })).toThrow("invalid path: '.git/hooks/x'");
    expect(fails({ action: 'move', filePath: 'ok', previousPath: '../x' })).toThrow('Path cannot include directory traversal');
  });

  it('lets a file replace a directory emptied earlier in the same commit', () => {
    const applied = applyActions(tree(['a/b.txt']), [
      { action: 'delete', filePath: 'a/b.txt' },
      { action: 'create', filePath: 'a', content: 0 },
    ]);
    expect(applied.changes).toEqual([{ path: 'a/b.txt', remove: true }, { path: 'a', mode: '100644', content: 0 }]);
  });
});
