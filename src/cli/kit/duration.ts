// Durations typed on the command line: `90s`, `5m`, `1h30m`, `500ms`, or plain seconds.
import { UsageError } from './errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseDuration(value: string, flag: string): number {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw new UsageError(`${flag} must be a duration such as 30s, 5m or 1h, got "${value}"`);
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * (UNIT_MS[p[2] as string] as number), 0));
}
