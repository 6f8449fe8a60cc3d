// Creating, changing and deleting snippets. Every change of files is one commit on the snippet's
// branch, made against the tip that was read for the checks and written with a compare-and-swap
// on the ref, so two concurrent updates never silently lose one.
//
// A change is all or nothing. A new snippet's repository is written first, under a temporary
// name, and renamed into place (its row's id names it) by the transaction that inserts the row:
// no reader ever sees a snippet without its files, and a failure anywhere (the repository, the
// row, its audit event, the commit) leaves neither. An update commits its files first and moves
// the branch back if the row's change is then not committed.
import { recordAudit, type AuditEntity } from '../../audit/record.js';
import { auditChanges } from '../../audit/subjects.js';
import type { SnippetRow, UserRow, Visibility } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { ApiError, failure, paramError, validationError } from '../../http/errors.js';
import { checkFilePath } from '../../git/names.js';
import { ActionError, type FileAction } from '../../git/tree-actions.js';
import { RefUpdateError, type GitRepository } from '../../git/repository.js';
import { commitActions, readBranch } from '../../git/commit-files.js';
import { userSignature } from '../../repositories/access.js';
import { defaultStorage } from '../projects/service.js';
import { removeRepositories } from '../../resources/owned-repositories.js';
import { assertSnippetWritable, SNIPPET_BRANCH, snippetRepository } from './repository.js';

const MAX_COMPONENT_BYTES = 255;
const MAX_PATH_BYTES = 4096;
const MAX_TITLE = 255;

/** `{"message":{"error": text}}`: the platform's shape for snippet service failures. */
export const snippetError = (status: number, text: string): ApiError => failure(status, { error: text });

export const INVALID_ACTIONS = 'Snippet actions have invalid data';
/**
 * A commit that could not be made (a file that exists or does not, a branch that moved meanwhile)
 * is reported by the platform without detail: the repository error's full message.
 */
export const CREATE_FAILED = 'Repository Error creating the snippet';
export const UPDATE_FAILED = 'Repository Error updating the snippet';
export const MULTI_FILE_MESSAGE = 'To update Snippets with multiple files, you must use the `files` parameter';

/**
 * A file path a caller names: relative, no `..`, no `.git` component, no control characters,
 * no over-long names. Refused with Grape's wording for the parameter (`files[0][file_path]`).
 */
export function checkSnippetPath(path: string, param: string): void {
  const bytes = Buffer.byteLength(path);
  const tooLong = bytes > MAX_PATH_BYTES || path.split('/').some((c) => Buffer.byteLength(c) > MAX_COMPONENT_BYTES);
  if (tooLong || checkFilePath(path) !== null) throw paramError(`${param} should be a valid file path`);
}

export interface NewFile {
  path: string;
  content: string;
}

/** Raw `files[]` items of a create request, checked one by one in Grape's order and wording. */
export function parseCreateFiles(raw: unknown[]): NewFile[] {
  const out: NewFile[] = [];
  raw.forEach((item, i) => {
    const f = item as Record<string, unknown>;
    const own = (k: string) => (Object.prototype.hasOwnProperty.call(f, k) ? f[k] : undefined);
    const path = own('file_path');
    const content = own('content');
    if (path === undefined || path === null) throw paramError(`files[${i}][file_path] is missing`);
    if (typeof path !== 'string') throw paramError(`files[${i}][file_path] is invalid`);
    if (path.trim() === '') throw paramError(`files[${i}][file_path] is empty`);
    if (content === undefined || content === null) throw paramError(`files[${i}][content] is missing`);
    if (typeof content !== 'string') throw paramError(`files[${i}][content] is invalid`);
    if (content === '') throw paramError(`files[${i}][content] is empty`);
    checkSnippetPath(path, `files[${i}][file_path]`);
    out.push({ path, content });
  });
  return out;
}

export interface SnippetAction {
  action: 'create' | 'update' | 'delete' | 'move';
  filePath: string | undefined;
  previousPath: string | undefined;
  content: string | undefined;
}

const ACTIONS = ['create', 'update', 'delete', 'move'] as const;

/** Raw `files[]` items of an update request (Grape checks here; semantic checks later). */
export function parseUpdateActions(raw: unknown[]): SnippetAction[] {
  return raw.map((item, i) => {
    const f = item as Record<string, unknown>;
    const own = (k: string) => (Object.prototype.hasOwnProperty.call(f, k) ? f[k] : undefined);
    const action = own('action');
    if (action === undefined || action === null) throw paramError(`files[${i}][action] is missing`);
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) throw paramError(`files[${i}][action] does not have a valid value`);
    const str = (k: string): string | undefined => {
      const v = own(k);
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw paramError(`files[${i}][${k}] is invalid`);
      return v;
    };
    const filePath = str('file_path');
    const previousPath = str('previous_path');
    const content = str('content');
    if (filePath) checkSnippetPath(filePath, `files[${i}][file_path]`);
    if (previousPath) checkSnippetPath(previousPath, `files[${i}][previous_path]`);
    return { action: action as SnippetAction['action'], filePath, previousPath, content };
  });
}

