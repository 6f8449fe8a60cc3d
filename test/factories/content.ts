// Snippets and wiki pages through the API, and their bare repositories on disk.
import { join } from 'node:path';
import type { ApiClient } from '../../src/client/client.js';
import type { Instance } from '../helpers/instance.js';
import { unique } from './users.js';

export interface SnippetJson {
  id: number;
  title: string;
  description: string | null;
  visibility: string;
  project_id: number | null;
  web_url: string;
  raw_url: string;
  file_name: string | null;
  files: { path: string; raw_url: string }[];
  author: { id: number; username: string };
  [k: string]: unknown;
}

export interface WikiPageJson {
  title: string;
  slug: string;
  format: string;
  content?: string;
  encoding?: string;
}

export async function createSnippet(
  client: ApiClient,
  files: Record<string, string> = { 'a.txt': 'hello\n' },
  overrides: Record<string, unknown> = {},
  base = '/snippets',
): Promise<SnippetJson> {
  const { data } = await client.post<SnippetJson>(base, {
    title: unique('snippet'),
    files: Object.entries(files).map(([file_path, content]) => ({ file_path, content })),
    ...overrides,
  });
  return data;
}

export const snippetDir = (inst: Instance, id: number): string => join(inst.core.repos.storagePath('default'), '@snippets', `${id}.git`);
export const projectWikiDir = (inst: Instance, id: number): string => join(inst.core.repos.storagePath('default'), '@projects', `${id}.wiki.git`);
export const groupWikiDir = (inst: Instance, id: number): string => join(inst.core.repos.storagePath('default'), '@groups', `${id}.wiki.git`);
