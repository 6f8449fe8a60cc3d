// The platform's `order_by=similarity`: PostgreSQL's pg_trgm `similarity()` over a few columns,
// weighted, summed and rounded (Gitlab::Database::SimilarityScore), computed here in code on the
// rows a search matched, as the platform computes it on the rows its search matched.
//
// pg_trgm splits a text into words (runs of letters and digits; everything else separates),
// lower-cases each, pads it with two spaces before and one after, and takes every run of three
// characters: "cat" gives "  c", " ca", "cat", "at ". The trigrams of a text form a set, and
// the similarity of two texts is shared ÷ (all of one + all of the other − shared), 0 when
// either has none, computed in single precision (float4). So an exact match scores 1, a prefix
// shares the leading trigrams and scores next, and a match inside a longer word shares fewer.

/**
 * A word character as pg_trgm reads one in a UTF-8 database: letters (with their marks) and
 * digits. Made on first use: a Unicode property pattern loads ICU's data when it is made (about
 * 0.35 ms of every command that loads this module, most of which never score a search).
 */
let word: RegExp | undefined;

/** The set of trigrams of `text`, as pg_trgm's generate_trgm makes it. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const [found] of text.matchAll((word ??= /[\p{L}\p{M}\p{N}]+/gu))) {
    const chars = [' ', ' ', ...found.toLowerCase(), ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  }
  return out;
}

/** pg_trgm's similarity(a, b) of two trigram sets, as the float4 it returns. */
export function setSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) shared++;
  return Math.fround(shared / (a.size + b.size - shared));
}

/** One weighted column of a score: the platform's rules ({ column, multiplier }). */
export interface SimilarityRule<T> {
  value: (row: T) => string | null;
  multiplier: number;
}

/**
 * The score SimilarityScore.build_expression gives a row, in hundredths: the sum of each rule's
 * similarity × multiplier (the float4 similarity times the numeric multiplier is evaluated in
 * double precision), cast to numeric (PostgreSQL keeps 15 significant digits of a double) and
 * rounded to two decimals, halves away from zero. Hundredths are integers, so equal scores
 * compare equal and the tie-breaks decide, as on the platform.
 */
export function similarityScorer<T>(search: string, rules: readonly SimilarityRule<T>[]): (row: T) => number {
  const wanted = trigrams(search);
  return (row) => {
    let sum = 0;
    for (const rule of rules) sum += setSimilarity(trigrams(rule.value(row) ?? ''), wanted) * rule.multiplier;
    return hundredths(sum);
  };
}

/** A non-negative double as PostgreSQL's round(x::numeric, 2), in hundredths. */
function hundredths(value: number): number {
  const text = value.toPrecision(15);
  if (text.includes('e')) return 0; // below 1e-6: rounds to 0.00
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.padEnd(3, '0');
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
}
