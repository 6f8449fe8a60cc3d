// JSON texts of presented entities (as UTF-8 bytes, ready for the socket), kept while the database stays in the generation they were
// presented under (src/core/db/generation.ts). A list page of unchanged rows is then answered
// from its rows' texts instead of presenting and serialising every row again, which is most of
// a large entity list's cost. Any write, by this process or another, starts the cache over.
//
// A text depends on more than its row: who is looking, the web base URLs are built on, the
// day (membership expiry) and the presenter's options. Callers name all of that in the scope.
import type { Database } from 'better-sqlite3';
import { dbGeneration } from '../db/generation.js';

/** Texts kept per cache at most, and scopes (viewers, bases, days); a full cache starts over. */
const MAX_TEXTS = 4096;
const MAX_SCOPES = 256;
const MAX_PAGES = 64;

/** What names one text within a scope: a row id, or a string naming a non-row entity. */
export type FragmentKey = number | string;

/** Joins JSON texts into the bytes of a JSON array. */
export function jsonArrayBytes(texts: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Content names given out (`contentKey`), by JSON text; a full map starts over. */
const contentIds = new Map<string, number>();
const MAX_CONTENT_IDS = 4096;
let lastContentId = 0;
/** Content names of frozen rows (a frozen row never changes: its name is its own for good). */
const frozenContentIds = new WeakMap<object, number>();

/**
 * A short name for a row's content, for the scope of texts that depend on the whole row (a
 * project row, for its branches): rows with the same JSON text get the same name, and a name is
 * never given to another text. Kept rows (frozen, shared by every read of a generation) are
 * serialised once; serialising the row on every request was a tenth of a branch page's cost.
 */
export function contentKey(row: object): number {
  const known = frozenContentIds.get(row);
  if (known !== undefined) return known;
  const text = JSON.stringify(row);
  let id = contentIds.get(text);
  if (id === undefined) {
    if (contentIds.size >= MAX_CONTENT_IDS) contentIds.clear();
    id = ++lastContentId;
    contentIds.set(text, id);
  }
  if (Object.isFrozen(row)) frozenContentIds.set(row, id);
  return id;
}

export class FragmentCache {
  private generation = '';
  private readonly scopes = new Map<string, Map<FragmentKey, Buffer>>();
  private size = 0;
  /** Whole pages joined from the texts, by scope and ids (joining is a copy of every byte). */
  private pages = new Map<string, Buffer>();

  constructor(private readonly db: Database) {}

  /**
   * The texts presented under `scope` in the current generation (empty after any write). Read
   * it after the rows of the page were read: a write between the two changes the generation.
   * `dataVersion`: other connections' commits as read after the request arrived (serve's
   * arrival check, `ctx.dataVersion`), as for the token cache; read here when not given.
   */
  texts(scope: string, dataVersion?: number): Map<FragmentKey, Buffer> {
    const now = dbGeneration(this.db, dataVersion);
    if (now !== this.generation) {
      this.scopes.clear();
      this.pages.clear();
      this.size = 0;
      this.generation = now;
    }
    let texts = this.scopes.get(scope);
    if (!texts) {
      if (this.scopes.size >= MAX_SCOPES) {
        this.scopes.clear();
        this.size = 0;
      }
      texts = new Map();
      this.scopes.set(scope, texts);
    }
    return texts;
  }

  /**
   * The texts of `ids` joined by `join`, kept for the generation `texts(scope)` last saw (call it
   * after `texts`, in the same transaction).
   */
  joined(scope: string, ids: readonly FragmentKey[], join: () => Buffer): Buffer {
    const key = `${scope}\n${ids.join('\0')}`;
    let bytes = this.pages.get(key);
    if (!bytes) {
      bytes = join();
      if (this.pages.size >= MAX_PAGES) this.pages = new Map();
      this.pages.set(key, bytes);
    }
    return bytes;
  }

  /** Remembers the text of `id` in a map `texts` returned. */
  add(texts: Map<FragmentKey, Buffer>, id: FragmentKey, text: Buffer): void {
    if (this.size >= MAX_TEXTS) {
      for (const other of this.scopes.values()) other.clear();
      this.size = 0;
    }
    texts.set(id, text);
    this.size += 1;
  }
}

const caches = new WeakMap<Database, Map<string, FragmentCache>>();

/** The cache of one kind of entity ("project", ...) on one connection. */
export function fragmentsOf(db: Database, kind: string): FragmentCache {
  let byKind = caches.get(db);
  if (!byKind) caches.set(db, (byKind = new Map()));
  let cache = byKind.get(kind);
  if (!cache) byKind.set(kind, (cache = new FragmentCache(db)));
  return cache;
}

/**
 * The texts of a page's `keys`, in order: those `texts` (a map `cache.texts(scope)` returned
 * before the page's rows were read) holds, and the others presented by `present` (given the
 * missing keys in order, it answers their entities in that order), serialised and kept.
 */
export async function keptTexts<K extends FragmentKey>(
  cache: FragmentCache,
  texts: Map<FragmentKey, Buffer>,
  keys: readonly K[],
  present: (missing: K[]) => unknown[] | Promise<unknown[]>,
): Promise<Buffer[]> {
  // Taken first: keeping new texts may start a full cache over.
  const out = keys.map((k) => texts.get(k));
  const missing = keys.filter((_, i) => out[i] === undefined);
  if (missing.length === 0) return out as Buffer[];
  const presented = await present(missing);
  const made = new Map<FragmentKey, Buffer>();
  missing.forEach((k, i) => {
    const text = Buffer.from(JSON.stringify(presented[i]), 'utf8');
    made.set(k, text);
    cache.add(texts, k, text);
  });
  return out.map((t, i) => t ?? (made.get(keys[i] as K) as Buffer));
}
