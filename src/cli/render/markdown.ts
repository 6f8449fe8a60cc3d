// Markdown for a terminal, the light way gh shows release notes: headings in bold, emphasis kept
// as bold/italic, bullets as •, code in its own colour, links as "text (url)". Without colour the
// markers are dropped but the structure stays.

export function markdownForTerminal(text: string, color: boolean): string {
  const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[22m` : s);
  const italic = (s: string) => (color ? `\u001b[3m${s}\u001b[23m` : s);
  const code = (s: string) => (color ? `\u001b[36m${s}\u001b[39m` : s);
  let fenced = false;
  const out: string[] = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      out.push(`    ${code(line)}`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(bold(inline(heading[2] as string, bold, italic, code)));
      continue;
    }
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) {
      out.push(`${bullet[1]}• ${inline(bullet[2] as string, bold, italic, code)}`);
      continue;
    }
    out.push(inline(line, bold, italic, code));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function inline(text: string, bold: (s: string) => string, italic: (s: string) => string, code: (s: string) => string): string {
  return text
    .replace(/`([^`]+)`/g, (_m, c: string) => code(c))
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a?: string, b?: string) => bold(a ?? b ?? ''))
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, (_m, lead: string, c: string) => `${lead}${italic(c)}`)
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => (label ? `${label} (${url})` : url));
}
