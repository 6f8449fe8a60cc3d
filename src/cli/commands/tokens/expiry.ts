// When a rotated token's successor expires, one rule for `tokens rotate ID|self` and the
// rotation picker: the date a successor gets by default, why, and which dates are allowed.
import { UsageError } from '../../kit/errors.js';
import { parseDate } from '../../kit/refs.js';
import { daysAfter, isCalendarDate } from '../../../shared/dates.js';
import type { TokenJson } from './own-token.js';

/** Whole days from a token's creation to its expiry. */
const lifetimeDays = (t: TokenJson): number => Math.max(1, Math.round((Date.parse(`${String(t.expires_at)}T00:00:00Z`) - Date.parse(`${String(t.created_at).slice(0, 10)}T00:00:00Z`)) / 86_400_000));

/**
 * The longest lifetime the platform gives a token (its "must be before" limit, 400 days from
 * today); a successor never gets more, and the rotation prompt refuses later dates.
 */
export const MAX_LIFETIME_DAYS = 400;

/**
 * The one rule for a successor's expiry (interactive, by id and `self` alike): the old token's
 * lifetime counted from today, capped at the maximum; a token that never expired gets the maximum
 * (never the platform's silent 7 days).
 */
export function successorExpiry(t: TokenJson, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const days = typeof t.expires_at === 'string' && typeof t.created_at === 'string' ? Math.min(lifetimeDays(t), MAX_LIFETIME_DAYS) : MAX_LIFETIME_DAYS;
  return daysAfter(today, days);
}

/**
 * What is wrong with an expiry for a new token, or undefined when it is fine: a calendar date
 * after today and within the maximum lifetime. One check for the rotation prompt and for
 * `--expires-at`, made before anything is confirmed or sent.
 */
export function expiryProblem(value: string, now: Date): string | undefined {
  const today = now.toISOString().slice(0, 10);
  if (!isCalendarDate(value)) return 'enter a date as YYYY-MM-DD';
  if (value <= today) return `the date must be after today (${today})`;
  const latest = daysAfter(today, MAX_LIFETIME_DAYS);
  if (value > latest) return `the date must be on or before ${latest} (tokens live at most ${MAX_LIFETIME_DAYS} days)`;
  return undefined;
}

/** `--expires-at` of a new token, checked by `expiryProblem` (exit 2 naming the flag). */
export function checkExpiresAt(value: string, now: Date): string {
  const date = parseDate(value, '--expires-at');
  const problem = expiryProblem(date, now);
  if (problem) throw new UsageError(`--expires-at ${date}: ${problem.replace(/^the date /, '')}`);
  return date;
}

/** Why the successor expires when it does, for the notice and the confirmation. */
export function expiryReason(t: TokenJson): string {
  if (typeof t.expires_at !== 'string') return `the old token never expired; ${MAX_LIFETIME_DAYS} days is the longest allowed`;
  const days = lifetimeDays(t);
  return days > MAX_LIFETIME_DAYS ? `the old token's lifetime, capped at ${MAX_LIFETIME_DAYS} days` : `the old token's lifetime of ${days} days`;
}
