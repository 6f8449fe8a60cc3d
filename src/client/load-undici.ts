// Where the HTTP transport gets undici's parts from. The built CLI carries them in a bundle of
// their own (dist/undici.cjs), which the launcher compiles through its own V8 code cache only
// when a command goes remote: a local command never reads or deserialises them. Run from source
// (tests, benches), they are imported as a module.
type UndiciParts = typeof import('./undici-parts.js');

/** Set by bin/hostctl.js: loads a bundle beside dist/cli.cjs through its code cache. */
type BundleLoader = (name: string) => unknown;

export function loadUndiciParts(): Promise<UndiciParts> {
  const load = (globalThis as { __hostctlLoadBundle?: BundleLoader }).__hostctlLoadBundle;
  if (typeof load === 'function') return Promise.resolve(load('undici.cjs') as UndiciParts);
  return import('./undici-parts.js');
}
