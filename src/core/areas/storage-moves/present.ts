// Move rows → the platform's move entity: the basic fields and the moved container (a project
// identity, the snippet fields, or a group's id, web_url and name).
import type { NamespaceRow, ProjectRow, SnippetRow } from '../../db/rows.js';
import { groupWebUrl } from '../../resources/urls.js';
import { snippetLocations } from '../snippets/present.js';
import type { CoreState } from '../../state.js';
import { STATE_NAMES, type MoveRow } from './service.js';

function projectIdentity(core: CoreState, id: number) {
  const p = core.db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
  if (!p) return null;
  const ns = core.db.prepare('SELECT full_path, full_name FROM namespaces WHERE id = ?').get(p.namespace_id) as Pick<NamespaceRow, 'full_path' | 'full_name'>;
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${ns.full_name} / ${p.name}`,
    path: p.path,
    path_with_namespace: `${ns.full_path}/${p.path}`,
    created_at: p.created_at,
  };
}

function snippetFields(core: CoreState, id: number) {
  const s = core.db.prepare('SELECT * FROM snippets WHERE id = ?').get(id) as SnippetRow | undefined;
  if (!s) return null;
  const project = s.project_id === null ? undefined : (core.db.prepare('SELECT * FROM projects WHERE id = ?').get(s.project_id) as ProjectRow | undefined);
  const where = snippetLocations(core, s, project);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    visibility: s.visibility,
    updated_at: s.updated_at,
    created_at: s.created_at,
    project_id: s.project_id,
    web_url: where.web,
    raw_url: `${where.web}/raw`,
    ssh_url_to_repo: where.ssh,
    http_url_to_repo: where.http,
  };
}

function groupFields(core: CoreState, id: number) {
  const g = core.db.prepare('SELECT id, name, full_path FROM namespaces WHERE id = ?').get(id) as Pick<NamespaceRow, 'id' | 'name' | 'full_path'> | undefined;
  return g ? { id: g.id, web_url: groupWebUrl(core, g.full_path), name: g.name } : null;
}

const CONTAINER = {
  project: projectIdentity,
  snippet: snippetFields,
  group: groupFields,
} as const;

export function presentMove(core: CoreState, m: MoveRow) {
  return {
    id: m.id,
    created_at: m.created_at,
    state: STATE_NAMES[m.state] ?? 'initial',
    source_storage_name: m.source_storage_name,
    destination_storage_name: m.destination_storage_name,
    error_message: m.error_message,
    [m.container_type]: CONTAINER[m.container_type](core, m.container_id),
  };
}
