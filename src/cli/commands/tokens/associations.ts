import type { VerbSpec } from '../../kit/verb.js';
import { parseAccessLevel, roleName } from '../../kit/refs.js';

interface AssociationsOpts {
  minAccessLevel?: string;
}

interface Associations {
  groups: Record<string, unknown>[];
  projects: Record<string, unknown>[];
}

export const associationsVerb: VerbSpec<AssociationsOpts> = {
  name: 'associations',
  summary: 'Groups and projects the token in use can reach, with its role in each',
  list: true,
  examples: [
    'hostctl tokens associations',
    'hostctl tokens associations --min-access-level maintainer',
    'hostctl tokens associations --min-access-level 30 --all -o json',
  ],
  options: (cmd) => cmd.option('--min-access-level <role>', 'only where the role is at least this (guest … owner, or 10 … 50)'),
  async run(cli, _args, o) {
    const api = await cli.client();
    const base = {
      ...(o.minAccessLevel !== undefined ? { min_access_level: parseAccessLevel(o.minAccessLevel, '--min-access-level') } : {}),
      ...(o.perPage ? { per_page: o.perPage } : {}),
    };
    // The answer is one object of two lists paged together, so pages are merged here.
    const all = o.all || o.limit !== undefined;
    const merged: Associations = { groups: [], projects: [] };
    let page = o.page ?? 1;
    for (;;) {
      const res = await api.get<Associations>('/personal_access_tokens/self/associations', { ...base, page, ...(all && !o.perPage ? { per_page: 100 } : {}) });
      const answer = api.expectRecord<Associations>(res.data);
      const groups = api.expectList<Associations['groups'][number]>(answer.groups);
      merged.groups.push(...groups);
      merged.projects.push(...api.expectList<Associations['projects'][number]>(answer.projects));
      // The headers describe the projects list (the platform pages it last); a full page of
      // groups means more groups may follow even when the projects have ended.
      const perPage = Number(res.headers['x-per-page'] ?? 0);
      const next = res.headers['x-next-page'] || (perPage > 0 && groups.length === perPage ? String(page + 1) : '');
      if (!all || !next) {
        if (!all && next && cli.term.stderrIsTTY) cli.info(`(more results: --page ${next}, or --all)`);
        break;
      }
      if (o.limit !== undefined && merged.groups.length >= o.limit && merged.projects.length >= o.limit) break;
      page = Number(next);
    }
    if (o.limit !== undefined) {
      merged.groups = merged.groups.slice(0, o.limit);
      merged.projects = merged.projects.slice(0, o.limit);
    }
    if (cli.globals.output !== 'table') {
      await cli.showItem(merged as unknown as Record<string, unknown>);
      return;
    }
    const rows = [
      ...merged.groups.map((g) => ({ kind: 'group', id: g.id, name: g.name, role: roleName(g.access_levels), visibility: g.visibility, web_url: g.web_url })),
      ...merged.projects.map((p) => {
        const levels = (p.access_levels ?? {}) as { project_access_level?: number | null; group_access_level?: number | null };
        const best = Math.max(levels.project_access_level ?? 0, levels.group_access_level ?? 0);
        // No role at all (0): an administrator reaches the project without being a member.
        return { kind: 'project', id: p.id, name: p.path_with_namespace, role: best > 0 ? roleName(best) : null, visibility: p.visibility, web_url: p.web_url };
      }),
    ];
    // The name identifies a row as much as the kind before it: a narrow terminal cuts the URL first.
    await cli.showList(rows, [{ key: 'kind' }, { key: 'id' }, { key: 'name', priority: 1 }, { key: 'role' }, { key: 'visibility' }, { key: 'web_url', header: 'url' }], ['kind', 'id', 'name', 'role', 'visibility', 'web_url']);
  },
};
