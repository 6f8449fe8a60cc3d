// Options shared by protection add and update: the pattern, the type and the two minimum roles.
// `any` sends null: the rule does not restrict that action (the project's roles decide). It is
// not `none`, which read as "no one" beside the branch levels' `no-one`; `none` stays accepted.
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
    .option('--push <role>', 'lowest role that may publish: maintainer, owner, admin, or any (not restricted by this rule)')
    .option('--delete <role>', 'lowest role that may delete: owner, admin, or any (not restricted by this rule)');

/** A rule's role, or null for `any` (older spelling `none`). */
const ruleRole = (value: string, allowed: string[], flag: string): string | null => (value === 'any' || value === 'none' ? null : checkChoice(value, [...allowed, 'any'], flag));

export function ruleBody(o: RuleOpts): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.pattern !== undefined) body.package_name_pattern = o.pattern;
  if (o.type !== undefined) body.package_type = checkChoice(o.type, PACKAGE_TYPES, '--type');
  if (o.push !== undefined) body.minimum_access_level_for_push = ruleRole(o.push, ['maintainer', 'owner', 'admin'], '--push');
  if (o.delete !== undefined) body.minimum_access_level_for_delete = ruleRole(o.delete, ['owner', 'admin'], '--delete');
  return body;
}
