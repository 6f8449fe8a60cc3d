// hostctl completion bash|zsh|fish: prints the completion script, generated from the command
// tree at run time by the same code that writes the committed files under completions/.
import { Argument, type Command } from 'commander';
import { applyVerb } from '../../kit/verb.js';

export function configure(noun: Command): void {
  noun.addArgument(new Argument('<shell>', 'the shell: bash, zsh or fish').choices(['bash', 'zsh', 'fish']));
  applyVerb(noun, {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish',
    examples: [
      'source <(hostctl completion bash)                          # in ~/.bashrc',
      'hostctl completion zsh > "${fpath[1]}/_hostctl"            # then restart zsh',
      'hostctl completion fish > ~/.config/fish/completions/hostctl.fish',
    ],
    async run(cli, [shell]) {
      const { completionScript, programDoc } = await import('../../docs/generate.js');
      cli.print(completionScript(shell as 'bash', await programDoc()));
    },
  });
}
