// Downloads from a URL outside the API (where a release asset's link points) with the same
// undici parts as the API transport, so no command starts Node's own bundled HTTP client beside
// them. Redirects are followed as a browser follows them for a GET, at most five.
import { loadUndiciParts } from './load-undici.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export interface ExternalAnswer {
  status: number;
  body: Uint8Array;
  /** The URL that answered (after redirects). */
  url: string;
}

export async function fetchExternal(url: string, timeoutMs = 30_000): Promise<ExternalAnswer> {
  const { dispatcherFromEnv, request } = await loadUndiciParts();
  const dispatcher = await dispatcherFromEnv({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const res = await request(current, { method: 'GET', dispatcher });
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string' && hop < MAX_REDIRECTS) {
        await res.body.dump();
        current = new URL(location, current).toString();
        continue;
      }
      return { status: res.statusCode, body: new Uint8Array(await res.body.arrayBuffer()), url: current };
    }
  } finally {
    await dispatcher.close();
  }
}
