// The records of a --from-file run, read from a file or standard input: a JSON array, JSON lines,
// a YAML list, or plain lines of one value each (the ids a `cut -f1` gives). Each record keeps
// the line it starts on, so that a bad one is named where the user can find it.
import { extname } from 'node:path';
import { UsageError } from './errors.js';
import { readPathOrStdin } from './stdin.js';

/** One record of the file: a JSON or YAML value, and where it starts (1-based; none in a one-line JSON array). */
export interface FileRecord {
  value: unknown;
  line?: number;
}

/**
 * Bounds a hostile or mistaken file cannot pass: a file is read whole before anything runs (a
 * bad record must stop the run before its first change), so its size is what memory it costs.
 */
export const RECORD_LIMITS = { bytes: 32 * 1024 * 1024, records: 100_000 } as const;

export async function readRecords(path: string, stdinIsTerminal = process.stdin.isTTY === true): Promise<FileRecord[]> {
  if (path === '-' && stdinIsTerminal) throw new UsageError('--from-file -: standard input is a terminal; pipe the records in, or name a file');
  const bytes = await readPathOrStdin(path);
  if (bytes.length > RECORD_LIMITS.bytes) throw new UsageError(`--from-file ${path} is ${bytes.length} bytes; at most ${RECORD_LIMITS.bytes} (split it into several runs)`);
  const records = await parseRecords(bytes.toString('utf8'), path);
  if (records.length === 0) throw new UsageError(`--from-file ${path} holds no records`);
  if (records.length > RECORD_LIMITS.records) throw new UsageError(`--from-file ${path} holds ${records.length} records; at most ${RECORD_LIMITS.records} (split it into several runs)`);
  return records;
}

/** Blank lines and `#` comments, skipped in JSON lines and plain lines alike. */
const SKIPPED = /^\s*(#.*)?$/;

export async function parseRecords(text: string, path: string): Promise<FileRecord[]> {
  const name = path === '-' ? 'standard input' : path;
  const ext = extname(path).toLowerCase();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const firstIndex = lines.findIndex((l) => !SKIPPED.test(l));
  if (firstIndex < 0) return [];
  const first = (lines[firstIndex] as string).trim();
  if (ext === '.yaml' || ext === '.yml') return yamlRecords(text, name);
  if (ext === '.json' || first.startsWith('[')) return jsonDocument(text, name);
  if (first.startsWith('{')) {
    // One object over several lines is one record; else each line is one (JSON lines).
    try {
      return [{ value: JSON.parse(text) as unknown, line: firstIndex + 1 }];
    } catch {
      return jsonLines(lines, name);
    }
  }
  if (ext === '.jsonl' || ext === '.ndjson') return jsonLines(lines, name);
  if (/^(---|-\s|-$)/.test(first) || /^[\w.-]+:(\s|$)/.test(first)) return yamlRecords(text, name);
  // One value per line: each line's text, whatever it looks like (`42`, `acme/web`).
  return lines.flatMap((l, i) => (SKIPPED.test(l) ? [] : [{ value: l.trim(), line: i + 1 }]));
}

function jsonDocument(text: string, name: string): FileRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--from-file ${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(value)) return value.map((v) => ({ value: v as unknown }));
  return [{ value }];
}

function jsonLines(lines: string[], name: string): FileRecord[] {
  const out: FileRecord[] = [];
  lines.forEach((l, i) => {
    if (SKIPPED.test(l)) return;
    try {
      out.push({ value: JSON.parse(l) as unknown, line: i + 1 });
    } catch (error) {
      throw new UsageError(`--from-file ${name}, line ${i + 1}: not valid JSON (${(error as Error).message}); each line holds one record`);
    }
  });
  return out;
}

async function yamlRecords(text: string, name: string): Promise<FileRecord[]> {
  // yaml ships CommonJS for Node; the bundle exposes it as a default export.
  const mod = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  const { LineCounter, parseDocument, isSeq } = mod.default ?? mod;
  const counter = new LineCounter();
  // (the library's alias bound keeps a few lines from expanding into millions of records)
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem) throw new UsageError(`--from-file ${name} is not valid YAML: ${problem.message.split('\n')[0] ?? ''}`);
  const lineOf = (node: unknown) => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? counter.linePos(range[0]).line : undefined;
  };
  const values = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (isSeq(doc.contents) && Array.isArray(values)) {
    const items = doc.contents.items;
    return values.map((v, i) => {
      const line = lineOf(items[i]);
      return { value: v as unknown, ...(line !== undefined ? { line } : {}) };
    });
  }
  if (values === null || values === undefined) return [];
  const line = lineOf(doc.contents);
  return [{ value: values, ...(line !== undefined ? { line } : {}) }];
}
