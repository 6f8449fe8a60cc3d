// hostctl completion install: the script goes where the shell (or bash-completion) looks for it,
// and, when nothing would load it from there, the shell's startup file gets the lines that do
// (after asking on a terminal, with --yes without asking; otherwise they are printed). Repeating
// the command changes nothing that is already in place.
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const home = (env: NodeJS.ProcessEnv) => env.HOME || homedir();

/** Where each shell loads completions from (bash: through bash-completion; zsh: a directory for fpath). */
export function installPath(shell: Shell, env: NodeJS.ProcessEnv): string {
  if (shell === 'bash') return join(env.XDG_DATA_HOME || join(home(env), '.local', 'share'), 'bash-completion', 'completions', 'hostctl');
  if (shell === 'fish') return join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'fish', 'completions', 'hostctl.fish');
  return join(env.ZDOTDIR || home(env), '.zfunc', '_hostctl');
}

/** The startup file an interactive shell reads. */
export const rcFile = (shell: 'bash' | 'zsh', env: NodeJS.ProcessEnv): string => (shell === 'bash' ? join(home(env), '.bashrc') : join(env.ZDOTDIR || home(env), '.zshrc'));

/** `~/.bashrc` for messages. */
export const shown = (path: string, env: NodeJS.ProcessEnv): string => (path.startsWith(`${home(env)}/`) ? `~${path.slice(home(env).length)}` : path);

const MARK = '# hostctl shell completion (added by `hostctl completion install`)';
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
/** Lines that are not comments. */
const live = (text: string) => text.split('\n').filter((l) => !/^\s*#/.test(l));

/** The main script of bash-completion, where the usual packages put it. */
const BASH_COMPLETION = ['/usr/share/bash-completion/bash_completion', '/etc/bash_completion', '/usr/local/share/bash-completion/bash_completion', '/usr/local/etc/profile.d/bash_completion.sh', '/opt/homebrew/etc/profile.d/bash_completion.sh'];

/**
 * Whether interactive bash loads bash-completion (which then loads our file on first Tab): it is
 * installed and a startup file sources it. Debian ships it commented out in /etc/bash.bashrc.
 */
function bashCompletionLoaded(env: NodeJS.ProcessEnv): boolean {
  if (!BASH_COMPLETION.some((f) => existsSync(f))) return false;
  return [rcFile('bash', env), join(home(env), '.bash_profile'), '/etc/bash.bashrc', '/etc/bashrc'].some((f) => live(read(f)).some((l) => /bash_completion/.test(l)));
}

/** A change to a startup file: the lines, and where they go. */
export interface RcChange {
  file: string;
  lines: string[];
  /** Insert before this line number (0-based) instead of appending. */
  before?: number;
}

/**
 * The lines a startup file needs so that a new shell completes hostctl, or null when it needs
 * none (fish; bash with bash-completion loaded; a startup file that already has them).
 */
export function rcChange(shell: Shell, script: string, env: NodeJS.ProcessEnv): RcChange | null {
  if (shell === 'fish') return null;
  const file = rcFile(shell, env);
  const text = read(file);
  if (shell === 'bash') {
    if (bashCompletionLoaded(env) || live(text).some((l) => l.includes(script))) return null;
    return { file, lines: [MARK, `[ -f ${sh(script)} ] && . ${sh(script)}`] };
  }
  // zsh: the directory goes on fpath before compinit runs (directly or through oh-my-zsh).
  const dir = dirname(script);
  if (live(text).some((l) => /fpath/.test(l) && l.includes(dir))) return null;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => !/^\s*#/.test(l) && /compinit|oh-my-zsh\.sh/.test(l));
  if (at >= 0) return { file, lines: [MARK, `fpath=(${sh(dir)} $fpath)`], before: at };
  return { file, lines: [MARK, `fpath=(${sh(dir)} $fpath)`, 'autoload -Uz compinit && compinit'] };
}

/** Writes the script; false when the file already holds it. */
export function writeScript(path: string, text: string): boolean {
  if (read(path) === text) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return true;
}

/**
 * Applies a startup-file change. The file is rewritten through a temporary file beside its real
 * path (a symlinked dotfile stays a symlink) with its mode kept, so a failure leaves it whole.
 */
export function applyRcChange(change: RcChange): void {
  const path = existsSync(change.file) ? realpathSync(change.file) : change.file;
  const text = read(path);
  let next: string;
  if (change.before !== undefined) {
    const lines = text.split('\n');
    lines.splice(change.before, 0, ...change.lines, '');
    next = lines.join('\n');
  } else {
    next = `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${text === '' ? '' : '\n'}${change.lines.join('\n')}\n`;
  }
  mkdirSync(dirname(path), { recursive: true });
  const mode = existsSync(path) ? statSync(path).mode & 0o777 : 0o644;
  const temp = `${path}.hostctl-${process.pid}`;
  writeFileSync(temp, next, { mode });
  renameSync(temp, path);
}
