// The file actions of one commit (create, update, delete, move, chmod) applied to a tree
// listing, in order, with the platform's refusals: a file that already exists, one that does
// not, a directory in the way, a path that climbs out of the tree. Pure: the caller stores the
// contents and writes the resulting changes.
import { checkFilePath } from './names.js';
import type { TreeChange, TreeEntry } from './repository.js';

export type FileActionKind = 'create' | 'update' | 'delete' | 'move' | 'chmod';

export interface FileAction {
  action: FileActionKind;
  filePath: string;
  previousPath?: string;
  /** Index into the contents the caller stores (absent: no new content). */
  content?: number;
  executeFilemode?: boolean;
}

export class ActionError extends Error {}

const REGULAR = '100644';
const EXECUTABLE = '100755';

interface Slot {
  mode: string;
  sha?: string;
  content?: number;
}

function pathError(path: string): ActionError | null {
  switch (checkFilePath(path)) {
    case 'empty':
      return new ActionError('You must provide a file path');
    case 'traversal':
      return new ActionError('Path cannot include directory traversal');
    case 'invalid':
      return new ActionError(`invalid path: '${path}'`);
    default:
      return null;
  }
}

class WorkingTree {
  readonly files = new Map<string, Slot>();
  private readonly dirs = new Map<string, number>();

  constructor(entries: Map<string, TreeEntry>) {
    for (const [path, e] of entries) this.add(path, { mode: e.mode, sha: e.sha });
  }

  private parents(path: string): string[] {
    const parts = path.split('/');
    const out: string[] = [];
    for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
    return out;
  }

  add(path: string, slot: Slot): void {
    if (!this.files.has(path)) for (const d of this.parents(path)) this.dirs.set(d, (this.dirs.get(d) ?? 0) + 1);
    this.files.set(path, slot);
  }

  remove(path: string): void {
    if (!this.files.delete(path)) return;
    for (const d of this.parents(path)) {
      const n = (this.dirs.get(d) ?? 1) - 1;
      if (n === 0) this.dirs.delete(d);
      else this.dirs.set(d, n);
    }
  }

  /** Refusals for putting a new file at `path`. */
  checkFree(path: string): void {
    if (this.files.has(path)) throw new ActionError('A file with this name already exists');
    if (this.dirs.has(path)) throw new ActionError('A directory with this name already exists');
    if (this.parents(path).some((d) => this.files.has(d))) throw new ActionError('A file with this name already exists');
  }

  existing(path: string): Slot {
    const slot = this.files.get(path);
    if (!slot) throw new ActionError("A file with this name doesn't exist");
    return slot;
  }
}

export interface AppliedActions {
  /** Changes against the original tree; `contentIndex` entries still need their blob id. */
  changes: ({ path: string; remove: true } | { path: string; mode: string; sha?: string; content?: number })[];
}

export function applyActions(tree: Map<string, TreeEntry>, actions: readonly FileAction[]): AppliedActions {
  const work = new WorkingTree(tree);
  for (const a of actions) {
    const bad = pathError(a.filePath) ?? (a.action === 'move' ? pathError(a.previousPath ?? '') : null);
    if (bad) throw bad;
    switch (a.action) {
      case 'create':
        work.checkFree(a.filePath);
        work.add(a.filePath, { mode: REGULAR, ...(a.content !== undefined ? { content: a.content } : {}) });
        break;
      case 'update': {
        const slot = work.existing(a.filePath);
        work.add(a.filePath, { mode: slot.mode, ...(a.content !== undefined ? { content: a.content } : slot.sha ? { sha: slot.sha } : {}) });
        break;
      }
      case 'delete':
        work.existing(a.filePath);
        work.remove(a.filePath);
        break;
      case 'move': {
        const from = a.previousPath as string;
        const slot = work.existing(from);
        if (from !== a.filePath) {
          work.remove(from);
          try {
            work.checkFree(a.filePath);
          } catch (error) {
            work.add(from, slot);
            throw error;
          }
        }
        const moved: Slot = { mode: slot.mode };
        if (a.content !== undefined) moved.content = a.content;
        else if (slot.content !== undefined) moved.content = slot.content;
        else if (slot.sha !== undefined) moved.sha = slot.sha;
        work.add(a.filePath, moved);
        break;
      }
      case 'chmod': {
        const slot = work.existing(a.filePath);
        work.add(a.filePath, Object.assign({}, slot, { mode: a.executeFilemode ? EXECUTABLE : REGULAR }));
        break;
      }
    }
  }
  const changes: AppliedActions['changes'] = [];
  for (const path of tree.keys()) if (!work.files.has(path)) changes.push({ path, remove: true });
  for (const [path, slot] of work.files) {
    const before = tree.get(path);
    if (before && slot.content === undefined && before.sha === slot.sha && before.mode === slot.mode) continue;
    changes.push({ path, mode: slot.mode, ...(slot.sha ? { sha: slot.sha } : {}), ...(slot.content !== undefined ? { content: slot.content } : {}) });
  }
  return { changes };
}

/** Fills in the blob ids of the stored contents (callers give every created file a content). */
export function resolveChanges(applied: AppliedActions, blobIds: readonly string[]): TreeChange[] {
  return applied.changes.map((c) => {
    if ('remove' in c) return c;
    const sha = c.content !== undefined ? blobIds[c.content] : c.sha;
    if (!sha) throw new Error(`no content stored for ${c.path}`);
    return { path: c.path, mode: c.mode, sha };
  });
}
