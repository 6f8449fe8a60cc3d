// Long output for people goes through a pager, as git and gh do: only when standard output is a
// terminal, only when HOSTCTL_PAGER or PAGER names one (empty or `cat`: none), and only when the
// text is taller than the terminal, so a short answer never starts a process. LESS=FRX (unless
// set) lets less pass colours through and leave the text on the screen when it quits. The pager
// runs to its end before hostctl goes on: what follows (notes on stderr) comes after it.
import type { SpawnSyncReturns } from 'node:child_process';

/** The pager command for this output, or undefined when none applies. */
export function pagerCommand(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): string | undefined {
  if (!stdoutIsTTY) return undefined;
  const command = (env.HOSTCTL_PAGER ?? env.PAGER ?? '').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/** The terminal's height: LINES wins (as COLUMNS does for the width), then the terminal's own. */
export function terminalRows(env: NodeJS.ProcessEnv): number {
  const fromEnv = Number(env.LINES);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return process.stdout.rows || 24;
}

/** Whether `text` needs more lines than the terminal has (the prompt's line included). */
export function tallerThan(text: string, rows: number): boolean {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) if (++lines >= rows) return true;
  return false;
}

/**
 * Shows `text` through the pager; false when the pager could not be started (the caller prints the
 * text itself and says why). A pager quit early (`q` in less) is no error.
 */
export function showPaged(text: string, command: string, env: NodeJS.ProcessEnv): { shown: boolean; problem?: string } {
  const { spawnSync } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const res: SpawnSyncReturns<Buffer> = spawnSync('/bin/sh', ['-c', command], {
    input: text,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
  });
  const error = res.error as NodeJS.ErrnoException | undefined;
  if (error && error.code !== 'EPIPE') return { shown: false, problem: error.message };
  // 126/127: the shell found no such command, or could not run it; it printed nothing of ours.
  if (res.status === 126 || res.status === 127) return { shown: false, problem: `the pager "${command}" could not be run (exit ${res.status})` };
  return { shown: true };
}
