import { describe, expect, it } from 'vitest';
import { setSimilarity, similarityScorer, trigrams } from './trigram-similarity.js';

const sim = (a: string, b: string) => setSimilarity(trigrams(a), trigrams(b));

describe('pg_trgm similarity', () => {
  it("makes PostgreSQL's trigrams: words lower-cased, padded two spaces before and one after", () => {
    // show_trgm('word') in PostgreSQL's documentation.
    expect([...trigrams('word')].sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor']);
    // Anything but letters and digits separates words; a trigram counts once.
    expect([...trigrams('Foo_bar-FOO')].sort()).toEqual(['  b', '  f', ' ba', ' fo', 'ar ', 'bar', 'foo', 'oo ']);
    expect([...trigrams('Äb 1')].sort()).toEqual(['  1', '  ä', ' 1 ', ' äb', 'äb ']);
    expect(trigrams(' -- ').size).toBe(0);
  });

  it("gives PostgreSQL's float4 similarity: shared ÷ union, 0 with an empty side", () => {
    // similarity('word', 'two words') = 0.36363637 in PostgreSQL's documentation.
    expect(sim('word', 'two words')).toBe(Math.fround(4 / 11));
    expect(sim('Zebra', 'zebra')).toBe(1);
    expect(sim('zebra', 'zebras')).toBe(0.625);
    expect(sim('', 'zebra')).toBe(0);
    expect(sim('--', '--')).toBe(0);
  });

  it('scores in hundredths, rounded as numeric rounds: halves away from zero', () => {
    const one = similarityScorer<string>('a', [{ value: (t) => t, multiplier: 0.5 }]);
    // 'a' and 'ax' share one trigram of four: 0.25 × 0.5 = 0.125, which rounds up.
    expect(one('ax')).toBe(13);
    const project = similarityScorer<{ path: string; name: string; description: string | null }>('test', [
      { value: (r) => r.path, multiplier: 1 },
      { value: (r) => r.name, multiplier: 0.7 },
      { value: (r) => r.description, multiplier: 0.2 },
    ]);
    expect(project({ path: 'test', name: 'Test', description: null })).toBe(170);
    expect(project({ path: 'test-project', name: 'Test Project', description: '' })).toBe(65);
    expect(project({ path: 'other', name: 'Other', description: 'a test' })).toBe(14);
  });
});
