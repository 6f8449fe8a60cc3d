// Members belong to a project (--project) or a group (--group); exactly one is named.
import type { Command } from 'commander';

export const addSourceOptions = (cmd: Command): Command =>
  cmd.option('-R, --project <project>', 'members of this project (id or full path)').option('-g, --group <group>', 'members of this group (id or full path)');
