// Packages for tests: generic files through the upload API (as a real client publishes them),
// and packages of the other types through the core's own service, since only generic packages
// have an upload API here.
import { Readable } from 'node:stream';
import type { ApiClient, ApiResult } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';
import { findOrCreatePackage, type PackageDraft } from '../../src/core/areas/packages/service.js';
import type { PackageRow } from '../../src/core/db/rows.js';

export interface PackageJson {
  id: number;
  name: string;
  version: string | null;
  package_type: string;
  status: string;
  _links: { web_path?: string; delete_api_path?: string };
  [k: string]: unknown;
}

export interface PackageFileJson {
  id: number;
  package_id: number;
  file_name: string;
  size: number;
  file_md5: string;
  file_sha1: string;
  file_sha256: string;
  [k: string]: unknown;
}

export const genericPath = (projectId: number | string, name: string, version: string, file: string): string =>
  `/projects/${encodeURIComponent(String(projectId))}/packages/generic/${encodeURIComponent(name)}/${encodeURIComponent(version)}/${file}`;

/** PUT of a generic package file with `bytes` as the streamed raw body. */
export function uploadGeneric<T = unknown>(
  client: ApiClient,
  projectId: number | string,
  name: string,
  version: string,
  file: string,
  bytes: Uint8Array | string,
  query: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes);
  return client.request<T>('PUT', genericPath(projectId, name, version, file), { query, stream: Readable.from([data]), headers: { 'content-length': String(data.length), ...headers } });
}

/** GET of a generic package file, read whole. */
export async function downloadGeneric(client: ApiClient, projectId: number | string, name: string, version: string, file: string) {
  const res = await client.request('GET', genericPath(projectId, name, version, file), { streamResponse: true });
  const chunks: Buffer[] = [];
  if (res.stream) for await (const c of res.stream) chunks.push(Buffer.from(c));
  return { ...res, bytes: Buffer.concat(chunks) };
}

/** A package of any type, made by the core's service (the clock decides created_at). */
export function seedPackage(inst: Instance, draft: PackageDraft): PackageRow {
  return inst.core.tx(() => findOrCreatePackage(inst.core, draft));
}
