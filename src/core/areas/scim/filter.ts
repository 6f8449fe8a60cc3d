// SCIM filters the group SCIM API answers: `id eq "…"` / `externalId eq "…"` (the extern_uid)
// and `userName eq "…"` (username or email), optionally joined with `and`. Parsing uses
// scim2-parse-filter, loaded only when a filter arrives.
import { failure } from '../../http/errors.js';

export interface IdentityFilter {
  externUid?: string;
  userName?: string;
}

const unsupported = () => failure(412, 'Unsupported Filter');

type FilterNode = { op: string; attrPath?: string; compValue?: unknown; filters?: FilterNode[] };

export async function parseIdentityFilter(text: string): Promise<IdentityFilter> {
  if (text.length > 1000) throw unsupported();
  const mod = (await import('scim2-parse-filter')) as unknown as { parse?: (q: string) => FilterNode; default?: { parse: (q: string) => FilterNode } };
  const parse = mod.parse ?? mod.default?.parse;
  let ast: FilterNode;
  try {
    ast = (parse as (q: string) => FilterNode)(text);
  } catch {
    throw unsupported();
  }
  const out: IdentityFilter = {};
  const visit = (node: FilterNode): void => {
    if (node.op === 'and' && Array.isArray(node.filters)) return node.filters.forEach(visit);
    if (node.op !== 'eq' || typeof node.compValue !== 'string' || typeof node.attrPath !== 'string') throw unsupported();
    const attr = node.attrPath.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '').toLowerCase();
    if (attr === 'id' || attr === 'externalid') out.externUid = node.compValue;
    else if (attr === 'username') out.userName = node.compValue;
    else throw unsupported();
  };
  visit(ast);
  return out;
}
