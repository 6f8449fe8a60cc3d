// From declarations to a plan: refuse sections the target cannot serve, expand project globs,
// resolve every name the file holds, read the current state of each declared section (batched
// per section, in bounded parallel; one read transaction on a local target) and compare. Nothing here changes anything; every file problem is found before the
// first write.
import type { ApiClient } from '../../client/client.js';
import { CliError, EXIT } from '../kit/errors.js';
import { expandProjects, isGlob } from './globs.js';
import type { Declaration } from './load.js';
import { mapLimit, READ_CONCURRENCY } from './concurrency.js';
import { CachedNames } from './names.js';
import { SettingsReads } from './reads.js';
import { SettingsFileError, type AnySection, type Change, type SectionContext, type Target } from './section.js';
import { compareText } from '../../shared/text-order.js';

/** One section of one target: its declaration, current state and changes. */
export interface PlanItem {
  target: Target;
  section: AnySection;
  data: unknown;
  changes: Change[];
  unchanged: number;
}

export interface Plan {
  items: PlanItem[];
  counts: { create: number; update: number; delete: number; unchanged: number };
}

/** Several file problems at once (every unknown name, not only the first). */
export class SettingsFileErrors extends CliError {
  constructor(readonly problems: SettingsFileError[]) {
    super(problems.map((p) => p.message).join('\n'), EXIT.usage, 'nothing was changed; fix the file and run the command again');
  }
}

/** Does the target have the hostctl extensions? A platform answers the unknown-route 404. */
export async function hasExtensions(client: ApiClient): Promise<boolean> {
  if (client.target.startsWith('local:')) return true;
  const res = await client.request('GET', '/hostctl/storages', { allowError: true });
  return res.status !== 404 || (typeof res.data === 'object' && res.data !== null && 'message' in res.data);
}

export async function makeContext(client: ApiClient): Promise<SectionContext & { names: CachedNames }> {
  const extensions = await hasExtensions(client);
  return { client, names: new CachedNames(client, extensions), extensions, reads: new SettingsReads(client, extensions) };
}

/** Every project path the caller can see (for globs), remembered in the name cache. */
async function projectPaths(ctx: SectionContext & { names: CachedNames }): Promise<string[]> {
  const out: string[] = [];
  for await (const p of ctx.client.paginate<{ id: number; path_with_namespace: string }>('/projects', { simple: true, per_page: 100, order_by: 'id', sort: 'asc' })) {
    ctx.names.remember('project', p.path_with_namespace, p.id);
    out.push(p.path_with_namespace);
  }
  return out;
}

/** Throws when the target lacks an extension a declared section needs, naming the sections. */
export function refuseMissingExtensions(ctx: SectionContext, sections: Iterable<AnySection>): void {
  if (ctx.extensions) return;
  const needing = [...new Set([...sections].filter((s) => s.needsExtension).map((s) => s.name))];
  if (needing.length) throw new CliError(`the target has no hostctl extensions, which these sections need: ${needing.join(', ')}; nothing was changed`, EXIT.notFound, 'remove those sections from the file, or target a hostctl instance (hostctl serve or a local state)');
}

/**
 * Is the target on the Free tier? `GET /metadata` says `enterprise: false` there (a hostctl
 * instance on Free, the platform's community edition), and both accept and ignore what only a
 * paid tier keeps. Anything else (a paid tier, an instance without the route) is not refused.
 */
async function onFreeTier(client: ApiClient): Promise<boolean> {
  const res = await client.request<{ enterprise?: unknown }>('GET', '/metadata', { allowError: true });
  return res.status === 200 && typeof res.data === 'object' && res.data !== null && res.data.enterprise === false;
}

/**
 * Refuses, where the file gives them, the parts of declarations that a Free target would accept
 * and drop (they would show as drift after every apply). Asks for the tier only when there are some.
 */
export async function refuseFreeTierParts(ctx: SectionContext, items: readonly Declaration[]): Promise<void> {
  const parts = items.flatMap((d) => d.section.paidOnly?.(d.data) ?? []);
  if (!parts.length || !(await onFreeTier(ctx.client))) return;
  const problems = parts.map((p) => new SettingsFileError(p.at, `${p.what} need Premium or Ultimate: the target is on the Free tier, which accepts and ignores them (remove them, or give the role only)`, true));
  throw new SettingsFileErrors([...new Map(problems.map((p) => [p.message, p])).values()]);
}

