// The people's form of one release, as `gh release view` shows it: title, tag, date and author,
// the notes rendered for the terminal, then the assets (links first, then source archives).
import { cellText, tsvEscape } from '../../render/output.js';
import { markdownForTerminal } from '../../render/markdown.js';
import type { Cli } from '../../kit/verb.js';

interface Link {
  name: string;
  url: string;
  direct_asset_url?: string;
  link_type?: string;
}

export function releaseView(cli: Cli, r: Record<string, unknown>, now: Date): string {
  const tty = cli.term.stdoutIsTTY;
  const assets = (r.assets ?? {}) as { links?: Link[]; sources?: { format: string; url: string }[] };
  const links = assets.links ?? [];
  const sources = assets.sources ?? [];
  const author = (r.author as { username?: string } | undefined)?.username;
  const notes = typeof r.description === 'string' ? r.description : '';
  if (!tty) {
    // Piped: key/value lines like gh, then the notes as they were written.
    const rows: [string, string][] = [
      ['title', String(r.name ?? r.tag_name)],
      ['tag', String(r.tag_name)],
      ['upcoming', String(r.upcoming_release === true)],
      ['released', cellText(r.released_at, false)],
      ['author', author ?? ''],
      ['commit', String((r.commit as { id?: string } | undefined)?.id ?? '')],
      ['url', String((r._links as { self?: string } | undefined)?.self ?? '')],
      ...links.map((l): [string, string] => ['asset', `${l.name}\t${l.direct_asset_url ?? l.url}`]),
    ];
    return `${rows.map(([k, v]) => `${k}\t${k === 'asset' ? v : tsvEscape(v)}`).join('\n')}\n--\n${notes}${notes.endsWith('\n') || notes === '' ? '' : '\n'}`;
  }
  const color = cli.term.color;
  const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[22m` : s);
  const dim = (s: string) => (color ? `\u001b[2m${s}\u001b[22m` : s);
  const when = r.upcoming_release === true ? `upcoming, ${cellText(r.released_at, true, now)}` : `released ${cellText(r.released_at, true, now)}`;
  const lines = [bold(String(r.name ?? r.tag_name)), dim(`${String(r.tag_name)} · ${when}${author ? ` by ${author}` : ''}${(r.commit as { short_id?: string } | undefined)?.short_id ? ` · commit ${(r.commit as { short_id: string }).short_id}` : ''}`), ''];
  lines.push(notes.trim() ? markdownForTerminal(notes, color) : dim('(no release notes)'), '');
  lines.push(bold(`Assets (${links.length} attached${sources.length ? `, ${sources.length} source archives` : ''})`));
  const width = Math.max(4, ...links.map((l) => l.name.length));
  const typeWidth = Math.max(0, ...links.map((l) => (l.link_type ?? '').length));
  // URLs come last and whole, so they can be copied even when the line is long.
  for (const l of links) lines.push(`  ${l.name.padEnd(width)}  ${dim((l.link_type ?? '').padEnd(typeWidth))}  ${l.direct_asset_url ?? l.url}`);
  if (sources.length) lines.push(dim(`  Source code: ${sources.map((s) => s.format).join(', ')} (hostctl releases download ${String(r.tag_name)} --source FORMAT)`));
  const self = (r._links as { self?: string } | undefined)?.self;
  if (self) lines.push('', dim(`View on the web: ${self}`));
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}
