// The administrator's view of a list filtered by one text parameter (the search tests' probe):
// every row on one page, the answer checked to be 200.
import { expect } from 'vitest';
import type { Instance } from './instance.js';
import type { ProjectJson } from '../factories/projects.js';

export function searchLists(inst: Instance) {
  const auth = { 'private-token': inst.rootToken };
  const list = async <T>(path: string, name: string, term: string, extra = ''): Promise<T[]> => {
    const res = await inst.raw('GET', path, { query: `per_page=100&${name}=${encodeURIComponent(term)}${extra}`, headers: auth });
    expect(res.status, `${path} ${name}=${term}`).toBe(200);
    return res.json as T[];
  };
  const projects = async (term: string, extra = ''): Promise<string[]> => (await list<ProjectJson>('/projects', 'search', term, extra)).map((p) => p.name);
  return { list, projects };
}
