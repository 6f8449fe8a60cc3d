// Entry point of the bundled CLI, and the only place that maps errors to exit codes. Errors are
// one line on stderr (a JSON object with -o json); never a stack trace unless --debug.
import { CommanderError, type Command } from 'commander';
import { ApiError } from '../client/api-error.js';
import { TransportError } from '../client/transport.js';
import { CancelledError, CliError, EXIT, UsageError, WaitTimeoutError, exitCodeForStatus, extensionMissing, hintForStatus } from './kit/errors.js';
import { addNouns, createProgram, selectedNoun } from './program.js';

/** The generator of completions and the man page, for scripts/gen-docs.mjs (loaded on demand). */
export const loadDocs = () => import('./docs/generate.js');

interface Reported {
  code: number;
  message: string;
  hint?: string;
  status?: number;
  body?: unknown;
}

function classify(error: unknown): Reported | null {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return null;
    // commander's message names the flag or argument; it is printed here, like every other error.
    return { code: error.exitCode === 0 ? 0 : EXIT.usage, message: error.message.replace(/^error: /, ''), hint: 'see --help for usage' };
  }
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message, hint: "see --help for usage" };
  if (error instanceof CancelledError) return { code: EXIT.usage, message: error.message };
  if (error instanceof WaitTimeoutError) return { code: EXIT.timedOut, message: error.message };
  if (error instanceof CliError) return { code: error.exitCode, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  if (error instanceof ApiError) {
    const missing = extensionMissing(error.status, error.path, error.body);
    if (missing) return { code: missing.exitCode, message: missing.message, status: error.status, ...(missing.hint ? { hint: missing.hint } : {}) };
    const hint = hintForStatus(error.status, error.body);
    return { code: exitCodeForStatus(error.status), message: `${error.message} (${error.method} ${error.path})`, status: error.status, body: error.body, ...(hint ? { hint } : {}) };
  }
  if (error instanceof TransportError) return { code: error.timedOut ? EXIT.timedOut : EXIT.unavailable, message: error.message };
  if (error instanceof Error && error.name === 'ExitPromptError') return { code: EXIT.interrupted, message: 'interrupted' };
  return { code: EXIT.failure, message: error instanceof Error ? error.message : String(error) };
}

const wantsJson = (argv: string[]): boolean =>
  argv.some((a, i) => ((a === '-o' || a === '--output') && argv[i + 1] === 'json') || a === '--output=json' || a === '-ojson');

/** Usage errors found by commander are reported by main, as one line or as JSON with -o json. */
function silenceParseErrors(cmd: Command): void {
  cmd.configureOutput({ outputError: () => undefined });
  for (const sub of cmd.commands) silenceParseErrors(sub);
}

export async function main(argv: string[]): Promise<void> {
  process.once('SIGINT', () => process.exit(EXIT.interrupted));
  // A reader that goes away (`hostctl … | head`) is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  try {
    const program = createProgram();
    const noun = selectedNoun(argv);
    await addNouns(program, noun ? [noun] : []);
    silenceParseErrors(program);
    if (argv.length === 0) {
      program.outputHelp();
      process.exitCode = EXIT.usage;
      return;
    }
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const reported = classify(error);
    if (!reported) return;
    process.exitCode = reported.code;
    if (!reported.message) return;
    if (wantsJson(argv)) {
      process.stderr.write(`${JSON.stringify({ error: { code: reported.code, message: reported.message, ...(reported.status ? { status: reported.status } : {}), ...(reported.hint ? { hint: reported.hint } : {}), ...(reported.body !== undefined ? { body: reported.body } : {}) } })}\n`);
    } else {
      process.stderr.write(`error: ${reported.message}\n${reported.hint ? `hint: ${reported.hint}\n` : ''}`);
    }
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  }
}
