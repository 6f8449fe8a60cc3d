// Reading repository content for the files, compare, diff, refs and merge-base endpoints: one
// blob at a path of a commit, the diffs between two trees (names and modes from `--raw -z`,
// hunks from the patch, matched in order), the refs that contain a commit, and merge bases.
// Paths travel as literal pathspecs (see exec.ts) and revisions are checked by the callers.
import { lines, runGit, text } from './exec.js';
import type { GitRepository } from './repository.js';

export interface BlobAtPath {
  path: string;
  mode: string;
  id: string;
  data: Buffer;
}

/** The blob at `path` in `commit`, or null when there is none (a directory, a submodule, nothing). */
export async function blobAt(repo: GitRepository, commit: string, path: string): Promise<BlobAtPath | null> {
  if (!repo.exists()) return null;
  const res = await runGit(repo.path, ['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', path], { okCodes: [128] });
  if (res.code !== 0) return null;
  for (const record of res.stdout.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, id] = record.slice(0, tab).split(' ') as [string, string, string];
    if (record.slice(tab + 1) !== path || type !== 'blob') continue;
    const obj = (await repo.readObjects([id])).get(id);
    if (!obj || obj.type !== 'blob') return null;
    return { path, mode, id, data: obj.data };
  }
  return null;
}

/** The newest commit reachable from `commit` that changed `path`. */
export async function lastCommitFor(repo: GitRepository, commit: string, path: string): Promise<string | null> {
  const res = await runGit(repo.path, ['rev-list', '--max-count=1', '--end-of-options', commit, '--', path], { okCodes: [128] });
  return res.code === 0 ? (lines(res)[0] ?? null) : null;
}

export interface FileDiff {
  oldPath: string;
  newPath: string;
  aMode: string;
  bMode: string;
  newFile: boolean;
  renamedFile: boolean;
  deletedFile: boolean;
  /** The hunks (from the first `@@`), or git's "Binary files … differ" line; '' when only the mode or name changed. */
  diff: string;
}

const NO_MODE = '000000';

/**
 * Diffs from tree-ish `from` (null: the empty tree, for a root commit) to `to`, renames
 * detected, in git's path order.
 */
export async function diffTrees(repo: GitRepository, from: string | null, to: string): Promise<FileDiff[]> {
  // Two object ids always diff the same: kept, so that paging through a large diff reads it once.
  const key = OBJECT_ID.test(to) && (from === null || OBJECT_ID.test(from)) ? `${from ?? ''}..${to}` : null;
  const known = key === null ? undefined : diffs.get(key);
  if (known) return known;
  const out = await readDiff(repo, from, to);
  if (key !== null) {
    const size = out.reduce((n, d) => n + d.diff.length + d.oldPath.length + d.newPath.length + 64, 0);
    if (size <= DIFF_BYTES_KEPT) {
      if (diffBytes + size > DIFF_BYTES_KEPT) {
        diffs.clear();
        diffBytes = 0;
      }
      diffs.set(key, out);
      diffBytes += size;
    }
  }
  return out;
}

const OBJECT_ID = /^[0-9a-f]{40}$/;
const diffs = new Map<string, FileDiff[]>();
let diffBytes = 0;
const DIFF_BYTES_KEPT = 32 * 1024 * 1024;

async function readDiff(repo: GitRepository, from: string | null, to: string): Promise<FileDiff[]> {
  const trees = from === null ? ['--root', '--end-of-options', to] : ['--end-of-options', from, to];
  const [raw, patch] = await Promise.all([
    runGit(repo.path, ['diff-tree', '-r', '-M', '--no-commit-id', '-z', '--raw', ...trees]),
    runGit(repo.path, ['diff-tree', '-r', '-M', '--no-commit-id', '-p', '--full-index', '--no-color', ...trees]),
  ]);
  const entries = parseRaw(raw.stdout.toString('utf8'));
  const sections = splitPatch(text(patch));
  return entries.map((e, i) => Object.assign(e, { diff: hunksOf(sections[i] ?? '') }));
}

/** `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0[<new path>\0]` records. */
function parseRaw(out: string): Omit<FileDiff, 'diff'>[] {
  const parts = out.split('\0');
  const entries: Omit<FileDiff, 'diff'>[] = [];
  for (let i = 0; i < parts.length; ) {
    const head = parts[i++];
    if (!head || !head.startsWith(':')) continue;
    const [aMode, bMode, , , status] = head.slice(1).split(' ') as [string, string, string, string, string];
    const first = parts[i++] ?? '';
    const renamed = status.startsWith('R') || status.startsWith('C');
    const second = renamed ? (parts[i++] ?? '') : first;
    entries.push({
      oldPath: first,
      newPath: second,
      aMode: aMode === NO_MODE ? '0' : aMode,
      bMode: bMode === NO_MODE ? '0' : bMode,
      newFile: status === 'A',
      renamedFile: status.startsWith('R'),
      deletedFile: status === 'D',
    });
  }
  return entries;
}

function splitPatch(patch: string): string[] {
  if (patch === '') return [];
  return patch.split(/^(?=diff --git )/m).filter((s) => s.startsWith('diff --git '));
}

function hunksOf(section: string): string {
  const at = section.search(/^@@ /m);
  if (at >= 0) return section.slice(at);
  const binary = /^Binary files .* differ$/m.exec(section);
  return binary ? `${binary[0]}\n` : '';
}

export interface CommitRef {
  type: 'branch' | 'tag';
  name: string;
}

/** Branches and tags whose history contains `commit`, branches first, each by name. */
export async function refsContaining(repo: GitRepository, commit: string, type: 'branch' | 'tag' | 'all'): Promise<CommitRef[]> {
  const branches = type !== 'tag' ? await repo.refsContaining('refs/heads/', commit) : NONE;
  const tags = type !== 'branch' ? await repo.refsContaining('refs/tags/', commit) : NONE;
  // The name lists are kept while the refs are unchanged, and so is the list made from them.
  let byTags = refLists.get(branches);
  if (!byTags) {
    byTags = new WeakMap();
    refLists.set(branches, byTags);
  }
  let out = byTags.get(tags);
  if (!out) {
    out = [...branches.map((name) => ({ type: 'branch' as const, name })), ...tags.map((name) => ({ type: 'tag' as const, name }))];
    byTags.set(tags, out);
  }
  return out;
}

const NONE: string[] = [];
const refLists = new WeakMap<readonly string[], WeakMap<readonly string[], CommitRef[]>>();

/** The best common ancestor of the commits, or null when they share no history. */
export async function mergeBase(repo: GitRepository, commits: readonly string[]): Promise<string | null> {
  const res = await runGit(repo.path, ['merge-base', '--end-of-options', ...commits], { okCodes: [1] });
  return res.code === 0 ? (lines(res)[0] ?? null) : null;
}

/** Commit ids reachable from `to` but not from `from`, oldest first. */
export async function commitsBetween(repo: GitRepository, from: string, to: string): Promise<string[]> {
  const res = await runGit(repo.path, ['rev-list', '--reverse', '--end-of-options', to, `^${from}`]);
  return lines(res);
}
