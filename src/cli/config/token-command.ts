// A context's token from a command instead of the config file (`tokenCommand`): `pass show
// hostctl/prod`, `secret-tool lookup service hostctl context prod`, `op read op://ops/hostctl/token`,
// `security find-generic-password -s hostctl -w`. The secret then lives in the user's password
// store, and hostctl holds it only in memory, for one command. python-gitlab's `helper:` and git's
// credential helpers work the same way: the first line of the command's output is the secret.
import { CliError, EXIT } from '../kit/errors.js';

/** How long a command may take: long enough to unlock a password store by hand. */
export const TOKEN_COMMAND_TIMEOUT_MS = 60_000;

/**
 * What is wrong with a token as given (a flag's value, stdin, a command's first line), once
 * trimmed: nothing, or it is empty, or it has whitespace inside (more than the secret alone).
 */
export function tokenShapeProblem(token: string): 'empty' | 'whitespace' | undefined {
  if (!token) return 'empty';
  return /\s/.test(token) ? 'whitespace' : undefined;
}

/** More output than any token: a command printing this much is not a token command. */
const MAX_OUTPUT = 64 * 1024;

/**
 * Runs `command` with the shell and returns the first line it prints, trimmed. Its standard error
 * is the user's, and so is its standard input when `interactive` (hostctl may prompt: a terminal,
 * no --no-input, no CI), so that a password store can ask to be unlocked; otherwise it gets none,
 * and piped input stays hostctl's (`--input -`, `--token-stdin`). A command that outlives its
 * time is ended with SIGTERM (the shell that runs it, that is: a helper the shell started stays in
 * the terminal's process group, where it can ask, and is left to finish). Every failure is an
 * authentication error (exit 4) naming `owner` and the command, never the output.
 */
export function runTokenCommand(command: string, owner: string, { interactive = false, timeoutMs = TOKEN_COMMAND_TIMEOUT_MS }: { interactive?: boolean; timeoutMs?: number } = {}): string {
  const { spawnSync } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  const hint = `check it in a shell (${command}), or store a token instead: hostctl context set-token NAME --token-stdin`;
  const res = spawnSync(command, { shell: true, stdio: [interactive ? 'inherit' : 'ignore', 'pipe', 'inherit'], timeout: timeoutMs, maxBuffer: MAX_OUTPUT, encoding: 'utf8' });
  const failed = (why: string) => new CliError(`the token command of ${owner} ${why}`, EXIT.auth, hint);
  if (res.error) {
    const code = (res.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') throw failed(`did not finish within ${Math.round(timeoutMs / 1000)} s`);
    if (code === 'ENOBUFS') throw failed(`printed more than ${MAX_OUTPUT / 1024} KiB; a token command prints the token`);
    throw failed(`could not be run: ${res.error.message}`);
  }
  if (res.signal) throw failed(`was ended by ${res.signal}`);
  if (res.status !== 0) throw failed(`exited with status ${String(res.status)}`);
  const token = (res.stdout.split(/\r?\n/, 1)[0] ?? '').trim();
  const problem = tokenShapeProblem(token);
  if (problem === 'empty') throw failed('printed no token (its first line is empty)');
  if (problem === 'whitespace') throw failed('printed a first line with whitespace inside; it must print the token alone');
  return token;
}
