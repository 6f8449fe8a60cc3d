import type { VerbSpec } from '../../kit/verb.js';
import { UsageError } from '../../kit/errors.js';
import { TOKEN_COLUMNS } from './columns.js';

export const tokenRef = (value: string | undefined, flag = 'ID'): string => {
  if (value === undefined) throw new UsageError(`missing ${flag} (a token id or "self")`);
  if (value !== 'self' && !/^\d+$/.test(value)) throw new UsageError(`${flag} must be a token id or "self", got "${value}"`);
  return value;
};

export const getVerb: VerbSpec = {
  name: 'get',
  args: '<id>',
  summary: 'Show one token; "self" is the token hostctl is using',
  aliases: ['view'],
  examples: ['hostctl tokens get self', 'hostctl tokens get 42 -o yaml'],
  async run(cli, [id]) {
    const api = await cli.client();
    const { data } = await api.get<Record<string, unknown>>(`/personal_access_tokens/${tokenRef(id)}`);
    await cli.showItem(data, [...TOKEN_COLUMNS, { key: 'description' }, { key: 'created_at', header: 'created' }]);
  },
};
