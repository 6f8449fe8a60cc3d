// Truncated and malformed bodies of every content type serve parses (JSON, form, multipart with
// and without a file part, SCIM JSON, chunked bodies and announced lengths cut short) sent to
// every route that takes a body (from the route manifest), anonymously and signed in, against a
// real `hostctl serve` process. No answer may be a 5xx, the process must stay up, and its memory
// must stay bounded. Each route gets each kind of body once (about 1,100 requests, 4 at a time).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';
import { ROUTE_MANIFEST } from '../../src/core/areas/manifest.js';

// Routes that would take the fuzzer's own credentials away would turn the rest into 401s.
const WRITES = ROUTE_MANIFEST.filter(
  ([method, path]) =>
    method !== 'GET' && !path.includes('personal_access_tokens') && !/\/(block|deactivate|ban|rotate)$/.test(path) && !(method === 'DELETE' && path === '/users/:id'),
);

const B = 'fuzz-boundary';
interface Body {
  type?: string;
  bytes: string;
  /** Sent with Transfer-Encoding: chunked (the end of the body never comes). */
  chunked?: boolean;
  /** Content-Length announces more than is sent, then the client goes away. */
  cutOff?: boolean;
}
const KINDS: Record<string, Body> = {
  json: { type: 'application/json', bytes: '{"name":"x","nested":{"a":[1,2,{"b":' },
  jsonDeep: { type: 'application/json', bytes: `{"a":${'['.repeat(3000)}` },
  form: { type: 'application/x-www-form-urlencoded', bytes: 'name=%E0%A4%A&a[b][=1&&=&x[]=1&x[y]=2' },
  multipart: { type: `multipart/form-data; boundary=${B}`, bytes: `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nno end` },
  multipartFile: { type: `multipart/form-data; boundary=${B}`, bytes: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'z'.repeat(2000)}` },
  multipartBadHeader: { type: 'multipart/form-data', bytes: `--${B}\r\n\r\n` },
  scim: { type: 'application/scim+json', bytes: '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":' },
  chunked: { type: 'application/json', bytes: '{"name":"x"', chunked: true },
  cutOff: { type: `multipart/form-data; boundary=${B}`, bytes: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\npartial`, cutOff: true },
};

/** Sends one request on its own connection; `null` when the client itself went away (cut-off bodies). */
function send(url: string, method: string, path: string, token: string | undefined, body: Body): Promise<number | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const headers = [`host: ${hostname}`, 'connection: close', ...(token ? [`private-token: ${token}`] : []), ...(body.type ? [`content-type: ${body.type}`] : [])];
    socket.on('connect', () => {
      if (body.chunked) {
        socket.write(`${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\ntransfer-encoding: chunked\r\n\r\n${body.bytes.length.toString(16)}\r\n${body.bytes}\r\n4\r\nab`);
      } else {
        const length = Buffer.byteLength(body.bytes) + (body.cutOff ? 100_000 : 0);
        socket.write(`${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\ncontent-length: ${length}\r\n\r\n${body.bytes}`);
      }
      if (body.chunked || body.cutOff) socket.end(() => socket.destroy());
    });
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve(status ? Number(status) : null);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(null) : reject(e)));
  });
}

const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('truncated and malformed bodies against serve', () => {
  let sb: CliSandbox;
  let token: string;
  let served: ServeProcess;

  beforeAll(async () => {
    sb = cliSandbox();
    token = await sb.init();
    await sb.run(['api', '-X', 'POST', 'projects', '-f', 'name=fuzzed', '-f', 'initialize_with_readme=true']);
    await sb.run(['api', '-X', 'POST', 'groups', '-f', 'name=fuzzgroup', '-f', 'path=fuzzgroup']);
    served = await startServe(sb);
  });
  afterAll(async () => {
    served.proc.kill('SIGKILL');
    await served.proc.catch(() => undefined);
    sb.cleanup();
  });

  it('never answers 5xx, stays up, and keeps its memory bounded', async () => {
    const pid = served.proc.pid as number;
    const before = rssMiB(pid);
    const jobs: (() => Promise<void>)[] = [];
    const bad: string[] = [];
    const statuses = new Map<string, number>();
    const kinds = Object.entries(KINDS);
    const targets: [string, string][] = [['GET', '/api/v4/version'], ...WRITES.map(([method, path, area]): [string, string] => [method, `${area === 'scim' ? '/api' : '/api/v4'}${path.replace(/[:*][a-z_]+/g, (p) => (p === ':group_path' ? 'fuzzgroup' : '1'))}`])];
    targets.forEach(([method, path], r) => {
      kinds.forEach(([kind, body], k) => {
        // Each route meets every kind, half of them signed in.
        const signed = (r + k) % 2 === 0;
        jobs.push(async () => {
          const status = await send(served.url, method, path, signed ? token : undefined, body);
          const key = status === null ? 'closed' : String(status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (status !== null && status >= 500) bad.push(`${method} ${path} ${kind} ${signed ? 'signed' : 'anonymous'} -> ${status}`);
        });
      });
    });
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await next();
      }),
    );
    const after = rssMiB(pid);
    console.log(`[body-fuzz] ${jobs.length} requests to ${targets.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}; RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB`);
    expect(bad).toEqual([]);
    expect(served.proc.exitCode ?? null, served.log().slice(-2000)).toBeNull();
    // Still answering, and no request was held in memory beyond its own limits.
    expect(await send(served.url, 'GET', '/api/v4/version', token, { bytes: '' })).toBe(200);
    expect(after - before).toBeLessThan(150);
    expect(served.log()).not.toMatch(/\n\s+at |unexpected error|Unexpected end of form/);
  }, 120_000);
});