/** The work items of the declarations: one per target and section, globs expanded. */
export async function expand(ctx: SectionContext & { names: CachedNames }, decls: readonly Declaration[]): Promise<Declaration[]> {
  const projects = decls.some((d) => d.scope === 'project' && isGlob(d.key)) ? await projectPaths(ctx) : [];
  const out = decls.filter((d) => d.scope !== 'project');
  for (const [path, list] of expandProjects(decls, projects)) out.push(...list.map((d) => ({ ...d, key: path })));
  return out;
}

/** Resolves each target and every name the declarations hold; all unknown names are reported together. */
async function resolveAll(ctx: SectionContext & { names: CachedNames }, items: readonly Declaration[]): Promise<Target[]> {
  const problems: SettingsFileError[] = [];
  const note = (error: unknown) => {
    if (error instanceof SettingsFileError) problems.push(error);
    else throw error;
  };
  // Every name at once first (a hostctl target answers a hundred a request); then each below is a cache hit.
  const wanted = { users: [] as string[], groups: [] as string[], projects: [] as string[] };
  for (const d of items) {
    if (d.scope === 'group') wanted.groups.push(d.key);
    if (d.scope === 'project') wanted.projects.push(d.key);
    const refs = d.section.references(d.data);
    wanted.users.push(...(refs.users ?? []).map((r) => r.name));
    wanted.groups.push(...(refs.groups ?? []).map((r) => r.name));
    wanted.projects.push(...(refs.projects ?? []).map((r) => r.name));
  }
  await ctx.names.preload(wanted);
  const targets = await mapLimit(items, READ_CONCURRENCY, async (d): Promise<Target> => {
    const target: Target = { scope: d.scope, path: d.key };
    try {
      if (d.scope === 'group') target.id = await ctx.names.groupId(d.key, { ...d.at, pointer: d.at.pointer.slice(0, -1) });
      if (d.scope === 'project') target.id = await ctx.names.projectId(d.key, { ...d.at, pointer: d.at.pointer.slice(0, -1) });
    } catch (error) {
      note(error);
    }
    const refs = d.section.references(d.data);
    const lookups = [...(refs.users ?? []).map((r) => () => ctx.names.userId(r.name, r.at)), ...(refs.groups ?? []).map((r) => () => ctx.names.groupId(r.name, r.at)), ...(refs.projects ?? []).map((r) => () => ctx.names.projectId(r.name, r.at))];
    for (const lookup of lookups) {
      try {
        await lookup();
      } catch (error) {
        note(error);
      }
    }
    return target;
  });
  if (problems.length) {
    const unique = [...new Map(problems.map((p) => [p.message, p])).values()];
    throw new SettingsFileErrors(unique);
  }
  return targets;
}

/** The plan of the declarations against the target of `ctx`. */
export async function buildPlan(ctx: SectionContext & { names: CachedNames }, decls: readonly Declaration[], opts: { prune: boolean }): Promise<Plan> {
  refuseMissingExtensions(ctx, decls.map((d) => d.section));
  // A local target answers every read of the plan from one snapshot (one read transaction).
  return ctx.client.snapshot(() => planFrom(ctx, decls, opts));
}

async function planFrom(ctx: SectionContext & { names: CachedNames }, decls: readonly Declaration[], opts: { prune: boolean }): Promise<Plan> {
  const items = await expand(ctx, decls);
  await refuseFreeTierParts(ctx, decls);
  const targets = await resolveAll(ctx, items);
  // Each section's state of every target, a hundred targets a request (hostctl targets).
  await ctx.reads.prefetch(items.map((d, i) => ({ target: targets[i] as Target, section: d.section })));
  const planned = await mapLimit(items, READ_CONCURRENCY, async (d, i): Promise<PlanItem> => {
    const target = targets[i] as Target;
    const current = await d.section.read(ctx, target);
    const { changes, unchanged } = d.section.plan(d.data, current, { prune: opts.prune, target });
    return { target, section: d.section, data: d.data, unchanged, changes: changes.map((c) => ({ ...c, section: d.section.name, target })) };
  });
  // Shown (and applied) grouped by target: global first, then groups, then projects, by path.
  const scopeOrder = { global: 0, group: 1, project: 2 } as const;
  planned.sort((a, b) => scopeOrder[a.target.scope] - scopeOrder[b.target.scope] || compareText(a.target.path, b.target.path) || a.section.order - b.section.order || compareText(a.section.name, b.section.name));
  const counts = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const item of planned) {
    counts.unchanged += item.unchanged;
    for (const c of item.changes) counts[c.op]++;
  }
  return { items: planned, counts };
}

export const changesOf = (plan: Plan): Change[] => plan.items.flatMap((i) => i.changes);
export const inSync = (plan: Plan): boolean => plan.counts.create + plan.counts.update + plan.counts.delete === 0;
