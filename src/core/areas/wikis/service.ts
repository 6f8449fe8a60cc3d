// Reading and changing wiki pages. Every change is one commit on the wiki's branch with the
// caller as author, made against the tip its checks read and written with a compare-and-swap on
// the ref: a concurrent change makes the later request fail with the platform's message instead
// of being overwritten, and a refused request leaves no commit.
import { randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/rows.js';
import type { CoreState } from '../../state.js';
import { failure, notFound, validationError } from '../../http/errors.js';
import { commitActions, readBranch, type BranchState } from '../../git/commit-files.js';
import { isSafeRevision, isValidRefName } from '../../git/names.js';
import { RefUpdateError } from '../../git/repository.js';
import { ActionError, type FileAction } from '../../git/tree-actions.js';
import { userSignature } from '../../repositories/access.js';
import { auditGitChange } from '../../audit/subjects.js';
import { WIKI_BRANCH, type WikiContainer } from './container.js';
import { FORMAT_EXTENSION, lookupSlug, pageOfFile, renameTitle, slugOfTitle, titleOfSlug, type PageFile, type WikiFormat } from './pages.js';

export const PAGE_CHANGED = 'You are attempting to update a page that has changed since you started editing it.';

export interface WikiPage {
  slug: string;
  title: string;
  format: string;
  path: string;
  /** Filled when asked for. */
  content?: string;
}

const pageNotFound = () => notFound('Wiki Page');

function pagesOf(state: BranchState): PageFile[] {
  const out: PageFile[] = [];
  for (const [path, e] of state.files) {
    if (e.type !== 'blob') continue;
    const page = pageOfFile(path, e.sha);
    if (page) out.push(page);
  }
  return out;
}

/** Titles of the page files of kept listings (a listing is read again only when the branch moves). */
const titles = new WeakMap<PageFile, string>();
function titleOf(p: PageFile): string {
  let title = titles.get(p);
  if (title === undefined) titles.set(p, (title = titleOfSlug(p.slug)));
  return title;
}

const asPage = (p: PageFile): WikiPage => ({ slug: p.slug, title: titleOf(p), format: p.format, path: p.path });

async function contentsOf(w: WikiContainer, files: readonly PageFile[]): Promise<Map<string, string>> {
  const objects = await w.repo.readObjects(files.map((f) => f.sha));
  const out = new Map<string, string>();
  for (const f of files) out.set(f.sha, objects.get(f.sha)?.data.toString('utf8') ?? '');
  return out;
}

/**
 * Page listings by the commit they were read from. A commit id names its tree forever, so a
 * listing stays true for as long as the branch points there: a list request reads the branch's
 * ref (a file, no process) and reuses the listing until a change moves the branch. Bounded by
 * the number of pages kept in all; when full, the oldest listings go first.
 */
const pageListings = new Map<string, readonly PageFile[]>();
let pagesKept = 0;
const PAGES_KEPT = 50_000;

function rememberListing(commit: string, pages: readonly PageFile[]): void {
  if (pages.length > PAGES_KEPT) return;
  while (pagesKept + pages.length > PAGES_KEPT) {
    const [oldest, listing] = pageListings.entries().next().value as [string, readonly PageFile[]];
    pageListings.delete(oldest);
    pagesKept -= listing.length;
  }
  pageListings.set(commit, pages);
  pagesKept += pages.length;
}

/** Every page of the wiki, sorted by path so that the pages of a directory stay together (the platform's order). */
export async function listPages(w: WikiContainer): Promise<readonly PageFile[]> {
  // No repository: no ref file, so no branch.
  const tip = (await w.repo.branch(WIKI_BRANCH))?.target;
  if (!tip) return [];
  const known = pageListings.get(tip);
  if (known) return known;
  const pages = pagesOf({ tip, files: await w.repo.listTree(tip) }).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  rememberListing(tip, Object.freeze(pages));
  return pages;
}

/** Pages of a list window as entities; contents are read for these pages only, when asked for. */
export async function pagesWithContent(w: WikiContainer, files: readonly PageFile[], withContent: boolean): Promise<WikiPage[]> {
  if (!withContent) return files.map(asPage);
  const contents = await contentsOf(w, files);
  return files.map((p) => Object.assign(asPage(p), { content: contents.get(p.sha) ?? '' }));
}

/** The page file for a slug in a directory listing of one commit; exact slug first, then any case. */
async function findPageAt(w: WikiContainer, rev: string, slug: string): Promise<PageFile | null> {
  const slash = slug.lastIndexOf('/');
  const dir = slash < 0 ? '' : slug.slice(0, slash);
  const entries = await w.repo.lsTree(rev, dir, false);
  if (!entries) return null;
  const candidates = entries.filter((e) => e.type === 'blob').map((e) => pageOfFile(e.path, e.sha)).filter((p): p is PageFile => p !== null);
  return candidates.find((p) => p.slug === slug) ?? candidates.find((p) => p.slug.toLowerCase() === slug.toLowerCase()) ?? null;
}

/** One page at the branch tip or at `version` (a commit of the wiki, or any branch or tag of it). */
export async function getPage(w: WikiContainer, rawSlug: string, version?: string): Promise<WikiPage> {
  const slug = lookupSlug(rawSlug);
  if (!slug || !w.repo.exists()) throw pageNotFound();
  let rev: string | null;
  if (version !== undefined) {
    rev = isSafeRevision(version) ? await w.repo.resolveCommit(version) : null;
  } else {
    rev = (await w.repo.branch(WIKI_BRANCH))?.target ?? null;
  }
  if (!rev) throw pageNotFound();
  const file = await findPageAt(w, rev, slug);
  if (!file) throw pageNotFound();
  const contents = await contentsOf(w, [file]);
  return Object.assign(asPage(file), { content: contents.get(file.sha) ?? '' });
}

/** The duplicate a new slug would make: any page of that slug, whatever its extension or case. */
function duplicateOf(pages: readonly PageFile[], slug: string, except?: string): PageFile | undefined {
  const lower = slug.toLowerCase();
  return pages.find((p) => p.slug.toLowerCase() === lower && p.path !== except);
}

/** The platform names the file the new page would have been written to. */
const duplicateError = (path: string) => validationError({ base: [`Duplicate page: A page with that title already exists in the file ${path}`] });

async function commit(
  core: CoreState,
  w: WikiContainer,
  user: UserRow,
  base: BranchState,
  actions: FileAction[],
  contents: Buffer[],
  message: string,
  recheck?: (base: BranchState) => void,
): Promise<void> {
  w.assertWritable();
  await w.repo.ensure(WIKI_BRANCH);
  try {
    await commitActions(w.repo, {
      branch: WIKI_BRANCH,
      base,
      actions,
      contents,
      message,
      author: userSignature(core, user),
      beforeRefUpdate: () => w.assertWritable(),
      ...(recheck ? { recheck } : {}),
    });
  } catch (error) {
    if (error instanceof RefUpdateError) throw validationError({ base: [PAGE_CHANGED] });
    if (error instanceof ActionError) throw validationError({ base: [error.message] });
    throw error;
  }
}

export async function createPage(core: CoreState, w: WikiContainer, user: UserRow, input: { title: string; content: string; format: WikiFormat }): Promise<WikiPage> {
  w.assertWritable();
  const slug = slugOfTitle(input.title);
  if (input.content.trim() === '') throw validationError({ content: ["can't be blank"] });
  const base = w.repo.exists() ? await readBranch(w.repo, WIKI_BRANCH) : { tip: null, files: new Map() };
  const path = `${slug}.${FORMAT_EXTENSION[input.format]}`;
  // Checked again if another page was written meanwhile (a page of the same title in another case).
  const unique = (b: BranchState): void => {
    if (duplicateOf(pagesOf(b), slug)) throw duplicateError(path);
  };
  unique(base);
  await commit(core, w, user, base, [{ action: 'create', filePath: path, content: 0 }], [Buffer.from(input.content, 'utf8')], `${user.username} created page: ${input.title}`, unique);
  await auditPage(core, w, 'wiki_page_created', slug, `Created wiki page ${slug}`);
  return { slug, title: titleOfSlug(slug), format: input.format, path, content: input.content };
}

async function existingPage(w: WikiContainer, rawSlug: string): Promise<{ base: BranchState; page: PageFile; pages: PageFile[] }> {
  const slug = lookupSlug(rawSlug);
  if (!slug || !w.repo.exists()) throw pageNotFound();
  const base = await readBranch(w.repo, WIKI_BRANCH);
  const pages = pagesOf(base);
  const page = pages.find((p) => p.slug === slug) ?? pages.find((p) => p.slug.toLowerCase() === slug.toLowerCase());
  if (!page) throw pageNotFound();
  return { base, page, pages };
}

export async function updatePage(
  core: CoreState,
  w: WikiContainer,
  user: UserRow,
  rawSlug: string,
  input: { title?: string; content?: string; format?: WikiFormat },
): Promise<WikiPage> {
  w.assertWritable();
  const { base, page } = await existingPage(w, rawSlug);
  if (input.content !== undefined && input.content.trim() === '') throw validationError({ content: ["can't be blank"] });
  const slug = input.title !== undefined ? slugOfTitle(renameTitle(input.title, page.slug)) : page.slug;
  const format = input.format ?? page.format;
  // The same format keeps the file's own extension (Markdown has several), lower-cased.
  const extension = input.format === undefined || input.format === page.format ? page.path.slice(page.slug.length + 1).toLowerCase() : FORMAT_EXTENSION[input.format];
  const path = `${slug}.${extension}`;
  const unique = (b: BranchState): void => {
    if (path !== page.path && duplicateOf(pagesOf(b), slug, page.path)) throw duplicateError(path);
  };
  unique(base);
  const contents: Buffer[] = [];
  if (input.content !== undefined) contents.push(Buffer.from(input.content, 'utf8'));
  const action: FileAction =
    path === page.path
      ? { action: 'update', filePath: path, ...(contents.length ? { content: 0 } : {}) }
      : { action: 'move', previousPath: page.path, filePath: path, ...(contents.length ? { content: 0 } : {}) };
  await commit(core, w, user, base, [action], contents, `${user.username} updated page: ${input.title ?? page.slug}`, unique);
  await auditPage(core, w, 'wiki_page_updated', slug, slug === page.slug ? `Updated wiki page ${slug}` : `Updated wiki page ${page.slug} (now ${slug})`);
  const content = input.content ?? (await contentsOf(w, [page])).get(page.sha) ?? '';
  return { slug, title: titleOfSlug(slug), format, path, content };
}

export async function deletePage(core: CoreState, w: WikiContainer, user: UserRow, rawSlug: string): Promise<void> {
  w.assertWritable();
  const { base, page } = await existingPage(w, rawSlug);
  await commit(core, w, user, base, [{ action: 'delete', filePath: page.path }], [], `${user.username} deleted page: ${titleOfSlug(page.slug)}`);
  await auditPage(core, w, 'wiki_page_deleted', page.slug, `Deleted wiki page ${page.slug}`);
}

/** The event of a page change, once its commit is on the wiki's branch. */
const auditPage = (core: CoreState, w: WikiContainer, name: string, slug: string, message: string) =>
  auditGitChange(core, { name, entity: w.entity, target: { type: 'WikiPage', id: slug, details: slug }, message });

export interface Attachment {
  file_name: string;
  file_path: string;
  branch: string;
  link: { url: string; markdown: string };
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp', 'svg']);
const MAX_NAME_CHARS = 255;

/**
 * An uploaded file's name as the platform stores it: cut to its basename, and a name over 255
 * characters shortened before its extension (here also kept within 255 UTF-8 bytes, so that a
 * clone can write it). Null when nothing is left.
 */
export function attachmentName(original: string): string | null {
  const base = (original.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base === '' || base === '.' || base === '..') return null;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot) : '';
  let stem = [...(dot > 0 ? base.slice(0, dot) : base)];
  const fits = () => stem.length + [...ext].length <= MAX_NAME_CHARS && Buffer.byteLength(stem.join('') + ext) <= MAX_NAME_CHARS;
  while (!fits() && stem.length > 1) stem = stem.slice(0, -1);
  return stem.join('') + ext;
}

export async function uploadAttachment(core: CoreState, w: WikiContainer, user: UserRow, file: { filename: string; data: Buffer }, branch: string | undefined): Promise<Attachment> {
  w.assertWritable();
  const name = attachmentName(file.filename);
  if (name === null) throw failure(400, 'The file name cannot be empty');
  const target = branch ?? WIKI_BRANCH;
  if (!isValidRefName(target)) throw failure(400, 'Branch name is invalid');
  await w.repo.ensure(WIKI_BRANCH);
  let base = await readBranch(w.repo, target);
  let startTip: string | null = null;
  if (base.tip === null && target !== WIKI_BRANCH) {
    const main = await readBranch(w.repo, WIKI_BRANCH);
    startTip = main.tip;
    base = { tip: null, files: main.files };
  }
  const filePath = `uploads/${randomBytes(16).toString('hex')}/${name}`;
  w.assertWritable();
  try {
    await commitActions(w.repo, {
      branch: target,
      base,
      startTip,
      actions: [{ action: 'create', filePath, content: 0 }],
      contents: [file.data],
      message: `Upload attachment ${name}`,
      author: userSignature(core, user),
      beforeRefUpdate: () => w.assertWritable(),
    });
  } catch (error) {
    if (error instanceof RefUpdateError || error instanceof ActionError) throw failure(400, `Failed to upload attachment: ${error instanceof ActionError ? error.message : 'the wiki changed meanwhile'}`);
    throw error;
  }
  await auditGitChange(core, { name: 'wiki_attachment_uploaded', entity: w.entity, target: { type: 'WikiAttachment', id: filePath, details: name }, message: `Uploaded wiki attachment ${name} to ${target}` });
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const markdown = IMAGE_EXTENSIONS.has(ext) ? `![${name}](${filePath})` : `[${name}](${filePath})`;
  return { file_name: name, file_path: filePath, branch: target, link: { url: filePath, markdown } };
}

/** An attachment as the hostctl extension lists it. */
export interface StoredAttachment {
  file_name: string;
  file_path: string;
  branch: string;
  sha: string;
}

/** The directory attachments are committed under, as `uploads/<32 hex>/<name>`. */
const UPLOADS = 'uploads';

/** The tip of `branch` (the wiki's own by default), or null when the wiki or the branch does not exist. */
async function tipOf(w: WikiContainer, branch: string | undefined): Promise<string | null> {
  const name = branch ?? WIKI_BRANCH;
  if (!isValidRefName(name)) throw failure(400, 'Branch name is invalid');
  if (!w.repo.exists()) return null;
  return (await w.repo.branch(name))?.target ?? null;
}

/** Every file under uploads/ on the branch, by path (none when the wiki or branch has none). */
export async function listAttachments(w: WikiContainer, branch?: string): Promise<StoredAttachment[]> {
  const tip = await tipOf(w, branch);
  if (!tip) return [];
  const entries = (await w.repo.lsTree(tip, UPLOADS, true)) ?? [];
  return entries
    .filter((e) => e.type === 'blob')
    .map((e) => ({ file_name: e.path.slice(e.path.lastIndexOf('/') + 1), file_path: e.path, branch: branch ?? WIKI_BRANCH, sha: e.sha }))
    .sort((a, b) => (a.file_path < b.file_path ? -1 : a.file_path > b.file_path ? 1 : 0));
}

/** The attachments of a list window with their sizes. */
export async function withSizes(w: WikiContainer, rows: readonly StoredAttachment[]): Promise<(Omit<StoredAttachment, 'sha'> & { size: number })[]> {
  const sizes = await w.repo.objectSizes(rows.map((r) => r.sha));
  return rows.map(({ sha, ...r }) => Object.assign(r, { size: sizes.get(sha) ?? 0 }));
}

/** One attachment's bytes; 404 for anything that is not a file under uploads/ on the branch. */
export async function readAttachment(w: WikiContainer, filePath: string, branch?: string): Promise<{ name: string; data: Buffer }> {
  const missing = () => notFound('Attachment');
  const path = filePath.replace(/^\/+/, '');
  const parts = path.split('/');
  if (parts[0] !== UPLOADS || parts.length < 2 || parts.some((p) => p === '' || p === '.' || p === '..')) throw missing();
  const tip = await tipOf(w, branch);
  if (!tip) throw missing();
  const dir = parts.slice(0, -1).join('/');
  const entry = ((await w.repo.lsTree(tip, dir, false)) ?? []).find((e) => e.path === path && e.type === 'blob');
  if (!entry) throw missing();
  const object = (await w.repo.readObjects([entry.sha])).get(entry.sha);
  if (!object) throw missing();
  return { name: parts[parts.length - 1] as string, data: object.data };
}

/** Commits that changed a page's file, newest first (for `wikis history`). */
export async function pageHistory(w: WikiContainer, rawSlug: string): Promise<{ id: string; message: string; author_name: string; author_email: string; authored_date: string }[]> {
  const { base, page } = await existingPage(w, rawSlug);
  if (!base.tip) return [];
  const ids = await w.repo.log({ rev: base.tip, path: page.path, limit: 100 });
  const commits = await w.repo.commits(ids);
  return ids.flatMap((id) => {
    const c = commits.get(id);
    return c ? [{ id, message: c.message, author_name: c.author.name, author_email: c.author.email, authored_date: new Date(c.author.epoch * 1000).toISOString() }] : [];
  });
}

