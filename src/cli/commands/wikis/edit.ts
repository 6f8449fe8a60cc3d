// Opens the page in the user's editor ($VISUAL, then $EDITOR) on a terminal and saves it only
// when the text changed, so quitting the editor without changes makes no commit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VerbSpec } from '../../kit/verb.js';
import { CliError, EXIT, UsageError } from '../../kit/errors.js';
import { addWikiOptions, pagePath, slugArg, type WikiOpts } from './common.js';

const EXTENSIONS: Record<string, string> = { markdown: 'md', rdoc: 'rdoc', asciidoc: 'adoc', org: 'org' };

export const editVerb: VerbSpec<WikiOpts> = {
  name: 'edit',
  args: '<slug>',
  summary: 'Edit a wiki page in $VISUAL or $EDITOR (on a terminal); saves only when the text changed',
  examples: ['hostctl wikis edit Home -R acme/web/storefront', 'EDITOR=nano hostctl wikis edit guides/Deploying --group acme'],
  options: (cmd) => addWikiOptions(cmd),
  async run(cli, [slug], o) {
    const page = slugArg(slug);
    const editor = cli.env.VISUAL || cli.env.EDITOR;
    if (!editor) throw new UsageError('set VISUAL or EDITOR to the editor to use');
    if (!cli.term.stdinIsTTY || !cli.term.stdoutIsTTY) throw new UsageError('wikis edit needs a terminal; use wikis update --content-file instead');
    const path = pagePath(o, page);
    const api = await cli.client();
    const { data } = await api.get<{ content?: string; format?: string }>(path);
    const before = data.content ?? '';
    const dir = mkdtempSync(join(tmpdir(), 'hostctl-wiki-'));
    try {
      const file = join(dir, `${page.split('/').pop() ?? 'page'}.${EXTENSIONS[data.format ?? 'markdown'] ?? 'txt'}`);
      writeFileSync(file, before);
      // The editor setting may carry arguments (`code --wait`); it is run by the shell, as git does.
      const res = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit' });
      if (res.error || res.status !== 0) throw new CliError(`the editor (${editor}) failed${res.status !== null ? ` with exit code ${res.status}` : ''}; the page was not changed`, EXIT.failure);
      const after = readFileSync(file, 'utf8');
      if (after === before) {
        cli.info('no changes; the page was not saved');
        return;
      }
      await api.put(path, { content: after });
      cli.info(`saved wiki page ${page}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
