// The current settings of groups and projects as a file that apply accepts unchanged and diff
// finds in sync. Reads go out in bounded parallel; a section that does not apply to a target (SAML
// links of a group without SAML) is left out with a note rather than failing the export.
import { ApiError } from '../../client/api-error.js';
import { CliError, UsageError } from '../kit/errors.js';
import { mapLimit, READ_CONCURRENCY } from './concurrency.js';
import { FILE_VERSION } from './load.js';
import type { AnySection, Scope, SectionContext, Target } from './section.js';
import { SECTIONS } from './sections/index.js';
import { unknownKey } from './suggest.js';
import { compareText } from '../../shared/text-order.js';

export interface ExportRequest {
  groups: string[];
  recursive: boolean;
  projects: string[];
  /** Section names; all when empty. */
  sections: string[];
}

export function chosenSections(names: readonly string[]): AnySection[] {
  const known = [...new Set(SECTIONS.map((s) => s.name))];
  for (const n of names) if (!known.includes(n)) throw new UsageError(`--section: ${unknownKey('section', n, known)}`);
  return names.length ? SECTIONS.filter((s) => names.includes(s.name)) : SECTIONS;
}

/** Sections an export leaves out: they do not apply to this target (tier, SAML, extensions). */
const notApplicable = (error: unknown): boolean => error instanceof CliError || (error instanceof ApiError && [401, 403, 404].includes(error.status));

export function exportSettings(ctx: SectionContext, req: ExportRequest, note: (message: string) => void): Promise<Record<string, unknown>> {
  // A local target answers every read of the export from one snapshot (one read transaction).
  return ctx.client.snapshot(() => exportFrom(ctx, req, note));
}

async function exportFrom(ctx: SectionContext, req: ExportRequest, note: (message: string) => void): Promise<Record<string, unknown>> {
  const api = ctx.client;
  const sections = chosenSections(req.sections).filter((s) => {
    if (s.needsExtension && !ctx.extensions) note(`note: ${s.name} left out: the target has no hostctl extensions`);
    return !s.needsExtension || ctx.extensions;
  });
  const groups = new Map<string, number>();
  const projects = new Map<string, number>();
  for (const path of req.groups) {
    const { data: g } = await api.get<{ id: number; full_path: string }>(`/groups/${encodeURIComponent(path)}`, { with_projects: false });
    groups.set(g.full_path, g.id);
    if (req.recursive) {
      for await (const d of api.paginate<{ id: number; full_path: string }>(`/groups/${g.id}/descendant_groups`, { per_page: 100 })) groups.set(d.full_path, d.id);
      for await (const p of api.paginate<{ id: number; path_with_namespace: string }>(`/groups/${g.id}/projects`, { include_subgroups: true, simple: true, per_page: 100 })) projects.set(p.path_with_namespace, p.id);
    }
  }
  for (const path of req.projects) {
    const { data: p } = await api.get<{ id: number; path_with_namespace: string }>(`/projects/${encodeURIComponent(path)}`, { simple: true });
    projects.set(p.path_with_namespace, p.id);
  }
  const work: { target: Target; section: AnySection }[] = [];
  const add = (scope: Scope, all: Map<string, number>) => {
    for (const [path, id] of [...all].sort(([a], [b]) => compareText(a, b))) for (const section of sections) if (section.scopes.includes(scope)) work.push({ target: { scope, path, id }, section });
  };
  add('group', groups);
  add('project', projects);
  await ctx.reads.prefetch(work);
  const values = await mapLimit(work, READ_CONCURRENCY, async ({ target, section }) => {
    try {
      const value = section.export(await section.read(ctx, target), ctx, target);
      return value;
    } catch (error) {
      if (!notApplicable(error)) throw error;
      note(`note: ${section.name} of ${target.scope} ${target.path} left out: ${(error as Error).message}`);
      return undefined;
    }
  });
  const out: Record<string, unknown> = { version: FILE_VERSION };
  const groupsOut: Record<string, Record<string, unknown>> = {};
  const projectsOut: Record<string, Record<string, unknown>> = {};
  work.forEach(({ target, section }, i) => {
    const value = values[i];
    // An empty list declares nothing worth keeping (and, with --prune, would remove everything).
    if (value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)) return;
    const into = target.scope === 'group' ? groupsOut : projectsOut;
    (into[target.path] ??= {})[section.name] = value;
  });
  if (Object.keys(groupsOut).length) out.groups = groupsOut;
  if (Object.keys(projectsOut).length) out.projects = projectsOut;
  return out;
}
