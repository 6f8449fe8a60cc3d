// The CLI's remote transport follows the platform: a GET on a moved project follows the 301 and
// says so once on stderr; another method there fails naming the new path; an answer of an
// unexpected shape is an error (exit 1) naming the status, never a blank record or a crash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

describe('remote transport fidelity', () => {
  let sb: CliSandbox;
  let token: string;
  let served: ServeProcess;
  let fake: Server;
  let fakeUrl: string;

  const remote = (url: string, args: string[]) => sb.run([...args, '--url', url], { env: { HOSTCTL_TOKEN: token } });

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
    await sb.run(['projects', 'create', '--name', 'Before', '--path', 'before']);
    await sb.run(['projects', 'update', 'root/before', '--path', 'after']);
    served = await startServe(sb);
    // A server answering 200 with shapes no command expects.
    fake = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/v4/projects' || req.url?.startsWith('/api/v4/projects?')) res.end('{"message":"maintenance"}');
      else res.end('null');
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    served.proc.kill('SIGTERM');
    await served.proc.catch(() => undefined);
    await new Promise<void>((r) => fake.close(() => r()));
    sb.cleanup();
  });

  it('follows a moved project on GET and says so once on stderr', async () => {
    const res = await remote(served.url, ['projects', 'get', 'root/before', '-o', 'json']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(JSON.parse(String(res.stdout))).toMatchObject({ path_with_namespace: 'root/after' });
    const notes = String(res.stderr).split('\n').filter((l) => l.includes('has moved'));
    expect(notes).toEqual([expect.stringMatching(/^note: \/projects\/root%2Fbefore has moved to \/projects\/\d+; following it/)]);
    // The same on the local target, whose core answers the same 301.
    const local = await sb.run(['projects', 'get', 'root/before', '-o', 'json']);
    expect(local.exitCode).toBe(0);
    expect(String(local.stderr)).toContain('has moved to /projects/');
  });

  it('refuses another method on the moved path, naming the new one', async () => {
    const res = await remote(served.url, ['projects', 'update', 'root/before', '--description', 'x']);
    expect(res.exitCode).toBe(1);
    expect(String(res.stderr)).toMatch(/Non GET methods are not allowed for moved projects: it moved to \/projects\/\d+; send the PUT there/);
  });

  it('turns an answer of the wrong shape into an error naming the status', async () => {
    const list = await remote(fakeUrl, ['projects', 'list']);
    expect(list.exitCode).toBe(1);
    expect(String(list.stdout)).toBe('');
    expect(String(list.stderr)).toContain('unexpected answer to GET /projects (HTTP 200): expected a list, got a record');
    expect(String(list.stderr)).not.toContain('is not a function');
    const item = await remote(fakeUrl, ['projects', 'get', '5']);
    expect(item.exitCode).toBe(1);
    expect(String(item.stdout)).toBe('');
    expect(String(item.stderr)).toContain('unexpected answer to GET /projects/5 (HTTP 200): expected a record, got an empty body');
  });
});
