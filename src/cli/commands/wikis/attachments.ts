// A wiki's attachments (files under uploads/ in the wiki repository), read through hostctl's
// extension: the platform serves them only as web pages of the wiki.
import { projectOrGroup } from '../../kit/project-option.js';
import type { Column } from '../../render/output.js';
import type { WikiOpts } from './common.js';

/** `/hostctl/projects/:id/wiki_attachments` (or the group's), plus one file's URL-encoded path. */
export const attachmentsPath = (o: WikiOpts, filePath?: string): string =>
  `/hostctl${projectOrGroup(o).base}/wiki_attachments${filePath === undefined ? '' : `/${encodeURIComponent(filePath.replace(/^\/+/, ''))}`}`;

export const ATTACHMENT_COLUMNS: Column[] = [{ key: 'file_path', header: 'path' }, { key: 'file_name', header: 'name' }, { key: 'size', bytes: true }];
export const ATTACHMENT_FIELDS = ['file_name', 'file_path', 'branch', 'size'];
