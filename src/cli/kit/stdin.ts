// Secrets read from standard input (--password-stdin, --token-stdin): one line, the trailing
// newline dropped, refused when empty or when standard input is a terminal nobody types into.
//
// Standard input is always read as process.stdin (a stream), never as descriptor 0: the same
// bytes for a pipe, a file or a terminal (up to Ctrl-D), the event loop stays free while it
// waits (a synchronous read of a pipe nobody writes to would leave Ctrl-C unanswered: the
// signal's handler runs on the loop), and the in-process test harness can give a run its own
// input without a process of its own.
import { readFile } from 'node:fs/promises';
import { pipeStream, readsAsPipe } from '../../core/fs/pipe-stream.js';
import { UsageError } from './errors.js';

type Input = NodeJS.ReadableStream & { isTTY?: boolean };

/** All of standard input, up to its end. */
export async function readStandardInput(input: Input = process.stdin): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** A file named on the command line, where `-` is standard input. */
export async function readPathOrStdin(path: string): Promise<Buffer> {
  return path === '-' ? readStandardInput() : readLocalFile(path);
}

/**
 * A named pipe (mkfifo) is read as standard input is, as a stream on the event loop
 * (core/fs/pipe-stream.ts): read by fs, it would wait in one of Node's I/O threads (or block the
 * event loop, read synchronously), and Ctrl-C could not end a command whose pipe nobody writes to.
 */
async function readLocalFile(path: string): Promise<Buffer> {
  if (!readsAsPipe(path)) return readFile(path);
  return readStandardInput(await pipeStream(path));
}

export async function readSecretLine(flag: string, input: Input = process.stdin): Promise<string> {
  const text = (await readStandardInput(input)).toString('utf8').replace(/\r?\n$/, '');
  if (text === '') throw new UsageError(`${flag}: standard input was empty; pipe the secret in, e.g. printf %s "$SECRET" | hostctl … ${flag}`);
  if (text.includes('\n')) throw new UsageError(`${flag}: standard input holds more than one line`);
  return text;
}

/** The password of --password or --password-stdin (never both). */
export async function passwordFrom(o: { password?: string; passwordStdin?: boolean }): Promise<string | undefined> {
  if (o.password !== undefined && o.passwordStdin) throw new UsageError('give either --password or --password-stdin, not both');
  return o.passwordStdin ? readSecretLine('--password-stdin') : o.password;
}
