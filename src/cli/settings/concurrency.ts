// Bounded parallel reads: remote targets answer several requests at once, but not hundreds.

/** Reads sent at once against a remote target (the local one answers in this process). */
export const READ_CONCURRENCY = 8;

/** Runs `fn` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
