// The top-level nouns. Each loads its module only when the command line names it, so a
// command pays only for what it uses; help and the docs generator load them all.
import type { Command } from 'commander';

export interface NounModule {
  /** Adds the noun's verbs (or, for single-action nouns, its options and action). */
  configure(noun: Command): void;
}

export interface NounEntry {
  name: string;
  summary: string;
  aliases?: string[];
  hidden?: boolean;
  load(): Promise<NounModule>;
}

export const NOUNS: NounEntry[] = [
  { name: 'init', summary: 'Create a local state directory (an instance with an administrator and its token)', load: () => import('./commands/init/index.js') },
  { name: 'serve', summary: 'Serve a local state over HTTP as an API v4 instance', load: () => import('./commands/serve/index.js') },
  { name: 'tokens', summary: 'Personal access tokens: list, inspect, create, rotate, revoke', aliases: ['token'], load: () => import('./commands/tokens/index.js') },
  { name: 'worker', summary: 'Run queued background jobs of a local state, then exit', hidden: true, load: () => import('./commands/worker/index.js') },
];
