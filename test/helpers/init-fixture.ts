// What `hostctl init --state DIR` makes, for the CLI sandboxes' `init()`: a state as initState
// makes it (copied from the test process's template, test/helpers/instance.ts) and a current
// context `local` for it, as the init command saves one. Running `init` as a process cost a
// process start and the schema's migrations per sandbox; the copy costs a few milliseconds.
// Like the contract suite's states, it hashes passwords at TEST_PASSWORD_COST, so the users a
// test makes through the CLI cost no more than they do there. `init` itself (its output, its
// context, its flags) is tested by running it (test/e2e/init.test.ts).
import { updateConfig } from '../../src/cli/config/store.js';
import { copyStateTemplate, TEST_PASSWORD_COST } from './instance.js';

/** Gives `stateDir` a fresh initialised state and makes it the current context of `configDir`; returns the root token. */
export async function copyInitState(stateDir: string, configDir: string): Promise<string> {
  const token = copyStateTemplate(stateDir, { passwordHashCost: TEST_PASSWORD_COST });
  await updateConfig(
    (data) => {
      data.contexts.local = { type: 'local', state: stateDir, token };
      if (!data.currentContext || !data.contexts[data.currentContext]) data.currentContext = 'local';
    },
    { HOSTCTL_CONFIG_DIR: configDir },
  );
  return token;
}