/** The platform's per-action rules (SnippetInputAction); any failure is one 422. */
function validActions(actions: readonly SnippetAction[]): boolean {
  return actions.every((a) => {
    switch (a.action) {
      case 'create':
        return a.content !== undefined;
      case 'update':
        return !!a.filePath && a.content !== undefined && (a.previousPath === undefined || a.previousPath === '' || a.previousPath === a.filePath);
      case 'delete':
        return !!a.filePath;
      case 'move':
        return !!a.previousPath && !!a.filePath && a.previousPath !== a.filePath;
      default:
        return false;
    }
  });
}

function checkTitle(title: string | undefined): void {
  if (title === undefined) return;
  // Grape's allow_blank: false also counts whitespace as blank.
  if (title.trim() === '') throw paramError('title is empty');
  if ([...title].length > MAX_TITLE) throw validationError({ title: [`is too long (maximum is ${MAX_TITLE} characters)`] });
}

export interface CreateSnippetInput {
  title: string;
  description: string | null;
  visibility: Visibility;
  projectId: number | null;
  files: NewFile[];
  userAgent: string | null;
  ipAddress: string | null;
}

/** A project snippet's events are the project's; a personal snippet's, its author's. */
const snippetEntity = (s: SnippetRow): AuditEntity => (s.project_id !== null ? { type: 'Project', id: s.project_id } : { type: 'User', id: s.author_id });

