// hostctl completion bash|zsh|fish: prints the completion script, generated from the command
// tree at run time by the same code that writes the committed files under completions/.
// hostctl completion install [SHELL]: writes it where that shell looks (the shell from $SHELL
// when not given), without touching any rc file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Argument, type Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/** Where each shell loads completions from without any configuration (zsh: a directory to add to fpath). */
export function installPath(shell: Shell, env: NodeJS.ProcessEnv): string {
  const home = env.HOME || homedir();
  if (shell === 'bash') return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'bash-completion', 'completions', 'hostctl');
  if (shell === 'fish') return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'fish', 'completions', 'hostctl.fish');
  return join(env.ZDOTDIR || home, '.zfunc', '_hostctl');
}

export function configure(noun: Command): void {
  noun.addArgument(new Argument('<shell>', 'the shell (bash, zsh or fish), or install').choices([...SHELLS, 'install']));
  noun.addArgument(new Argument('[install-shell]', 'with install: the shell to install for (default: from $SHELL)').choices([...SHELLS]));
  applyVerb(noun, {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish, or install it',
    examples: [
      'hostctl completion install                                  # for the shell in $SHELL',
      'hostctl completion install zsh',
      'source <(hostctl completion bash)                          # in ~/.bashrc',
      'hostctl completion fish > ~/.config/fish/completions/hostctl.fish',
    ],
    async run(cli, [first, second]) {
      const { completionScript, programDoc } = await import('../../docs/generate.js');
      if (first !== 'install') {
        if (second !== undefined) throw new UsageError(`unexpected argument "${second}"; did you mean: hostctl completion install ${second}?`);
        cli.print(completionScript(first as Shell, await programDoc()));
        return;
      }
      const shell = (second ?? basename(cli.env.SHELL ?? '')) as Shell;
      if (!SHELLS.includes(shell)) throw new UsageError(`cannot tell the shell from $SHELL (${cli.env.SHELL ?? 'unset'}); name it: hostctl completion install bash|zsh|fish`);
      const file = installPath(shell, cli.env);
      if (cli.globals.dryRun) {
        cli.print(`${file}\n`);
        cli.info('dry run: nothing was written');
        return;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, completionScript(shell, await programDoc()));
      cli.info(`wrote ${shell} completion to ${file}`);
      if (shell === 'zsh') cli.info(`add this to ~/.zshrc before compinit if it is not there yet: fpath=(${dirname(file)} $fpath)`);
      else cli.info('open a new shell to use it');
    },
  });
}
