// Remembers which token and user a presented secret resolved to, so a busy client costs one
// tiny query per request instead of two lookups. The cache is only trusted while the database
// is exactly as it was when the entry was made: SQLite's `data_version` changes as soon as any
// other connection (another process, such as a CLI revoking the token) commits, and
// `total_changes()` counts this connection's own writes. Either moving empties the cache, so a
// revocation, expiry change or blocked user is seen by the very next request.
import type { Database } from 'better-sqlite3';
import type { TokenRow, UserRow } from '../db/rows.js';
import { dbGeneration } from '../db/generation.js';

interface Entry {
  token: TokenRow;
  user: UserRow | null;
}

/** Entries kept at most; a full cache starts over (busy instances have few distinct tokens). */
const MAX_ENTRIES = 1024;

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  private stamp = '';

  constructor(private readonly db: Database) {}

  /** The current state of the database, as a comparable string (see dbGeneration). */
  private current(dataVersion?: number): string {
    return dbGeneration(this.db, dataVersion);
  }

  /**
   * The cached resolution of `secret`, valid only if nothing was written since it was cached.
   * `dataVersion`: other connections' commits as read after this request arrived (serve).
   */
  get(secret: string, dataVersion?: number): Entry | undefined {
    const now = this.current(dataVersion);
    if (now !== this.stamp) {
      this.entries.clear();
      this.stamp = now;
      return undefined;
    }
    return this.entries.get(secret);
  }

  /**
   * Remembers a lookup made just now. Called right after `get` and the two reads, with no write
   * in between, so the stamp taken by `get` still describes the rows being cached.
   */
  set(secret: string, token: TokenRow, user: UserRow | null, dataVersion?: number): void {
    if (this.current(dataVersion) !== this.stamp) {
      this.entries.clear();
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(secret, { token, user });
  }
}

const caches = new WeakMap<Database, TokenCache>();

/** The cache of one database connection. */
export function tokenCacheOf(db: Database): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TokenCache(db);
    caches.set(db, cache);
  }
  return cache;
}