export async function createSnippet(core: CoreState, author: UserRow, input: CreateSnippetInput): Promise<SnippetRow> {
  checkTitle(input.title);
  const now = core.nowIso();
  const storage = defaultStorage(core);
  const staged = core.repos.staging(storage);
  try {
    await staged.init(SNIPPET_BRANCH);
    const actions: FileAction[] = input.files.map((f, i) => ({ action: 'create', filePath: f.path, content: i }));
    await commitActions(staged, {
      branch: SNIPPET_BRANCH,
      base: { tip: null, files: new Map() },
      actions,
      contents: input.files.map((f) => Buffer.from(f.content, 'utf8')),
      message: 'Initial commit',
      author: userSignature(core, author),
    });
  } catch (error) {
    removeRepositories(core, [staged]);
    if (error instanceof ActionError || error instanceof RefUpdateError) throw snippetError(400, CREATE_FAILED);
    throw error;
  }
  const placed: { repo?: GitRepository; id?: number } = {};
  try {
    // Its own transaction inside the write turn: a throw takes back the row (a turn keeps what
    // a failed write wrote before it threw).
    return await core.write(() =>
      core.tx(() => {
        const row = core.db
          .prepare(
            `INSERT INTO snippets (project_id, author_id, title, description, visibility, repository_storage, user_agent, ip_address, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
          )
          .get(input.projectId, author.id, input.title, input.description, input.visibility, storage, input.userAgent, input.ipAddress, now, now) as SnippetRow;
        placed.id = row.id;
        const repo = snippetRepository(core, row);
        core.repos.place(staged, repo);
        placed.repo = repo;
        recordAudit(core, { name: 'snippet_created', entity: snippetEntity(row), target: { type: 'Snippet', id: row.id, details: row.title }, message: `Created snippet ${row.title}` });
        return row;
      }),
    );
  } catch (error) {
    // The row was not committed (its transaction threw, or the turn's commit failed): its
    // repository goes too, wherever it got to. Never one a committed row names.
    removeRepositories(core, [staged]);
    const committed = placed.id !== undefined && core.db.prepare('SELECT 1 FROM snippets WHERE id = ?').get(placed.id) !== undefined;
    if (placed.repo && !committed) removeRepositories(core, [placed.repo]);
    throw error;
  }
}

export interface UpdateSnippetInput {
  title?: string;
  description?: string | null;
  visibility?: Visibility;
  /** Deprecated single-file form. */
  content?: string;
  fileName?: string;
  files?: SnippetAction[];
}

/** A generated name for a created file without a path (`snippetfile1.txt`, ...). */
function generatedName(taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const name = `snippetfile${n}.txt`;
    if (!taken.has(name)) return name;
  }
}

export async function updateSnippet(core: CoreState, snippet: SnippetRow, user: UserRow, input: UpdateSnippetInput): Promise<SnippetRow> {
  checkTitle(input.title);
  const repo = snippetRepository(core, snippet);
  const wantsFiles = input.files !== undefined || input.content !== undefined || input.fileName !== undefined;
  let filesChanged = false;
  /** The commit the files went into, and the tip it replaced (null: the branch was new). */
  let published: { commit: string; previous: string | null } | undefined;
  if (wantsFiles) {
    assertSnippetWritable(core, snippet);
    await repo.ensure(SNIPPET_BRANCH);
    const base = await readBranch(repo, SNIPPET_BRANCH);
    const contents: Buffer[] = [];
    const actions: FileAction[] = [];
    const push = (text: string): number => contents.push(Buffer.from(text, 'utf8')) - 1;
    if (input.files !== undefined) {
      if (input.files.length === 0 || !validActions(input.files)) throw snippetError(422, INVALID_ACTIONS);
      const taken = new Set(base.files.keys());
      for (const a of input.files) {
        let filePath = a.filePath ?? '';
        if (a.action === 'create' && filePath === '') filePath = generatedName(taken);
        taken.add(filePath);
        const action: FileAction = { action: a.action, filePath };
        if (a.action === 'move') action.previousPath = a.previousPath as string;
        if (a.content !== undefined && a.action !== 'delete') action.content = push(a.content);
        actions.push(action);
      }
    } else {
      if (base.files.size > 1) throw snippetError(400, MULTI_FILE_MESSAGE);
      const [current] = [...base.files.keys()];
      const target = input.fileName ?? current;
      if (target === undefined || target === '') throw snippetError(422, INVALID_ACTIONS);
      checkSnippetPath(target, 'file_name');
      if (current === undefined) actions.push({ action: 'create', filePath: target, content: push(input.content ?? '') });
      else if (target !== current) actions.push({ action: 'move', previousPath: current, filePath: target, ...(input.content !== undefined ? { content: push(input.content) } : {}) });
      else if (input.content !== undefined) actions.push({ action: 'update', filePath: current, content: push(input.content) });
    }
    if (actions.length > 0) {
      try {
        const commit = await commitActions(repo, {
          branch: SNIPPET_BRANCH,
          base,
          actions,
          contents,
          message: 'Update',
          author: userSignature(core, user),
          beforeRefUpdate: () => assertSnippetWritable(core, snippet),
        });
        // The commit's parent is the tip it was built on (another writer's, if one moved it first).
        published = { commit, previous: (await repo.commit(commit))?.parentIds[0] ?? null };
      } catch (error) {
        if (error instanceof ActionError || error instanceof RefUpdateError) throw snippetError(400, UPDATE_FAILED);
        throw error;
      }
      filesChanged = true;
    }
  }
  const sets: string[] = [];
  const values: unknown[] = [];
  if (input.title !== undefined) sets.push('title = ?') && values.push(input.title);
  if (input.description !== undefined) sets.push('description = ?') && values.push(input.description);
  if (input.visibility !== undefined) sets.push('visibility = ?') && values.push(input.visibility);
  sets.push('updated_at = ?');
  values.push(core.nowIso());
  // In a transaction of its own: a throw takes back what it wrote (a write turn keeps it).
  const record = () =>
    core.tx(() => {
      core.db.prepare(`UPDATE snippets SET ${sets.join(', ')} WHERE id = ?`).run(...values, snippet.id);
      const base = { entity: snippetEntity(snippet), target: { type: 'Snippet', id: snippet.id, details: snippet.title } };
      auditChanges(core, base, 'snippet', snippet, input, ['visibility']);
      // Its other changes (the files were committed above) are one event naming what changed.
      const changed = [
        ...(input.title !== undefined && input.title !== snippet.title ? ['title'] : []),
        ...(input.description !== undefined && input.description !== snippet.description ? ['description'] : []),
        ...(filesChanged ? ['files'] : []),
      ];
      if (changed.length > 0) recordAudit(core, { ...base, name: 'snippet_updated', message: `Changed ${changed.join(', ')}` });
    });
  try {
    await core.write(record);
  } catch (error) {
    // The row's change was not committed: the files go back to where they were, unless another
    // writer has moved the branch on since (its commit holds this one's change; it stays).
    if (published) await revertBranch(core, repo, published);
    throw error;
  }
  return core.db.prepare('SELECT * FROM snippets WHERE id = ?').get(snippet.id) as SnippetRow;
}

/** Moves the snippet's branch from `commit` back to `previous` (deletes it when it was new). */
async function revertBranch(core: CoreState, repo: GitRepository, { commit, previous }: { commit: string; previous: string | null }): Promise<void> {
  const ref = `refs/heads/${SNIPPET_BRANCH}`;
  try {
    if (previous) await repo.updateRef(ref, previous, commit, { existingHistory: true });
    else await repo.deleteRefs([{ ref, expected: commit }]);
  } catch (error) {
    core.log(`could not move ${ref} of ${repo.path} back from ${commit}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Deletes the row, then the repository (never leaving a row that points at nothing). */
export function deleteSnippet(core: CoreState, snippet: SnippetRow): void {
  assertSnippetWritable(core, snippet);
  core.tx(() => {
    recordAudit(core, { name: 'snippet_destroyed', entity: snippetEntity(snippet), target: { type: 'Snippet', id: snippet.id, details: snippet.title }, message: `Deleted snippet ${snippet.title}` });
    core.db.prepare('DELETE FROM snippets WHERE id = ?').run(snippet.id);
  });
  snippetRepository(core, snippet).remove();
}
