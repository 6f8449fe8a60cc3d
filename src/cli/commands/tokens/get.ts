import { showVerb } from '../../kit/show-verb.js';
import { UsageError } from '../../kit/errors.js';
import { TOKEN_COLUMNS } from './columns.js';

export const tokenRef = (value: string | undefined, flag = 'ID'): string => {
  if (value === undefined) throw new UsageError(`missing ${flag} (a token id or "self")`);
  if (value !== 'self' && !/^\d+$/.test(value)) throw new UsageError(`${flag} must be a token id or "self", got "${value}"`);
  return value;
};

export const getVerb = showVerb<Record<string, unknown>>({
  name: 'get',
  args: '<id>',
  summary: 'Show one token; "self" is the token hostctl is using',
  aliases: ['view'],
  examples: ['hostctl tokens get self', 'hostctl tokens get 42 -o yaml'],
  path: ([id]) => `/personal_access_tokens/${tokenRef(id)}`,
  columns: [...TOKEN_COLUMNS, { key: 'description' }, { key: 'created_at', header: 'created' }],
});
