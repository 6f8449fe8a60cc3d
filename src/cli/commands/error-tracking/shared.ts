// Error tracking of a project (-R/--project): its settings and client keys.
import type { PathValue } from '../../../shared/path.js';
import type { Column } from '../../render/output.js';
import { UsageError } from '../../kit/errors.js';
import { apiPath } from '../../kit/refs.js';

export { addProjectOption, projectRef, type ProjectOpts } from '../../kit/project-option.js';

export const settingsPath = (project: PathValue): string => apiPath('/projects/:id/error_tracking/settings', { id: project });
export const keysPath = (project: PathValue): string => apiPath('/projects/:id/error_tracking/client_keys', { id: project });

// The DSN carries the public key and is what an application is configured with: tables show it
// whole (JSON and --fields still give public_key on its own).
export const KEY_COLUMNS: Column[] = [{ key: 'id' }, { key: 'active' }, { key: 'tracker_dsn', header: 'DSN', whole: true }];
export const KEY_FIELDS = ['id', 'active', 'public_key', 'tracker_dsn'];

export function keyId(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`the key ID must be a whole number, got "${value ?? ''}"`);
  return Number(value);
}
