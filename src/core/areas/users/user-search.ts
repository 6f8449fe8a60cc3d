// The platform's User.search (app/models/user.rb), the one search of the users list, the
// enterprise users list and the members lists' `query`.
import { foldedColumn, patternSearch, trigramPhrase } from '../../db/sql.js';
import { squish } from '../../http/params.js';

export interface UserSearchOptions {
  /** Column prefix of the users table in the caller's statement (`u.`), empty for none. */
  prefix?: string;
  /**
   * Which email the term is compared with, whole and case aside: the primary one
   * (`with_private_emails`: administrators on the users list, owners on enterprise users), or
   * the public one (everyone else). Never partially: `partial_email_search` is no option of
   * these lists.
   */
  emails: 'private' | 'public';
  /** `use_minimum_char_limit: false` (the members helper): short terms match anywhere too. */
  partialShortTerms?: boolean;
}

export interface UserSearch {
  sql: string;
  args: string[];
  /**
   * The users_search trigram query (migration 029, names, usernames and public emails) for
   * the rows that may match, besides a private email equal to `email`; undefined when no term
   * is long enough for the index.
   */
  index: string | undefined;
  /** The email a private-email search compares (the lower-cased term), when it can be one. */
  email: string | undefined;
}

/**
 * The condition of a user search on `raw`, the term as sent: a leading `@` dropped
 * (`delete_prefix('@')`, so `@alice` finds alice), nothing at all when that leaves it blank,
 * lower-cased; names and usernames matched by `Gitlab::SQL::Pattern` (`patternSearch`) on the
 * squished term, and the email chosen by `emails` equal to the term as sent. An email holds no
 * white space, so a term that squishing changes is never one.
 */
export function userSearch(raw: string, options: UserSearchOptions): UserSearch {
  const text = raw.replace(/^@/, '').toLowerCase();
  const term = squish(text);
  if (term === '') return { sql: '0', args: [], index: undefined, email: undefined };
  const col = (name: string) => `${options.prefix ?? ''}${name}`;
  const names = patternSearch([col('username_lower'), `lower(${col('name')})`], term, { partialShortTerms: options.partialShortTerms });
  if (term !== text) return { ...names, email: undefined };
  if (options.emails === 'private') return { sql: `(${names.sql} OR ${col('email_lower')} = ?)`, args: [...names.args, text], index: names.index, email: text };
  // A public email equal to the term is among the index's rows for the term as one phrase.
  const whole = trigramPhrase(text);
  const index = names.index === undefined || whole === undefined || names.index === whole ? names.index : `(${names.index}) OR ${whole}`;
  return {
    sql: `(${names.sql} OR (${col('public_email')} IS NOT NULL AND ${col('public_email')} <> '' AND ${foldedColumn(`lower(${col('public_email')})`, text)} = ?))`,
    args: [...names.args, text],
    index,
    email: undefined,
  };
}
