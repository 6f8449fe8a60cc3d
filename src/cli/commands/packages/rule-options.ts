// Options shared by protection add and update: the pattern, the type and the two minimum roles
// ("none" sends null: the default, developer for push and maintainer for delete).
import type { Command } from 'commander';
import { checkChoice } from '../../kit/refs.js';
import { PACKAGE_TYPES } from './columns.js';

export interface RuleOpts {
  pattern?: string;
  type?: string;
  push?: string;
  delete?: string;
}

export const addRuleOptions = (cmd: Command): Command =>
  cmd
    .option('--pattern <pattern>', 'package names the rule covers; * matches anything (e.g. release-*)')
    .option('--type <type>', `package type: ${PACKAGE_TYPES.join(', ')}`)
    .option('--push <role>', 'lowest role that may publish: maintainer, owner, admin, or none')
    .option('--delete <role>', 'lowest role that may delete: owner, admin, or none');

export function ruleBody(o: RuleOpts): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.pattern !== undefined) body.package_name_pattern = o.pattern;
  if (o.type !== undefined) body.package_type = checkChoice(o.type, PACKAGE_TYPES, '--type');
  if (o.push !== undefined) body.minimum_access_level_for_push = o.push === 'none' ? null : checkChoice(o.push, ['maintainer', 'owner', 'admin', 'none'], '--push');
  if (o.delete !== undefined) body.minimum_access_level_for_delete = o.delete === 'none' ? null : checkChoice(o.delete, ['owner', 'admin', 'none'], '--delete');
  return body;
}
