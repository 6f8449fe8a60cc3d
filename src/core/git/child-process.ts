// node:child_process, loaded when git first runs: it costs a share of start-up that the many
// commands which never start git (a local `tokens list`) should not pay.
import { createRequire } from 'node:module';

type ChildProcessModule = typeof import('node:child_process');
let loaded: ChildProcessModule | undefined;

export const childProcess = (): ChildProcessModule => (loaded ??= createRequire(import.meta.url)('node:child_process') as ChildProcessModule);
