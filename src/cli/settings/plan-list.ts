// Comparison helpers every section shares: field by field, and lists by natural identity.
import type { FieldChange, PlannedChange } from './section.js';

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

export const deepEqual = same;

/**
 * The fields of `desired` whose value differs from `current`. Only fields the file declares are
 * compared: what it leaves out is not managed.
 */
export function diffFields(current: Record<string, unknown> | undefined, desired: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, to] of Object.entries(desired)) {
    if (to === undefined) continue;
    const from = current?.[field];
    if (!same(from, to)) out.push({ field, from, to });
  }
  return out;
}

export interface ListPlan<D, C> {
  changes: (PlannedChange & { payload: { desired?: D; current?: C } })[];
  unchanged: number;
}

/**
 * Plans a list-shaped section: items are matched by `keyOf` (a username, a branch name, a cron
 * pair), created when missing, updated when `fieldsOf` differ, deleted only with `prune`.
 */
export function planList<D, C>(desired: readonly D[], current: readonly C[], keyOf: { desired: (d: D) => string; current: (c: C) => string }, fieldsOf: { desired: (d: D) => Record<string, unknown>; current: (c: C) => Record<string, unknown> }, prune: boolean): ListPlan<D, C> {
  const byKey = new Map(current.map((c) => [keyOf.current(c), c]));
  const seen = new Set<string>();
  const changes: ListPlan<D, C>['changes'] = [];
  let unchanged = 0;
  for (const d of desired) {
    const key = keyOf.desired(d);
    seen.add(key);
    const c = byKey.get(key);
    if (c === undefined) {
      changes.push({ op: 'create', key, fields: diffFields(undefined, fieldsOf.desired(d)), payload: { desired: d } });
      continue;
    }
    const fields = diffFields(fieldsOf.current(c), fieldsOf.desired(d));
    if (fields.length) changes.push({ op: 'update', key, fields, payload: { desired: d, current: c } });
    else unchanged++;
  }
  if (prune) {
    for (const [key, c] of byKey) {
      // A deleted item is shown by the values it has (an unset expiry says nothing).
      if (!seen.has(key)) changes.push({ op: 'delete', key, fields: Object.entries(fieldsOf.current(c)).flatMap(([field, from]) => (from === null || from === undefined ? [] : [{ field, from, to: undefined }])), payload: { current: c } });
    }
  }
  return { changes, unchanged };
}
