import { defineVerb } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import type { Target } from '../../config/target.js';
import { UsageError } from '../../kit/errors.js';
import { contextRow, existingContext, maskToken } from './rows.js';
import { tokenFrom, verify, type TokenOptions } from './token-check.js';

interface SetTokenOptions extends TokenOptions {
  verify: boolean;
}

export const setTokenVerb = defineVerb<SetTokenOptions>({
  name: 'set-token',
  args: '<name>',
  summary: "Replace a context's token (checked against its target first, unless --no-verify)",
  aliases: ['update'],
  examples: [
    'printf %s "$NEW_TOKEN" | hostctl context set-token prod --token-stdin',
    'hostctl tokens rotate self -o json --jq .token | hostctl context set-token prod --token-stdin',
    'hostctl context set-token offline --token-stdin --no-verify < token.txt',
  ],
  options: (cmd) =>
    cmd
      .option('--token <token>', 'the personal access token (visible in shell history and process lists: prefer --token-stdin)')
      .option('--token-stdin', 'read the token from standard input')
      .option('--no-verify', 'save without asking the target whether it accepts the token'),
  async run(cli, [name], o) {
    const config = readConfig(cli.env);
    const ctx = existingContext(config, name as string);
    const token = await tokenFrom(o);
    if (token === undefined) throw new UsageError('missing --token-stdin (or --token TOKEN): the new token');
    if (token === ctx.token) {
      cli.info(`context "${name}" already uses that token; nothing to do`);
      return;
    }
    if (o.verify && cli.globals.dryRun) cli.info('dry run: the token was not checked');
    else if (o.verify) {
      const target: Target = ctx.type === 'remote' ? { kind: 'remote', url: ctx.url as string, source: 'context set-token', token } : { kind: 'local', stateDir: ctx.state as string, source: 'context set-token', token };
      await verify(target, cli.info);
    }
    const saved = await updateConfig((data) => {
      data.contexts[name as string] = { ...data.contexts[name as string]!, token };
    }, cli.env);
    const done = `context "${name}" now uses token ${maskToken(token) ?? ''}${ctx.token ? ` (was ${maskToken(ctx.token) ?? ''})` : ''}`;
    await cli.showChanged(contextRow(name as string, saved.contexts[name as string] ?? { ...ctx, token }, saved), undefined, cli.globals.dryRun ? undefined : done);
  },
});
