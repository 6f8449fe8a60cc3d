// A quick reading of the plain YAML settings files are written in: block maps and lists, one-line
// flow maps and lists, plain and simply quoted scalars, comments. The YAML library builds a
// document of nodes with their positions, about a second for a file of a thousand projects;
// this reads the same value in a tenth of that. It only ever accepts what it is sure of: any
// other construct (anchors, aliases, tags, block scalars, multi-line values, escapes, tabs, a
// repeated key, a syntax error) answers `undefined`, and the caller reads the file with the
// library, which also names the line and column of every problem. So a file never means
// something else on this path (a test compares both readings over many files); positions of a
// value that fails a later check are found then, by reading the file with the library.

/** Thrown inside to give up; never escapes. */
const GIVE_UP = Symbol('give up');

interface Line {
  indent: number;
  text: string;
}

/** The value of `text`, or undefined when only the full YAML library may read it. */
export function readPlainYaml(text: string): { value: unknown } | undefined {
  if (text.includes('\t') || text.includes('\r') || text.charCodeAt(0) === 0xfeff) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    let indent = 0;
    while (raw.charCodeAt(indent) === 32) indent++;
    const rest = raw.slice(indent).trimEnd();
    if (rest === '' || rest[0] === '#') continue;
    lines.push({ indent, text: rest });
  }
  const first = lines[0];
  if (!first || first.indent !== 0) return undefined;
  try {
    const reader = new BlockReader(lines);
    const value = reader.node(0);
    if (!reader.done()) return undefined;
    return { value };
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

const giveUp = (): never => {
  throw GIVE_UP;
};

/** Keys that could reach a prototype: left to the full reading, whose checks refuse them. */
const RISKY_KEYS = new Set(['__proto__', 'constructor', 'prototype', '<<']);

const isItem = (text: string): boolean => text === '-' || text.startsWith('- ');

class BlockReader {
  private i = 0;
  constructor(private readonly lines: Line[]) {}

  done(): boolean {
    return this.i >= this.lines.length;
  }

  /** The block node starting at the current line, whose indent is at least `min`. */
  node(min: number): unknown {
    const line = this.lines[this.i] ?? giveUp();
    if (line.indent < min) giveUp();
    return isItem(line.text) ? this.list(line.indent) : this.map(line.indent);
  }

  private list(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.lines[this.i]; line && line.indent === indent && isItem(line.text); line = this.lines[this.i]) {
      let start = 1;
      while (line.text[start] === ' ') start++;
      const rest = line.text.slice(start);
      if (rest === '' || rest[0] === '#') {
        this.i++;
        const next = this.lines[this.i];
        out.push(next && next.indent > indent ? this.node(indent + 1) : null);
      } else if (isItem(rest)) giveUp();
      else if (rest[0] !== '{' && rest[0] !== '[' && entryKey(rest)) {
        // `- key: value` opens a map whose keys line up with this first one.
        this.lines[this.i] = { indent: indent + start, text: rest };
        out.push(this.map(indent + start));
      } else {
        out.push(inlineValue(rest));
        this.i++;
      }
    }
    this.deeperGivesUp(indent);
    return out;
  }

  private map(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.lines[this.i]; line && line.indent === indent && !isItem(line.text); line = this.lines[this.i]) {
      const entry = entryKey(line.text) ?? giveUp();
      if (RISKY_KEYS.has(entry.key) || Object.hasOwn(out, entry.key)) giveUp();
      const rest = line.text.slice(entry.end).trimStart();
      this.i++;
      if (rest !== '' && rest[0] !== '#') out[entry.key] = inlineValue(rest);
      else {
        const next = this.lines[this.i];
        if (next && next.indent > indent) out[entry.key] = this.node(indent + 1);
        // A list may sit at its key's own indent.
        else if (next && next.indent === indent && isItem(next.text)) out[entry.key] = this.list(indent);
        else out[entry.key] = null;
      }
    }
    this.deeperGivesUp(indent);
    return out;
  }

  /** A line deeper than the block that just ended continues something this reader does not read. */
  private deeperGivesUp(indent: number): void {
    const next = this.lines[this.i];
    if (next && next.indent > indent) giveUp();
  }
}

/** A scalar as the YAML core schema resolves a plain one (the library's default). */
function resolvePlain(s: string): unknown {
  // Most scalars are words: only these first characters can start anything but a string.
  if (!'0123456789+-.~nNtTfF'.includes(s[0] ?? '')) return s === '' ? null : s;
  if (/^(?:~|[Nn]ull|NULL)?$/.test(s)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(s)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(s)) return false;
  if (/^[-+]?[0-9]+$/.test(s)) return parseInt(s, 10);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)) return parseFloat(s);
  // Hexadecimal, octal, exponents, infinities and NaN are left to the library.
  if (/^[-+]?(?:0o|0x|\.inf|\.Inf|\.INF|\.nan|\.NaN|\.NAN)/.test(s) || /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE]/.test(s)) giveUp();
  return s;
}

/** Characters that may not start a plain scalar (YAML indicators), in a block or in a flow. */
const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

