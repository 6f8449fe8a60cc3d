import type { VerbSpec } from '../../kit/verb.js';
import { readConfig, updateConfig, type ContextConfig } from '../../config/store.js';
import type { Target } from '../../config/target.js';
import { contextRow, existingContext } from './rows.js';
import { pickContext } from './pick.js';

/** How long the check of a token may take before the warning is given anyway. */
const CHECK_MS = 5_000;

/**
 * Whether a context's token still works on its target: `works`, `dead` (the target refuses it:
 * revoked, expired or unknown there) or `unknown` (the target could not be asked).
 */
async function tokenState(ctx: ContextConfig, token: string): Promise<'works' | 'dead' | 'unknown'> {
  const target: Target = ctx.type === 'remote' ? { kind: 'remote', url: ctx.url as string, source: 'context remove', token } : { kind: 'local', stateDir: ctx.state as string, source: 'context remove', token };
  let client: Awaited<ReturnType<typeof import('../../kit/client-factory.js').createClient>> | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { createClient } = await import('../../kit/client-factory.js');
    const ask = (async () => {
      client = await createClient(target);
      const res = await client.request<{ active?: boolean }>('GET', '/personal_access_tokens/self', { allowError: true });
      if (res.status === 200) return res.data?.active === false ? 'dead' : 'works';
      return res.status === 401 ? 'dead' : 'unknown';
    })();
    const late = new Promise<'unknown'>((resolve) => {
      timer = setTimeout(() => resolve('unknown'), CHECK_MS);
    });
    return await Promise.race([ask, late]);
  } catch {
    // A state that is gone or a target that does not answer: the token may still work elsewhere.
    return 'unknown';
  } finally {
    clearTimeout(timer);
    await client?.transport.close().catch(() => undefined);
  }
}

export const removeVerb: VerbSpec = {
  name: 'remove',
  destructive: true,
  args: '[name]',
  summary: 'Remove a context (its state directory or instance is left alone); confirms on a terminal',
  aliases: ['rm', 'delete'],
  examples: ['hostctl context remove old-staging', 'hostctl context remove old-staging --yes   # no terminal, in scripts'],
  async run(cli, [given]) {
    const config = readConfig(cli.env);
    const name = given ?? (await pickContext(cli, config, 'Remove which context?'));
    const ctx = existingContext(config, name);
    const row = contextRow(name, ctx, config);
    // A token saved nowhere else is gone with the context (the platform shows a secret only
    // once), which matters only while the token works: the target is asked.
    const onlyCopy = ctx.token !== undefined && !Object.entries(config.contexts).some(([other, c]) => other !== name && c.token === ctx.token);
    const state = onlyCopy ? await tokenState(ctx, ctx.token as string) : undefined;
    const losesToken = state === 'works' || state === 'unknown';
    if (losesToken) {
      cli.info(`warning: context "${name}" holds the only saved copy of token ${row.token ?? ''}${state === 'unknown' ? ' (its target could not be asked whether it still works)' : ', which still works'}; removing it loses the token (revoke it with hostctl tokens revoke, or keep a copy first)`);
    } else if (state === 'dead') cli.info(`note: context "${name}" holds token ${row.token ?? ''}, which its target no longer accepts (revoked or expired): nothing is lost with it`);
    await cli.confirm(`Remove context "${name}" (${row.type} ${row.target})${losesToken ? ' and the only copy of its token' : ''}?`);
    await updateConfig((data) => {
      delete data.contexts[name];
      if (data.currentContext === name) delete data.currentContext;
    }, cli.env);
    await cli.showChanged(row, undefined, cli.globals.dryRun ? undefined : `removed context "${name}"${row.current ? '; there is no current context now (pick one with: hostctl context use)' : ''}`);
  },
};
