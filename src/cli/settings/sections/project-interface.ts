// TEMPORARY local copy of the settings section interface until src/cli/settings/section.ts lands.
import type { ApiClient } from '../../../client/client.js';

export type Scope = 'global' | 'group' | 'project';
export interface Target { scope: Scope; path: string; id?: number }
export interface Locator { file: string; pointer: (string | number)[]; line?: number; column?: number }
export interface FieldChange { field: string; from: unknown; to: unknown }
export interface Change { op: 'create' | 'update' | 'delete'; section: string; target: Target; key: string; fields: FieldChange[]; payload?: unknown }
export interface NameResolver {
  userId(username: string): Promise<number>;
  groupId(path: string): Promise<number>;
}
export interface SectionContext { client: ApiClient; names: NameResolver; extensions: boolean }
export interface SettingsSection<D = unknown, C = unknown> {
  name: string; scopes: Scope[]; order: number; needsExtension?: boolean;
  schema: Record<string, unknown>;
  parse(value: unknown, at: Locator): D;
  references(d: D): { users?: string[]; groups?: string[]; projects?: string[] };
  read(ctx: SectionContext, target: Target): Promise<C>;
  plan(d: D, c: C, opts: { prune: boolean }): { changes: Change[]; unchanged: number };
  apply(ctx: SectionContext, change: Change): Promise<void>;
  export(c: C, ctx: SectionContext): unknown;
}
export class SettingsFileError extends Error {
  constructor(message: string, readonly at: Locator) { super(message); }
}
