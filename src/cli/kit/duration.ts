// Durations typed on the command line, one parser for every flag that takes one (`--timeout`,
// `--interval`, `--since`, `--expires-within`): `500ms`, `90s`, `5m`, `1h30m`, `30d`, `2w`, or a
// plain number of seconds. The kit checks every `<duration>` option with it before a verb runs.
import { UsageError } from './errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export function parseDuration(value: string, flag: string): number {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw new UsageError(`${flag} must be a duration such as 30s, 5m, 1h or 30d, got "${value}"`);
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * (UNIT_MS[p[2] as string] as number), 0));
}
