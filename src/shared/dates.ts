// Calendar dates as the API writes them (`YYYY-MM-DD`, UTC), for the core's parameter checks
// and the CLI's option checks alike.

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` date that exists in the calendar (Date alone would roll 2026-02-30 over to March). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCDate() === Number(m[3]) && d.getUTCMonth() + 1 === Number(m[2]);
}

/** `YYYY-MM-DD` `days` after `day` (before it when negative). */
export const daysAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The current time: HOSTCTL_FAKE_NOW (an ISO time) when set, so processes started by tests share
 * one frozen clock; otherwise the system clock.
 */
export function nowFromEnv(env: NodeJS.ProcessEnv = process.env): Date {
  const fixed = env.HOSTCTL_FAKE_NOW;
  if (fixed && !Number.isNaN(new Date(fixed).getTime())) return new Date(fixed);
  return new Date();
}
