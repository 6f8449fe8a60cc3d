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
  { name: 'tokens', summary: 'Personal access tokens: list, get, create, rotate, revoke, associations', aliases: ['token'], load: () => import('./commands/tokens/index.js') },
  { name: 'users', summary: 'Users (administrators): list, get, create, update, block, unblock, delete', aliases: ['user'], load: () => import('./commands/users/index.js') },
  { name: 'groups', summary: 'Groups and subgroups: list, get, create, update, delete', aliases: ['group'], load: () => import('./commands/groups/index.js') },
  { name: 'projects', summary: 'Projects: list, get, create, update, archive, unarchive, transfer, delete', aliases: ['project'], load: () => import('./commands/projects/index.js') },
  { name: 'members', summary: 'Members of projects and groups, with their roles', aliases: ['member'], load: () => import('./commands/members/index.js') },
  { name: 'releases', summary: 'Releases of a project: list, get, create, update, delete, latest, download, upload, evidence (collect, list, download), links (asset links)', aliases: ['release'], load: () => import('./commands/releases/index.js') },
  { name: 'branches', summary: 'Branches of a project: list, get, create, delete, delete-merged, protect, unprotect, protections', aliases: ['branch'], load: () => import('./commands/branches/index.js') },
  { name: 'commits', summary: 'Commits of a project: list, get, create (commit files from disk)', aliases: ['commit'], load: () => import('./commands/commits/index.js') },
  { name: 'tags', summary: 'Tags of a project: list, get, create (lightweight or annotated), delete', aliases: ['tag'], load: () => import('./commands/tags/index.js') },
  { name: 'milestones', summary: 'Milestones of projects and groups: list, get, create, update, close', aliases: ['milestone'], load: () => import('./commands/milestones/index.js') },
  { name: 'freeze-periods', summary: 'Deploy freeze periods of a project: list, get, create (guided on a terminal), update, delete, status', aliases: ['freeze-period'], load: () => import('./commands/freeze-periods/index.js') },
  { name: 'security-settings', summary: 'Security settings of a project (Ultimate): get, update (secret push protection on or off)', load: () => import('./commands/security-settings/index.js') },
  { name: 'notifications', summary: 'Your notification settings (global, group, project) and the notification outbox', aliases: ['notification'], load: () => import('./commands/notifications/index.js') },
  { name: 'error-tracking', summary: 'Error tracking of a project: settings (get, enable, disable), keys (client keys with their DSN)', load: () => import('./commands/error-tracking/index.js') },
  { name: 'protected-envs', summary: 'Protected environments of groups (tiers) and projects, who may deploy and who must approve: list, get, protect, update, unprotect', aliases: ['protected-env'], load: () => import('./commands/protected-envs/index.js') },
  { name: 'saml', summary: "A top-level group's SAML: configure, get (the provider), identities, links (SAML group links)", load: () => import('./commands/saml/index.js') },
  { name: 'scim', summary: "A group's SCIM provisioning token for identity providers", load: () => import('./commands/scim/index.js') },
  { name: 'enterprise-users', summary: "Enterprise users of a top-level group: list, get, disable-2fa", aliases: ['enterprise-user'], load: () => import('./commands/enterprise-users/index.js') },
  { name: 'snippets', summary: 'Snippets (personal or of a project): list, get, files, raw, create (from files), update, delete', aliases: ['snippet'], load: () => import('./commands/snippets/index.js') },
  { name: 'wikis', summary: 'Wiki pages of projects and groups: list, get (or rendered as HTML), create, update, edit, delete, history, upload, attachments (list, download)', aliases: ['wiki'], load: () => import('./commands/wikis/index.js') },
  { name: 'storages', summary: 'Repository storages of a hostctl instance: list (with usage), add, remove', aliases: ['storage'], load: () => import('./commands/storages/index.js') },
  { name: 'storage-moves', summary: 'Moves of project, snippet and group repositories between storages: schedule, list, get, wait', aliases: ['storage-move'], load: () => import('./commands/storage-moves/index.js') },
  { name: 'packages', summary: 'Package registry: list, get, files, pipelines, delete, delete-file, upload, download (generic packages), protection (rules)', aliases: ['package'], load: () => import('./commands/packages/index.js') },
  { name: 'audit-events', summary: 'Audit events (who changed what, when and from where): list (instance, group, project; --follow), get', aliases: ['audit-event'], load: () => import('./commands/audit-events/index.js') },
  { name: 'pipelines', summary: 'Pipelines of a project: list, get, create (with a job token for publishing packages), cancel, retry, delete', aliases: ['pipeline'], load: () => import('./commands/pipelines/index.js') },
  { name: 'backup', summary: 'Back up a local state (database, repositories, packages, settings) into one verified archive, online', load: () => import('./commands/backup/index.js') },
  { name: 'restore', summary: 'Create a state from a backup archive (every checksum verified first), or --check an archive', load: () => import('./commands/restore/index.js') },
  { name: 'doctor', summary: 'Check that a state (or a remote instance) is healthy; --fix repairs what is safe', load: () => import('./commands/doctor/index.js') },
  { name: 'export', summary: 'Write the current settings of groups and projects as a settings file (for diff and apply)', load: () => import('./commands/export/index.js') },
  { name: 'diff', summary: 'Show what apply would change to match settings files; exit 11 when the target differs', load: () => import('./commands/diff/index.js') },
  { name: 'apply', summary: 'Change groups and projects to match settings files: plan, confirm, apply in dependency order', load: () => import('./commands/apply/index.js') },
  { name: 'context', summary: 'Named targets (a local state directory, or a remote instance with its token): list, get, add, use, rename, set-token, remove', aliases: ['contexts'], load: () => import('./commands/context/index.js') },
  { name: 'auth', summary: 'Who you are on the current target: status (also hostctl whoami)', load: () => import('./commands/auth/index.js') },
  { name: 'whoami', summary: 'Show the target, the user and the token in use (same as auth status)', load: () => import('./commands/auth/whoami.js') },
  { name: 'alias', summary: 'Command aliases: list, set (a hostctl command line, or a shell command with --shell), delete', aliases: ['aliases'], load: () => import('./commands/alias/index.js') },
  { name: 'extension', summary: 'Extensions (executables named hostctl-NAME on PATH, run as hostctl NAME): list', aliases: ['extensions'], load: () => import('./commands/extension/index.js') },
  { name: 'api', summary: 'Send any request to the API v4 (local or remote) and print the answer', load: () => import('./commands/api/index.js') },
  { name: 'commands', summary: 'List the commands, their arguments and flags, which ones list pages and which ask first (for scripts and agents)', load: () => import('./commands/commands/index.js') },
  { name: 'completion', summary: 'Print the shell completion script for bash, zsh or fish, or install it', load: () => import('./commands/completion/index.js') },
  { name: '__complete', summary: 'Values for shell completion, from the current target', hidden: true, load: () => import('./commands/complete/index.js') },
  { name: 'worker', summary: 'Run queued background jobs of a local state, then exit', hidden: true, load: () => import('./commands/worker/index.js') },
];
