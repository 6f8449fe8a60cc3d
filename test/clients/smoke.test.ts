// The harness itself: each real client reaches the served instance and reads the signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitbeaker, hasPythonGitlab, hasRubyGitlab, runPython, runRuby, startServed, type ServedInstance } from './harness.js';

let inst: ServedInstance;
beforeAll(async () => {
  inst = await startServed();
});
afterAll(async () => {
  await inst.close();
});

describe('real clients reach hostctl serve', () => {
  it.runIf(hasPythonGitlab())('python-gitlab authenticates and reads the current user', async () => {
    const out = await runPython<{ username: string; is_admin: boolean }>(inst, inst.rootToken, 'gl.auth()\nprint(json.dumps({"username": gl.user.username, "is_admin": gl.user.is_admin}))');
    expect(out).toEqual({ username: 'root', is_admin: true });
  });

  it.runIf(hasRubyGitlab())('the Ruby gem reads the current user', async () => {
    const out = await runRuby<{ username: string }>(inst, inst.rootToken, 'u = gl.user\nputs JSON.generate({username: u.username})');
    expect(out).toEqual({ username: 'root' });
  });

  it('@gitbeaker/rest reads the current user', async () => {
    const api = await gitbeaker(inst, inst.rootToken);
    const me = (await api.Users.showCurrentUser()) as { username: string };
    expect(me.username).toBe('root');
  });

  it('a client with a bad token gets the platform 401', async () => {
    const api = await gitbeaker(inst, 'hpat-not-a-real-token');
    await expect(api.Users.showCurrentUser()).rejects.toMatchObject({ cause: { response: { status: 401 } } });
  });
});
