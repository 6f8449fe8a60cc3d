// Time comes from one injectable clock. Tests pass a FakeClock; processes started by tests set
// HOSTCTL_FAKE_NOW (an ISO time) so a CLI or server process runs on the same frozen time.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FakeClock implements Clock {
  private ms: number;

  constructor(start: Date | string) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | string): void {
    this.ms = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}

export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock {
  const fixed = env.HOSTCTL_FAKE_NOW;
  if (fixed && !Number.isNaN(new Date(fixed).getTime())) return new FakeClock(fixed);
  return systemClock;
}

/** `YYYY-MM-DD` of a time, in UTC. */
export function isoDate(d: Date): string {
  // Asked on every list request for the same day: formatted once per day.
  const day = Math.floor(d.getTime() / 86_400_000);
  if (day !== lastDay.day || Number.isNaN(day)) lastDay = { day, text: d.toISOString().slice(0, 10) };
  return lastDay.text;
}
let lastDay = { day: Number.NaN, text: '' };

export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);
