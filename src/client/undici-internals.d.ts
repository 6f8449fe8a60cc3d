// Types for the undici modules the HTTP transport loads directly (see undici-parts.ts): they are
// the classes and function the package's index re-exports, without the rest of the index.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent;
  export default EnvHttpProxyAgentClass;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.request, called with the dispatcher as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module 'undici/lib/api/api-connect.js' {
  /** Dispatcher.prototype.connect (an HTTP CONNECT tunnel, used by the proxy agent). */
  function connect(this: unknown, ...args: unknown[]): unknown;
  export default connect;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  /** The base class of every dispatcher; the package's index adds the API methods to its prototype. */
  const DispatcherClass: { prototype: Record<string, unknown> };
  export default DispatcherClass;
}
