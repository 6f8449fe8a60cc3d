// "did you mean": the known word nearest a mistyped one, when it is near enough to be the intent.

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j] as number;
      row[j] = next;
    }
  }
  return row[b.length] as number;
}

/** The nearest of `known` to `word` within a third of its length, if any. */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.ceil(word.length / 3)) + 1;
  for (const k of known) {
    const d = distance(word.toLowerCase(), k.toLowerCase());
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
