// How the CLI ends on a signal: Ctrl-C (SIGINT), a `kill` (SIGTERM) and a closed terminal
// (SIGHUP) all end a command with process.exit and the shell's code for that signal, 128 + its
// number (130, 143, 129). Exiting rather than dying of the signal runs the 'exit' listeners, so
// what a command registered (io/scratch-files.ts: a download's `.part`, a backup's partial
// archive) is removed and a hidden cursor is shown again, whichever of the three ended it.
// Node resets every signal to its default action at start-up (even one `nohup` ignored), so a
// listener here changes how a command ends, not whether. The listeners run on the event loop: a
// command must never block it, e.g. on a synchronous read of standard input (kit/stdin.ts).

/** The signals that end a command, with their numbers (the same on Linux and macOS). */
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

export type ExitSignal = keyof typeof SIGNAL_NUMBERS;

const SIGNALS = Object.keys(SIGNAL_NUMBERS) as ExitSignal[];

/** The exit code of a command ended by `signal`. */
export const exitCodeOf = (signal: ExitSignal): number => 128 + SIGNAL_NUMBERS[signal];

// One listener per signal, kept so that a command taking a signal over removes exactly it.
const exitHandlers: Record<ExitSignal, () => void> = {
  SIGHUP: () => process.exit(exitCodeOf('SIGHUP')),
  SIGINT: () => process.exit(exitCodeOf('SIGINT')),
  SIGTERM: () => process.exit(exitCodeOf('SIGTERM')),
};

/** Installed by main for every command. */
export function exitOnSignals(): void {
  for (const s of SIGNALS) {
    process.removeListener(s, exitHandlers[s]);
    process.on(s, exitHandlers[s]);
  }
}

/**
 * A command that stops its own way (serve: it finishes the requests in flight and closes the
 * state) takes `signals` over: the first of each calls `stop` instead of the exit above; the
 * same signal again finds no listener and ends the process as that signal does by default (a
 * second `kill` of a stop that hangs).
 */
export function takeOverSignals(signals: readonly ExitSignal[], stop: (signal: ExitSignal) => void): void {
  for (const s of signals) {
    process.removeListener(s, exitHandlers[s]);
    process.once(s, () => stop(s));
  }
}
