import type { VerbSpec } from '../../kit/verb.js';
import { checkChoice } from '../../kit/refs.js';
import { FILE_COLUMNS, FILE_FIELDS } from './columns.js';
import { addProjectOption, numericArg, packagePath, projectRef, type ProjectOpts } from './paths.js';

interface FilesOpts extends ProjectOpts {
  orderBy?: string;
  sort?: string;
}

export const filesVerb: VerbSpec<FilesOpts> = {
  name: 'files',
  args: '<package-id>',
  summary: "List a package's files with their sizes and checksums",
  list: true,
  examples: ['hostctl packages files 12 -R acme/web/storefront', 'hostctl packages files 12 -R 5 --order-by file_name --sort desc --fields file_name,file_sha256'],
  options: (cmd) => addProjectOption(cmd).option('--order-by <field>', 'id (default), file_name or created_at').option('--sort <dir>', 'asc (default) or desc'),
  async run(cli, [id], o) {
    if (o.orderBy !== undefined) checkChoice(o.orderBy, ['id', 'file_name', 'created_at'], '--order-by');
    if (o.sort !== undefined) checkChoice(o.sort, ['asc', 'desc'], '--sort');
    const rows = await cli.list<Record<string, unknown>>(packagePath(projectRef(o), numericArg(id, 'PACKAGE-ID'), '/package_files'), { order_by: o.orderBy, sort: o.sort });
    await cli.showList(rows, FILE_COLUMNS, FILE_FIELDS);
  },
};
