// Demo storages: a second storage, `archive`, and one project moved onto it, so `storages list`
// and `storage-moves list` show something. The move runs when init drains the job queue.
import type { Demo, DemoLog } from './index.js';

export async function seedStorages(demo: Demo, log: DemoLog): Promise<void> {
  await demo.admin.post('/hostctl/storages', { name: 'archive', path: 'storages/archive', weight: 50 });
  const dotfiles = demo.projects['alice/dotfiles'];
  // Storage moves exist on self-managed and dedicated offerings only.
  const moved = dotfiles !== undefined && (await demo.admin.request('POST', `/projects/${dotfiles}/repository_storage_moves`, { body: { destination_storage_name: 'archive' }, allowError: true })).status === 201;
  log(`demo: storage archive${moved ? ', with alice/dotfiles moved onto it' : ''}`);
}
