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
}
