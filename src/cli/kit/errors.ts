// CLI-side errors and the exit-code taxonomy. main.ts is the only place that maps errors to
// exit codes; everything else throws. API answers are mapped here, by status and body, into
// an exit code, a plain-English message that names the flag to change, and a hint.
import type { FlagOfField } from './flag-fields.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  conflict: 5,
  unavailable: 6,
  timedOut: 7,
  /** `freeze-periods status`: the project is inside a deploy freeze. */
  frozen: 10,
  /** `diff` (and `apply --dry-run`): the target differs from the settings file. */
  drift: 11,
  /** hostctl doctor found a failed check (or a warning, with --strict). */
  unhealthy: 12,
  /** A --from-file run in which at least one record failed (each record's result says which). */
  partial: 13,
  /** Ended by a signal: 128 + its number (io/exit-signals.ts). */
  hangUp: 129,
  interrupted: 130,
  terminated: 143,
} as const;

/** What each exit code means, for help and the man page. */
export const EXIT_MEANINGS: Record<number, string> = {
  [EXIT.ok]: 'success (an empty list too)',
  [EXIT.failure]: 'failure (anything not listed below)',
  [EXIT.usage]: 'usage error (unknown or missing flag or argument, bad value), a confirmation that could not be asked, or a cancelled prompt (Esc or Ctrl-D)',
  [EXIT.notFound]: 'not found',
  [EXIT.auth]: 'not authenticated or not allowed (a bad or missing token, a missing scope, a config file others can read)',
  [EXIT.conflict]: 'conflict or refused as invalid (the name or path is already taken, the resource exists already, or the platform refused a value)',
  [EXIT.unavailable]: 'rate limited or unavailable after retries, or the instance cannot be reached (serve: the port is in use)',
  [EXIT.timedOut]: 'timed out waiting for an operation',
  [EXIT.frozen]: 'freeze-periods status only: the project is inside a deploy freeze (deploys should wait)',
  [EXIT.drift]: 'diff (and apply --dry-run) only: the target differs from the settings file (drift); 0 means in sync',
  [EXIT.unhealthy]: 'hostctl doctor found a problem (a failed check; with --strict, a warning too)',
  [EXIT.partial]: 'a run of --from-file records in which at least one record failed or was not run (each record\'s result says which); a file with a bad record exits 2 before any record runs',
  [EXIT.hangUp]: 'ended because the terminal closed (SIGHUP)',
  [EXIT.interrupted]: 'interrupted (Ctrl-C)',
  [EXIT.terminated]: 'ended by kill (SIGTERM); serve stops with 0 instead, after the requests in flight',
};

/** Wrong or missing flags/arguments; the message names the flag. */
export class UsageError extends Error {}

/** The user declined a confirmation or aborted a prompt. */
export class CancelledError extends Error {}

/** A --wait that ran out of time. */
export class WaitTimeoutError extends Error {}

/** A failure with its own exit code and an optional hint line. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function exitCodeForStatus(status: number, body?: unknown): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  // 400 is the platform's answer to a refused value ("has already been taken", "is invalid",
  // "Branch already exists"), as are 409 and 422.
  if (status === 400 || status === 409 || status === 412 || status === 422) return EXIT.conflict;
  if (status === 429 || status === 502 || status === 503 || status === 504) return EXIT.unavailable;
  if (status >= 400 && status < 500 && isRefusal(body)) return EXIT.conflict;
  return EXIT.failure;
}

const isRefusal = (body: unknown): boolean => /already (been )?taken|already exists|is invalid|can't be blank/i.test(typeof body === 'string' ? body : JSON.stringify(body ?? ''));

/** Where the CLI sends its requests, for the 401 hint (set once the target is resolved). */
let targetNote: { context?: string; source: string; tokenSource?: string; where: string } | undefined;
export const noteTarget = (note: typeof targetNote): void => {
  targetNote = note;
};

