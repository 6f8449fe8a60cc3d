// How `hostctl api` prints an answer: the status line and headers with -i (before the body, on
// stdout), then the body as the API sent it — JSON pretty-printed on a terminal, raw when piped,
// converted with -o json|yaml or narrowed with --fields; text and bytes untouched.
import { STATUS_CODES } from 'node:http';
import type { Cli } from '../../kit/verb.js';
import { renderItem, renderList } from '../../render/output.js';
import { pickFields, parseFields } from '../../render/fields.js';
import { stdoutStream } from '../../io/output.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text/bytes. */
  data: unknown;
  raw: string | Uint8Array;
}

/** `x-next-page` → `X-Next-Page`. */
const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);

export function head(answer: Pick<Answer, 'status' | 'headers'>): string {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trimEnd()];
  for (const [k, v] of Object.entries(answer.headers)) lines.push(`${headerName(k)}: ${v}`);
  return `${lines.join('\n')}\n\n`;
}

export const isJsonAnswer = (a: Answer): boolean => typeof a.raw === 'string' && a.raw !== '' && (a.headers['content-type'] ?? '').includes('json') && a.data !== a.raw;

export async function printBody(cli: Cli, answer: Answer, ok: boolean): Promise<void> {
  if (answer.raw instanceof Uint8Array) {
    stdoutStream().write(answer.raw);
    return;
  }
  if (answer.raw === '') return;
  if (!isJsonAnswer(answer)) {
    cli.print(answer.raw);
    return;
  }
  const { output } = cli.globals;
  const fields = ok ? parseFields(cli.globals.fields) : undefined;
  const data = answer.data;
  if (ok && cli.globals.jq !== undefined) {
    const { applyJq } = await import('../../render/jq.js');
    cli.print(await applyJq(fields && data && typeof data === 'object' ? (Array.isArray(data) ? data.map((d) => pickFields(d, fields)) : pickFields(data, fields)) : data, cli.globals.jq, { pretty: cli.term.stdoutIsTTY }));
    return;
  }
  if (output !== 'table' || fields) {
    const opts = { format: output === 'yaml' ? ('yaml' as const) : ('json' as const), term: cli.term, ...(fields ? { fields } : {}) };
    if (Array.isArray(data) && data.every((x) => x !== null && typeof x === 'object')) cli.print(await renderList(data as Record<string, unknown>[], opts));
    else if (data !== null && typeof data === 'object' && !Array.isArray(data)) cli.print(await renderItem(data as Record<string, unknown>, opts));
    else if (output === 'yaml') cli.print(await (await import('../../render/yaml.js')).toYaml(data));
    else cli.print(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  cli.print(cli.term.stdoutIsTTY ? `${JSON.stringify(data, null, 2)}\n` : answer.raw.endsWith('\n') ? answer.raw : `${answer.raw}\n`);
}
