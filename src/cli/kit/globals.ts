// Checks of the global flags made before anything is sent: each refusal names the flag.
import { COLOR_MODES } from '../io/terminal.js';
import { UsageError } from './errors.js';

export interface CheckedGlobals {
  url?: string;
  state?: string;
  context?: string;
  color?: boolean | string;
  jq?: string;
  output?: string;
}

/** The instance URL a --url value names, or a usage error saying what to type instead. */
export function checkUrl(text: string, flag = '--url'): string {
  if (/^[\w.-]+(:\d+)?(\/.*)?$/.test(text) && !/^https?:/i.test(text)) {
    throw new UsageError(`${flag} needs a scheme: did you mean http://${text} (or https://${text})?`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${flag} must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http:// or https:// URL, got "${text}" (${url.protocol.replace(/:$/, '')} is not supported)`);
  if (url.search || url.hash) throw new UsageError(`${flag} takes the instance URL without a query or fragment, got "${text}"`);
  if (/\/api\/v4\/.+/.test(url.pathname)) throw new UsageError(`${flag} takes the instance URL (e.g. ${url.origin}), not an API path, got "${text}"`);
  return text;
}

export function checkGlobals(g: CheckedGlobals): void {
  if (g.url !== undefined) checkUrl(g.url);
  if (g.url !== undefined && g.state !== undefined) throw new UsageError('give either --state DIR (a local state) or --url URL (a remote instance), not both');
  if (typeof g.color === 'string' && !(COLOR_MODES as readonly string[]).includes(g.color)) throw new UsageError(`--color must be one of ${COLOR_MODES.join(', ')}, got "${g.color}"`);
  if (g.jq !== undefined && g.jq.trim() === '') throw new UsageError('--jq needs a jq expression, e.g. --jq ".[].name"');
  if (g.jq !== undefined && (g.output === 'yaml' || g.output === 'csv')) throw new UsageError(`--jq works on JSON; it cannot be combined with -o ${g.output}`);
}
