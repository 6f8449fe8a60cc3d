import type { VerbSpec } from '../../kit/verb.js';
import { resolveUserId } from '../../kit/refs.js';
import { projectOrGroup, type ProjectOrGroupOpts } from '../../kit/project-option.js';
import { addSourceOptions } from './source.js';

interface RemoveOpts extends ProjectOrGroupOpts {
  user: string;
}

export const removeVerb: VerbSpec<RemoveOpts> = {
  name: 'remove',
  bulk: true,
  destructive: true,
  summary: 'Remove a member from a project or group',
  aliases: ['rm'],
  examples: ['hostctl members remove --group acme --user dave', 'hostctl members remove -R acme/web/storefront --user 7 --yes'],
  options: (cmd) => addSourceOptions(cmd).requiredOption('--user <user>', 'the member (id or username)'),
  async run(cli, _args, o) {
    const source = projectOrGroup(o);
    const api = await cli.client();
    const userId = await resolveUserId(api, o.user);
    const path = `${source.base}/members/${userId}`;
    // Fails with "not found" before the question when the user is not a direct member.
    const { data } = await api.get<{ username: string }>(path);
    await cli.confirm(`Remove ${data.username} from ${source.label}?`);
    await api.delete(path);
    cli.info(`removed ${data.username} from ${source.label}`);
  },
};
