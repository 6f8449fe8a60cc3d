// commander's Command and Option as the CLI makes them. commander works out an option's attribute
// name (`--per-page` → perPage) again on every pass over a command's options: when it adds one,
// checks conflicts, and on every opts() and optsWithGlobals(), a few hundred times in a command,
// each making strings and arrays (about 20 KB of a local read's young generation, which a
// scavenge is paid for). The name follows from the flags, fixed when the option is made, so it
// is worked out once.
import { Command, Option } from 'commander';

export class CliOption extends Option {
  #attributeName: string | undefined;

  override attributeName(): string {
    return (this.#attributeName ??= super.attributeName());
  }
}

/** A command whose options (`.option()`, `.version()`, the help flag) and subcommands are the CLI's. */
export class CliCommand extends Command {
  override createOption(flags: string, description?: string): Option {
    return new CliOption(flags, description);
  }

  override createCommand(name?: string): Command {
    return new CliCommand(name);
  }

  /**
   * commander answers `--help` before it looks at the verb, so `hostctl users frob --help` printed
   * the noun's help and exited 0 while `hostctl users frob` is an unknown command (exit 2): a word
   * that names no subcommand of a command that only dispatches is reported as such, help or not.
   * (Not part of commander's typings: the method its parser calls before dispatching.)
   */
  _outputHelpIfRequested(args: string[]): void {
    const self = this as unknown as { _actionHandler: unknown; args: string[]; _findCommand(name: string): Command | undefined };
    const word = self.args.find((arg) => !arg.startsWith('-'));
    if (this.commands.length > 0 && !self._actionHandler && word !== undefined && !self._findCommand(word)) return;
    (Command.prototype as unknown as { _outputHelpIfRequested(args: string[]): void })._outputHelpIfRequested.call(this, args);
  }
}
