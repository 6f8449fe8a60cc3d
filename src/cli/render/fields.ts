// --fields: pick (possibly dotted) fields out of resources, checked against what the
// resource has.
import { UsageError } from '../kit/errors.js';

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function hasPath(obj: unknown, path: string): boolean {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(part in (cur as object))) return false;
    cur = (cur as Record<string, unknown>)[part];
  }
  return true;
}

export function parseFields(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--fields needs at least one field name');
  return fields;
}

/** Throws a usage error naming the first field the sample resource does not have. */
export function checkFields(fields: string[], sample: unknown, known?: readonly string[]): void {
  for (const f of fields) {
    // A field the resource may omit (the platform leaves out empty `milestones`, say) is still
    // valid when the command lists it among the resource's fields.
    const ok = (sample !== undefined && hasPath(sample, f)) || (known ?? []).includes(f.split('.')[0] as string);
    if (!ok && (sample !== undefined || known)) {
      const available = sample && typeof sample === 'object' ? Object.keys(sample as object) : [...(known ?? [])];
      throw new UsageError(`unknown field "${f}" for --fields; available: ${available.join(', ')}`);
    }
  }
}

export function pickFields(obj: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = getPath(obj, f) ?? null;
  return out;
}
