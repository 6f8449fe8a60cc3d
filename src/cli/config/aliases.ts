// Command aliases (`hostctl alias set mine 'tokens list --state ~/s'`): a first word that is no
// command is looked up among the config's aliases and replaced by its expansion before the
// command line is parsed, so an alias takes every flag its command takes. `$1`…`$9` in an
// expansion take the words typed after the alias, and the words no placeholder took follow the
// expansion. An expansion that starts with `!` is a shell alias: it runs with `sh -c`, the words
// after the alias as its $1, $2… (pipes to jq, several commands).
import { UsageError } from '../kit/errors.js';

/** What an alias turns a command line into. */
export type Expanded = { kind: 'command'; argv: string[] } | { kind: 'shell'; script: string; args: string[] };

/**
 * Splits an expansion into words as a POSIX shell would quote them: single quotes keep
 * everything, double quotes keep all but `\"` and `\\`, a backslash outside quotes keeps the
 * next character. Nothing is substituted (no variables, no globs): a shell alias is for that.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new UsageError(`the alias's expansion has an unclosed ' : ${text}`);
      word += text.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) j++;
        word += text[j];
      }
      if (j >= text.length) throw new UsageError(`the alias's expansion has an unclosed " : ${text}`);
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/**
 * The command line an alias's `expansion` makes of the words typed after it (`rest`): `$N` takes
 * the Nth of them (wherever it stands in a word), and those no placeholder took are appended.
 */
export function expandAlias(name: string, expansion: string, rest: readonly string[]): Expanded {
  if (expansion.startsWith('!')) return { kind: 'shell', script: expansion.slice(1), args: [...rest] };
  const used = new Set<number>();
  const words = splitWords(expansion).map((w) =>
    w.replace(/\$([1-9])/g, (_m, digit: string) => {
      const n = Number(digit);
      if (n > rest.length) throw new UsageError(`alias ${name} needs ${n} argument${n === 1 ? '' : 's'} after it ($${n} in: ${expansion})`);
      used.add(n - 1);
      return rest[n - 1] as string;
    }),
  );
  return { kind: 'command', argv: [...words, ...rest.filter((_w, i) => !used.has(i))] };
}

/** The alias named `word` in the configuration's aliases, if there is one. */
export function aliasNamed(aliases: Record<string, string> | undefined, word: string): string | undefined {
  return aliases && Object.hasOwn(aliases, word) ? aliases[word] : undefined;
}
