// The instance's repository storages (an extension: the platform configures storages in files,
// with no API). List them with what lives there and the space used and free; add one to a
// running instance; remove one that holds nothing. Administrators only. Every process reads the
// storage list from the settings table on use, so a running `serve` sees changes at once.
import { auditRow, INSTANCE } from '../../audit/subjects.js';
import { mkdirSync, statSync, statfsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { defineRoutes } from '../../http/route.js';
import type { RequestContext } from '../../http/context.js';
import { conflict, forbidden, notFound, paramError, validationError } from '../../http/errors.js';
import { created, noContent } from '../../http/reply.js';
import { isAdmin } from '../../auth/policy.js';
import { storageWeights, writeStorageWeights } from '../../instance.js';
import type { CoreState } from '../../state.js';
import { CONTAINER_TYPES, countOn } from '../storage-moves/kinds.js';

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function requireAdmin(ctx: RequestContext): void {
  if (!isAdmin(ctx.actor)) throw forbidden();
}

/** Bytes of every file below a directory (symbolic links are not followed). */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += await bytesUnder(path);
    else if (e.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Makes a storage's directory, one missing level at a time below the nearest existing one, and
 * says what stands in the way if it cannot (a file, a pseudo-filesystem, permissions). Node's
 * own recursive mkdir never returns on some paths (below /proc it retries forever), which would
 * stall the whole server.
 */
function createDirectory(dir: string): string | undefined {
  const missing: string[] = [];
  for (let at = dir; ; ) {
    try {
      if (!statSync(at).isDirectory()) return `${at} is not a directory`;
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') return `cannot be used (${code ?? 'error'} at ${at})`;
      const parent = dirname(at);
      if (parent === at) return 'cannot be created';
      missing.push(at);
      at = parent;
    }
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') return `cannot be created (${code ?? 'error'} at ${level})`;
    }
  }
  return undefined;
}

function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

async function presentStorage(core: CoreState, name: string) {
  const path = core.repos.storagePath(name);
  const repositories = Object.create(null) as Record<string, number>;
  for (const type of CONTAINER_TYPES) repositories[type] = countOn(core, type, name);
  return {
    name,
    path,
    weight: storageWeights(core.db)[name] ?? 100,
    repositories: { ...repositories },
    bytes_used: await bytesUnder(path),
    free_bytes: freeBytes(path),
  };
}

function activeMovesOn(core: CoreState, name: string): number {
  return (
    core.db
      .prepare('SELECT COUNT(*) AS n FROM repository_storage_moves WHERE state IN (2, 3, 6) AND (source_storage_name = ? OR destination_storage_name = ?)')
      .get(name, name) as { n: number }
  ).n;
}

export const storageRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/hostctl/storages',
    summary: 'List repository storages with repositories per kind, bytes used and free (administrators; hostctl extension)',
    handler: async (ctx) => {
      requireAdmin(ctx);
      const names = Object.keys(ctx.core.settings.storages).sort();
      return Promise.all(names.map((n) => presentStorage(ctx.core, n)));
    },
  },
  {
    method: 'POST',
    path: '/hostctl/storages',
    summary: 'Add a repository storage: a name and a directory (administrators; hostctl extension)',
    params: [
      // Checked in the handler, after the administrator check (403 before 400).
      { name: 'name', type: 'string' },
      { name: 'path', type: 'string' },
      { name: 'weight', type: 'integer', check: (v) => ((v as number) < 0 || (v as number) > 100 ? 'weight does not have a valid value' : undefined) },
    ],
    handler: async (ctx) => {
      requireAdmin(ctx);
      const missing = ['name', 'path'].filter((k) => ctx.params[k] === undefined);
      if (missing.length > 0) throw paramError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
      const name = ctx.params.name as string;
      const path = ctx.params.path as string;
      const core = ctx.core;
      const errors: Record<string, string[]> = {};
      if (!NAME_RE.test(name)) errors.name = ['must be 1 to 64 letters, digits, "_", "." or "-", starting with a letter or digit'];
      if (path.trim() === '' || path.includes('\0')) errors.path = ["can't be blank"];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const absolute = isAbsolute(path) ? resolve(path) : resolve(core.stateDir, path);
      const refuseClash = (storages: Record<string, string>) => {
        if (Object.hasOwn(storages, name)) throw conflict(`Storage ${name} already exists`);
        const clash = Object.keys(storages).find((n) => core.repos.storagePath(n) === absolute);
        if (clash) throw conflict(`Storage ${clash} already uses ${absolute}`);
      };
      // Refused before anything is made on disk; checked again with the write below.
      refuseClash(core.settings.storages);
      const problem = createDirectory(absolute);
      if (problem) throw validationError({ path: [problem] });
      core.tx(() => {
        const storages = core.settings.storages;
        refuseClash(storages);
        core.settings.storages = { ...storages, [name]: path };
        if (ctx.params.weight !== undefined) writeStorageWeights(core.db, { ...storageWeights(core.db), [name]: ctx.params.weight as number });
        auditRow(core, INSTANCE, 'repository_storage_added', { type: 'RepositoryStorage', id: name, details: path }, `Added repository storage ${name}`);
      });
      return created(await presentStorage(core, name));
    },
  },
  {
    method: 'DELETE',
    path: '/hostctl/storages/:name',
    summary: 'Remove a repository storage that holds no repository and no move under way (administrators; hostctl extension)',
    params: [{ name: 'name', type: 'string', required: true }],
    handler: (ctx) => {
      requireAdmin(ctx);
      const name = ctx.params.name as string;
      const core = ctx.core;
      core.tx(() => {
        const storages = core.settings.storages;
        if (!Object.hasOwn(storages, name)) throw notFound('Storage');
        const held = CONTAINER_TYPES.map((t) => [t, countOn(core, t, name)] as const).filter(([, n]) => n > 0);
        if (held.length > 0) {
          const what = held.map(([t, n]) => `${n} ${t}${n === 1 ? '' : 's'}`).join(', ');
          throw conflict(`Storage ${name} still holds the repositories of ${what}; move them first`);
        }
        const moves = activeMovesOn(core, name);
        if (moves > 0) throw conflict(`Storage ${name} has ${moves} storage move${moves === 1 ? '' : 's'} under way`);
        if (Object.keys(storages).length === 1) throw conflict(`Storage ${name} is the only storage`);
        const rest = Object.create(null) as Record<string, string>;
        for (const [k, v] of Object.entries(storages)) if (k !== name) rest[k] = v;
        core.settings.storages = { ...rest };
        const weights = storageWeights(core.db);
        if (name in weights) {
          delete weights[name];
          writeStorageWeights(core.db, { ...weights });
        }
        auditRow(core, INSTANCE, 'repository_storage_removed', { type: 'RepositoryStorage', id: name, details: storages[name] as string }, `Removed repository storage ${name}`);
      });
      return noContent();
    },
  },
]);

