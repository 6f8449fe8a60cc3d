// hostctl api: the escape hatch to any endpoint, through the same transport and credentials as
// every other command (the local core or a remote instance).
import type { Command } from 'commander';
import { applyVerb, type Cli } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { readPathOrStdin, readStandardInput } from '../../kit/stdin.js';
import { ApiError } from '../../../client/api-error.js';
import { apiPathOf, parseLinks, type ApiResult, type RequestOptions } from '../../../client/client.js';
import { buildParams, collectParam, parseHeader, readsStdin, stdinReader, type RawParam } from './params.js';
import { head, isJsonAnswer, printBody, type Answer } from './print.js';

interface ApiOptions {
  method?: string;
  rawField: RawParam[];
  field: RawParam[];
  header: string[];
  paginate?: boolean;
  include?: boolean;
  silent?: boolean;
  input?: string | boolean;
}

/** `/api/v4/projects`, `api/v4/projects`, `projects`, or a full URL → `/projects`. */
export function apiPath(text: string): string {
  if (/^https?:\/\//i.test(text)) {
    const below = apiPathOf(text);
    if (below === text) throw new UsageError(`PATH is a URL outside /api/v4: "${text}"`);
    return below;
  }
  const p = text.startsWith('/') ? text : `/${text}`;
  if (p === '/api/v4') return '/';
  return p.startsWith('/api/v4/') || p.startsWith('/api/v4?') ? p.slice('/api/v4'.length) : p;
}

