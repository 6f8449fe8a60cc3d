// Docs that stay true: every code identifier the README and docs/ quote in backticks (a
// camelCase or PascalCase name, optionally `a.b` or `name()`) must still be a word of the code,
// and every quoted repository path must still exist. Renaming a function or moving a file
// without updating the prose that names it fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Names the docs quote from other projects on purpose (what hostctl's harness is modelled on). */
const FOREIGN = new Set(['runF']);

const DOCS = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const CODE_DIRS = ['src', 'test', 'scripts', 'bench', 'bin'];
const PATH = /^(?:src|test|bench|scripts|docs|completions|man|bin)\/[\w./-]+$/;
const IDENT = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?$/;
/** camelCase or PascalCase with an inner capital: names a reader would grep the code for. */
const CODE_LIKE = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/;

function codeWords(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:ts|mjs|cjs|js)$/.test(entry.name)) for (const w of readFileSync(path, 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
    }
  };
  for (const dir of CODE_DIRS) walk(join(root, dir));
  return words;
}

/** Backticked spans outside fenced code blocks, with the doc they come from. */
function quoted(): { doc: string; text: string }[] {
  return DOCS.flatMap((doc) => {
    const prose = readFileSync(join(root, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => ({ doc, text: m[1] as string }));
  });
}

describe('identifiers and paths quoted in the docs', () => {
  const spans = quoted();

  it('name code that exists', () => {
    const words = codeWords();
    const identifiers = spans.flatMap(({ doc, text }) => {
      const m = IDENT.exec(text);
      const last = m?.[1]?.split('.').pop();
      return last && CODE_LIKE.test(last) && !FOREIGN.has(last) ? [{ doc, text, last }] : [];
    });
    // The check must have something to check: the docs quote dozens of identifiers.
    expect(identifiers.length).toBeGreaterThan(30);
    expect(identifiers.filter((i) => !words.has(i.last)).map((i) => `${i.doc}: \`${i.text}\``)).toEqual([]);
  });

  it('name files that exist', () => {
    const paths = spans.filter(({ text }) => PATH.test(text));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter(({ text }) => !existsSync(join(root, text.replace(/[:#].*$/, '')))).map((p) => `${p.doc}: \`${p.text}\``)).toEqual([]);
  });
});
