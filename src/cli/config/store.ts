// Contexts live in one JSON file of mode 0600, written through `conf` (atomic writes, the file
// mode enforced). Reading takes the plain file directly: `conf` and its schema validator cost
// more start-up time than a whole local command may spend.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { CliError, EXIT } from '../kit/errors.js';
import { configDir, configFile } from './paths.js';

export interface ContextConfig {
  type: 'local' | 'remote';
  /** Local: the state directory. */
  state?: string;
  /** Remote: the instance URL. */
  url?: string;
  token?: string;
}

export interface ConfigData {
  currentContext?: string;
  contexts: Record<string, ContextConfig>;
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
    return { ...(data.currentContext ? { currentContext: data.currentContext } : {}), contexts: data.contexts ?? {} };
  } catch {
    throw new CliError(`config file ${file} is not valid JSON`, EXIT.failure, 'fix or remove the file');
  }
}

/** Applies `mutate` to the stored configuration and writes it back (mode 0600). */
export async function updateConfig(mutate: (data: ConfigData) => void, env: NodeJS.ProcessEnv = process.env): Promise<ConfigData> {
  const data = readConfig(env);
  mutate(data);
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import('conf');
  const store = new Conf<ConfigData>({ cwd: dir, configName: 'config', configFileMode: 0o600, projectName: 'hostctl', accessPropertiesByDotNotation: false });
  store.store = data;
  chmodSync(configFile(env), 0o600);
  return data;
}
