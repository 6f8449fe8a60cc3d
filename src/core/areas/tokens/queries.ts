// SQL of the personal access tokens area.
import type { TokenRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { isoDate } from '../../clock.js';
import { patternSearch } from '../../db/sql.js';

/** A token expires at the start of its expires_at day (UTC). */
export const isTokenExpired = (token: Pick<TokenRow, 'expires_at'>, now: Date): boolean =>
  token.expires_at !== null && token.expires_at <= isoDate(now);

export const tokenById = (core: CoreState, id: number): TokenRow | undefined =>
  core.db.prepare('SELECT * FROM personal_access_tokens WHERE id = ?').get(id) as TokenRow | undefined;

/** Revokes every active token linked to `token` through rotation, in both directions. */
export function revokeTokenFamily(core: CoreState, token: TokenRow): number {
  const now = core.nowIso();
  const info = core.db
    .prepare(
      `WITH RECURSIVE
         root(id) AS (
           SELECT ? UNION SELECT t.previous_personal_access_token_id FROM personal_access_tokens t JOIN root ON t.id = root.id
           WHERE t.previous_personal_access_token_id IS NOT NULL),
         family(id) AS (
           SELECT id FROM root UNION SELECT t.id FROM personal_access_tokens t JOIN family ON t.previous_personal_access_token_id = family.id)
       UPDATE personal_access_tokens SET revoked = 1, updated_at = ? WHERE revoked = 0 AND id IN (SELECT id FROM family)`,
    )
    .run(token.id, now);
  return info.changes;
}

export interface TokenFilter {
  userId?: number;
  createdAfter?: string;
  createdBefore?: string;
  expiresAfter?: string;
  expiresBefore?: string;
  lastUsedAfter?: string;
  lastUsedBefore?: string;
  revoked?: boolean;
  search?: string;
  state?: 'active' | 'inactive';
  sort?: string;
  today: string;
}

// The platform's orders (its finder's `sort`, a free string), ties broken by the newest id; NULLs
// sort as its database does (last when ascending, first when descending). The platform ignores
// a sort it does not know, so unknown values keep the default order.
const CREATED_ASC = 'created_at ASC, id ASC';
const CREATED_DESC = 'created_at DESC, id DESC';
const UPDATED_ASC = 'updated_at ASC, id ASC';
const UPDATED_DESC = 'updated_at DESC, id DESC';
const EXPIRES_ASC = 'expires_at IS NULL, expires_at ASC, id DESC';
const SORTS: Record<string, string> = {
  created_asc: CREATED_ASC,
  created_at_asc: CREATED_ASC,
  created_date: CREATED_DESC,
  created_desc: CREATED_DESC,
  created_at_desc: CREATED_DESC,
  id_asc: 'id ASC',
  id_desc: 'id DESC',
  updated_asc: UPDATED_ASC,
  updated_at_asc: UPDATED_ASC,
  updated_desc: UPDATED_DESC,
  updated_at_desc: UPDATED_DESC,
  expires_asc: EXPIRES_ASC,
  expires_at_asc_id_desc: EXPIRES_ASC,
  expires_desc: 'expires_at IS NOT NULL, expires_at DESC, id DESC',
  last_used_asc: 'last_used_at IS NULL, last_used_at ASC, id DESC',
  last_used_desc: 'last_used_at IS NOT NULL, last_used_at DESC, id DESC',
  name_asc: 'lower(name) ASC, id ASC',
  name_desc: 'lower(name) DESC, id DESC',
};

export const TOKEN_SORTS = Object.keys(SORTS);

/** True when only the owner narrows the list, so the trigger-kept count applies. */
export const isUnfiltered = (f: TokenFilter): boolean =>
  [f.createdAfter, f.createdBefore, f.expiresAfter, f.expiresBefore, f.lastUsedAfter, f.lastUsedBefore, f.revoked, f.search, f.state].every(
    (v) => v === undefined || v === '',
  );

export function keptTokenCount(core: CoreState, userId: number | undefined): number {
  const row = core.db.prepare('SELECT n FROM token_counts WHERE user_id = ?').get(userId ?? 0) as { n: number } | undefined;
  return row?.n ?? 0;
}

export function tokenListSql(f: TokenFilter): { where: string; args: unknown[]; order: string } {
  const clauses: string[] = ['1 = 1'];
  const args: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    clauses.push(sql);
    args.push(...values);
  };
  if (f.userId !== undefined) add('user_id = ?', f.userId);
  if (f.createdAfter) add('created_at >= ?', f.createdAfter);
  if (f.createdBefore) add('created_at <= ?', f.createdBefore);
  if (f.expiresAfter) add('expires_at >= ?', f.expiresAfter);
  if (f.expiresBefore) add('expires_at < ?', f.expiresBefore);
  if (f.lastUsedAfter) add('last_used_at >= ?', f.lastUsedAfter);
  if (f.lastUsedBefore) add('last_used_at <= ?', f.lastUsedBefore);
  if (f.revoked !== undefined) add('revoked = ?', f.revoked ? 1 : 0);
  if (f.search) {
    const search = patternSearch(['name'], f.search);
    add(search.sql, ...search.args);
  }
  if (f.state === 'active') add('revoked = 0 AND (expires_at IS NULL OR expires_at > ?)', f.today);
  if (f.state === 'inactive') add('(revoked = 1 OR (expires_at IS NOT NULL AND expires_at <= ?))', f.today);
  return { where: clauses.join(' AND '), args, order: SORTS[f.sort ?? ''] ?? 'id ASC' };
}
