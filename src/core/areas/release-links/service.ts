// Asset link writes on an existing release. Validation failures answer 400 with the list of full
// messages, as the platform does for links.
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import type { LinkRow, LinkType, ReleaseRow } from '../releases/queries.js';
import { validateLink, type LinkDraft } from './validate.js';
import { recordAudit } from '../../audit/record.js';

/** A link's change, on the project of its release (naming the release's tag). */
function auditLink(core: CoreState, link: LinkRow, action: 'created' | 'updated' | 'deleted'): void {
  const release = core.db.prepare('SELECT project_id, tag FROM release_links l JOIN releases r ON r.id = l.release_id WHERE l.id = ?').get(link.id) as
    | { project_id: number; tag: string }
    | undefined;
  if (!release) return;
  recordAudit(core, {
    name: `release_link_${action}`,
    entity: { type: 'Project', id: release.project_id },
    target: { type: 'Releases::Link', id: link.id, details: link.name },
    message: `${action === 'created' ? 'Added' : action === 'updated' ? 'Changed' : 'Removed'} asset link ${link.name} of release ${release.tag}`,
  });
}

export interface LinkInput {
  name?: string;
  url?: string;
  /** Undefined: unchanged; null or '': no direct asset path. */
  filepath?: string | null;
  link_type?: LinkType;
}

const linkById = (core: CoreState, id: number): LinkRow => core.db.prepare('SELECT * FROM release_links WHERE id = ?').get(id) as LinkRow;

function othersOf(core: CoreState, releaseId: number, exceptId: number): LinkRow[] {
  return core.db.prepare('SELECT * FROM release_links WHERE release_id = ? AND id != ?').all(releaseId, exceptId) as LinkRow[];
}

export function insertLink(core: CoreState, releaseId: number, draft: LinkDraft): LinkRow {
  const now = core.nowIso();
  const info = core.db
    .prepare('INSERT INTO release_links (release_id, name, url, filepath, link_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(releaseId, draft.name, draft.url, draft.filepath || null, draft.link_type, now, now);
  return linkById(core, Number(info.lastInsertRowid));
}

export function createLink(core: CoreState, release: ReleaseRow, input: Required<Pick<LinkInput, 'name' | 'url'>> & LinkInput): LinkRow {
  return core.tx(() => {
    const draft: LinkDraft = { name: input.name, url: input.url, filepath: input.filepath || null, link_type: input.link_type ?? 'other' };
    const problems = validateLink(draft, othersOf(core, release.id, -1));
    if (problems.length > 0) throw failure(400, problems);
    const link = insertLink(core, release.id, draft);
    auditLink(core, link, 'created');
    return link;
  });
}

export function updateLink(core: CoreState, link: LinkRow, input: LinkInput): LinkRow {
  return core.tx(() => {
    const draft: LinkDraft = {
      name: input.name ?? link.name,
      url: input.url ?? link.url,
      filepath: input.filepath !== undefined ? input.filepath || null : link.filepath,
      link_type: input.link_type ?? link.link_type,
    };
    const problems = validateLink(draft, othersOf(core, link.release_id, link.id));
    if (problems.length > 0) throw failure(400, problems);
    core.db
      .prepare('UPDATE release_links SET name = ?, url = ?, filepath = ?, link_type = ?, updated_at = ? WHERE id = ?')
      .run(draft.name, draft.url, draft.filepath, draft.link_type, core.nowIso(), link.id);
    const updated = linkById(core, link.id);
    auditLink(core, updated, 'updated');
    return updated;
  });
}

export function deleteLink(core: CoreState, link: LinkRow): void {
  core.tx(() => {
    auditLink(core, link, 'deleted');
    core.db.prepare('DELETE FROM release_links WHERE id = ?').run(link.id);
  });
}
