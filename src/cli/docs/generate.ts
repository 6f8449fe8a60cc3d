// Builds the full command tree (every noun loaded) and renders the completion scripts and the
// man page from it. `hostctl completion` and scripts/gen-docs.mjs both come through here, so the
// committed files and the printed scripts cannot drift apart.
import { addNouns, createProgram } from '../program.js';
import { VERSION } from '../version.js';
import { bashCompletion } from './bash.js';
import { fishCompletion } from './fish.js';
import { manPage } from './man.js';
import { describeProgram, type ProgramDoc } from './model.js';
import { zshCompletion } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Where each generated file lives in the repository. */
export const DOC_FILES = {
  bash: 'completions/hostctl.bash',
  zsh: 'completions/_hostctl',
  fish: 'completions/hostctl.fish',
  man: 'man/hostctl.1',
} as const;

export async function programDoc(): Promise<ProgramDoc> {
  const program = createProgram();
  await addNouns(program, 'all');
  return describeProgram(program, VERSION);
}

export function completionScript(shell: Shell, doc: ProgramDoc): string {
  if (shell === 'bash') return bashCompletion(doc);
  if (shell === 'zsh') return zshCompletion(doc);
  return fishCompletion(doc);
}

/** Every generated file: repository-relative path → content. */
export async function generateDocs(): Promise<Record<string, string>> {
  const doc = await programDoc();
  const { SCHEMA_FILE, settingsSchemaText } = await import('../settings/schema.js');
  return {
    [SCHEMA_FILE]: settingsSchemaText(),
    [DOC_FILES.bash]: bashCompletion(doc),
    [DOC_FILES.zsh]: zshCompletion(doc),
    [DOC_FILES.fish]: fishCompletion(doc),
    [DOC_FILES.man]: manPage(doc),
  };
}
