// Contexts live in one JSON file of mode 0600, written through `conf` (atomic writes, the file
// mode enforced). Reading takes the plain file directly: `conf` and its schema validator cost
// more start-up time than a whole local command may spend.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { CliError, EXIT, UsageError } from '../kit/errors.js';
import { configDir, configFile } from './paths.js';

export interface ContextConfig {
  type: 'local' | 'remote';
  /** Local: the state directory. */
  state?: string;
  /** Remote: the instance URL. */
  url?: string;
  token?: string;
  /**
   * A shell command whose first line of output is the token, run when a command needs it
   * (config/token-command.ts): the secret stays in a password store (`pass`, `secret-tool`,
   * 1Password's `op`, a keychain) instead of this file. A context has this or `token`.
   */
  tokenCommand?: string;
}

export interface ConfigData {
  currentContext?: string;
  contexts: Record<string, ContextConfig>;
  /** Command aliases (`hostctl alias set`): name → expansion; `!` first for a shell alias. */
  aliases?: Record<string, string>;
}

/**
 * A name the config file keys an entry by (a context, an alias): a letter or digit, then letters,
 * digits, '.', '_' or '-', so it is never taken for an option.
 */
export function checkConfigName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new UsageError(`NAME must start with a letter or digit and hold only letters, digits, ".", "_" or "-" (64 at most), got "${name}"`);
  }
  return name;
}

/** Refuses a config file others can read: it holds tokens. */
function checkMode(file: string): void {
  if (process.platform === 'win32') return;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new CliError(
      `config file ${file} has mode ${mode.toString(8).padStart(4, '0')}, which lets other users read its tokens`,
      EXIT.auth,
      `run: chmod 600 ${file}`,
    );
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigData {
  const file = configFile(env);
  if (!existsSync(file)) return { contexts: {} };
  checkMode(file);
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<ConfigData>;
    // Only string expansions are aliases: anything else in the file is not run.
    const aliases = data.aliases && typeof data.aliases === 'object' ? Object.fromEntries(Object.entries(data.aliases).filter(([, v]) => typeof v === 'string')) : {};
    return { ...(data.currentContext ? { currentContext: data.currentContext } : {}), contexts: data.contexts ?? {}, ...(Object.keys(aliases).length ? { aliases } : {}) };
  } catch {
    throw new CliError(`config file ${file} is not valid JSON`, EXIT.failure, 'fix or remove the file');
  }
}

/** Applies `mutate` to the stored configuration and writes it back (mode 0600). */
/** --dry-run: config changes are reported here instead of written (set once by the CLI kit). */
let dryRunReport: ((line: string) => void) | undefined;
export const reportConfigWritesOnly = (report: ((line: string) => void) | undefined): void => {
  dryRunReport = report;
};

export async function updateConfig(mutate: (data: ConfigData) => void, env: NodeJS.ProcessEnv = process.env): Promise<ConfigData> {
  const data = readConfig(env);
  const before = JSON.stringify(data);
  mutate(data);
  if (dryRunReport) {
    if (JSON.stringify(data) !== before) {
      const names = (d: ConfigData) => Object.keys(d.contexts);
      const old = JSON.parse(before) as ConfigData;
      const added = names(data).filter((n) => !old.contexts[n]);
      const removed = names(old).filter((n) => !data.contexts[n]);
      const changed = names(data).filter((n) => old.contexts[n] && JSON.stringify(old.contexts[n]) !== JSON.stringify(data.contexts[n]));
      const parts = [
        ...added.map((n) => `add context "${n}"`),
        ...removed.map((n) => `remove context "${n}"`),
        ...changed.map((n) => `change context "${n}"`),
        ...(old.currentContext !== data.currentContext ? [`make "${data.currentContext ?? '(none)'}" current`] : []),
      ];
      dryRunReport(`dry run: would ${parts.join(', ') || 'rewrite the configuration'} in ${configFile(env)}; nothing was written`);
    }
    return data;
  }
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import('conf');
  const store = new Conf<ConfigData>({ cwd: dir, configName: 'config', configFileMode: 0o600, projectName: 'hostctl', accessPropertiesByDotNotation: false });
  store.store = data;
  chmodSync(configFile(env), 0o600);
  return data;
}
