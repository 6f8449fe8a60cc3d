// The status line of a list that spans pages (`--all`, `--limit N`): how many rows have come and
// how many the answer says there are, redrawn as each page arrives, on a terminal's stderr only.
// An `--all` of 50,000 projects from a remote instance is 500 requests; without it the terminal
// sat silent for a minute. A list that fits one page never shows (nor loads) the line.
import type { ApiResult } from '../../client/client.js';
import type { StatusLine } from '../io/status-line.js';

export interface PageProgress {
  onPage(page: ApiResult<unknown[]>, items: number): void;
  /** Takes the line away: the rows are printed next. */
  done(): void;
}

const count = (n: number) => n.toLocaleString('en');
const header = (page: ApiResult<unknown>, name: string): number | undefined => {
  const v = Number(page.headers[name]);
  return page.headers[name] && Number.isFinite(v) ? v : undefined;
};

/** The words of the line: `312 of 3,000 (page 4 of 30)`; totals the answer leaves out are left out. */
export function progressText(rows: number, pages: number, totalRows: number | undefined, totalPages: number | undefined, limit: number | undefined): string {
  const want = limit !== undefined && totalRows !== undefined ? Math.min(limit, totalRows) : (limit ?? totalRows);
  const of = want !== undefined ? ` of ${count(want)}` : ' so far';
  const page = totalPages !== undefined && limit === undefined ? `page ${count(pages)} of ${count(totalPages)}` : `page ${count(pages)}`;
  return `fetching rows: ${count(rows)}${of} (${page})`;
}

export async function pageProgress(columns: number, limit: number | undefined): Promise<PageProgress> {
  const { openStatusLine } = await import('../io/status-line.js');
  let line: StatusLine | undefined;
  let rows = 0;
  let pages = 0;
  return {
    onPage(page, items) {
      pages++;
      rows += items;
      const more = /rel="?next"?/.test(page.headers.link ?? '') && (limit === undefined || rows < limit);
      if (!line && !more) return;
      line ??= openStatusLine({ out: process.stderr, columns, spinner: true });
      const text = progressText(limit !== undefined ? Math.min(rows, limit) : rows, pages, header(page, 'x-total'), header(page, 'x-total-pages'), limit);
      line.update(text);
    },
    done() {
      line?.clear();
    },
  };
}
