// Whether a command's output shows a web URL of the local state, for the note that says nothing
// serves it (printWithNotes in verb.ts).

/**
 * Whether printed output shows a web URL under `base`: whole (a DSN's `user@` after the scheme
 * too), or as a table cell cut from the left (`…/-/releases/v1.2`) of such a URL in `data`.
 */
export function showsWebUrl(text: string, data: unknown, base: string): boolean {
  // Whole, such a URL has the base's `//` in the text; cut, a cell begins `…/`. Output with
  // neither (most tables of a local state) shows none, told without parsing the base.
  if (base.includes('//') && !text.includes('//') && !text.includes('…/')) return false;
  let origin: URL;
  try {
    origin = new URL(base);
  } catch {
    return text.includes(base);
  }
  // Neither the host nor a cut cell in the text: nothing to look for (most output of a local
  // state, and the pattern below costs a local read command a few tenths of a millisecond).
  if (!text.includes(origin.host) && !text.includes('…/')) return false;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const under = new RegExp(`${escape(origin.protocol)}//([^/@\\s"]+@)?${escape(origin.host)}${escape(origin.pathname.replace(/\/+$/, ''))}(?![\\w.:-])`);
  if (under.test(text)) return true;
  if (!text.includes('…/')) return false;
  // A cut cell keeps the URL's end from a "/" on: look for the ends of the data's URLs. A path of
  // the data that ends the same way (a group's `acme/platform`, cut to `…/platform` in a parent
  // column, ends its web URL too) may be what the cell shows: that end proves nothing.
  const urls: string[] = [];
  const paths: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (urls.length >= 1000 || paths.length >= 1000 || depth > 6) return;
    if (typeof v === 'string') {
      if (under.test(v)) urls.push(v);
      else if (v.includes('/') && !/^[a-z][a-z0-9+.-]*:/i.test(v)) paths.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(data, 0);
  return urls.some((u) => {
    for (let i = u.indexOf('/', u.indexOf('//') + 2); i > 0; i = u.indexOf('/', i + 1)) {
      const end = u.slice(i);
      if (text.includes(`…${end}`) && !paths.some((p) => p.endsWith(end))) return true;
    }
    return false;
  });
}
