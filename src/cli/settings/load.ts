// Reads settings files (YAML, or JSON, which YAML reads too) into declarations: which section of
// which target holds which value, and where in which file. Every problem is a SettingsFileError
// naming the file, line and column; nothing here talks to the instance.
import { readPathOrStdin } from '../kit/stdin.js';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { child, SettingsFileError, where, type AnySection, type Locator, type Scope, type SourceMap } from './section.js';
import { SECTIONS } from './sections/index.js';
import { expectMap, isRecord } from './check.js';
import { unknownKey } from './suggest.js';
import { readPlainYaml } from './plain-yaml.js';

export const FILE_VERSION = 1;

type YamlLib = typeof import('yaml');
let yamlLib: YamlLib | undefined;
// Loaded when a file needs it (not plain, or a problem to place): a plain file never pays for it.
// Synchronous, as the checks that report positions are.
const yaml = (): YamlLib => (yamlLib ??= createRequire(import.meta.url)('yaml') as YamlLib);

/** One section's value for one target (a group path, a project path or glob, or global). */
export interface Declaration {
  scope: Scope;
  /** Group or project path, a project glob, or '' for global. */
  key: string;
  section: AnySection;
  /** The parsed value (the section's own type). */
  data: unknown;
  at: Locator;
}

function sourceMapOf(doc: Document, counter: LineCounter): SourceMap {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  return {
    position(pointer, key = false) {
      let node: unknown = doc.contents;
      let keyNode: unknown;
      for (const seg of pointer) {
        keyNode = undefined;
        if (isMap(node)) {
          const pair = node.items.find((p) => isPair(p) && (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
          if (!pair) return undefined;
          keyNode = pair.key;
          node = pair.value;
        } else if (isSeq(node) && typeof seg === 'number') node = node.items[seg];
        else return undefined;
      }
      const target = (key && keyNode ? keyNode : node ?? keyNode) as Node | undefined;
      const offset = target?.range?.[0];
      if (offset === undefined) return undefined;
      const pos = counter.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
  };
}

/**
 * The positions of a file read by the quick path: found by reading it with the YAML library, and
 * only when a problem is reported (a plain file that passes every check never pays for them).
 */
function lateSourceMap(text: string): SourceMap {
  let map: SourceMap | undefined;
  return {
    position(pointer, key) {
      if (!map) {
        const counter = new (yaml().LineCounter)();
        map = sourceMapOf(yaml().parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false, merge: false }), counter);
      }
      return map.position(pointer, key);
    },
  };
}

/** The file's value as YAML reads it, and where each value sits; every YAML problem names its place. */
function readYaml(text: string, file: string): { value: unknown; root: Locator } {
  // Plain files (what exports write, what most people write) take the quick path.
  const quick = readPlainYaml(text);
  if (quick) return { value: quick.value, root: { file, pointer: [], source: lateSourceMap(text) } };
  const counter = new (yaml().LineCounter)();
  // The library's own duplicate-key check compares each key with every other key of its map (a
  // second per thousand projects); keys are checked once each below instead.
  const doc = yaml().parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false, merge: false });
  const root: Locator = { file, pointer: [], source: sourceMapOf(doc, counter) };
  const problem = doc.errors[0];
  if (problem) {
    const pos = problem.linePos?.[0];
    throw new SettingsFileError({ ...root, ...(pos ? { line: pos.line, column: pos.col } : {}) }, `not valid YAML: ${problem.message.split('\n')[0]}`);
  }
  refuseDuplicateKeys(doc.contents, root, counter);
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  refuseProtoKeys(value, [], root);
  return { value, root };
}

