// A read command against a remote target makes one request, plus at most one for the names a
// table shows in place of ids (GET /hostctl/names): never one per row or per owner. Counted from
// `serve`'s request log, one line a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/cli.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';

describe('requests of remote read commands', () => {
  let sb: InProcessSandbox;
  let token: string;
  let served: ServeProcess;

  beforeAll(async () => {
    sb = inProcessSandbox();
    token = (await sb.init(['--demo'])).split('\n').pop() as string;
    served = await startServe(sb);
  });
  afterAll(async () => {
    served.proc.kill('SIGTERM');
    await served.proc.catch(() => undefined);
    sb.cleanup();
  });

  /** The request lines `serve` logged while `args` ran remotely (a marker request closes the window). */
  async function requestsOf(args: string[]): Promise<{ lines: string[]; stdout: string }> {
    const before = served.log().length;
    const res = await sb.run([...args, '--url', served.url], { env: { HOSTCTL_TOKEN: token } });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const marker = await fetch(`${served.url}/api/v4/version`, { headers: { 'private-token': token } });
    expect(marker.status).toBe(200);
    for (let i = 0; i < 100 && !/ GET \/api\/v4\/version 200 /.test(served.log().slice(before)); i++) await new Promise((r) => setTimeout(r, 20));
    const lines = served.log().slice(before).split('\n').filter((l) => / (GET|POST|PUT|DELETE) \/api\/v4\//.test(l));
    expect(lines.pop()).toMatch(/ GET \/api\/v4\/version 200 /);
    return { lines, stdout: String(res.stdout) };
  }

  it('tokens list: the tokens, then every owner name in one request', async () => {
    const { lines, stdout } = await requestsOf(['tokens', 'list', '--all']);
    expect(lines.map((l) => / (GET \S+) /.exec(l)?.[1])).toEqual(['GET /api/v4/personal_access_tokens', 'GET /api/v4/hostctl/names']);
    // The demo's tokens belong to several users, each shown by name (piped: TSV, no header).
    const owners = new Set(stdout.trim().split('\n').map((row) => row.split('\t')[2]));
    expect(owners.size).toBeGreaterThan(2);
    for (const name of ['root', 'alice', 'bob']) expect(owners.has(name), stdout).toBe(true);
  });

  it('-o json needs no names: one request', async () => {
    const { lines } = await requestsOf(['tokens', 'list', '-o', 'json']);
    expect(lines.map((l) => / (GET \S+) /.exec(l)?.[1])).toEqual(['GET /api/v4/personal_access_tokens']);
  });

  it('lists of other nouns with name columns ask for names once too', async () => {
    for (const args of [['groups', 'list'], ['audit-events', 'list']]) {
      const { lines } = await requestsOf(args);
      expect(lines.length, `${args.join(' ')}: ${lines.join('\n')}`).toBeLessThanOrEqual(2);
      expect(lines.slice(1).every((l) => / GET \/api\/v4\/hostctl\/names /.test(l)), lines.join('\n')).toBe(true);
    }
  });
});
