// Profile options shared by `users create` and `users update`, and their request body.
import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';

export interface ProfileOpts {
  name?: string;
  email?: string;
  username?: string;
  password?: string;
  passwordStdin?: boolean;
  admin?: boolean;
  external?: boolean;
  bio?: string;
  organization?: string;
  jobTitle?: string;
  location?: string;
  projectsLimit?: string;
  canCreateGroup?: boolean;
}

export function addProfileOptions(cmd: Command, required: boolean): Command {
  const identity = (flags: string, text: string) => (required ? cmd.requiredOption(flags, text) : cmd.option(flags, text));
  identity('--username <name>', 'username (the user namespace path)');
  identity('--name <name>', 'full name');
  identity('--email <email>', 'primary email');
  return cmd
    .option('--password <password>', 'password (at least 8 characters; visible to other users of this machine: prefer --password-stdin)')
    .option('--password-stdin', 'read the password from standard input (one line)')
    .option('--admin', 'make the user an administrator')
    .option('--no-admin', 'make the user a regular user')
    .option('--external', 'mark the user external (no access to internal projects)')
    .option('--no-external', 'mark the user internal')
    .option('--bio <text>', 'short biography')
    .option('--organization <name>', 'organization')
    .option('--job-title <title>', 'job title')
    .option('--location <text>', 'location')
    .option('--projects-limit <n>', 'how many personal projects the user may create')
    .option('--can-create-group', 'allow creating top-level groups')
    .option('--no-can-create-group', 'forbid creating top-level groups');
}

export function profileBody(o: ProfileOpts): Record<string, unknown> {
  if (o.projectsLimit !== undefined && !/^\d+$/.test(o.projectsLimit)) throw new UsageError(`--projects-limit must be a whole number, got "${o.projectsLimit}"`);
  return {
    username: o.username,
    name: o.name,
    email: o.email,
    password: o.password,
    admin: o.admin,
    external: o.external,
    bio: o.bio,
    organization: o.organization,
    job_title: o.jobTitle,
    location: o.location,
    projects_limit: o.projectsLimit !== undefined ? Number(o.projectsLimit) : undefined,
    can_create_group: o.canCreateGroup,
  };
}

export const PROFILE_FLAGS = '--username, --name, --email, --password (or --password-stdin), --admin, --external, --bio, --organization, --job-title, --location, --projects-limit, --can-create-group';
