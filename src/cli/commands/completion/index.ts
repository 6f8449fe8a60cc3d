// hostctl completion bash|zsh|fish: prints the completion script, generated from the command
// tree at run time by the same code that writes the committed files under completions/.
// hostctl completion install [SHELL]: writes it where that shell looks (the shell from $SHELL
// when not given) and makes a new shell load it (install.ts).
import { Argument, type Command } from 'commander';
import { CliOption } from '../../kit/cli-command.js';
import { applyVerb } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { SHELLS, type Shell } from './install.js';

interface CompletionOpts {
  shell?: Shell;
  /** false with --no-rc. */
  rc: boolean;
}

/**
 * The shell a `$SHELL` path names: its file name, without a login shell's leading `-` or a
 * version (`/usr/local/bin/fish-3.7`, `zsh5`); undefined for a shell hostctl has no script for.
 */
export function shellOf(path: string | undefined): Shell | undefined {
  const name = (path ?? '').split('/').pop()?.replace(/^-/, '').replace(/[-.]?\d[\d.]*$/, '') ?? '';
  return (SHELLS as readonly string[]).includes(name) ? (name as Shell) : undefined;
}

/** A shell named on the command line: one of SHELLS, else a usage error naming where it was given. */
function namedShell(value: string, where: string): Shell {
  if ((SHELLS as readonly string[]).includes(value)) return value as Shell;
  const known = `${SHELLS.slice(0, -1).join(', ')} or ${SHELLS.at(-1) as string}`;
  throw new UsageError(where.startsWith('--') ? `${where} ${value}: not a shell hostctl completes (${known})` : `unknown shell "${value}": hostctl completes ${known} (hostctl completion install --shell ${SHELLS.join('|')})`);
}

export function configure(noun: Command): void {
  // The values stay declared (help and the completion scripts offer them); the check is the
  // verb's, so that its message names the argument or flag as the user typed it.
  noun.addArgument(new Argument('<shell>', 'the shell (bash, zsh or fish), or install').choices([...SHELLS, 'install']).argParser((v: string) => v));
  noun.addArgument(new Argument('[install-shell]', 'with install: the shell to install for (default: --shell, else the one $SHELL names)').choices([...SHELLS]).argParser((v: string) => v));
  applyVerb<CompletionOpts>(noun, {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish, or install it',
    examples: [
      'hostctl completion install                                  # for the shell in $SHELL',
      'hostctl completion install --shell zsh --dry-run            # what it would write, and where',
      'hostctl completion install bash --no-rc >> ~/.bashrc         # the rc line printed, not added',
      'source <(hostctl completion bash)                          # in ~/.bashrc',
      'hostctl completion fish > ~/.config/fish/completions/hostctl.fish',
    ],
    options: (cmd) =>
      cmd
        .addOption(new CliOption('--shell <shell>', 'with install: the shell to install for (default: the one $SHELL names)').choices([...SHELLS]).argParser((v: string) => v))
        .option('--no-rc', "with install: never change the shell's startup file; print the lines it needs instead"),
    async run(cli, [first, second], o) {
      const { completionScript, programDoc } = await import('../../docs/generate.js');
      if (first !== 'install') {
        namedShell(first as string, 'argument');
        if (second !== undefined) throw new UsageError(`unexpected argument "${second}"; did you mean: hostctl completion install ${second}?`);
        if (o.shell !== undefined) throw new UsageError(`--shell goes with install: hostctl completion install --shell ${o.shell}`);
        cli.print(completionScript(first as Shell, await programDoc()));
        return;
      }
      if (second !== undefined) namedShell(second, 'argument');
      if (o.shell !== undefined) namedShell(o.shell, '--shell');
      if (second !== undefined && o.shell !== undefined && second !== o.shell) throw new UsageError(`the shell is given twice (${second} and --shell ${o.shell}); give it once`);
      // Named on the line, else the login shell $SHELL names (not the shell this runs in: a
      // script or an IDE may run bash while the user types in zsh).
      const shell = (second as Shell | undefined) ?? o.shell ?? shellOf(cli.env.SHELL);
      if (!shell) {
        const why = cli.env.SHELL ? `$SHELL is ${cli.env.SHELL}, which is not one of ${SHELLS.join(', ')}` : '$SHELL is not set';
        throw new UsageError(`cannot tell which shell to install completion for: ${why}; name it with --shell ${SHELLS.join('|')}`);
      }
      if (second === undefined && o.shell === undefined) cli.info(`installing ${shell} completion ($SHELL is ${String(cli.env.SHELL)}; another shell: --shell ${SHELLS.filter((s) => s !== shell).join('|')})`);
      const { applyRcChange, installPath, rcChange, shown, writeScript } = await import('./install.js');
      const file = installPath(shell, cli.env);
      const change = rcChange(shell, file, cli.env);
      const where = change ? shown(change.file, cli.env) : '';
      if (cli.globals.dryRun) {
        cli.print(`write ${file}\n${change ? `${change.before !== undefined ? `insert before line ${change.before + 1} of` : 'append to'} ${change.file}:\n${change.lines.map((l) => `  ${l}\n`).join('')}` : ''}`);
        cli.info('dry run: nothing was written');
        return;
      }
      cli.info(writeScript(file, completionScript(shell, await programDoc())) ? `wrote ${shell} completion to ${file}` : `${shell} completion in ${file} is up to date`);
      let added = false;
      if (change && o.rc) {
        let yes = cli.globals.yes === true;
        if (!yes && cli.term.canPrompt) {
          const prompts = await cli.prompts('--yes');
          yes = await prompts.confirm({ message: `Add ${change.lines.length} lines to ${where} so that new shells load it?`, default: true }, { output: process.stderr });
        }
        if (yes) {
          applyRcChange(change);
          added = true;
          cli.info(`added to ${where}:\n${change.lines.map((l) => `  ${l}`).join('\n')}`);
        }
      }
      if (change && !added) {
        // The lines on standard output, so that `… >> ~/.bashrc` adds them.
        cli.info(`${shell === 'bash' ? 'bash-completion is not loaded by your shell' : `${where} does not put ${file.replace(/\/[^/]+$/, '')} on fpath`}; add these lines to ${where}${o.rc ? ' (or re-run with --yes)' : ''}:`);
        cli.print(`${change.lines.join('\n')}\n`);
        return;
      }
      if (shell === 'bash') cli.info(added ? `open a new shell, or run: source ${where}` : 'open a new shell to use it');
      else if (shell === 'zsh') cli.info('open a new shell to use it (if it does not complete: rm -f "${ZDOTDIR:-$HOME}/.zcompdump"; exec zsh)');
      else cli.info('open a new shell to use it');
    },
  });
}
