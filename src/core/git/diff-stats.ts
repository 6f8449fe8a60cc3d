// Line statistics of a commit (what `git diff-tree --numstat --no-renames` adds up) computed
// in-process: the two trees are compared recursively, skipping every subtree whose id did not
// change, and each changed file's lines are compared with a shortest edit script (Myers), whose
// additions and deletions are the same for every minimal script. Binary files (a NUL byte in
// the first 8,000 bytes, git's test) count nothing, as in git's numstat. Whatever is too large
// to be certain of a cheap answer returns null and the caller asks git.
import { parseTree } from './object-writer.js';

export interface LineStats {
  additions: number;
  deletions: number;
}

/** Cost bounds beyond which git is asked instead. */
const MAX_FILES = 200;
const MAX_BYTES = 1 << 20;
// Below xdiff's own cost cut-off (256), where git's script is minimal too.
const MAX_EDIT = 250;

const isTree = (mode: string): boolean => mode === '40000' || mode === '040000';
const isBinary = (data: Buffer): boolean => data.subarray(0, 8000).includes(0);

/** Lines with their terminators, so that a missing final newline is a change, as in git. */
function splitLines(data: Buffer): string[] {
  const text = data.toString('latin1');
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    out.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** Length of the shortest edit script between `a` and `b`, or null past the bound. */
function editDistance(a: string[], b: string[]): number | null {
  let s = 0;
  let ea = a.length;
  let eb = b.length;
  while (s < ea && s < eb && a[s] === b[s]) s++;
  while (ea > s && eb > s && a[ea - 1] === b[eb - 1]) {
    ea--;
    eb--;
  }
  const n = ea - s;
  const m = eb - s;
  if (n === 0 || m === 0) return n + m;
  const max = Math.min(n + m, MAX_EDIT);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number)) ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[s + x] === b[s + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return null;
}

/**
 * Additions and deletions between two trees (null: empty), or null when git should be asked.
 * `read` gives an object's type and contents.
 */
export async function treeLineStats(
  from: string | null,
  to: string,
  read: (id: string) => Promise<{ type: string; data: Buffer } | null>,
): Promise<LineStats | null> {
  const pairs: [string | null, string | null][] = [];
  let tooMany = false;
  const walk = async (a: string | null, b: string | null): Promise<void> => {
    if (a === b || tooMany) return;
    const [ta, tb] = await Promise.all([a ? read(a) : null, b ? read(b) : null]);
    const ea = ta ? parseTree(ta.data) : new Map();
    const eb = tb ? parseTree(tb.data) : new Map();
    const jobs: Promise<void>[] = [];
    for (const name of new Set([...ea.keys(), ...eb.keys()])) {
      const x = ea.get(name);
      const y = eb.get(name);
      if (x && y && x.sha === y.sha && x.mode === y.mode) continue;
      const xt = x && isTree(x.mode) ? x.sha : null;
      const yt = y && isTree(y.mode) ? y.sha : null;
      if (xt || yt) jobs.push(walk(xt, yt));
      // Submodule commits have no lines; anything else that is not a tree is a file.
      const xf = x && !isTree(x.mode) && x.mode !== '160000' ? x.sha : null;
      const yf = y && !isTree(y.mode) && y.mode !== '160000' ? y.sha : null;
      if ((xf || yf) && xf !== yf) pairs.push([xf, yf]);
      if (pairs.length > MAX_FILES) tooMany = true;
    }
    await Promise.all(jobs);
  };
  await walk(from, to);
  if (tooMany) return null;
  let additions = 0;
  let deletions = 0;
  for (const [x, y] of pairs) {
    const [bx, by] = await Promise.all([x ? read(x) : null, y ? read(y) : null]);
    if ((x && !bx) || (y && !by)) return null;
    const dx = bx?.data ?? Buffer.alloc(0);
    const dy = by?.data ?? Buffer.alloc(0);
    if (dx.length > MAX_BYTES || dy.length > MAX_BYTES) return null;
    if (isBinary(dx) || isBinary(dy)) continue;
    const la = splitLines(dx);
    const lb = splitLines(dy);
    const d = editDistance(la, lb);
    if (d === null) return null;
    // d = additions + deletions, and additions - deletions = the change in line count.
    const added = (d + lb.length - la.length) / 2;
    additions += added;
    deletions += d - added;
  }
  return { additions, deletions };
}