async function readInput(file: string): Promise<unknown> {
  let text: string;
  try {
    text = (await readPathOrStdin(file)).toString('utf8');
  } catch (error) {
    throw new UsageError(`cannot read --input ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`--input ${file} must hold a JSON request body`);
  }
}

const answerOf = (r: ApiResult): Answer => ({ status: r.status, headers: r.headers, data: r.data, raw: r.raw });

async function run(cli: Cli, [pathArg]: string[], o: ApiOptions): Promise<void> {
  const path = apiPath(pathArg as string);
  const inputFile = typeof o.input === 'string' ? o.input : undefined;
  const stdinParam = readsStdin(o.field);
  if (stdinParam && inputFile === '-') throw new UsageError("standard input can be read only once: -F KEY=@- and --input - exclude each other");
  const stdin = stdinParam ? (await readStandardInput()).toString('utf8') : undefined;
  const params = buildParams([...o.rawField, ...o.field], stdinReader(stdin));
  const hasParams = Object.keys(params).length > 0;
  const method = (o.method ?? ((hasParams || inputFile) && !o.paginate ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new UsageError(`-X takes an HTTP method such as GET or POST, got "${o.method}"`);
  if (o.paginate && method !== 'GET') throw new UsageError(`--paginate works with GET only, not ${method}`);
  const headers: Record<string, string> = {};
  for (const h of o.header) {
    const [name, value] = parseHeader(h);
    headers[name] = value;
  }
  const inQuery = method === 'GET' || method === 'HEAD' || inputFile !== undefined;
  const request: RequestOptions = {
    allowError: true,
    headers,
    ...(hasParams && inQuery ? { query: params } : {}),
    ...(hasParams && !inQuery ? { body: params } : {}),
    ...(inputFile !== undefined ? { body: await readInput(inputFile) } : {}),
  };
  const api = await cli.client();

  if (!o.paginate) {
    const answer = answerOf(await api.request(method, path, request));
    if (o.include) cli.print(head(answer));
    const ok = answer.status < 400;
    if (!o.silent) await printBody(cli, answer, ok);
    if (!ok) throw new ApiError(answer.status, answer.data, answer.headers, method, path.split('?')[0] as string);
    return;
  }

  // One JSON array across pages, following the Link header the server sends. Pages of 100 (the
  // most the platform gives) unless the request names a page size, as gh and glab do: a fifth of
  // the requests its default of 20 would take.
  const pathQuery = new URLSearchParams(path.includes('?') ? path.slice(path.indexOf('?') + 1) : '');
  if (params.per_page === undefined && !pathQuery.has('per_page')) request.query = { ...(request.query ?? {}), per_page: 100 };
  // Piped as the API sends it (compact JSON, no --jq, --fields, -o or -i), the array is written a
  // page at a time, the same bytes in the end: `api projects --paginate | jq …` over any number of
  // pages holds one page. Every other form needs every item first.
  const g = cli.globals;
  const streams = !o.silent && !o.include && g.output === 'table' && g.jq === undefined && g.fields === undefined && !cli.term.stdoutIsTTY;
  const items: unknown[] = [];
  let written = 0;
  let next: string | null = path;
  let first = true;
  let last: Answer | undefined;
  while (next) {
    const page = answerOf(await api.request('GET', next, first ? request : { allowError: true, headers }));
    if (o.include) cli.print(head(page));
    if (page.status >= 400 || !isJsonAnswer(page) || !Array.isArray(page.data)) {
      const where = next.split('?')[0] as string;
      // A page after the first that fails leaves the array written so far open (no reader takes
      // it for the whole list); the error says why on stderr.
      if (streams && !first) throw page.status >= 400 ? new ApiError(page.status, page.data, page.headers, 'GET', where) : new CliError(`a page of ${where} is not a JSON list (HTTP ${page.status})`, EXIT.failure);
      // Not a list (or an error): print that answer as it is, as without --paginate.
      if (!o.silent) await printBody(cli, page, page.status < 400);
      if (page.status >= 400) throw new ApiError(page.status, page.data, page.headers, 'GET', where);
      return;
    }
    if (streams) {
      const text = (page.data as unknown[]).map((item) => JSON.stringify(item)).join(',');
      cli.print(`${first ? '[' : ''}${written > 0 && text ? ',' : ''}${text}`);
      written += (page.data as unknown[]).length;
    } else items.push(...(page.data as unknown[]));
    last = page;
    first = false;
    const link = parseLinks(page.headers.link ?? '').next;
    next = link ? apiPathOf(link) : null;
  }
  if (streams) cli.print(']\n');
  else if (!o.silent && last) await printBody(cli, { ...last, data: items, raw: JSON.stringify(items) }, true);
}

const collectHeader = (value: string, previous: string[]) => [...previous, value];

export function configure(noun: Command): void {
  applyVerb<ApiOptions>(noun, {
    name: 'api',
    args: '<path>',
    summary: 'Send any request to the API v4 (local or remote) and print the answer',
    examples: [
      'hostctl api /version',
      'hostctl api -X GET users -f username=alice               # GET sends fields in the query',
      'hostctl api -X POST projects -f name=web -F namespace_id=3',
      'hostctl api -X PUT projects/acme%2Fweb -F "topics[]=ci" -F "topics[]=docs"',
      'hostctl api groups/7/members -F user_id=4 -F access_level=30',
      'hostctl api projects --paginate | jq length   # one JSON array across pages of 100',
      'hostctl api -i personal_access_tokens/self                  # status line and headers first',
      'hostctl api -X POST projects/1/issues --input issue.json',
      'hostctl api /api/v4/users/999 || echo "exit $?"              # 404 prints the body, exits 3',
    ],
    options: (cmd) =>
      cmd
        .option('-X, --method <method>', 'HTTP method (default: GET, or POST when fields or --input are given without --paginate)')
        .option('-f, --raw-field <key=value>', 'a string parameter (repeatable; key[]=v for arrays, key[sub]=v for hashes)', collectParam(false), [] as RawParam[])
        .option('-F, --field <key=value>', 'a typed parameter: numbers, true, false and null become JSON values; @file reads a file, @- standard input (repeatable)', collectParam(true), [] as RawParam[])
        .option('-H, --header <header>', "an extra request header, 'Name: value' (repeatable)", collectHeader, [] as string[])
        .option('--paginate', 'follow Link rel=next and print every page as one JSON array (GET only; pages of 100 unless per_page is given)')
        .option('-i, --include', 'print the status line and the response headers before the body')
        .option('--silent', 'print no body')
        .option('--input <file>', 'the JSON request body, from a file (- for standard input); -f/-F then go to the query')
        .addHelpText(
          'after',
          '\nPATH is relative to /api/v4 (a leading /api/v4 is accepted too). GET and HEAD send fields in the query,\nother methods as a JSON body. A 4xx/5xx answer prints its body and exits with the code of that status.',
        ),
    // commander lets global options overwrite a command's own of the same name (--input vs the
    // global --no-input), so the command's own values are read from the command itself.
    run: (cli, args, o) => run(cli, args, { ...o, ...(noun.opts() as Partial<ApiOptions>) }),
  });
}
