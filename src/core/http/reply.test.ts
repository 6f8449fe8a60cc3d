import { describe, expect, it } from 'vitest';
import { contentDisposition, unsniffable } from './reply.js';

describe('raw answer headers', () => {
  it('serves types a browser would run or render as UTF-8 plain text, always with nosniff', () => {
    for (const active of ['text/html', 'text/html; charset=utf-8', 'image/svg+xml', 'application/xhtml+xml', 'application/xml', 'text/xml', 'application/javascript', 'text/javascript', 'application/rss+xml', 'text/plain']) {
      expect(unsniffable(active), active).toEqual({ 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    }
    for (const passive of ['text/plain; charset=utf-8', 'application/octet-stream', 'application/zip', 'application/x-tar', 'image/png', 'application/json']) {
      expect(unsniffable(passive), passive).toEqual({ 'content-type': passive, 'x-content-type-options': 'nosniff' });
    }
  });

  it('names a file in ASCII for old clients and exactly in filename*', () => {
    expect(contentDisposition('attachment', 'plain.txt')).toBe(`attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
    expect(contentDisposition('inline', 'résumé "q".txt')).toBe(`inline; filename="resume %22q%22.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22q%22.txt`);
    expect(contentDisposition('inline', '日本\r\n.txt')).toBe(`inline; filename="%3F%3F%0D%0A.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%0D%0A.txt`);
  });
});
