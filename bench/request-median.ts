// The measure every list-page bench compares at 100 and 100,000 rows: the median time of one
// in-process GET through the core, after a warm-up, failing loudly on any answer but 200.
import type { Core } from '../src/core/app.js';

export async function medianGetMs(core: Core, token: string, path: string, query: string, rounds: number, warmup = 20): Promise<number> {
  const req = { method: 'GET', path, query, headers: { 'private-token': token } };
  for (let i = 0; i < warmup; i++) await core.handle(req);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    const res = await core.handle(req);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.status !== 200) throw new Error(`GET ${path}?${query}: status ${res.status}: ${String(res.body)}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}
