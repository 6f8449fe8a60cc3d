// The help topics (`hostctl help TOPIC`): their names and one line each, for the program's help,
// help's own "unknown topic" message and the completion scripts. Their texts are in topics.ts,
// loaded only when one is shown.
export const HELP_TOPIC_LIST: readonly { name: string; summary: string }[] = [
  { name: 'bulk', summary: 'Running a command once per record of a file (--from-file)' },
  { name: 'environment', summary: 'Environment variables' },
  { name: 'exit-codes', summary: 'What each exit code means' },
  { name: 'formatting', summary: 'Output formats, --jq, --fields, colour, paging' },
];

/** The topics' names (made when asked: program.ts loads this module on every command). */
export const helpTopicNames = (): string[] => HELP_TOPIC_LIST.map((t) => t.name);