/** `new_namespace` → `--new-namespace`: the flag a field would have, when no command says which. */
const flagOf = (field: string) => `--${field.replace(/^.*\./, '').replace(/_/g, '-')}`;

/** The value the request sent for a field, when it sent one. */
function sentValue(request: unknown, field: string): string | undefined {
  if (!request || typeof request !== 'object') return undefined;
  const v = (request as Record<string, unknown>)[field];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/** Ruby's Hash#inspect of an errors hash (`{:path=>["has already been taken"]}`) as a map. */
export function parseInspectedHash(text: string): Record<string, string[]> | undefined {
  const m = /\{(:[\w.]+=>\[.*\](?:, )?)+\}/.exec(text);
  if (!m) return undefined;
  const out: Record<string, string[]> = {};
  for (const entry of m[0].matchAll(/:([\w.]+)=>\[(.*?)\](?=, :|\}$)/g)) {
    out[entry[1] as string] = [...(entry[2] as string).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((s) => (s[1] as string).replace(/\\(.)/g, '$1'));
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * One field's complaints in plain English, naming the flag the user typed when the command has
 * one for the field (`--path "web" is already taken`, `--expires-at must be in the future`), the
 * field in words otherwise (`path "web" is already taken`).
 */
function fieldSentence(field: string, messages: string[], request: unknown, flag: string | undefined): string {
  const value = sentValue(request, field);
  const words = field.replace(/_/g, ' ');
  const name = flag ?? words;
  return messages
    .map((msg) => {
      if (/has already been taken|already (being )?used|already exists/i.test(msg)) return `${name}${value !== undefined ? ` "${value}"` : ''} is already taken`;
      // Messages that already start with the field name (`Name has already been taken`) stand alone.
      const leads = msg.toLowerCase().startsWith(words.toLowerCase());
      if (!flag) return leads ? msg : `${words} ${msg}`;
      return leads ? `${flag}${msg.slice(words.length)}` : `${flag} ${msg}`;
    })
    .join('; ');
}

/**
 * Grape's parameter errors name fields at the start of each clause: `name is missing, url is
 * invalid`, `name, path are missing, at least one parameter must be provided`, `Url is blocked: …`,
 * and its `bad_request!` answers after their status: `400 Bad request - sso_url and
 * certificate_fingerprint are required …`.
 */
const CLAUSE_FIELD = /(^|, | and |^\d{3} [A-Za-z ]+ - )([A-Za-z][\w.[\]]*)(?=,| and | (?:is|are|does|must|has|can't|cannot|should)\b)/g;

/**
 * Fields the platform's sentences call by another name than their own (its locale's attribute
 * names: `Expiration date must be before 2028-01-02` is about `expires_at`). A sentence that starts
 * with one names that field, and so the flag standing for it.
 */
const PLATFORM_FIELD_NAMES: Record<string, string> = { 'expiration date': 'expires_at' };
const NAMED_FIELD = new RegExp(`^(${Object.keys(PLATFORM_FIELD_NAMES).join('|')})\\b`, 'i');

export interface ExplainedError {
  message: string;
  hint?: string;
}

/**
 * Turns an API error answer into a sentence and a hint; never shows the platform's hash syntax.
 * `flagFor` (kit/flag-fields.ts): the flag of the command that sent the request for an API field;
 * the message and the hint name that flag, and a field with none (`base`) gets no hint. Without
 * it (a request no command's flags made), fields are named as flags would spell them.
 */
export function explainApiError(status: number, body: unknown, method: string, path: string, request?: unknown, flagFor?: FlagOfField): ExplainedError {
  const b = (body ?? {}) as Record<string, unknown>;
  let message: string | undefined;
  const typedFlags: string[] = [];
  const missingFlags: string[] = [];
  const flagOfField = (field: string): string | undefined => {
    const found = flagFor ? flagFor(field, request) : { flag: flagOf(field), typed: true };
    if (!found) return undefined;
    const list = found.typed ? typedFlags : missingFlags;
    if (!list.includes(found.flag)) list.push(found.flag);
    return flagFor ? found.flag : undefined;
  };
  // `Name has already been taken` (a whole sentence naming a field) → `name "x" is already taken`.
  const sentence = (text: string): string => {
    const m = /^([A-Z][a-z_ ]*?) has already been taken$/.exec(text.trim());
    if (m) {
      const field = (m[1] as string).toLowerCase().replace(/ /g, '_');
      return fieldSentence(field, ['has already been taken'], request, flagOfField(field));
    }
    if (!flagFor) return text;
    const named = NAMED_FIELD.exec(text);
    const namedFlag = named ? flagOfField(PLATFORM_FIELD_NAMES[(named[1] as string).toLowerCase()] as string) : undefined;
    if (namedFlag) return `${namedFlag}${text.slice((named?.[0] as string).length)}`;
    return text.replace(CLAUSE_FIELD, (whole, lead: string, field: string) => {
      const flag = flagOfField(field.toLowerCase());
      return flag ? `${lead}${flag}` : whole;
    });
  };
  const fromMap = (map: Record<string, unknown>) =>
    Object.entries(map)
      .map(([field, errs]) => fieldSentence(field, Array.isArray(errs) ? errs.map(String) : [String(errs)], request, flagOfField(field)))
      .join('; ');
  if (typeof body === 'string') message = body.trim();
  else if (typeof b.error_description === 'string') message = b.error_description;
  else {
    const m = b.message ?? b.error;
    if (m && typeof m === 'object' && !Array.isArray(m)) message = fromMap(m as Record<string, unknown>);
    else if (Array.isArray(m)) message = m.map((x) => sentence(String(x))).join('; ');
    else if (typeof m === 'string') {
      const inspected = parseInspectedHash(m);
      if (inspected) {
        const lead = m.slice(0, m.indexOf('{')).trim().replace(/^Failed to/, 'could not');
        message = `${lead ? `${lead.charAt(0).toLowerCase()}${lead.slice(1)}: ` : ''}${fromMap(inspected)}`;
      } else message = sentence(m);
    }
  }
  // The platform's own sentences are kept as they are (scripts and people search for them);
  // only its internal hash syntax and field maps are rewritten above, and field names become flags.
  message = message || `HTTP ${status}`;
  let hint = hintForStatus(status, body, path);
  // Flags the user did not give are ones to give (`Ref is not specified` → give --ref, and of
  // `--sso-url and --fingerprint are required` the one not given); else change what was typed.
  if (!hint && status < 500 && missingFlags.length) hint = `give ${missingFlags.join(' and ')}${missingFlags.length > 1 ? ', then' : ' and'} try again`;
  else if (!hint && status < 500 && typedFlags.length) hint = `change ${typedFlags.join(' or ')} and try again`;
  return { message: `${message} (HTTP ${status}, ${method} ${path})`, ...(hint ? { hint } : {}) };
}

const SEARCH_NOUNS: [RegExp, string][] = [
  [/^\/projects\/([^/]+)$/, 'projects'],
  [/^\/groups\/([^/]+)$/, 'groups'],
  [/^\/users\/([^/]+)$/, 'users'],
];

export function hintForStatus(status: number, body: unknown, path = ''): string | undefined {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.error === 'insufficient_scope') return `the token lacks a scope this needs (${String(b.scope)}); create one with: hostctl tokens create --scope ...`;
  if (status === 401) {
    const who = targetNote?.context ? `context "${targetNote.context}"` : targetNote ? targetNote.where : 'the current context';
    const from = targetNote?.tokenSource ? ` (token from ${targetNote.tokenSource})` : targetNote ? ' (no token was sent)' : '';
    return `the token of ${who}${from} was not accepted; check it with: hostctl auth status${targetNote?.context ? ` --context ${targetNote.context}` : ''}`;
  }
  if (status === 404) {
    const parts = path.split('/').filter(Boolean);
    for (const [re, noun] of SEARCH_NOUNS) {
      const m = re.exec(`/${parts.slice(0, 2).join('/')}`);
      if (m && parts.length >= 2) {
        const term = decodeURIComponent(m[1] as string).split('/').pop() as string;
        if (parts.length === 2 && /^\d+$/.test(term)) return `no ${noun.replace(/s$/, '')} has that id, or the token cannot see it: hostctl ${noun} list`;
        if (parts.length === 2) return `find it with: hostctl ${noun} list --search ${term}`;
        const one = noun.replace(/s$/, '');
        // Below a project, group or user, the platform's message says what is missing: blame the
        // container only when it is the one missing.
        const missing = typeof b.message === 'string' ? /^404 (.+) Not Found$/i.exec(b.message)?.[1] : undefined;
        const container = `${one} ${decodeURIComponent(m[1] as string)}`;
        if (missing && missing.toLowerCase() !== one) return `no such ${missing.toLowerCase()} in ${container}, or the token cannot see it`;
        // A bare `404 Not Found` message is the platform's answer for a missing resource below a
        // container it found (a missing container names itself): blame the resource, not the container.
        if (!missing && typeof b.message === 'string' && /^404 Not Found$/i.test(b.message)) {
          // The collection the path names last (`…/client_keys/9` → client key 9), when it reads as one.
          const collection = parts.at(-2) as string;
          const item = /^[a-z_]+s$/.test(collection) ? ` ${collection.replace(/ies$/, 'y').replace(/s$/, '').replace(/_/g, ' ')} ${decodeURIComponent(parts.at(-1) as string)}` : ' such thing';
          return `no${item} in ${container}, or the token cannot see it`;
        }
        return `check the ${one} exists and you can see it: hostctl ${noun} get ${decodeURIComponent(m[1] as string)}`;
      }
    }
    return 'it does not exist, or the token cannot see it';
  }
  // The platform's read-only instance (maintenance mode; a hostctl state it may not write) refuses
  // every write with this message, whoever asks.
  if (status === 403 && typeof b.message === 'string' && /write operations on a read-only instance/i.test(b.message)) {
    return 'the instance only reads: its state cannot be written there (hostctl doctor says why), or it is in maintenance mode';
  }
  if (status === 403) return 'the token is valid but not allowed to do this; an administrator or a higher role may be needed';
  return undefined;
}

/**
 * The hint for a target that did not answer: a loopback address is most often a `hostctl serve`
 * that is not running; elsewhere, the URL or the network.
 */
export function hintForUnreachable(): string {
  const where = targetNote?.where ?? '';
  const context = targetNote?.context ? ` (context "${targetNote.context}")` : '';
  if (/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?/i.test(where)) {
    return `nothing listens at ${where}${context}: start it with hostctl serve --state DIR --port ${/:(\d+)/.exec(where.replace(/^https?:\/\//, ''))?.[1] ?? 'PORT'}, or use the local state directly (--state DIR)`;
  }
  return `check the URL${context} and the network (hostctl context get shows which target and why), or hostctl doctor`;
}

/** Paths of the hostctl extensions (`/api/v4/hostctl/...`), which the platform itself lacks. */
export const EXTENSION_PREFIX = '/hostctl/';

/**
 * A 404 from an extension path that names no resource (the router's `{"error": ...}` shape):
 * the target is not a hostctl instance. Extension commands share this one message.
 */
export function extensionMissing(status: number, path: string, body: unknown): CliError | undefined {
  if (status !== 404 || !path.startsWith(EXTENSION_PREFIX)) return undefined;
  if (body && typeof body === 'object' && 'message' in body) return undefined;
  return new CliError(`this command needs a hostctl instance: the target has no ${path} endpoint (a GitLab-compatible server without the hostctl extensions)`, EXIT.notFound, 'choose a hostctl target: hostctl context list');
}
