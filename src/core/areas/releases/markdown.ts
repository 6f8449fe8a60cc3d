// Markdown → HTML for `description_html`. markdown-it is loaded only when a caller asks for the
// HTML rendering; raw HTML in the source is escaped, never passed through.
import type MarkdownIt from 'markdown-it';

let renderer: MarkdownIt | undefined;

export type RenderMarkdown = (source: string | null) => string | null;

/** A renderer for release descriptions (null stays null). */
export async function loadMarkdownRenderer(): Promise<RenderMarkdown> {
  if (!renderer) {
    const { default: MarkdownItCtor } = await import('markdown-it');
    renderer = new MarkdownItCtor({ html: false, linkify: true, typographer: false });
  }
  const md = renderer;
  return (source) => (source === null ? null : md.render(source).replace(/\n$/, ''));
}
