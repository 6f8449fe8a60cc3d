// Web URLs printed by commands on a local state: the address of a running `hostctl serve` of that
// state while one runs (it records itself in the state directory and removes the record when it
// stops; a record left by a killed serve is ignored), else the state's external URL with a note
// on stderr that nothing serves it; `init --external-url` changes that URL on an existing state;
// whoami and the context verbs say whether a serve of the state runs. The commands run in-process,
// serve as a process.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/cli.js';
import { inProcessSandbox as cliSandbox, type InProcessSandbox as CliSandbox } from '../helpers/cli-in-process.js';

const NOTE = 'note: nothing serves this state, so its web URLs';

describe('web URLs of a local state', () => {
  let sb: CliSandbox;
  const webUrl = async () => (await sb.json<{ web_url: string }>(['users', 'get', 'root'])).web_url;

  beforeAll(async () => {
    sb = cliSandbox();
    // The demo: an error-tracking DSN and release evidence to print.
    await sb.init(['--demo']);
  });
  afterAll(() => sb.cleanup());

  it('with nothing serving the state, a command that prints them says so once, pointing at hostctl serve', async () => {
    const res = await sb.run(['users', 'get', 'root']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stdout)).toContain('http://localhost:8080/root');
    expect(String(res.stderr)).toBe(`${NOTE} (http://localhost:8080/…) do not open; start it with: hostctl serve --port 8080 (or set the address they use: hostctl init --external-url URL)`);
    // Output without web URLs gets no note.
    const tokens = await sb.run(['tokens', 'list']);
    expect(String(tokens.stderr)).not.toContain(NOTE);
  });

  it('a DSN (its key before the host) and a URL cut to its end in a narrow table get the note as well', async () => {
    const dsn = await sb.run(['error-tracking', 'keys', 'list', '-R', 'acme/web/storefront', '-o', 'json']);
    expect(dsn.exitCode, dsn.stderr).toBe(0);
    expect(dsn.stdout).toMatch(/"tracker_dsn": "http:\/\/glet_\w+@localhost:8080\//);
    expect(dsn.stderr).toContain(NOTE);
    const cut = await sb.run(['releases', 'evidence', 'list', '-R', 'acme/web/storefront', 'v1.1.0'], { terminal: { tty: true, columns: 80 } });
    expect(cut.exitCode, cut.stderr).toBe(0);
    expect(cut.stdout).toMatch(/…\/\S*\d+\.json/);
    expect(cut.stdout).not.toContain('http://localhost:8080');
    expect(cut.stderr).toContain(NOTE);
    // A path cut the same way as a URL's end (a parent group `…/platform`) shows no URL: no note.
    const groups = await sb.run(['groups', 'list'], { terminal: { tty: true, columns: 77 } });
    expect(groups.exitCode, groups.stderr).toBe(0);
    expect(groups.stdout).toMatch(/…\/platform/);
    expect(groups.stderr).not.toContain('nothing serves this state');
  });

  it('whoami, context list and context get say that nothing serves the state', async () => {
    expect((await sb.json<{ serve: unknown }>(['whoami'])).serve).toBeNull();
    expect(String((await sb.run(['whoami'])).stdout)).toMatch(/^serve\tnot running \(start it with: hostctl serve\)$/m);
    expect((await sb.json<{ name: string; serve: unknown }[]>(['context', 'list'])).find((c) => c.name === 'local')?.serve).toBeNull();
    expect(String((await sb.run(['context', 'list'])).stdout)).toMatch(/\tnot running$/m);
    expect(String((await sb.run(['context', 'get'])).stdout)).toMatch(/^serve\tnot running$/m);
  });

  it('init --external-url changes the URL of an existing state and nothing else', async () => {
    const res = await sb.run(['init', '--state', sb.stateDir, '--external-url', 'http://localhost:9000/']);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stdout)).toBe('');
    expect(String(res.stderr)).toContain(`external URL of ${sb.stateDir}: http://localhost:9000 (was http://localhost:8080)`);
    expect(await webUrl()).toBe('http://localhost:9000/root');
    expect(String((await sb.run(['users', 'get', 'root'])).stderr)).toContain('start it with: hostctl serve --port 9000');
    // Without --state: the state of the current local context.
    const again = await sb.run(['init', '--external-url', 'http://localhost:9000']);
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(String(again.stderr)).toContain('is already http://localhost:9000');
    // Options that only make a new state are refused, naming them.
    const demo = await sb.run(['init', '--state', sb.stateDir, '--external-url', 'http://localhost:9000', '--demo']);
    expect(demo.exitCode).toBe(2);
    expect(String(demo.stderr)).toContain('only --external-url changes it (--demo apply to a new state)');
    // Without --external-url an existing state is still left untouched.
    expect((await sb.run(['init', '--state', sb.stateDir])).exitCode).toBe(5);
    const bad = await sb.run(['init', '--state', sb.stateDir, '--external-url', 'localhost:9000']);
    expect(bad.exitCode).toBe(2);
    expect(await webUrl()).toBe('http://localhost:9000/root');
  });

  it("while serve runs, commands on the state print its address; once it stops, the state's own again", async () => {
    const served = await startServe(sb);
    try {
      expect(JSON.parse(readFileSync(join(sb.stateDir, 'serve.json'), 'utf8'))).toMatchObject({ pid: served.proc.pid, webUrl: served.url });
      const res = await sb.run(['users', 'get', 'root']);
      expect(String(res.stdout)).toContain(`${served.url}/root`);
      expect(String(res.stderr)).not.toContain(NOTE);
      expect(await webUrl()).toBe(`${served.url}/root`);
      // whoami and the context verbs say it runs, and where.
      const serve = { pid: served.proc.pid, api_url: served.url, web_url: served.url };
      expect((await sb.json<{ serve: unknown }>(['whoami'])).serve).toEqual(serve);
      expect((await sb.json<{ name: string; serve: unknown }[]>(['context', 'list'])).find((c) => c.name === 'local')?.serve).toEqual(serve);
      expect((await sb.json<{ serve: unknown }>(['context', 'get'])).serve).toEqual(serve);
      expect(String((await sb.run(['context', 'list'])).stdout)).toMatch(new RegExp(`^\\*\tlocal\t.*\t${served.url} \\(pid ${String(served.proc.pid)}\\)$`, 'm'));
    } finally {
      served.proc.kill('SIGTERM');
      await served.proc.catch(() => undefined);
    }
    expect(existsSync(join(sb.stateDir, 'serve.json'))).toBe(false);
    expect(await webUrl()).toBe('http://localhost:9000/root');
    expect((await sb.json<{ serve: unknown }>(['whoami'])).serve).toBeNull();
  });

  it('a record left behind by a serve that was killed is ignored', async () => {
    // A process that has exited: its pid names no serve.
    const pid = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    writeFileSync(join(sb.stateDir, 'serve.json'), JSON.stringify({ pid, webUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' }));
    expect(await webUrl()).toBe('http://localhost:9000/root');
    // A live process that is no serve (this test runner) is not believed either.
    writeFileSync(join(sb.stateDir, 'serve.json'), JSON.stringify({ pid: process.pid, webUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' }));
    expect(await webUrl()).toBe('http://localhost:9000/root');
  });
});
