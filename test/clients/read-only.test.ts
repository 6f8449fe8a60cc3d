// python-gitlab against `hostctl serve` of a state the server may not write (read-only media, or
// another user's directory): the platform's read-only instance. Reads answer; every write, a
// project's or a branch's (whose repository would be written before its row), is refused with
// the platform's 403 and message, and nothing is written. The server runs as nobody on a copy
// of the state with its write permissions taken away (root writes past modes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanEnv } from '../helpers/cli.js';
import { giveToNobody, makeReadOnly, nobodyProcess, reachableTempDir } from '../helpers/refused-removal.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/cli-in-process.js';
import { hasPythonGitlab, runPython, type ServedInstance } from './harness.js';

describe.runIf(hasPythonGitlab())('python-gitlab: a read-only state serves as a read-only instance', () => {
  let sb: InProcessSandbox;
  let token: string;
  let dir: string;
  let server: ResultPromise | undefined;
  let url: string;

  beforeAll(async () => {
    sb = inProcessSandbox();
    token = await sb.init();
    expect((await sb.run(['projects', 'create', '--path', 'kept', '--readme'])).exitCode).toBe(0);
    dir = reachableTempDir('hostctl-read-only-serve-');
    const state = join(dir, 'state');
    cpSync(sb.stateDir, state, { recursive: true });
    giveToNobody(dir);
    makeReadOnly(state);
    server = execa(process.execPath, [BIN, 'serve', '--state', state, '--port', '0'], { env: { ...cleanEnv(), HOME: dir, HOSTCTL_CONFIG_DIR: join(dir, 'config') }, extendEnv: false, reject: false, stdin: 'ignore', ...nobodyProcess() });
    url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const look = (chunk: Buffer) => {
        seen += String(chunk);
        const m = /serving .* at (http:\/\/127\.0\.0\.1:\d+)\/api\/v4/.exec(seen);
        if (m) resolve(m[1] as string);
      };
      server?.stdout?.on('data', look);
      server?.stderr?.on('data', look);
      void server?.then(() => reject(new Error(`serve ended before it listened: ${seen}`)));
    });
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    await server;
    sb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists, and refuses a project create and a branch create with the platform 403', async () => {
    const out = await runPython<Record<string, unknown>>(
      { url } as ServedInstance,
      token,
      `
r = {}
p = gl.projects.get("root/kept")
r["projects"] = [x.path_with_namespace for x in gl.projects.list(get_all=True)]
for name, call in [("project", lambda: gl.projects.create({"name": "nope"})), ("branch", lambda: p.branches.create({"branch": "x", "ref": "main"}))]:
    try:
        call()
        r[name] = "created"
    except gitlab.exceptions.GitlabCreateError as e:
        r[name] = [e.response_code, e.error_message]
r["branches"] = [b.name for b in p.branches.list(get_all=True)]
print(json.dumps(r))
`,
    );
    const refused = [403, 'You cannot perform write operations on a read-only instance'];
    expect(out).toEqual({ projects: ['root/kept'], project: refused, branch: refused, branches: ['main'] });
  });
});
