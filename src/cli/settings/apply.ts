// Applies a plan's changes in dependency order: creates and updates by ascending section order
// (members before the rules that name them), then deletes by descending order (rules before the
// members they name). It stops at the first failure. With keepGoing it goes on, but skips every
// step that depends on a failed (or skipped) one — see dependsOn — and says which.
import type { Change, ChangeNames, SectionContext } from './section.js';
import type { Plan } from './plan.js';
import { SECTIONS } from './sections/index.js';

export interface StepOutcome {
  change: Change;
  /** `skipped`: not attempted, after a failure (stopped) or because it depends on one (`after`). */
  status: 'applied' | 'failed' | 'skipped';
  error?: unknown;
  /** The failed or skipped step this one depends on (--keep-going). */
  after?: Change;
}

const sectionOf = (c: Change) => SECTIONS.find((s) => s.name === c.section && s.scopes.includes(c.target.scope));
const orderOf = (name: string): number => SECTIONS.find((s) => s.name === name)?.order ?? 50;

export function applyOrder(plan: Plan): Change[] {
  const all = plan.items.flatMap((i) => i.changes);
  const writes = all.filter((c) => c.op !== 'delete');
  const deletes = all.filter((c) => c.op === 'delete');
  // Array.prototype.sort is stable: within one order the plan's own order is kept.
  writes.sort((a, b) => orderOf(a.section) - orderOf(b.section));
  deletes.sort((a, b) => orderOf(b.section) - orderOf(a.section));
  return [...writes, ...deletes];
}

const namesOf = (c: Change): { users: Set<string>; groups: Set<string> } => {
  const n: ChangeNames = sectionOf(c)?.names?.(c) ?? {};
  return { users: new Set((n.users ?? []).map((u) => u.toLowerCase())), groups: new Set((n.groups ?? []).map((g) => g.toLowerCase())) };
};

/** The group or project `outer` is `inner` itself or a group above it (its members reach inside). */
const covers = (outer: Change['target'], inner: Change['target']): boolean => {
  if (outer.scope === 'global' || inner.scope === 'global') return false;
  const [o, i] = [outer.path.toLowerCase(), inner.path.toLowerCase()];
  return (outer.scope === inner.scope && o === i) || (outer.scope === 'group' && i.startsWith(`${o}/`));
};

/** Sections that change who is in a group (what a group entry of a rule means). */
const GROUP_MEMBERSHIP = new Set(['members', 'saml_group_links']);

/**
 * Whether `change` needs `earlier` to have succeeded:
 * - the same item of the same section of the same target (a later step on it);
 * - `earlier` changes the membership of a user that `change` names (a member, or a user in a rule
 *   or an entry), in `change`'s group or project or a group above it: the rule means that member;
 * - `earlier` changes who is in a group (its members, its SAML links) that `change` names (a group entry);
 * - a removed member whose rule could not be removed first (deletes run rules first).
 */
export function dependsOn(change: Change, earlier: Change): boolean {
  if (change.section === earlier.section && change.key === earlier.key && change.target.scope === earlier.target.scope && change.target.path === earlier.target.path) return true;
  const names = namesOf(change);
  if (earlier.section === 'members' && covers(earlier.target, change.target) && names.users.has(earlier.key.toLowerCase())) return true;
  if (earlier.target.scope === 'group' && GROUP_MEMBERSHIP.has(earlier.section) && names.groups.has(earlier.target.path.toLowerCase())) return true;
  if (change.section === 'members' && change.op === 'delete' && covers(change.target, earlier.target) && namesOf(earlier).users.has(change.key.toLowerCase())) return true;
  return false;
}

export async function applyPlan(ctx: SectionContext, plan: Plan, opts: { keepGoing: boolean; onStep?: (o: StepOutcome) => void }): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  /** Steps that failed or were skipped: what later steps may depend on. */
  const blocked: Change[] = [];
  let stopped = false;
  for (const change of applyOrder(plan)) {
    let outcome: StepOutcome;
    const after = opts.keepGoing ? blocked.find((b) => dependsOn(change, b)) : undefined;
    if (stopped) outcome = { change, status: 'skipped' };
    else if (after) outcome = { change, status: 'skipped', after };
    else {
      try {
        const section = sectionOf(change);
        if (!section) throw new Error(`no section ${change.section} for ${change.target.scope}`);
        await section.apply(ctx, change);
        outcome = { change, status: 'applied' };
      } catch (error) {
        outcome = { change, status: 'failed', error };
        if (!opts.keepGoing) stopped = true;
      }
    }
    if (outcome.status !== 'applied') blocked.push(change);
    outcomes.push(outcome);
    opts.onStep?.(outcome);
  }
  return outcomes;
}
