// Web URLs of users, groups and projects, and the one place that decides the base they hang
// from. A request answered by `hostctl serve` builds them from the address it actually serves:
// an explicit external URL (`serve --external-url`) when one is given, otherwise the scheme and
// Host the request came to. In-process requests (no Host) use the instance's stored setting.
import type { CoreState } from '../state.js';

/** A host[:port] fit to go into a URL we hand out (Link, Location, web_url); anything else is ignored. */
const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The address the client reached (`<scheme>://<host>`), or undefined without a usable Host.
 * `X-Forwarded-*` reach this point only when `serve --trust-proxy` let them through (the server
 * drops them otherwise); even then only a well-formed host and `http`/`https` are believed.
 */
export function requestOrigin(headers: Readonly<Record<string, string>>): string | undefined {
  const forwardedHostHeader = headers['x-forwarded-host'];
  const hostHeader = headers.host;
  const forwardedProtoHeader = headers['x-forwarded-proto'];
  // Clients send the same few headers request after request: the last answer is kept.
  const last = lastOrigin;
  if (last && last.host === hostHeader && last.forwardedHost === forwardedHostHeader && last.forwardedProto === forwardedProtoHeader) return last.origin;
  const forwardedHost = forwardedHostHeader?.split(',')[0]?.trim();
  const host = forwardedHost && HOST_RE.test(forwardedHost) ? forwardedHost : hostHeader;
  let origin: string | undefined;
  if (host && HOST_RE.test(host)) {
    const forwardedProto = forwardedProtoHeader?.split(',')[0]?.trim().toLowerCase();
    const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
    origin = `${proto}://${host}`;
  }
  lastOrigin = { host: hostHeader, forwardedHost: forwardedHostHeader, forwardedProto: forwardedProtoHeader, origin };
  return origin;
}
let lastOrigin: { host: string | undefined; forwardedHost: string | undefined; forwardedProto: string | undefined; origin: string | undefined } | undefined;

/** Base of web URLs for one request: the explicit external URL, else the reached origin. */
export function webBaseFor(core: CoreState, headers: Readonly<Record<string, string>>): string {
  return webBaseFrom(core, requestOrigin(headers));
}

/** `webBaseFor` of a request whose origin (`requestOrigin`) is known. */
export function webBaseFrom(core: CoreState, origin: string | undefined): string {
  if (core.externalUrlExplicit) return core.settings.externalUrl;
  return origin ?? core.settings.externalUrl;
}

/** `<scheme>://<host>/api/v4` as the caller reached it, for Link and Location headers. */
export const apiBaseFor = (core: CoreState, headers: Readonly<Record<string, string>>): string => apiBaseFrom(core, requestOrigin(headers));

/** `apiBaseFor` of a request whose origin (`requestOrigin`) is known. */
export const apiBaseFrom = (core: CoreState, origin: string | undefined): string => `${origin ?? core.settings.externalUrl}/api/v4`;

/** Views of one core per web base, made once: requests from one address share one. */
const views = new WeakMap<CoreState, Map<string, CoreState>>();
/** Distinct bases remembered per core (the Host header is the client's to choose). */
const MAX_VIEWS = 64;

/**
 * The core as one request sees it: the same state, with the external URL every presenter reads
 * (`core.settings.externalUrl`) set to `base`. Presenters keep taking the core and need no
 * request of their own. Every other setting reads and writes through to the core's own settings,
 * so a handler that changes one changes it for the instance.
 *
 * A view is made once per base and kept: presenters read the URL for every row they present,
 * and plain accessors cost far less on that path than a Proxy made per request.
 */
export function withWebBase<T extends CoreState>(core: T, base: string): T {
  if (base === core.settings.externalUrl) return core;
  let byBase = views.get(core);
  if (!byBase) views.set(core, (byBase = new Map()));
  const known = byBase.get(base);
  if (known) return known as T;
  const target = core.settings;
  const settings = {} as typeof target;
  for (const key of Object.keys(target) as (keyof typeof target)[]) {
    if (key === 'externalUrl') continue;
    Object.defineProperty(settings, key, {
      enumerable: true,
      get: () => target[key],
      set: (value: never) => {
        target[key] = value;
      },
    });
  }
  Object.defineProperty(settings, 'externalUrl', { value: base, enumerable: true });
  const view = Object.create(core, { settings: { value: settings, enumerable: true } }) as T;
  if (byBase.size >= MAX_VIEWS) byBase.clear();
  byBase.set(base, view);
  return view;
}

export const userWebUrl = (core: CoreState, username: string): string => `${core.settings.externalUrl}/${username}`;

export const groupWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/groups/${fullPath}`;

export const projectWebUrl = (core: CoreState, fullPath: string): string => `${core.settings.externalUrl}/${fullPath}`;