function plainStartOk(s: string, at: number): boolean {
  const c = s[at];
  if (c === undefined || c === ' ') return false;
  if (!INDICATORS.has(c)) return true;
  // `-1`, `-foo`: a dash followed by something other than a blank starts a plain scalar.
  const next = s[at + 1];
  return c === '-' && next !== undefined && next !== ' ' && next !== '-';
}

/** The key of a block map entry (`key: …`, `"key": …`) and where its value starts, or undefined. */
function entryKey(text: string): { key: string; end: number } | undefined {
  if (text[0] === '"' || text[0] === "'") {
    const q = quoted(text, 0);
    if (text[q.end] !== ':' || (text[q.end + 1] !== undefined && text[q.end + 1] !== ' ')) return undefined;
    return { key: q.value, end: q.end + 1 };
  }
  const colon = text.search(/:(?: |$)/);
  if (colon <= 0) return undefined;
  const hash = text.indexOf(' #');
  if (hash >= 0 && hash < colon) return undefined;
  const key = text.slice(0, colon).trimEnd();
  if (!plainStartOk(key, 0) || typeof resolvePlain(key) !== 'string') giveUp();
  return { key, end: colon + 1 };
}

/** A quoted scalar on one line (no escapes; `''` in single quotes); `end` is past the closing quote. */
function quoted(s: string, at: number): { value: string; end: number } {
  const q = s[at] as string;
  let value = '';
  let from = at + 1;
  for (;;) {
    const close = s.indexOf(q, from);
    if (close < 0) giveUp();
    const part = s.slice(from, close);
    if (q === '"' && part.includes('\\')) giveUp();
    value += part;
    if (q === "'" && s[close + 1] === "'") {
      value += "'";
      from = close + 2;
      continue;
    }
    return { value, end: close + 1 };
  }
}

/** Nothing but an optional comment may follow a value on its line. */
function restIsComment(s: string, at: number): void {
  let j = at;
  while (s[j] === ' ') j++;
  if (j < s.length && !(s[j] === '#' && j > at)) giveUp();
}

/** A block entry's value on its own line: a flow collection, a quoted or a plain scalar. */
function inlineValue(s: string): unknown {
  if (s[0] === '{' || s[0] === '[') {
    const flow = new FlowReader(s);
    const value = flow.value();
    restIsComment(s, flow.at);
    return value;
  }
  if (s[0] === '"' || s[0] === "'") {
    const q = quoted(s, 0);
    restIsComment(s, q.end);
    return q.value;
  }
  if (!plainStartOk(s, 0)) giveUp();
  const hash = s.indexOf(' #');
  const plain = (hash >= 0 ? s.slice(0, hash) : s).trimEnd();
  // `a: b` inside a value is a YAML error (or a nested map): the library says which.
  if (/:(?: |$)/.test(plain)) giveUp();
  return resolvePlain(plain);
}

/** One-line flow collections: `{a: 1, b: [x, "y"]}`. */
class FlowReader {
  at = 0;
  constructor(private readonly s: string) {}

  private blanks(): void {
    while (this.s[this.at] === ' ') this.at++;
  }

  value(): unknown {
    this.blanks();
    const c = this.s[this.at];
    if (c === '{') return this.map();
    if (c === '[') return this.list();
    if (c === '"' || c === "'") {
      const q = quoted(this.s, this.at);
      this.at = q.end;
      return q.value;
    }
    return resolvePlain(this.plain());
  }

  /** A plain scalar in a flow: up to `,`, a bracket, `: ` or ` #`. */
  private plain(): string {
    const { s } = this;
    if (!plainStartOk(s, this.at)) giveUp();
    const start = this.at;
    for (; this.at < s.length; this.at++) {
      const c = s[this.at];
      if (c === ',' || c === ']' || c === '}') break;
      if (c === '[' || c === '{') giveUp();
      if (c === ':' && (s[this.at + 1] === undefined || ' ,]}'.includes(s[this.at + 1] as string))) break;
      if (c === '#' && s[this.at - 1] === ' ') giveUp();
    }
    return s.slice(start, this.at).trimEnd();
  }

  private map(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.at++;
    for (;;) {
      this.blanks();
      if (this.s[this.at] === '}') break;
      const c = this.s[this.at];
      const key = c === '"' || c === "'" ? this.quotedKey() : this.plain();
      if (typeof resolvePlain(key) !== 'string' && c !== '"' && c !== "'") giveUp();
      if (RISKY_KEYS.has(key) || Object.hasOwn(out, key)) giveUp();
      this.blanks();
      if (this.s[this.at] !== ':') giveUp();
      this.at++;
      const after = this.s[this.at];
      if (after !== undefined && after !== ' ' && after !== ',' && after !== '}') giveUp();
      this.blanks();
      out[key] = this.s[this.at] === ',' || this.s[this.at] === '}' ? null : this.value();
      this.blanks();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== '}') giveUp();
    }
    this.at++;
    return out;
  }

  private quotedKey(): string {
    const q = quoted(this.s, this.at);
    this.at = q.end;
    return q.value;
  }

  private list(): unknown[] {
    const out: unknown[] = [];
    this.at++;
    for (;;) {
      this.blanks();
      if (this.s[this.at] === ']') break;
      out.push(this.value());
      this.blanks();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== ']') giveUp();
    }
    this.at++;
    return out;
  }
}
