// Several processes on one state directory, and many concurrent requests: no "database is
// locked" failures, no refusals, no lost writes — also while the machine's other cores are busy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';
import { HttpTransport } from '../../src/client/http-transport.js';
import { ApiClient } from '../../src/client/client.js';
import { withCpuBurner } from '../helpers/cpu-burner.js';

describe('concurrency on one state directory', () => {
  let box: CliSandbox;
  let token: string;
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    servers.push(...(await Promise.all([startServe(box), startServe(box)])));
  });

  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.proc));
    box.cleanup();
  });

  it('two serve processes and CLI processes write and read at once, beside a CPU burner', async () => {
    const urls = servers.map((s) => s.url);
    // No retries, and a client patient enough for a loaded machine: every refusal shows, and
    // slowness alone fails nothing.
    const clients = urls.map((u) => new ApiClient(new HttpTransport({ baseUrl: u, maxRetries: 0, timeoutMs: 600_000 }), { token }));
    // Started once the burners spin, so that every request meets a busy machine.
    const [w, r, c] = await withCpuBurner(() => {
      const writes = Array.from({ length: 120 }, (_, i) =>
        (clients[i % 2] as ApiClient).post('/users', {
          username: `con${i}`,
          email: `con${i}@example.com`,
          name: `Concurrent ${i}`,
          password: 'long-enough-password',
        }),
      );
      const reads = Array.from({ length: 80 }, (_, i) => (clients[i % 2] as ApiClient).get('/personal_access_tokens/self'));
      const cli = Array.from({ length: 4 }, () => box.run(['--state', box.stateDir, 'tokens', 'list', '-o', 'json'], { env: { HOSTCTL_TOKEN: token }, timeout: 600_000 }));
      return Promise.all([Promise.allSettled(writes), Promise.allSettled(reads), Promise.all(cli)]);
    });
    const failures = [...w, ...r].filter((x) => x.status === 'rejected');
    expect(failures).toEqual([]);
    for (const res of c) expect(res.exitCode, String(res.stderr)).toBe(0);
    const listed = await clients[0]!.get<unknown[]>('/users', { search: 'con', per_page: 100 });
    expect(Number(listed.headers['x-total'])).toBe(120);
    for (const cl of clients) await cl.transport.close();
  }, 900_000);

  it('serve stops on SIGTERM after finishing, with exit code 0', async () => {
    const s = await startServe(box);
    s.proc.kill('SIGTERM');
    const res = await s.proc;
    expect(res.exitCode, `signal=${String(res.signal)} stderr=${String(res.stderr)}`).toBe(0);
    expect(String(res.stderr)).toMatch(/SIGTERM/);
  });
});
