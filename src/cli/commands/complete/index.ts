// hostctl __complete RESOURCE [PREFIX] [PROJECT] [GROUP]: the values the completion scripts
// offer for project paths, group paths, usernames, tags, branches, wiki slugs, storages … read
// from the current target (time zones from this machine, without one). The answers are cached
// for a short while per target, so pressing Tab again costs one file read.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Argument, type Command } from 'commander';
import { cacheDir } from '../../config/paths.js';
import { applyVerb, type Cli } from '../../kit/verb.js';
import { DYNAMIC_RESOURCES, isLocalResource, localValues, targetValues, type DynamicResource, type Scope } from '../../kit/choices.js';
import { nowFromEnv } from '../../../shared/dates.js';

/** How long completion values are reused, in milliseconds. */
const TTL_MS = 60_000;
const RESOURCES = DYNAMIC_RESOURCES;
type Resource = DynamicResource;

/**
 * A file name for a cache entry: two FNV-1a hashes of the key (node:crypto costs more to load
 * than this whole command may take). The token is part of the key, never of the name.
 */
function cacheKey(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

async function values(cli: Cli, resource: Resource, scope: Scope): Promise<string[]> {
  if (isLocalResource(resource)) return localValues(resource);
  const target = cli.target();
  const where = target.kind === 'remote' ? String(target.url) : String(target.stateDir);
  const key = cacheKey(JSON.stringify([where, target.token ?? target.tokenCommand ?? '', resource, scope.project ?? '', scope.group ?? '']));
  const file = join(cacheDir(cli.env), `complete-${key}.json`);
  const now = nowFromEnv(cli.env).getTime();
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { at: number; values: string[] };
    if (now - cached.at >= 0 && now - cached.at < TTL_MS && Array.isArray(cached.values)) return cached.values;
  } catch {
    // No cache yet, or an unreadable one: ask the target.
  }
  const list = await targetValues(await cli.client(), resource, scope);
  try {
    mkdirSync(cacheDir(cli.env), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ at: now, values: list }), { mode: 0o600 });
  } catch {
    // A cache that cannot be written only makes the next Tab slower.
  }
  return list;
}

export function configure(noun: Command): void {
  noun.addArgument(new Argument('<resource>', 'what to complete').choices([...RESOURCES]));
  applyVerb<Record<string, never>>(noun, {
    name: '__complete',
    summary: 'Values for shell completion (used by the completion scripts)',
    args: '[prefix] [project] [group]',
    examples: ['hostctl __complete projects acme/', 'hostctl __complete tags v1 acme/web', "hostctl __complete enterprise-users '' '' acme", 'hostctl __complete timezones Europe/'],
    async run(cli, [resource, prefix = '', project, group]) {
      let list: string[] = [];
      // The project on the line, else HOSTCTL_PROJECT (as for the commands) unless a group is given.
      const scope: Scope = project ? { project } : group ? { group } : cli.env.HOSTCTL_PROJECT ? { project: cli.env.HOSTCTL_PROJECT } : {};
      if (group) scope.group = group;
      try {
        list = await values(cli, resource as Resource, scope);
      } catch {
        // Completion never prints errors into the user's command line.
        return;
      }
      // @me is a username everywhere one is taken.
      if (resource === 'users') list = ['@me', ...list];
      const lower = prefix.toLowerCase();
      cli.print(list.filter((v) => v.toLowerCase().startsWith(lower)).map((v) => `${v}\n`).join(''));
    },
  });
}
