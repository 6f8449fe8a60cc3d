// Names and paths of namespaces and projects: the platform's format rules and their messages,
// and the checks that keep one full path owned by one thing (user, group or project).
import type { CoreState } from '../state.js';

/** Group paths (like usernames): no leading '-', no trailing '.', '.git' or '.atom'. */
const NAMESPACE_PATH_RE = /^(?:[a-zA-Z0-9_.][a-zA-Z0-9_.-]*[a-zA-Z0-9_-]|[a-zA-Z0-9_])$/;
/** Project paths: no leading '-', no trailing '.git' or '.atom'. */
const PROJECT_PATH_RE = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
// Unicode property classes cost most of a millisecond to build, on every command that loads
// this module, whether or not it checks a name: they are made on first use.
let groupNameRe: RegExp | undefined;
let projectNameRe: RegExp | undefined;

export const NAMESPACE_PATH_MESSAGE = "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";
export const PROJECT_PATH_MESSAGE = "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
export const GROUP_NAME_MESSAGE = "can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'.";
export const PROJECT_NAME_MESSAGE = "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.";

const endsBadly = (path: string): boolean => /\.(git|atom)$/i.test(path);

export const isValidNamespacePath = (path: string): boolean => NAMESPACE_PATH_RE.test(path) && !endsBadly(path);

export const isValidProjectPath = (path: string): boolean => PROJECT_PATH_RE.test(path) && !endsBadly(path) && path !== '.' && path !== '..';

export const isValidGroupName = (name: string): boolean =>
  (groupNameRe ??= /^[\p{L}\p{N}_\p{Extended_Pictographic}][\p{L}\p{N}\p{Pd}_(). \p{Extended_Pictographic}]*$/u).test(name);

export const isValidProjectName = (name: string): boolean =>
  (projectNameRe ??= /^[\p{L}\p{N}_\p{Extended_Pictographic}][\p{L}\p{N}\p{Pd}_.+ \p{Extended_Pictographic}]*$/u).test(name);

/** A path derived from a name: lower case, runs of other characters turned into one '-'. */
export function pathFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .replace(/\.(git|atom)$/, '');
}

/** Is `fullPath` taken by a user or group namespace, or by a project (other than the excepted ones)? */
export function fullPathTaken(core: CoreState, fullPath: string, except: { namespaceId?: number; projectId?: number } = {}): boolean {
  const lower = fullPath.toLowerCase();
  const ns = core.db.prepare('SELECT id FROM namespaces WHERE full_path_lower = ?').get(lower) as { id: number } | undefined;
  if (ns && ns.id !== except.namespaceId) return true;
  const slash = lower.lastIndexOf('/');
  if (slash <= 0) return false;
  const project = core.db
    .prepare('SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.full_path_lower = ? AND p.path_lower = ?')
    .get(lower.slice(0, slash), lower.slice(slash + 1)) as { id: number } | undefined;
  return !!project && project.id !== except.projectId;
}

/** Ruby's `Hash#inspect` of an errors hash, as the platform embeds it in some messages. */
export function inspectErrors(errors: Record<string, string[]>): string {
  const str = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${Object.entries(errors)
    .map(([k, v]) => `:${k}=>[${v.map(str).join(', ')}]`)
    .join(', ')}}`;
}
