// Registry packages of any type, with files, made directly by the service. Only generic packages
// have an upload API here (the other types' registries speak their own protocols), so demo data
// for them comes through this one call, which `hostctl init --demo` hands to the demo seeder.
import type { CoreState } from '../../state.js';
import { Readable } from 'node:stream';
import { receiveBlob, type ReceivedBlob } from './blobs.js';
import { addPackageFile, findOrCreatePackage, type PackageDraft } from './service.js';

export interface SeedPackage extends PackageDraft {
  files?: { name: string; content: string }[];
}

export async function seedPackages(core: CoreState, drafts: readonly SeedPackage[]): Promise<number[]> {
  const ids: number[] = [];
  for (const draft of drafts) {
    const received: { name: string; blob: ReceivedBlob }[] = [];
    for (const file of draft.files ?? []) {
      received.push({ name: file.name, blob: await receiveBlob(core, Readable.from([Buffer.from(file.content, 'utf8')]), Number.MAX_SAFE_INTEGER) });
    }
    const id = core.tx(() => {
      const pkg = findOrCreatePackage(core, draft);
      for (const { name, blob } of received) addPackageFile(core, pkg, name, blob, draft.pipelineId ?? null);
      return pkg.id;
    });
    ids.push(id);
  }
  return ids;
}
