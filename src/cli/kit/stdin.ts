// Secrets read from standard input (--password-stdin, --token-stdin): one line, the trailing
// newline dropped, refused when empty or when standard input is a terminal nobody types into.
import { UsageError } from './errors.js';

export async function readSecretLine(flag: string, input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (text === '') throw new UsageError(`${flag}: standard input was empty; pipe the secret in, e.g. printf %s "$SECRET" | hostctl … ${flag}`);
  if (text.includes('\n')) throw new UsageError(`${flag}: standard input holds more than one line`);
  return text;
}

/** The password of --password or --password-stdin (never both). */
export async function passwordFrom(o: { password?: string; passwordStdin?: boolean }): Promise<string | undefined> {
  if (o.password !== undefined && o.passwordStdin) throw new UsageError('give either --password or --password-stdin, not both');
  return o.passwordStdin ? readSecretLine('--password-stdin') : o.password;
}
