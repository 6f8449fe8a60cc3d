// A context's token as given on the command line (--token or --token-stdin), and the check that
// the target accepts it, shared by context add and context set-token.
import type { Target } from '../../config/target.js';
import { createClient } from '../../kit/client-factory.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { ApiError } from '../../../client/api-error.js';
import { TransportError } from '../../../client/transport.js';
import { runTokenCommand, tokenShapeProblem } from '../../config/token-command.js';

export interface TokenOptions {
  token?: string;
  tokenStdin?: boolean;
  tokenCommand?: string;
}

/** What a context keeps to authenticate: a token, or the command that prints it. */
export type Credential = { token: string; tokenCommand?: undefined } | { tokenCommand: string; token?: undefined } | { token?: undefined; tokenCommand?: undefined };

/** The --token-command option, as context add and set-token take it. */
export const TOKEN_COMMAND_HELP = 'a shell command that prints the token (its first line), run when a command needs it, so the secret stays in a password store: pass, secret-tool, op, security';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function checkToken(token: string, flag: string): string {
  const t = token.trim();
  const problem = tokenShapeProblem(t);
  if (problem === 'empty') throw new UsageError(`${flag} gave an empty token`);
  if (problem === 'whitespace') throw new UsageError(`${flag} gave a token with whitespace inside; pass the secret alone`);
  return t;
}

/** Asks the target who the token belongs to; refuses a token it rejects or a target it cannot reach. */
export async function verify(target: Target, say: (line: string) => void): Promise<void> {
  let client;
  try {
    client = await createClient(target);
    const { data } = await client.get<{ name?: string; user_id?: number; scopes?: string[]; expires_at?: string | null }>('/personal_access_tokens/self');
    // The owner by name, as a person knows them (a token without read_user scope may not see it).
    const user = await client.request<{ username?: string }>('GET', '/user', { allowError: true });
    const owner = user.status === 200 && user.data?.username ? user.data.username : `user ${data.user_id ?? '?'}`;
    say(`token "${data.name ?? '?'}" of ${owner} works (scopes: ${(data.scopes ?? []).join(', ') || 'none'}${data.expires_at ? `; expires ${data.expires_at}` : ''})`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new CliError(`the token was refused by ${client?.target ?? 'the target'}: ${error.message}`, EXIT.auth, 'check the token, or save it anyway with --no-verify');
    }
    if (error instanceof TransportError) throw new CliError(error.message, EXIT.unavailable, 'check the URL, or save the context anyway with --no-verify');
    if (error instanceof CliError) throw new CliError(error.message, error.exitCode, 'check --state, or save the context anyway with --no-verify');
    throw error;
  } finally {
    await client?.transport.close();
  }
}

/** The token given with --token or --token-stdin (one of them), checked for shape. */
export async function tokenFrom(o: TokenOptions): Promise<string | undefined> {
  if (o.token !== undefined && o.tokenStdin) throw new UsageError('give either --token or --token-stdin, not both');
  return o.tokenStdin ? checkToken(await readStdin(), '--token-stdin') : o.token !== undefined ? checkToken(o.token, '--token') : undefined;
}

/** The credential given with --token, --token-stdin or --token-command (one of them at most). */
export async function credentialFrom(o: TokenOptions): Promise<Credential> {
  if (o.tokenCommand === undefined) {
    const token = await tokenFrom(o);
    return token === undefined ? {} : { token };
  }
  if (o.token !== undefined || o.tokenStdin) throw new UsageError(`give either --token-command or ${o.tokenStdin ? '--token-stdin' : '--token'}, not both`);
  const command = o.tokenCommand.trim();
  if (!command) throw new UsageError('--token-command is empty: give the command that prints the token');
  return { tokenCommand: command };
}

/**
 * The token a credential stands for now, to check against the target: a command runs once here.
 * Undefined for no credential.
 */
export function tokenNow(credential: Credential, owner: string, interactive: boolean): string | undefined {
  return credential.token ?? (credential.tokenCommand !== undefined ? runTokenCommand(credential.tokenCommand, owner, { interactive }) : undefined);
}
