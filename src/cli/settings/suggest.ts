// "did you mean": the known word nearest a mistyped one, when it is near enough to be the intent.
import { editDistance } from '../kit/edit-distance.js';

/** The nearest of `known` to `word` within a third of its length, if any. */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.ceil(word.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** `unknown key "membrs"; did you mean "members"? (known: a, b, c)` */
export function unknownKey(kind: string, word: string, known: readonly string[]): string {
  const near = closest(word, known);
  return `unknown ${kind} "${word}"${near ? `; did you mean "${near}"?` : ''} (known: ${known.join(', ')})`;
}
