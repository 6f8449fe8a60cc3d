// Comments on a commit (the platform's CommitNote): a general comment, or one on a line of the
// commit's diff when `path` names a file the commit changed.
import type { ProjectRow, UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure } from '../../http/errors.js';
import { userBasicById } from '../users/present.js';
import { recordAudit } from '../../audit/record.js';

export interface CommitNoteRow {
  id: number;
  project_id: number;
  commit_sha: string;
  author_id: number | null;
  note: string;
  path: string | null;
  line: number | null;
  line_type: string | null;
  created_at: string;
}

export const presentCommitNote = (core: CoreState, row: CommitNoteRow) => ({
  note: row.note,
  path: row.path,
  line: row.line,
  line_type: row.line_type,
  author: userBasicById(core, row.author_id),
  created_at: row.created_at,
});

export const countCommitNotes = (core: CoreState, project: ProjectRow, sha: string, cap: number): number =>
  (core.db.prepare('SELECT COUNT(*) AS n FROM (SELECT 1 FROM commit_notes WHERE project_id = ? AND commit_sha = ? LIMIT ?)').get(project.id, sha, cap) as { n: number }).n;

export const commitNotesPage = (core: CoreState, project: ProjectRow, sha: string, limit: number, offset: number): CommitNoteRow[] =>
  core.db
    .prepare('SELECT * FROM commit_notes WHERE project_id = ? AND commit_sha = ? ORDER BY created_at, id LIMIT ? OFFSET ?')
    .all(project.id, sha, limit, offset) as CommitNoteRow[];

export interface NoteInput {
  note: string;
  /** Set only when the path is one the commit changed (a diff note). */
  line?: { path: string; line: number; lineType: string };
}

export function createCommitNote(core: CoreState, project: ProjectRow, user: UserRow, sha: string, input: NoteInput): CommitNoteRow {
  // The model's validation, worded as the platform's API reports a failed save.
  if (input.note.trim() === '') throw failure(400, 'Failed to save note {:note=>["can\'t be blank"]}');
  const now = core.nowIso();
  return core.tx(() => {
    const info = core.db
      .prepare('INSERT INTO commit_notes (project_id, commit_sha, author_id, note, path, line, line_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(project.id, sha, user.id, input.note, input.line?.path ?? null, input.line?.line ?? null, input.line?.lineType ?? null, now);
    const id = Number(info.lastInsertRowid);
    recordAudit(core, { name: 'commit_note_created', entity: { type: 'Project', id: project.id }, target: { type: 'Note', id, details: sha }, message: `Commented on commit ${sha.slice(0, 8)}` });
    return core.db.prepare('SELECT * FROM commit_notes WHERE id = ?').get(id) as CommitNoteRow;
  });
}
