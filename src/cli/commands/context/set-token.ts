import { defineVerb } from '../../kit/verb.js';
import { readConfig, updateConfig } from '../../config/store.js';
import type { Target } from '../../config/target.js';
import { UsageError } from '../../kit/errors.js';
import { contextRow, credentialText, existingContext } from './rows.js';
import { credentialFrom, tokenNow, verify, TOKEN_COMMAND_HELP, type TokenOptions } from './token-check.js';

interface SetTokenOptions extends TokenOptions {
  verify: boolean;
}

export const setTokenVerb = defineVerb<SetTokenOptions>({
  name: 'set-token',
  args: '<name>',
  summary: "Replace a context's token, or the command that prints it (checked against its target first, unless --no-verify)",
  aliases: ['update'],
  examples: [
    'printf %s "$NEW_TOKEN" | hostctl context set-token prod --token-stdin',
    'hostctl tokens rotate self -o json --jq .token | hostctl context set-token prod --token-stdin',
    'hostctl context set-token offline --token-stdin --no-verify < token.txt',
    "hostctl context set-token prod --token-command 'secret-tool lookup service hostctl context prod'",
  ],
  options: (cmd) =>
    cmd
      .option('--token <token>', 'the personal access token (visible in shell history and process lists: prefer --token-stdin)')
      .option('--token-stdin', 'read the token from standard input')
      .option('--token-command <command>', TOKEN_COMMAND_HELP)
      .option('--no-verify', 'save without asking the target whether it accepts the token'),
  async run(cli, [name], o) {
    const config = readConfig(cli.env);
    const ctx = existingContext(config, name as string);
    const credential = await credentialFrom(o);
    if (credential.token === undefined && credential.tokenCommand === undefined) throw new UsageError('missing --token-stdin (or --token TOKEN, or --token-command COMMAND): the new token');
    if (credential.token !== undefined ? credential.token === ctx.token : credential.tokenCommand === ctx.tokenCommand) {
      cli.info(`context "${name}" already uses that ${credential.token !== undefined ? 'token' : 'token command'}; nothing to do`);
      return;
    }
    if (o.verify && cli.globals.dryRun) cli.info('dry run: the token was not checked');
    else if (o.verify) {
      const token = tokenNow(credential, `context "${name}"`, cli.term.canPrompt);
      const target: Target = ctx.type === 'remote' ? { kind: 'remote', url: ctx.url as string, source: 'context set-token', token } : { kind: 'local', stateDir: ctx.state as string, source: 'context set-token', token };
      await verify(target, cli.info);
    }
    // The one replaces the other: a context keeps a token or a command, never both.
    const { token: _oldToken, tokenCommand: _oldCommand, ...rest } = ctx;
    const entry = { ...rest, ...credential };
    const saved = await updateConfig((data) => {
      data.contexts[name as string] = entry;
    }, cli.env);
    const was = credentialText(ctx);
    const done = `context "${name}" now uses ${credentialText(entry) ?? ''}${was ? ` (was ${was})` : ''}`;
    await cli.showChanged(contextRow(name as string, saved.contexts[name as string] ?? entry, saved), undefined, cli.globals.dryRun ? undefined : done);
  },
});
