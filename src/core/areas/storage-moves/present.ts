// Move rows → the platform's move entity: the basic fields and the moved container (a project
// identity, the snippet fields, or a group's id, web_url and name).
import type { NamespaceRow, ProjectRow, SnippetRow } from '../../db/rows.js';
import { groupWebUrl, projectWebUrl } from '../../resources/urls.js';
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
  const host = new URL(core.settings.externalUrl).hostname;
  let webUrl = `${core.settings.externalUrl}/-/snippets/${s.id}`;
  let repoPath = `snippets/${s.id}`;
  if (s.project_id !== null) {
    const p = core.db
      .prepare('SELECT n.full_path || \'/\' || p.path AS full_path FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.id = ?')
      .get(s.project_id) as { full_path: string } | undefined;
    if (p) {
      webUrl = `${projectWebUrl(core, p.full_path)}/-/snippets/${s.id}`;
      repoPath = `${p.full_path}/snippets/${s.id}`;
    }
  }
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    visibility: s.visibility,
    updated_at: s.updated_at,
    created_at: s.created_at,
    project_id: s.project_id,
    web_url: webUrl,
    raw_url: `${webUrl}/raw`,
    ssh_url_to_repo: `git@${host}:${repoPath}.git`,
    http_url_to_repo: `${core.settings.externalUrl}/${repoPath}.git`,
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
