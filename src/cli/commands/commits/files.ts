// Files for `commits create`: `--add local[=repo/path]` reads a file from disk (sent base64, so
// any bytes survive), `--delete repo/path` removes one. Whether an added file creates or
// updates is decided from the tree of the commit the new one starts from.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, normalize } from 'node:path';
import type { ApiClient } from '../../../client/client.js';
import { ApiError } from '../../../client/api-error.js';
import type { PathValue } from '../../../shared/path.js';
import { UsageError } from '../../kit/errors.js';
import { repoPath } from '../branches/project.js';

export interface FileAdd {
  local: string;
  target: string;
}

/** `local[=repo/path]`: the repository path defaults to the local path (its name when outside). */
export function parseAdd(spec: string): FileAdd {
  let local = spec;
  let target: string | undefined;
  const eq = spec.indexOf('=');
  if (!existsSync(spec) && eq > 0) {
    local = spec.slice(0, eq);
    target = spec.slice(eq + 1);
  }
  if (!existsSync(local) || !statSync(local).isFile()) throw new UsageError(`--add ${spec}: no such file: ${local}`);
  if (target === undefined) {
    const rel = normalize(local);
    target = isAbsolute(rel) || rel.startsWith('..') ? basename(rel) : rel;
  }
  target = target.replace(/^\/+/, '').split('\\').join('/');
  if (target === '') throw new UsageError(`--add ${spec}: empty repository path`);
  return { local, target };
}

const parentOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** Paths among `targets` that exist as files at `ref` (one tree listing per directory). */
export async function existingFiles(api: ApiClient, project: PathValue, ref: string, targets: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const dir of new Set(targets.map(parentOf))) {
    try {
      for await (const entry of api.paginate<{ path: string; type: string }>(repoPath(project, '/tree'), { ref, per_page: 100, ...(dir ? { path: dir } : {}) })) {
        if (entry.type === 'blob') found.add(entry.path);
      }
    } catch (error) {
      // A directory (or a branch) that does not exist yet holds no files.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return found;
}

export function addAction(add: FileAdd, exists: boolean): Record<string, unknown> {
  return { action: exists ? 'update' : 'create', file_path: add.target, content: readFileSync(add.local).toString('base64'), encoding: 'base64' };
}
