// Where the HTTP transport gets undici's parts from. The built CLI carries them in a bundle of
// their own (dist/undici.cjs), which the launcher compiles through its own V8 code cache only
// when a command goes remote: a local command never reads or deserialises them. Run from source
// (tests, benches), they are imported as a module.
import { createRequire } from 'node:module';

type UndiciParts = typeof import('./undici-parts.js');

/** Set by bin/hostctl.js: loads a bundle beside dist/cli.cjs through its code cache, after setting `v8Flags`. */
type BundleLoader = (name: string, v8Flags?: string) => unknown;

// undici parses HTTP/1.1 with llhttp compiled to WebAssembly. V8 compiles it twice: at once with
// its baseline compiler, then again, optimised, on background threads — and a process exiting
// waits for that second compile, which adds 300–500 ms to every remote command. The baseline code
// is plenty for the few responses a command reads. (The module compiles on the first connection.)
const WASM_FLAGS = '--liftoff-only';

export function loadUndiciParts(): Promise<UndiciParts> {
  const load = (globalThis as { __hostctlLoadBundle?: BundleLoader }).__hostctlLoadBundle;
  // The launcher sets the flag itself: it must come before the bundle is checked against its cache.
  if (typeof load === 'function') return Promise.resolve(load('undici.cjs', WASM_FLAGS) as UndiciParts);
  // node:v8 loads thirty modules of Node's own: only here, never with the transport.
  (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(WASM_FLAGS);
  return import('./undici-parts.js');
}
