// Writing git objects without running git: an object is its type, size and content hashed with
// SHA-1 and stored zlib-compressed as a loose object file, exactly as `git hash-object -w` stores
// it. A commit's trees are built incrementally: only the directories on the paths that change
// are read (through the repository's object reader) and written again; every other subtree keeps
// its id. Files are written under a temporary name and renamed into place, so a reader (or
// another writer of the same object) never sees a partial object.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Signature, TreeChange } from './repository.js';

type Crypto = typeof import('node:crypto');
type Zlib = typeof import('node:zlib');

// Loaded on the first write: opening the core for a read never pays for them.
let libs: Promise<{ crypto: Crypto; zlib: Zlib }> | null = null;
const load = () => (libs ??= Promise.all([import('node:crypto'), import('node:zlib')]).then(([crypto, zlib]) => ({ crypto, zlib })));

let seq = 0;

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Stores one object; returns its id. */
export async function writeObject(gitDir: string, type: string, content: Uint8Array): Promise<string> {
  const { crypto, zlib } = await load();
  const header = Buffer.from(`${type} ${content.length}\0`, 'latin1');
  const id = crypto.createHash('sha1').update(header).update(content).digest('hex');
  const file = objectFile(gitDir, id);
  if (existsSync(file)) return id;
  const packed = await new Promise<Buffer>((resolve, reject) =>
    zlib.deflate(Buffer.concat([header, content]), { level: 1 }, (error, out) => (error ? reject(error) : resolve(out))),
  );
  storeLoose(file, packed);
  return id;
}

/**
 * The synchronous form, for the few objects written inside a database transaction (a new
 * project's README commit): the same bytes, without the git processes that would cost more
 * than the write.
 */
export function writeObjectSync(gitDir: string, type: string, content: Uint8Array): string {
  const require = createRequire(import.meta.url);
  const crypto = require('node:crypto') as Crypto;
  const zlib = require('node:zlib') as Zlib;
  const header = Buffer.from(`${type} ${content.length}\0`, 'latin1');
  const id = crypto.createHash('sha1').update(header).update(content).digest('hex');
  const file = objectFile(gitDir, id);
  if (!existsSync(file)) storeLoose(file, zlib.deflateSync(Buffer.concat([header, content]), { level: 1 }));
  return id;
}

const objectFile = (gitDir: string, id: string): string => join(gitDir, 'objects', id.slice(0, 2), id.slice(2));

/** Puts a compressed object in place under a temporary name first, so no reader sees part of it. */
function storeLoose(file: string, packed: Buffer): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `tmp_obj_${process.pid}_${(seq++).toString(36)}`);
  try {
    writeFileSync(temp, packed, { mode: 0o444 });
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

// ---- identities ---------------------------------------------------------------------------

/** git's "crud" around a name or email: stripped from both ends. */
const crud = (c: number): boolean => c <= 32 || c === 0x2c || c === 0x3a || c === 0x3b || c === 0x3c || c === 0x3e || c === 0x22 || c === 0x5c || c === 0x27;

/** A name or email as git writes it into an identity line. */
export function identPart(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && crud(value.charCodeAt(start))) start++;
  while (end > start && crud(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end).replace(/[\n<>]/g, '');
}

export function identLine(who: Signature): string {
  const name = identPart(who.name) || identPart(who.email) || 'unknown';
  return `${name} <${identPart(who.email)}> ${Math.floor(who.time.getTime() / 1000)} +0000`;
}

/** The text of a commit object, as `git commit-tree` writes it (the message verbatim). */
export function commitText(tree: string, parents: readonly string[], message: string, author: Signature, committer: Signature): string {
  let head = `tree ${tree}\n`;
  for (const p of parents) head += `parent ${p}\n`;
  return `${head}author ${identLine(author)}\ncommitter ${identLine(committer)}\n\n${message}`;
}

// ---- trees --------------------------------------------------------------------------------

export interface RawTreeEntry {
  mode: string;
  /** The name as stored (bytes), so names that are not UTF-8 survive a rewrite. */
  raw: Buffer;
  sha: string;
}

/** Entries of a tree object, by name. */
export function parseTree(data: Buffer): Map<string, RawTreeEntry> {
  const out = new Map<string, RawTreeEntry>();
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    const nul = data.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > data.length) break;
    const mode = data.toString('latin1', pos, space);
    const raw = data.subarray(space + 1, nul);
    out.set(raw.toString('utf8'), { mode, raw: Buffer.from(raw), sha: data.toString('hex', nul + 1, nul + 21) });
    pos = nul + 21;
  }
  return out;
}

