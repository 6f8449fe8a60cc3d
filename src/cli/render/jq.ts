// --jq: a jq program over the JSON form of a command's answer. The jq engine (jq itself,
// compiled to WebAssembly, shipped inside the npm package) loads only when --jq is given.
//
// The engine's release line matters: the 1.x wrapper fed jq its input one byte at a time,
// copying the rest of the input for each byte, so the time grew with the square of the answer
// (2 s for 117 KB, 27 s for 477 KB, 8 minutes for 1.9 MB: `--all --jq` over a few thousand
// projects). 3.x hands the input over whole (79 ms for 1.9 MB).
import { UsageError } from '../kit/errors.js';

interface JqResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}
type JqModule = { raw(input: string, query: string, flags?: string[]): Promise<JqResult> };

/** Runs `program` over `data`; strings come out raw (as with jq -r), other values as JSON. */
export async function applyJq(data: unknown, program: string, opts: { pretty: boolean }): Promise<string> {
  const mod = (await import('jq-wasm')) as JqModule & { default?: JqModule };
  const jq = typeof mod.raw === 'function' ? mod : (mod.default as JqModule);
  let result: JqResult;
  try {
    result = await jq.raw(JSON.stringify(data), program, opts.pretty ? ['-r'] : ['-r', '-c']);
  } catch (error) {
    result = { stdout: '', stderr: error instanceof Error ? error.message : String(error), exitCode: 1 };
  }
  // A program that does not compile (exit 3) or fails on the data (exit 5): one line naming why.
  if (result.exitCode !== 0) {
    const text = result.stderr || `jq exited with ${result.exitCode}`;
    const first = text.split('\n').find((l) => l.trim()) ?? text;
    throw new UsageError(`--jq: ${first.replace(/^jq: error( \(at [^)]*\))?:\s*/, '').replace(/\s*\(Unix shell quoting issues\?\)/, '')}`);
  }
  const out = result.stdout;
  return out === '' || out.endsWith('\n') ? out : `${out}\n`;
}
