// --jq: a jq program over the JSON form of a command's answer. The jq engine (jq itself,
// compiled to WebAssembly, shipped inside the npm package) loads only when --jq is given.
import { UsageError } from '../kit/errors.js';

type JqModule = { raw(data: string, filter: string, flags?: string[]): Promise<string> };

/** Runs `program` over `data`; strings come out raw (as with jq -r), other values as JSON. */
export async function applyJq(data: unknown, program: string, opts: { pretty: boolean }): Promise<string> {
  const mod = (await import('jq-wasm')) as JqModule & { default?: JqModule };
  const jq = typeof mod.raw === 'function' ? mod : (mod.default as JqModule);
  let out: string;
  try {
    out = await jq.raw(JSON.stringify(data), program, opts.pretty ? ['-r'] : ['-r', '-c']);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const first = text.split('\n').find((l) => l.trim()) ?? text;
    throw new UsageError(`--jq: ${first.replace(/^jq: error:\s*/, '').replace(/\s*\(Unix shell quoting issues\?\)/, '')}`);
  }
  return out === '' || out.endsWith('\n') ? out : `${out}\n`;
}
