// Which target and token a command uses. The rule that matters most: a token only ever goes to
// the host it was configured for, so glab's GITLAB_TOKEN (often exported for another server) is
// never sent to a context's server, a --url or HOSTCTL_URL, and GITLAB_HOST never retargets a
// hostctl context.
import { describe, expect, it } from 'vitest';
import { resolveTarget } from './target.js';
import type { ConfigData } from './store.js';

const config: ConfigData = {
  currentContext: 'prod',
  contexts: {
    prod: { type: 'remote', url: 'https://prod.example.com', token: 'prod-token' },
    dev: { type: 'remote', url: 'https://dev.example.com', token: 'dev-token' },
    lab: { type: 'remote', url: 'https://lab.example.com' },
    local: { type: 'local', state: '/var/lib/hostctl', token: 'local-token' },
  },
};
const none: ConfigData = { contexts: {} };
const glab = { GITLAB_HOST: 'gitlab.com', GITLAB_TOKEN: 'glab-token' };

describe('target and token', () => {
  it('with a current context, GITLAB_TOKEN and GITLAB_HOST change nothing and are named as ignored', () => {
    const t = resolveTarget({}, glab, config);
    expect(t).toMatchObject({ context: 'prod', url: 'https://prod.example.com', token: 'prod-token', tokenSource: 'context prod', ignored: ['GITLAB_HOST', 'GITLAB_TOKEN'] });
    // A current context without a token of its own stays without one (anonymous), never glab's.
    const lab = resolveTarget({}, glab, { ...config, currentContext: 'lab' });
    expect(lab.url).toBe('https://lab.example.com');
    expect(lab.token).toBeUndefined();
  });

  it('a flag or any HOSTCTL_* variable naming a target keeps GITLAB_TOKEN away from it', () => {
    const cases: [Record<string, string | undefined>, Record<string, string>, string | undefined][] = [
      [{ url: 'https://other.example.com' }, glab, undefined],
      [{ context: 'dev' }, glab, 'dev-token'],
      [{}, { ...glab, HOSTCTL_URL: 'https://env.example.com' }, undefined],
      [{}, { ...glab, HOSTCTL_CONTEXT: 'dev' }, 'dev-token'],
      [{}, { ...glab, HOSTCTL_STATE: '/tmp/s' }, undefined],
    ];
    for (const [flags, env, token] of cases) {
      // The contexts exist, none is current: only the flag or variable names a target.
      const t = resolveTarget(flags, env, { contexts: config.contexts });
      expect(t.token, JSON.stringify([flags, env])).toBe(token);
      expect(t.url).not.toBe('https://gitlab.com');
      expect(t.ignored).toEqual(['GITLAB_HOST', 'GITLAB_TOKEN']);
    }
  });

  it('HOSTCTL_TOKEN alone is hostctl configuration: glab\'s pair is then ignored, not mixed with it', () => {
    const t = resolveTarget({}, { ...glab, HOSTCTL_TOKEN: 'hostctl-token' }, none);
    expect(t).toMatchObject({ kind: 'local', source: 'default local state', token: 'hostctl-token', ignored: ['GITLAB_HOST', 'GITLAB_TOKEN'] });
  });

  it('with nothing of hostctl set, GITLAB_HOST is the target and GITLAB_TOKEN goes to it', () => {
    expect(resolveTarget({}, glab, none)).toMatchObject({ kind: 'remote', url: 'https://gitlab.com', source: 'GITLAB_HOST', token: 'glab-token', tokenSource: 'GITLAB_TOKEN' });
    expect(resolveTarget({}, { GITLAB_HOST: 'http://git.local:8080' }, none)).toMatchObject({ url: 'http://git.local:8080', source: 'GITLAB_HOST' });
    expect(resolveTarget({}, { GITLAB_HOST: 'http://git.local:8080' }, none).token).toBeUndefined();
  });

  it('GITLAB_TOKEN without GITLAB_HOST goes nowhere (not even to the default local state)', () => {
    const t = resolveTarget({}, { GITLAB_TOKEN: 'glab-token' }, none);
    expect(t).toMatchObject({ kind: 'local', source: 'default local state', ignored: ['GITLAB_TOKEN'] });
    expect(t.token).toBeUndefined();
  });

  it('HOSTCTL_TOKEN wins over the current context, not over a context chosen by name', () => {
    expect(resolveTarget({}, { HOSTCTL_TOKEN: 'h' }, config)).toMatchObject({ context: 'prod', token: 'h', tokenSource: 'HOSTCTL_TOKEN' });
    expect(resolveTarget({ context: 'dev' }, { HOSTCTL_TOKEN: 'h' }, config)).toMatchObject({ context: 'dev', token: 'dev-token' });
    expect(resolveTarget({}, {}, config).ignored).toBeUndefined();
  });

  it('a context keeping a token command hands on the command, never a token; HOSTCTL_TOKEN wins over it as over a token', () => {
    const vault: ConfigData = { currentContext: 'vault', contexts: { vault: { type: 'remote', url: 'https://vault.example.com', tokenCommand: 'pass show hostctl/vault' } } };
    const current = resolveTarget({}, {}, vault);
    expect(current).toMatchObject({ context: 'vault', tokenCommand: 'pass show hostctl/vault', tokenSource: "context vault's token command" });
    expect(current.token).toBeUndefined();
    // The environment's token wins over the current context's command (which then never runs)…
    const env = resolveTarget({}, { HOSTCTL_TOKEN: 'h' }, vault);
    expect(env).toMatchObject({ token: 'h', tokenSource: 'HOSTCTL_TOKEN' });
    expect(env.tokenCommand).toBeUndefined();
    // …but not over a context chosen by name, and a --url of the same instance borrows the command.
    expect(resolveTarget({ context: 'vault' }, { HOSTCTL_TOKEN: 'h' }, vault)).toMatchObject({ tokenCommand: 'pass show hostctl/vault', tokenSource: "context vault's token command" });
    expect(resolveTarget({ url: 'https://vault.example.com/' }, {}, vault)).toMatchObject({ tokenCommand: 'pass show hostctl/vault' });
    expect(resolveTarget({ url: 'https://other.example.com' }, {}, vault).tokenCommand).toBeUndefined();
  });
});
