// The parts of undici one request needs: the connection-pooling Agent (or, behind a proxy, the
// proxy-aware one) and the request API. The package's index also sets up fetch, WebSocket,
// caches and mocks, and makes Node start its own bundled copy of undici beside ours; loading
// these modules directly avoids both, and lets the build carry them in a bundle of their own
// (and so through a code cache).
import type { Dispatcher } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';
import apiConnect from 'undici/lib/api/api-connect.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';

// The WebAssembly parser's compiler flag is set by whoever loads these parts (load-undici.ts).

// What the package's index does for every API method, for the two used here: the proxy agent
// opens its tunnel with `connect` on a dispatcher.
Object.assign(DispatcherClass.prototype, { request: apiRequest, connect: apiConnect });

type AgentOptions = ConstructorParameters<typeof import('undici').EnvHttpProxyAgent>[0];

/**
 * The dispatcher for requests from this process: undici's connection-pooling Agent, or, when a
 * proxy is set in the environment (HTTP_PROXY and friends), its proxy-aware agent, loaded only
 * then: it brings the proxy and SOCKS5 agents along, which a direct connection never uses.
 */
export async function dispatcherFromEnv(options: AgentOptions): Promise<Dispatcher> {
  const hasProxy = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((k) => process.env[k]);
  if (!hasProxy) return new AgentClass(options);
  const { default: EnvHttpProxyAgentClass } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  return new EnvHttpProxyAgentClass(options);
}

/** undici's `request(url, options)`: the dispatcher's request with the URL split into origin and path. */
export function request(url: string, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const u = new URL(url);
  return apiRequest.call(dispatcher, { ...rest, origin: u.origin, path: `${u.pathname}${u.search}` });
}
