import type { VerbSpec } from '../../kit/verb.js';
import { addSortOption, sortQuery } from '../../kit/sort.js';
import { FILE_COLUMNS, FILE_FIELDS } from './columns.js';
import { addProjectOption, packageId, packagePath, projectRef, type ProjectOpts } from './paths.js';

const SORT = { fields: ['id', 'file_name', 'created_at'], style: 'order_by', defaultText: 'id:asc' } as const;

interface FilesOpts extends ProjectOpts {
  orderBy?: string;
  sort?: string;
}

export const filesVerb: VerbSpec<FilesOpts> = {
  name: 'files',
  args: '<package>',
  summary: "List a package's files with their sizes and checksums",
  list: true,
  examples: ['hostctl packages files storefront-cli@1.0.0 -R acme/web/storefront', 'hostctl packages files 12 -R 5 --sort file_name:desc --fields file_name,file_sha256'],
  options: (cmd) => addSortOption(addProjectOption(cmd), SORT),
  async run(cli, [id], o) {
    await cli.showPages(packagePath(projectRef(o), await packageId(await cli.client(), projectRef(o), id), '/package_files'), sortQuery(o, SORT), FILE_COLUMNS, FILE_FIELDS);
  },
};
