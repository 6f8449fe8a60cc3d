// HTML for `render_html`. Markdown goes through markdown-it (already used for release notes; raw
// HTML in the page is escaped, never passed through). RDoc, AsciiDoc and Org have no renderer
// here that loads cheaply enough for a CLI, so they are shown as escaped preformatted text.
import { loadMarkdownRenderer } from '../releases/markdown.js';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export async function renderPage(format: string, content: string): Promise<string> {
  if (format === 'markdown') return (await loadMarkdownRenderer())(content) ?? '';
  return `<pre>${escapeHtml(content)}</pre>`;
}
