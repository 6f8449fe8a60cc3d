// hostctl branches protections list|get|update: the protection rules of a project (a rule names
// a branch or a wildcard such as release/*); `branches protect|unprotect` add and remove them.
import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, defined, requireChanges } from '../../kit/refs.js';
import { PROTECTED_BRANCH_COLUMNS } from './columns.js';
import { addProjectOption, nameArg, parseProtectLevel, projectRef, type ProjectOpts } from './project.js';

interface ListOpts extends ProjectOpts {
  search?: string;
}

const rulesPath = (o: ProjectOpts, name?: string) =>
  name === undefined ? apiPath('/projects/:id/protected_branches', { id: projectRef(o) }) : apiPath('/projects/:id/protected_branches/:name', { id: projectRef(o), name });

export const protectionsListVerb: VerbSpec<ListOpts> = {
  name: 'list',
  summary: "List a project's branch protection rules",
  aliases: ['ls'],
  list: true,
  examples: ['hostctl branches protections list -R acme/web/storefront', 'hostctl branches protections list -R 5 --search release -o json'],
  options: (cmd) => addProjectOption(cmd).option('--search <text>', 'rule name contains this text'),
  async run(cli, _args, o) {
    await cli.showPages(rulesPath(o), { search: o.search }, PROTECTED_BRANCH_COLUMNS);
  },
};

export const protectionsGetVerb: VerbSpec<ProjectOpts> = {
  name: 'get',
  args: '<branch>',
  summary: 'Show one protection rule (a branch name or wildcard)',
  aliases: ['view'],
  examples: ['hostctl branches protections get main -R acme/web/storefront', "hostctl branches protections get 'release/*' -R 5 -o json"],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [branch], o) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(rulesPath(o, nameArg(branch, 'BRANCH (a rule name)')));
    await cli.showItem(data, PROTECTED_BRANCH_COLUMNS);
  },
};

interface UpdateOpts extends ProjectOpts {
  push?: string;
  merge?: string;
  unprotect?: string;
  allowForcePush?: boolean;
  codeOwnerApproval?: boolean;
}

export const protectionsUpdateVerb: VerbSpec<UpdateOpts> = {
  name: 'update',
  bulk: true,
  args: '<branch>',
  summary: 'Change who may push, merge or unprotect, and force pushes (Maintainer)',
  aliases: ['edit'],
  examples: ['hostctl branches protections update main -R acme/web/storefront --push no-one', "hostctl branches protections update 'release/*' -R 5 --merge developer --no-allow-force-push"],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--push <level>', 'who may push: no-one, developer, maintainer or admin')
      .option('--merge <level>', 'who may merge: no-one, developer, maintainer or admin')
      .option('--unprotect <level>', 'who may unprotect: developer, maintainer or admin')
      .option('--allow-force-push', 'allow force pushes')
      .option('--no-allow-force-push', 'forbid force pushes')
      .option('--code-owner-approval', 'require code owner approval')
      .option('--no-code-owner-approval', 'do not require code owner approval'),
  async run(cli, [branch], o) {
    const body = requireChanges(
      defined({
        push_access_level: parseProtectLevel(o.push, '--push'),
        merge_access_level: parseProtectLevel(o.merge, '--merge'),
        unprotect_access_level: parseProtectLevel(o.unprotect, '--unprotect'),
        allow_force_push: o.allowForcePush,
        code_owner_approval_required: o.codeOwnerApproval,
      }),
      '--push, --merge, --unprotect, --[no-]allow-force-push, --[no-]code-owner-approval',
    );
    const api = await cli.client();
    const { data } = await api.patch<Record<string, unknown>>(rulesPath(o, nameArg(branch, 'BRANCH (a rule name)')), body);
    await cli.showItem(data, PROTECTED_BRANCH_COLUMNS);
  },
};