const isTreeMode = (mode: string): boolean => mode === '40000' || mode === '040000';

/** Serialises entries in git's order (a directory sorts as if its name ended with '/'). */
export function serializeTree(entries: Iterable<RawTreeEntry>): Buffer {
  const list = [...entries].map((e) => ({ e, key: isTreeMode(e.mode) ? Buffer.concat([e.raw, Buffer.from('/')]) : e.raw }));
  list.sort((a, b) => Buffer.compare(a.key, b.key));
  const parts: Buffer[] = [];
  for (const { e } of list) {
    parts.push(Buffer.from(`${isTreeMode(e.mode) ? '40000' : e.mode} `, 'latin1'), e.raw, Buffer.from([0]), Buffer.from(e.sha, 'hex'));
  }
  return Buffer.concat(parts);
}

type Change = { kind: 'file'; mode: string; sha: string } | { kind: 'remove' } | { kind: 'dir'; node: ChangeNode };
type ChangeNode = Map<string, Change>;

function changeTree(changes: readonly TreeChange[]): ChangeNode {
  const root: ChangeNode = new Map();
  for (const c of changes) {
    const parts = c.path.split('/');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const name = parts[i] as string;
      const existing = node.get(name);
      if (existing?.kind === 'file') {
        node = new Map();
        break;
      }
      if (existing?.kind === 'dir') node = existing.node;
      else {
        const next: ChangeNode = new Map();
        node.set(name, { kind: 'dir', node: next });
        node = next;
      }
    }
    const leaf = parts[parts.length - 1] as string;
    if ('remove' in c) {
      if (!node.has(leaf)) node.set(leaf, { kind: 'remove' });
    } else node.set(leaf, { kind: 'file', mode: c.mode, sha: c.sha });
  }
  return root;
}

/**
 * Applies path changes to `base` (null: the empty tree) and stores the trees that changed.
 * `readTree` gives a stored tree's contents. Directories left empty disappear, as in git.
 */
export async function writeTreeChanges(
  gitDir: string,
  base: string | null,
  changes: readonly TreeChange[],
  readTree: (id: string) => Promise<Buffer | null>,
): Promise<string> {
  const build = async (node: ChangeNode, baseId: string | null): Promise<string | null> => {
    const data = baseId ? await readTree(baseId) : null;
    if (baseId && !data) throw new Error(`tree ${baseId} is missing`);
    const entries = data ? parseTree(data) : new Map<string, RawTreeEntry>();
    const subtrees: Promise<void>[] = [];
    for (const [name, change] of node) {
      if (change.kind === 'remove') entries.delete(name);
      else if (change.kind === 'file') entries.set(name, { mode: change.mode, raw: Buffer.from(name, 'utf8'), sha: change.sha });
      else {
        const before = entries.get(name);
        const from = before && isTreeMode(before.mode) ? before.sha : null;
        subtrees.push(
          build(change.node, from).then((id) => {
            if (id === null) entries.delete(name);
            else entries.set(name, { mode: '40000', raw: before?.raw ?? Buffer.from(name, 'utf8'), sha: id });
          }),
        );
      }
    }
    await Promise.all(subtrees);
    if (entries.size === 0) return null;
    return writeObject(gitDir, 'tree', serializeTree(entries.values()));
  };
  const id = await build(changeTree(changes), base);
  return id ?? writeObject(gitDir, 'tree', Buffer.alloc(0));
}