/** Parses one file's text; `file` names it in errors. */
export function parseSettingsText(text: string, file: string): Declaration[] {
  const { value, root } = readYaml(text, file);
  if (value === null || value === undefined) throw new SettingsFileError(root, 'the file is empty; it needs at least "version: 1"');
  const top = expectMap(value, root, 'the file');
  const globals = new Map(SECTIONS.filter((s) => s.scopes.includes('global')).map((s) => [s.name, s]));
  const known = ['version', 'groups', 'projects', ...globals.keys()];
  if (top.version === undefined) throw new SettingsFileError(root, `missing "version: ${FILE_VERSION}" at the top of the file`);
  if (top.version !== FILE_VERSION) throw new SettingsFileError(child(root, 'version'), `version ${JSON.stringify(top.version)} is not supported; this hostctl reads version ${FILE_VERSION}`);
  const out: Declaration[] = [];
  for (const [key, v] of Object.entries(top)) {
    const at = child(root, key);
    // `$schema` names the JSON Schema for editors of JSON files; it is not a setting.
    if (key === 'version' || key === '$schema') continue;
    if (key === 'groups' || key === 'projects') {
      if (v === null) continue;
      const scope: Scope = key === 'groups' ? 'group' : 'project';
      for (const [path, sections] of Object.entries(expectMap(v, at, key))) out.push(...targetSections(scope, path, sections, child(at, path)));
      continue;
    }
    const section = globals.get(key);
    if (!section) throw new SettingsFileError(at, unknownKey('top-level key', key, known), true);
    out.push({ scope: 'global', key: '', section, data: section.parse(v, at, 'global'), at });
  }
  return out;
}

function targetSections(scope: Scope, path: string, value: unknown, at: Locator): Declaration[] {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (!clean || /\s/.test(clean) || (scope === 'group' && /\*/.test(clean))) {
    throw new SettingsFileError(at, scope === 'group' ? `"${path}" is not a group path (globs are for projects only)` : `"${path}" is not a project path or glob`, true);
  }
  if (value === null) return [];
  const map = expectMap(value, at, `${scope} ${path}`);
  const allowed = new Map(SECTIONS.filter((s) => s.scopes.includes(scope)).map((s) => [s.name, s]));
  return Object.entries(map).map(([name, v]) => {
    const section = allowed.get(name);
    const sat = child(at, name);
    if (!section) throw new SettingsFileError(sat, unknownKey(`${scope} section`, name, [...allowed.keys()]), true);
    return { scope, key: clean, section, data: section.parse(v, sat, scope), at: sat };
  });
}

const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Refuses keys that could reach an object's prototype; the locator is built only for a refusal. */
function refuseProtoKeys(value: unknown, pointer: (string | number)[], root: Locator): void {
  if (Array.isArray(value)) value.forEach((v, i) => refuseProtoKeys(v, [...pointer, i], root));
  else if (isRecord(value)) {
    for (const k of Object.keys(value)) {
      if (PROTO_KEYS.has(k)) throw new SettingsFileError({ ...root, pointer: [...pointer, k] }, `"${k}" is not allowed as a key`, true);
      const v = value[k];
      if (typeof v === 'object' && v !== null) refuseProtoKeys(v, [...pointer, k], root);
    }
  }
}

/** A key given twice in one map is an error at its second place (YAML allows neither). */
function refuseDuplicateKeys(node: unknown, root: Locator, counter: LineCounter): void {
  const { isMap, isScalar, isSeq } = yaml();
  if (isSeq(node)) for (const item of node.items) refuseDuplicateKeys(item, root, counter);
  else if (isMap(node)) {
    const seen = new Set<string>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (seen.has(key)) {
        const offset = (pair.key as Node | null)?.range?.[0];
        const pos = offset === undefined ? undefined : counter.linePos(offset);
        throw new SettingsFileError({ ...root, ...(pos ? { line: pos.line, column: pos.col } : {}) }, `not valid YAML: Map keys must be unique ("${key}" is given twice)`);
      }
      seen.add(key);
      refuseDuplicateKeys(pair.value, root, counter);
    }
  }
}

/**
 * Reads every file; the same section of the same target declared twice (in one file or across
 * files) is an error naming both places.
 */
export async function loadSettingsFiles(files: readonly string[], read: (file: string) => string | Promise<string> = async (f) => (await readPathOrStdin(f)).toString('utf8')): Promise<Declaration[]> {
  const out: Declaration[] = [];
  const seen = new Map<string, Declaration>();
  for (const file of files) {
    let text: string;
    try {
      text = await read(file);
    } catch (error) {
      throw new SettingsFileError({ file, pointer: [] }, `cannot read the file: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    for (const d of parseSettingsText(text, file === '-' ? '(stdin)' : file)) {
      const id = `${d.scope}\0${d.key}\0${d.section.name}`;
      const before = seen.get(id);
      if (before) throw new SettingsFileError(d.at, `${d.section.name} of ${d.scope === 'global' ? 'the global settings' : `${d.scope} ${d.key}`} is declared twice (also at ${where(before.at, true)})`, true);
      seen.set(id, d);
      out.push(d);
    }
  }
  return out;
}
