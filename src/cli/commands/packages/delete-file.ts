import type { VerbSpec } from '../../kit/verb.js';
import { addProjectOption, numericArg, packageId as resolvePackage, packagePath, projectRef, type ProjectOpts } from './paths.js';

export const deleteFileVerb: VerbSpec<ProjectOpts> = {
  name: 'delete-file',
  bulk: true,
  destructive: true,
  args: '<package> <file-id>',
  summary: 'Delete one file of a package (Maintainer)',
  examples: ['hostctl packages delete-file 12 40 -R acme/web/storefront', 'hostctl packages delete-file 12 40 -R 5 --yes'],
  options: (cmd) => addProjectOption(cmd),
  async run(cli, [pkg, file], o) {
    const fileId = numericArg(file, 'FILE-ID');
    const api = await cli.client();
    const packageId = await resolvePackage(api, projectRef(o), pkg);
    await api.get(packagePath(projectRef(o), packageId));
    await cli.confirm(`Delete file ${fileId} of package ${packageId}?`);
    await api.delete(packagePath(projectRef(o), packageId, `/package_files/${fileId}`));
    cli.info(`deleted file ${fileId} of package ${packageId}`);
  },
};
