import type { VerbSpec } from '../../kit/verb.js';
import { apiPath, defined } from '../../kit/refs.js';
import { PROTECTED_BRANCH_COLUMNS } from './columns.js';
import { addProjectOption, nameArg, parseProtectLevel, projectRef, type ProjectOpts } from './project.js';

interface ProtectOpts extends ProjectOpts {
  push?: string;
  merge?: string;
  unprotect?: string;
  allowForcePush?: boolean;
  codeOwnerApproval?: boolean;
}

export const protectVerb: VerbSpec<ProtectOpts> = {
  name: 'protect',
  bulk: true,
  args: '<branch>',
  apiFields: { name: 'branch', push_access_level: 'push', merge_access_level: 'merge', unprotect_access_level: 'unprotect', code_owner_approval_required: 'code-owner-approval' },
  summary: 'Protect a branch or a wildcard such as release/* (Maintainer)',
  examples: [
    'hostctl branches protect main -R acme/web/storefront',
    "hostctl branches protect 'release/*' -R 5 --push developer --merge maintainer",
    'hostctl branches protect frozen -R 5 --push no-one --merge no-one -o json',
  ],
  options: (cmd) =>
    addProjectOption(cmd)
      .option('--push <level>', 'who may push: no-one, developer, maintainer (default) or admin')
      .option('--merge <level>', 'who may merge: no-one, developer, maintainer (default) or admin')
      .option('--unprotect <level>', 'who may unprotect: developer, maintainer (default) or admin')
      .option('--allow-force-push', 'allow force pushes')
      .option('--code-owner-approval', 'require code owner approval'),
  async run(cli, [branch], o) {
    const body = defined({
      name: nameArg(branch, 'BRANCH (a name or a wildcard)'),
      push_access_level: parseProtectLevel(o.push, '--push'),
      merge_access_level: parseProtectLevel(o.merge, '--merge'),
      unprotect_access_level: parseProtectLevel(o.unprotect, '--unprotect'),
      allow_force_push: o.allowForcePush || undefined,
      code_owner_approval_required: o.codeOwnerApproval || undefined,
    });
    const api = await cli.client();
    const { data } = await api.post<Record<string, unknown>>(apiPath('/projects/:id/protected_branches', { id: projectRef(o) }), body);
    await cli.showItem(data, PROTECTED_BRANCH_COLUMNS);
  },
};
