// Demo snippets and wiki pages: alice's personal snippets of every visibility (one with several
// files, changed once), a project snippet of the storefront written by bob, the storefront's
// wiki (nested pages, a page edited twice so it has history, an attachment linked from a page)
// and a page in the acme group's wiki.
import { actAs } from './act-as.js';
import type { Demo, DemoLog } from './index.js';

export async function seedSnippetsAndWikis(demo: Demo, log: DemoLog): Promise<void> {
  const alice = actAs(demo, 'alice');
  const bob = actAs(demo, 'bob');
  const storefront = demo.projects['acme/web/storefront'] as number;
  const acme = demo.groups.acme as number;

  const snippet = async (client: typeof alice, base: string, body: Record<string, unknown>) => (await client.post<{ id: number }>(base, body)).data.id;
  const tools = await snippet(alice, '/snippets', {
    title: 'Release tooling',
    description: 'Scripts the platform team uses to cut a release',
    visibility: 'internal',
    files: [
      { file_path: 'bump-version.sh', content: '#!/bin/sh\nset -eu\nnpm version "${1:-patch}" --no-git-tag-version\n' },
      { file_path: 'checks/changelog.py', content: 'import sys\n\nif "## Unreleased" not in open("CHANGELOG.md").read():\n    sys.exit("CHANGELOG.md has no Unreleased section")\n' },
    ],
  });
  await alice.put(`/snippets/${tools}`, { files: [{ action: 'create', file_path: 'README.md', content: '# Release tooling\n\nRun `bump-version.sh minor` then `python3 checks/changelog.py`.\n' }] });
  await snippet(alice, '/snippets', { title: 'Handy git aliases', visibility: 'public', file_name: 'gitconfig', content: '[alias]\n\tst = status -sb\n\tlg = log --oneline --graph --decorate\n' });
  await snippet(alice, '/snippets', { title: 'On-call notes', visibility: 'private', files: [{ file_path: 'oncall.md', content: '# On call\n\n- Pager rota lives in the ops calendar\n' }] });
  await snippet(bob, `/projects/${storefront}/snippets`, {
    title: 'Smoke test the checkout',
    visibility: 'public',
    files: [{ file_path: 'smoke.sh', content: '#!/bin/sh\ncurl -fsS https://shop.example.com/health && echo ok\n' }],
  });

  const wiki = `/projects/${storefront}/wikis`;
  await bob.post(wiki, { title: 'Home', content: '# Storefront wiki\n\nStart with [Deploying](guides/Deploying).\n' });
  await bob.post(wiki, { title: 'guides/Deploying', content: '# Deploying\n\n1. Merge to main\n' });
  await bob.put(`${wiki}/${encodeURIComponent('guides/Deploying')}`, { content: '# Deploying\n\n1. Merge to main\n2. Tag a release\n' });
  const { data: diagram } = await bob.request<{ link: { markdown: string } }>('POST', `${wiki}/attachments`, {
    multipart: { file: { filename: 'pipeline.svg', data: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><rect width="40" height="10"/></svg>\n'), contentType: 'image/svg+xml' } },
  });
  await bob.put(`${wiki}/${encodeURIComponent('guides/Deploying')}`, { content: `# Deploying\n\n1. Merge to main\n2. Tag a release\n\n${diagram.link.markdown}\n` });
  await bob.post(wiki, { title: 'Runbook', content: '= Runbook\n\nRestart the cart service first.\n', format: 'asciidoc' });
  // Group wikis are a paid feature: the free tier refuses them (403), so the demo leaves the page out.
  const group = await alice.request('POST', `/groups/${acme}/wikis`, { body: { title: 'Engineering handbook', content: '# Handbook\n\nHow Acme builds software.\n' }, allowError: true });
  if (group.status === 403) demo.leftOut.push('the acme group wiki');
  else if (group.status >= 300) throw new Error(`demo: group wiki page answered ${group.status}`);
  log(`demo: 3 personal snippets (public, internal, private) and 1 project snippet; wikis: storefront (3 pages, one with history and an attachment)${group.status === 403 ? '' : ', acme group (1 page)'}`);
}
