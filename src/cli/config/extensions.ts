// Extensions: an executable named hostctl-NAME on PATH runs as `hostctl NAME …`, the model of git,
// kubectl and gh. A command's name always wins, then an alias of that name; only then is PATH
// searched, so a command costs nothing for the feature. PATH entries that are not absolute (`.`,
// an empty entry) are skipped: a command typed in some directory must not run a file found there.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export const EXTENSION_PREFIX = 'hostctl-';

/** A name an extension can have: one word (no path separators, no leading dash). */
const NAME = /^[a-z0-9][a-z0-9._-]*$/i;

const pathDirs = (env: NodeJS.ProcessEnv): string[] => [...new Set((env.PATH ?? '').split(delimiter).filter((d) => d !== '' && isAbsolute(d)))];

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable `hostctl NAME` runs, the first on PATH; undefined when there is none. */
export function findExtension(name: string, env: NodeJS.ProcessEnv): string | undefined {
  if (!NAME.test(name)) return undefined;
  for (const dir of pathDirs(env)) {
    const path = join(dir, `${EXTENSION_PREFIX}${name}`);
    if (isExecutableFile(path)) return path;
  }
  return undefined;
}

export interface FoundExtension {
  name: string;
  path: string;
  /** An extension of the same name earlier on PATH, which runs instead. */
  shadowedBy?: string;
}

/** Every extension on PATH, in PATH order (a later one of a name is shadowed by the first). */
export function listExtensions(env: NodeJS.ProcessEnv): FoundExtension[] {
  const first = new Map<string, string>();
  const out: FoundExtension[] = [];
  for (const dir of pathDirs(env)) {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const entry of entries.sort()) {
      if (!entry.startsWith(EXTENSION_PREFIX)) continue;
      const name = entry.slice(EXTENSION_PREFIX.length);
      const path = join(dir, entry);
      if (!NAME.test(name) || !isExecutableFile(path)) continue;
      const earlier = first.get(name);
      if (earlier === undefined) first.set(name, path);
      out.push({ name, path, ...(earlier !== undefined ? { shadowedBy: earlier } : {}) });
    }
  }
  return out;
}

/** Flags before an extension's name that it receives, as the variables that carry them. */
const PASSED: Record<string, string> = { '--context': 'HOSTCTL_CONTEXT', '--url': 'HOSTCTL_URL', '--state': 'HOSTCTL_STATE' };

/**
 * The environment for flags given before the extension's name (`hostctl --context prod NAME`):
 * the target flags become HOSTCTL_CONTEXT, HOSTCTL_URL and HOSTCTL_STATE, so the hostctl commands
 * it runs use the same target; any other flag is refused by the caller (returned as `refused`).
 */
export function targetEnvOf(before: readonly string[]): { env: Record<string, string>; refused?: string } {
  const env: Record<string, string> = {};
  for (let i = 0; i < before.length; i++) {
    const word = before[i] as string;
    const eq = word.indexOf('=');
    const flag = eq > 0 ? word.slice(0, eq) : word;
    const variable = PASSED[flag];
    const value = eq > 0 ? word.slice(eq + 1) : before[i + 1];
    if (!variable || value === undefined) return { env, refused: word };
    env[variable] = value;
    if (eq < 0) i++;
  }
  return { env };
}
