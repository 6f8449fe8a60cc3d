// The contract of one section of a settings file (members, protected branches, …). Each section
// is one module that knows its part of the file (schema, parse), how to read the current state
// through the API, how to compare the two (by natural identity, never by id) and how to write one
// change. Loading files, resolving names, planning across targets, rendering and the apply loop
// are shared (src/cli/settings/*), so a section holds only what is particular to it.
import type { ApiClient } from '../../client/client.js';
import type { SettingsReads } from './reads.js';

export type Scope = 'global' | 'group' | 'project';

/** What a section applies to: the caller's global settings, a group or a project. */
export interface Target {
  scope: Scope;
  /** Full path of the group or project; '' for global. */
  path: string;
  /** Its id once resolved against the instance. */
  id?: number;
}

/** Where a value sits in the file; line and column come from the file's source map. */
export interface Locator {
  file: string;
  pointer: (string | number)[];
  line?: number;
  column?: number;
  /** The loaded file's positions (set by the loader; absent for values built in code). */
  source?: SourceMap;
}

/** Finds the line and column of a value in a loaded file by its pointer. */
export interface SourceMap {
  position(pointer: (string | number)[], key?: boolean): { line: number; column: number } | undefined;
}

/** The locator of a value below `at` (a key of a map, an index of a list). */
export const child = (at: Locator, ...keys: (string | number)[]): Locator => ({ ...at, pointer: [...at.pointer, ...keys], line: undefined, column: undefined });

/** The file, line and column of a locator: `team.yaml:12:7`. */
export function where(at: Locator, key = false): string {
  const pos = at.line !== undefined ? { line: at.line, column: at.column ?? 1 } : at.source?.position(at.pointer, key);
  return pos ? `${at.file}:${pos.line}:${pos.column}` : at.file;
}

/** A problem in a settings file, at the place it names. Nothing has been changed when it is thrown. */
export class SettingsFileError extends Error {
  constructor(
    readonly at: Locator,
    readonly problem: string,
    /** Point at the key rather than its value (an unknown key). */
    readonly atKey = false,
  ) {
    super(`${where(at, atKey)}: ${problem}`);
  }
}

/** A named user, group or project and where the file names it. */
export interface Reference {
  name: string;
  at: Locator;
}

/** A part of a file value that needs a paid tier, and where the file gives it. */
export interface PaidPart {
  /** What it is, as an error names it: `users and groups in allowed_to_push`. */
  what: string;
  at: Locator;
}

export interface References {
  users?: Reference[];
  groups?: Reference[];
  projects?: Reference[];
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export type ChangeOp = 'create' | 'update' | 'delete';

export interface Change {
  op: ChangeOp;
  section: string;
  target: Target;
  /** The natural identity shown in the plan (a username, a branch name, a cron pair). */
  key: string;
  fields: FieldChange[];
  /** What apply needs (the desired record, the current id); never shown. */
  payload?: unknown;
}

/** The users (usernames) and groups (full paths) one change names: what it depends on. */
export interface ChangeNames {
  users?: string[];
  groups?: string[];
}

/** A change as a section plans it; the planner adds the section and the target. */
export type PlannedChange = Omit<Change, 'section' | 'target'>;

/**
 * Cached lookups between names and ids on the target. Every name the file holds is resolved
 * (`preload`) before anything changes, so the lookups sections make while applying do not fail.
 */
export interface NameResolver {
  userId(username: string, at?: Locator): Promise<number>;
  username(id: number): Promise<string>;
  groupId(fullPath: string, at?: Locator): Promise<number>;
  groupPath(id: number): Promise<string>;
  projectId(fullPath: string, at?: Locator): Promise<number>;
  projectPath(id: number): Promise<string>;
}

export interface SectionContext {
  client: ApiClient;
  names: NameResolver;
  /** The target is a hostctl instance (it has the /hostctl/ extensions). */
  extensions: boolean;
  /** Where sections read their state: batched per section ahead of a plan or an export. */
  reads: SettingsReads;
}

export interface PlanOptions {
  /** Delete what the file does not declare, within this section of this target. */
  prune: boolean;
  target: Target;
}

/**
 * One section of the file. `D` is the parsed file value, `C` the current state as read; both are
 * in the file's vocabulary (usernames, paths, role names), so `plan` is a pure comparison and only
 * `read` and `apply` translate between names and ids.
 */
export interface SettingsSection<D = unknown, C = unknown> {
  /** The key in the file (`members`, `protected_branches`). */
  name: string;
  /** Where the key may appear: top level (global), under a group, under a project. */
  scopes: Scope[];
  /** Apply order, lower first: members 10, settings 20, rules that name members 30 and later. */
  order: number;
  /**
   * The path below `/projects/:id/` or `/groups/:id/` that `read` starts from, so a plan can
   * read it for many targets at once (reads.ts); absent for reads that cannot be batched.
   */
  endpoint?: string;
  /** Needs a hostctl extension (refused by name against a platform without one). */
  needsExtension?: boolean;
  /** One line for `--section` help and the schema's description. */
  summary: string;
  /** JSON Schema of the section's value (merged into the shipped schema). */
  schema: Record<string, unknown>;
  /** The schema where it differs by scope (a field only at the top of the file). */
  schemaAt?(scope: Scope): Record<string, unknown>;
  /** Validates and normalises the file value; throws SettingsFileError at a sub-locator. */
  parse(value: unknown, at: Locator, scope: Scope): D;
  /** Names the value uses, resolved against the target before anything changes. */
  references(d: D): References;
  /**
   * Parts of the value that only a paid tier (Premium and above) keeps: a Free instance accepts
   * and ignores them, so they would show as drift after every apply; the plan refuses them there.
   */
  paidOnly?(d: D): PaidPart[];
  read(ctx: SectionContext, target: Target): Promise<C>;
  plan(d: D, c: C, opts: PlanOptions): { changes: PlannedChange[]; unchanged: number };
  apply(ctx: SectionContext, change: Change): Promise<void>;
  /** The users and groups a change names (apply skips it after a failed change of those, with --keep-going). */
  names?(change: Change): ChangeNames;
  /** The file form of the current state, which parse() accepts and plan() finds in sync. */
  export(c: C, ctx: SectionContext, target: Target): unknown;
}

/** A section of any value types, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySection = SettingsSection<any, any>;
